import { AwardsService } from '@/awards/awards.service';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { type ContentDocument, DEMO_CONTENT } from '@/content';
import { ContentHistoryService } from '@/history/content-history.service';
import { ContentHistoryRepository } from '@/history/persistence/content-history.repository';
import type { ContentRevisionDto } from '@/history/dto/content-revision.dto';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { ProfileService } from '@/profile/profile.service';
import { ProjectsService } from '@/projects/projects.service';
import { ADMIN_TOKEN } from '@test/support/admin';
import { contentWritesOf } from '@test/support/content-writes';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { createTestApp, type TestApp } from '@test/support/test-app';

const HISTORY_LIMIT = 6;

/** What the history records on PostgreSQL, across two instances on one database: each write, typed SQL, imports and restores. */
describe('content history on PostgreSQL', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;

  const started = () =>
    createTestApp({
      env: {
        DATABASE_URL: database.url,
        API_ADMIN_TOKEN: ADMIN_TOKEN,
        RATE_LIMIT_ENABLED: 'false',
        CONTENT_HISTORY_LIMIT: String(HISTORY_LIMIT),
      },
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await started();
    second = await started();
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await database?.drop();
  });

  const historyOf = (app = first) => app.app.get(ContentHistoryService);
  /** A write as an admin's request makes it, on `app`. */
  const written = <T>(work: (app: TestApp) => Promise<T>, app = first) => contentWritesOf(app.app)(() => work(app));
  const awards = (app = first) => app.app.get(AwardsService);
  const exported = (app = first) => app.app.get(PortfolioService).export();
  const imported = (document: ContentDocument, app = first) => written(() => app.app.get(PortfolioService).import(document), app);

  const revisions = (app = first, limit = 200, before?: number) => historyOf(app).list(limit, before);
  const newest = async () => (await revisions())[0];
  /** The next revision after `after`, as soon as the recorder has made it. */
  const nextRevision = (after: ContentRevisionDto | undefined, app = first) =>
    vi.waitFor(
      async () => {
        const [latest] = await revisions(app);
        if (!latest || latest.id === after?.id) throw new Error('not recorded yet');
        return latest;
      },
      { timeout: 5_000, interval: 50 },
    );
  const awardIds = async () => (await awards().findAll()).map(({ id }) => id!);
  const firstAwardId = async () => (await awardIds())[0];
  const count = async (table: string) => Number((await database.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);

  it('starts with the seed: the whole content, made by nobody', async () => {
    const seed = await vi.waitFor(async () => (await revisions()).at(-1) ?? Promise.reject(new Error('no revision yet')));
    expect(seed).toMatchObject({
      source: 'seed',
      actor: null,
      domains: ['profile', 'projects', 'experience', 'skills', 'awards', 'certifications'],
    });
    expect(await historyOf().document(seed.id)).toEqual(await exported());
  });

  it('records an admin write once, with its admin, however many instances hear of it', async () => {
    const before = await newest();
    // Each instance's recorder looks for changes once across instances; these count the looks that finished.
    const looks = [first, second].map((app) => vi.spyOn(app.app.get(ContentHistoryRepository), 'onceAcrossInstances'));
    const finishedLooks = () => looks.map((look) => look.mock.settledResults.filter((result) => result.value !== undefined).length);
    const id = await firstAwardId();
    await written((app) => awards(app).patch(id, { title: 'Best thesis of the year' }), second);
    const revision = await nextRevision(before);
    expect(revision).toMatchObject({ source: 'api', actor: 'admin token', domains: ['awards'] });
    // Both instances heard of it and looked: one made the revision, the other found nothing left.
    await vi.waitFor(() => expect(finishedLooks().every((count) => count > 0)).toBe(true), { timeout: 10_000 });
    for (const look of looks) look.mockRestore();
    expect((await revisions()).filter((kept) => kept.id > before.id)).toHaveLength(1);
    expect(await revisions(second)).toEqual(await revisions(first));
  });

  it('records SQL typed by hand as made by the database', async () => {
    const before = await newest();
    await database.query(`UPDATE projects SET title = 'Renamed by hand' WHERE sort_order = 0`);
    expect(await nextRevision(before)).toMatchObject({ source: 'database', actor: null, domains: ['projects'] });
  });

  it('keeps no revision for a write that changed nothing', async () => {
    const before = await newest();
    const [{ id, title }] = await awards().findAll();
    await written(() => awards().patch(id!, { title }));
    await database.query(`UPDATE awards SET description = description`);
    await vi.waitFor(async () => expect(await count('content_changes')).toBe(0));
    expect((await newest()).id).toBe(before.id);
  });

  it('shares what a revision did not change: a one-award edit stores one item and one snapshot, and reads back only the awards, without their bodies', async () => {
    const [items, snapshots] = [await count('content_snapshot_items'), await count('content_snapshots')];
    // Either instance's recorder may make the revision; what it reads of the revision before is the same.
    const repositories = [first, second].map((app) => app.app.get(ContentHistoryRepository));
    const readBack = repositories.map((repository) => vi.spyOn(repository, 'entriesOf'));
    const bodies = repositories.map((repository) => vi.spyOn(repository, 'itemsOf'));
    const before = await newest();
    const id = await firstAwardId();
    await written(() => awards().patch(id, { year: '2031' }));
    await nextRevision(before);
    expect([await count('content_snapshot_items'), await count('content_snapshots')]).toEqual([items + 1, snapshots + 1]);
    expect(readBack.flatMap((spy) => spy.mock.calls.map(([ids]) => Object.keys(ids)))).toEqual([['awards']]);
    expect(bodies.flatMap((spy) => spy.mock.calls)).toEqual([]);
    for (const spy of [...readBack, ...bodies]) spy.mockRestore();
  });

  it('records an import and a restore, and a restore is undone by restoring the revision before it', async () => {
    const original = await exported();
    const beforeImport = await newest();
    await imported({ ...DEMO_CONTENT, awards: [], profile: { ...DEMO_CONTENT.profile!, name: 'Joris de Vries' } });
    const importRevision = await nextRevision(beforeImport);
    expect(importRevision).toMatchObject({ source: 'import', actor: 'admin token' });
    expect(importRevision.domains).toEqual(expect.arrayContaining(['profile', 'awards']));

    const restored = await written((app) => historyOf(app).restore(beforeImport.id), second);
    expect(restored).toMatchObject({ profile: 1, awards: original.awards.length });
    const restoreRevision = await nextRevision(importRevision);
    expect(restoreRevision).toMatchObject({ source: 'restore', actor: 'admin token' });
    expect(await exported()).toEqual(original);
    expect((await second.app.get(ProfileService).find()).name).toBe(original.profile!.name);

    await written(() => historyOf().restore(importRevision.id));
    await nextRevision(restoreRevision);
    expect(await exported()).toMatchObject({ awards: [], profile: { name: 'Joris de Vries' } });
  });

  it('refuses to restore a revision that breaks today’s rules with loc paths into it, changing nothing', async () => {
    const good = await exported();
    for (const [sql, loc] of [
      [`UPDATE projects SET title = '' WHERE sort_order = 0`, ['body', 'projects', 0, 'title']],
      [`UPDATE projects SET image = 'javascript:alert(1)' WHERE sort_order = 1`, ['body', 'projects', 1, 'image']],
    ] as const) {
      const before = await newest();
      await database.query(sql);
      const broken = await nextRevision(before);
      await imported(good);
      const restoredGood = await nextRevision(broken);
      const refusal = await written((app) => historyOf(app).restore(broken.id), second).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(RequestValidationException);
      expect((refusal as RequestValidationException).issues).toEqual([expect.objectContaining({ loc })]);
      expect(await exported()).toEqual(good);
      expect((await newest()).id).toBe(restoredGood.id);
    }
  });

  it('says what each revision changed, item by item: added, changed, removed, moved', async () => {
    const changesOf = async (work: () => Promise<unknown>) => {
      const before = await newest();
      await written(work);
      return (await nextRevision(before)).changes;
    };
    await changesOf(() => first.app.get(PortfolioService).import(DEMO_CONTENT));
    const [firstAward] = await awardIds();
    expect(await changesOf(() => awards().patch(firstAward, { title: 'Renamed award' }))).toEqual([
      { domain: 'awards', id: firstAward, change: 'changed' },
    ]);
    const last = (await awardIds()).at(-1)!;
    expect(await changesOf(() => awards().reorder([last]))).toEqual([{ domain: 'awards', id: last, change: 'moved' }]);
    let created = '';
    const added = await changesOf(async () => {
      ({ id: created } = await awards().create({ title: 'New', organization: 'Org', year: '2026' }));
    });
    expect(added).toEqual([{ domain: 'awards', id: created, change: 'added' }]);
    expect(await changesOf(() => awards().remove(created))).toEqual([{ domain: 'awards', id: created, change: 'removed' }]);
    // A project is known by its slug, the profile by nothing.
    expect(await changesOf(() => first.app.get(ProjectsService).patch('tidewatch', { title: 'Tidewatch, renamed' }))).toEqual([
      { domain: 'projects', id: 'tidewatch', change: 'changed' },
    ]);
    expect(await changesOf(() => first.app.get(ProfileService).patch({ location: 'Delft' }))).toEqual([
      { domain: 'profile', id: null, change: 'changed' },
    ]);
  });

  it(`keeps the newest CONTENT_HISTORY_LIMIT revisions, and nothing only the forgotten ones used`, async () => {
    let latest = await newest();
    for (const year of ['2040', '2041', '2042', '2043', '2044', '2045', '2046']) {
      await imported({ ...DEMO_CONTENT, awards: [{ ...DEMO_CONTENT.awards[0], year }] });
      latest = await nextRevision(latest);
    }
    const kept = await revisions();
    expect(kept).toHaveLength(HISTORY_LIMIT);
    expect(kept[0]).toEqual(latest);
    expect(kept.map((revision) => revision.id)).toEqual([...kept.map((revision) => revision.id)].sort((a, b) => b - a));
    const [{ orphans }] = await database.query<{ orphans: string }>(
      `SELECT count(*) AS orphans FROM content_snapshots WHERE id NOT IN (SELECT value::int FROM content_revisions, jsonb_each_text(snapshot_ids))`,
    );
    expect(Number(orphans)).toBe(0);
    const [{ unused }] = await database.query<{ unused: string }>(
      `SELECT count(*) AS unused FROM content_snapshot_items WHERE id NOT IN (SELECT unnest(item_ids) FROM content_snapshots)`,
    );
    expect(Number(unused)).toBe(0);
    // Every kept revision still reads whole.
    for (const { id } of kept) expect((await historyOf().document(id)).version).toBe(1);
  });

  it('pages newest first with limit and before', async () => {
    const all = await revisions();
    const page = await revisions(first, 2);
    expect(page).toEqual(all.slice(0, 2));
    expect(await revisions(first, 2, page[1].id)).toEqual(all.slice(2, 4));
  });

  it('records what changed while no instance ran, at the next start, and keeps the history across it', async () => {
    const before = await revisions();
    await Promise.all([first.close(), second.close()]);
    await database.query(`UPDATE skill_categories SET title = 'Typed while down' WHERE sort_order = 0`);
    first = await started();
    second = await started();
    const revision = await nextRevision(before[0]);
    expect(revision).toMatchObject({ source: 'database', domains: ['skills'] });
    expect((await revisions()).slice(1)).toEqual(before.slice(0, HISTORY_LIMIT - 1));
  });
});
