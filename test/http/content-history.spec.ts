import request from 'supertest';
import { DEMO_CONTENT } from '@/content';
import { ADMIN_TOKEN } from '@test/support/admin';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { ContentHistoryRepository } from '@/history/persistence/content-history.repository';
import { LocalEntra } from '@test/support/local-entra';
import { createTestApp, type TestApp } from '@test/support/test-app';

interface Revision {
  id: number;
  createdAt: string;
  source: string;
  domains: string[];
  actor: string | null;
  changes: { domain: string; id: string | null; change: string }[];
}

const REVISIONS = '/api/admin/content/revisions';
const HISTORY_LIMIT = 6;

describe('content history', () => {
  let entra: LocalEntra;
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;

  const envFor = (url: string) => ({
    ...entra.env(),
    DATABASE_URL: url,
    API_ADMIN_TOKEN: ADMIN_TOKEN,
    RATE_LIMIT_ENABLED: 'false',
    CONTENT_HISTORY_LIMIT: String(HISTORY_LIMIT),
  });

  beforeAll(async () => {
    entra = await LocalEntra.start();
    database = await createTestDatabase();
    first = await createTestApp({ env: envFor(database.url) });
    second = await createTestApp({ env: envFor(database.url) });
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await database?.drop();
    await entra?.close();
  });

  const as = (app: TestApp, token = ADMIN_TOKEN) => ({
    get: (path: string) => request(app.server).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string) => request(app.server).post(path).set('Authorization', `Bearer ${token}`),
    put: (path: string) => request(app.server).put(path).set('Authorization', `Bearer ${token}`),
    patch: (path: string) => request(app.server).patch(path).set('Authorization', `Bearer ${token}`),
  });
  const revisions = async (app = first, query = ''): Promise<Revision[]> =>
    (await as(app).get(`${REVISIONS}${query}`).expect(200)).body as Revision[];
  const newest = async () => (await revisions())[0];
  /** The next revision after `after`, as soon as the recorder has made it. */
  const nextRevision = (after: Revision | undefined, app = first) =>
    vi.waitFor(
      async () => {
        const [latest] = await revisions(app);
        if (!latest || latest.id === after?.id) throw new Error('not recorded yet');
        return latest;
      },
      { timeout: 5_000, interval: 50 },
    );
  const awardId = async () => ((await request(first.server).get('/api/awards').expect(200)).body as { id: string }[])[0].id;
  const count = async (table: string) => Number((await database.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);

  it('starts with the seed: the whole content, made by nobody', async () => {
    const seed = await vi.waitFor(async () => (await revisions()).at(-1) ?? Promise.reject(new Error('no revision yet')));
    expect(seed).toMatchObject({
      source: 'seed',
      actor: null,
      domains: ['profile', 'projects', 'experience', 'skills', 'awards', 'certifications'],
    });
    expect((await as(first).get(`${REVISIONS}/${seed.id}`).expect(200)).body).toEqual(
      (await as(first).get('/api/admin/content').expect(200)).body,
    );
  });

  it('records an admin write once, with its admin, however many instances hear of it', async () => {
    const before = await newest();
    // Each instance's recorder looks for changes once across instances; these count the looks that finished.
    const looks = [first, second].map((app) => vi.spyOn(app.app.get(ContentHistoryRepository), 'onceAcrossInstances'));
    const finishedLooks = () => looks.map((look) => look.mock.settledResults.filter((result) => result.value !== undefined).length);
    await as(second)
      .patch(`/api/awards/${await awardId()}`)
      .send({ title: 'Best thesis of the year' })
      .expect(200);
    const revision = await nextRevision(before);
    expect(revision).toMatchObject({ source: 'api', actor: 'admin token', domains: ['awards'] });
    // Both instances heard of it and looked: one made the revision, the other found nothing left.
    await vi.waitFor(() => expect(finishedLooks().every((count) => count > 0)).toBe(true), { timeout: 10_000 });
    for (const look of looks) look.mockRestore();
    expect((await revisions()).filter((kept) => kept.id > before.id)).toHaveLength(1);
    expect(await revisions(second)).toEqual(await revisions(first));
  });

  it("names an Entra ID admin by the token's name", async () => {
    const before = await newest();
    await as(first, await entra.token())
      .patch('/api/profile')
      .send({ location: 'Utrecht' })
      .expect(200);
    expect(await nextRevision(before)).toMatchObject({ source: 'api', actor: 'Mara Jansen', domains: ['profile'] });
  });

  it('records SQL typed by hand as made by the database', async () => {
    const before = await newest();
    await database.query(`UPDATE projects SET title = 'Renamed by hand' WHERE sort_order = 0`);
    expect(await nextRevision(before)).toMatchObject({ source: 'database', actor: null, domains: ['projects'] });
  });

  it('keeps no revision for a write that changed nothing', async () => {
    const before = await newest();
    const id = await awardId();
    const { title } = (await request(first.server).get('/api/awards').expect(200)).body[0] as { title: string };
    await as(first).patch(`/api/awards/${id}`).send({ title }).expect(200);
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
    await as(first)
      .patch(`/api/awards/${await awardId()}`)
      .send({ year: '2031' })
      .expect(200);
    await nextRevision(before);
    expect([await count('content_snapshot_items'), await count('content_snapshots')]).toEqual([items + 1, snapshots + 1]);
    expect(readBack.flatMap((spy) => spy.mock.calls.map(([ids]) => Object.keys(ids)))).toEqual([['awards']]);
    expect(bodies.flatMap((spy) => spy.mock.calls)).toEqual([]);
    for (const spy of [...readBack, ...bodies]) spy.mockRestore();
  });

  it('records an import and a restore, and a restore is undone by restoring the revision before it', async () => {
    const original = (await as(first).get('/api/admin/content').expect(200)).body as typeof DEMO_CONTENT;
    const beforeImport = await newest();
    const imported = { ...DEMO_CONTENT, awards: [], profile: { ...DEMO_CONTENT.profile!, name: 'Joris de Vries' } };
    await as(first).put('/api/admin/content').send(imported).expect(200);
    const importRevision = await nextRevision(beforeImport);
    expect(importRevision).toMatchObject({ source: 'import', actor: 'admin token' });
    expect(importRevision.domains).toEqual(expect.arrayContaining(['profile', 'awards']));

    const restored = await as(second).post(`${REVISIONS}/${beforeImport.id}/restore`).expect(200);
    expect(restored.body).toMatchObject({ profile: 1, awards: original.awards.length });
    const restoreRevision = await nextRevision(importRevision);
    expect(restoreRevision).toMatchObject({ source: 'restore', actor: 'admin token' });
    expect((await as(first).get('/api/admin/content').expect(200)).body).toEqual(original);
    expect((await request(second.server).get('/api/profile').expect(200)).body.name).toBe(original.profile!.name);

    await as(first).post(`${REVISIONS}/${importRevision.id}/restore`).expect(200);
    await nextRevision(restoreRevision);
    expect((await as(first).get('/api/admin/content').expect(200)).body).toMatchObject({ awards: [], profile: { name: 'Joris de Vries' } });
  });

  it('refuses to restore a revision that breaks today’s rules with 422 and loc paths into it, changing nothing', async () => {
    const content = async () => (await as(first).get('/api/admin/content').expect(200)).body as typeof DEMO_CONTENT;
    const good = await content();
    for (const [sql, loc] of [
      [`UPDATE projects SET title = '' WHERE sort_order = 0`, ['body', 'projects', 0, 'title']],
      [`UPDATE projects SET image = 'javascript:alert(1)' WHERE sort_order = 1`, ['body', 'projects', 1, 'image']],
    ] as const) {
      const before = await newest();
      await database.query(sql);
      const broken = await nextRevision(before);
      await as(first).put('/api/admin/content').send(good).expect(200);
      const restoredGood = await nextRevision(broken);
      const refused = await as(second).post(`${REVISIONS}/${broken.id}/restore`).expect(422);
      expect(refused.body.detail).toEqual([expect.objectContaining({ loc })]);
      expect(await content()).toEqual(good);
      expect((await newest()).id).toBe(restoredGood.id);
    }
  });

  it('says what each revision changed, item by item: added, changed, removed, moved', async () => {
    const awards = async () => ((await request(first.server).get('/api/awards').expect(200)).body as { id: string }[]).map(({ id }) => id);
    const changesOf = async (write: () => Promise<unknown>) => {
      const before = await newest();
      await write();
      return (await nextRevision(before)).changes;
    };
    await changesOf(() => as(first).put('/api/admin/content').send(DEMO_CONTENT).expect(200));
    const [firstAward] = await awards();
    expect(await changesOf(() => as(first).patch(`/api/awards/${firstAward}`).send({ title: 'Renamed award' }).expect(200))).toEqual([
      { domain: 'awards', id: firstAward, change: 'changed' },
    ]);
    const last = (await awards()).at(-1)!;
    expect(
      await changesOf(() =>
        as(first)
          .patch('/api/awards/reorder')
          .send({ order: [last] })
          .expect(200),
      ),
    ).toEqual([{ domain: 'awards', id: last, change: 'moved' }]);
    let created = '';
    const added = await changesOf(async () => {
      created = (
        (await as(first).post('/api/awards').send({ title: 'New', organization: 'Org', year: '2026' }).expect(201)).body as { id: string }
      ).id;
    });
    expect(added).toEqual([{ domain: 'awards', id: created, change: 'added' }]);
    expect(
      await changesOf(() =>
        request(first.server).delete(`/api/awards/${created}`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(204),
      ),
    ).toEqual([{ domain: 'awards', id: created, change: 'removed' }]);
    // A project is known by its slug, the profile by nothing.
    expect(await changesOf(() => as(first).patch('/api/projects/tidewatch').send({ title: 'Tidewatch, renamed' }).expect(200))).toEqual([
      { domain: 'projects', id: 'tidewatch', change: 'changed' },
    ]);
    expect(await changesOf(() => as(first).patch('/api/profile').send({ location: 'Delft' }).expect(200))).toEqual([
      { domain: 'profile', id: null, change: 'changed' },
    ]);
  });

  it(`keeps the newest CONTENT_HISTORY_LIMIT revisions, and nothing only the forgotten ones used`, async () => {
    let latest = await newest();
    for (const year of ['2040', '2041', '2042', '2043', '2044', '2045', '2046']) {
      await as(first)
        .put('/api/admin/content')
        .send({ ...DEMO_CONTENT, awards: [{ ...DEMO_CONTENT.awards[0], year }] })
        .expect(200);
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
    for (const { id } of kept) expect((await as(first).get(`${REVISIONS}/${id}`).expect(200)).body.version).toBe(1);
  });

  it('pages newest first with limit and before', async () => {
    const all = await revisions();
    const page = await revisions(first, '?limit=2');
    expect(page).toEqual(all.slice(0, 2));
    expect(await revisions(first, `?limit=2&before=${page[1].id}`)).toEqual(all.slice(2, 4));
  });

  it('refuses a bad limit, before or id (422), an unknown revision (404), and checks the credential first', async () => {
    for (const query of ['?limit=0', '?limit=201', '?limit=abc', '?before=0', '?before=x', '?before=99999999999']) {
      const response = await as(first).get(`${REVISIONS}${query}`).expect(422);
      expect(response.body.detail[0].loc[0]).toBe('query');
    }
    expect((await as(first).get(`${REVISIONS}/abc`).expect(422)).body.detail[0].loc).toEqual(['path', 'revision_id']);
    expect((await as(first).get(`${REVISIONS}/999999`).expect(404)).body).toEqual({ detail: 'Revision 999999 not found' });
    await as(first).post(`${REVISIONS}/999999/restore`).expect(404);
    await request(first.server).get(`${REVISIONS}/abc`).expect(401);
    await request(first.server).post(`${REVISIONS}/1/restore`).expect(401);
  });

  it('records what changed while no instance ran, at the next start, and keeps the history across it', async () => {
    const before = await revisions();
    await Promise.all([first.close(), second.close()]);
    await database.query(`UPDATE skill_categories SET title = 'Typed while down' WHERE sort_order = 0`);
    first = await createTestApp({ env: envFor(database.url) });
    second = await createTestApp({ env: envFor(database.url) });
    const revision = await nextRevision(before[0]);
    expect(revision).toMatchObject({ source: 'database', domains: ['skills'] });
    expect((await revisions()).slice(1)).toEqual(before.slice(0, HISTORY_LIMIT - 1));
  });
});

describe('content history without a database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { API_ADMIN_TOKEN: ADMIN_TOKEN, DATABASE_URL: undefined } });
  });
  afterAll(() => app.close());

  it('answers 503, after the credential', async () => {
    for (const call of [
      request(app.server).get(REVISIONS),
      request(app.server).get(`${REVISIONS}/1`),
      request(app.server).post(`${REVISIONS}/1/restore`),
    ]) {
      expect((await call.set('Authorization', `Bearer ${ADMIN_TOKEN}`)).status).toBe(503);
    }
    await request(app.server).get(REVISIONS).expect(401);
  });
});
