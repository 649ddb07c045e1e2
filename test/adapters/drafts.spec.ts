import { Client } from 'pg';
import { AwardsService } from '@/awards/awards.service';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { type ContentDocument, DEMO_CONTENT } from '@/content';
import { ContentDomainStores } from '@/content-domain/content-domain-stores';
import { DraftsService } from '@/drafts/drafts.service';
import { ContentHistoryService } from '@/history/content-history.service';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { ProjectsService } from '@/projects/projects.service';
import { SkillCategoriesService } from '@/skills/skill-categories.service';
import { SkillsService } from '@/skills/skills.service';
import { ADMIN_TOKEN } from '@test/support/admin';
import { appOnDatabase, historyRecordedOn } from '@test/support/app-on-database';
import { contentWritesOf } from '@test/support/content-writes';
import { watchOverlappingQueries } from '@test/support/overlapping-queries';
import { duePublishesRun, inSeconds } from '@test/support/scheduled-publishes';
import { createTestApp, type TestApp } from '@test/support/test-app';
import { twoInstances, type TwoInstances } from '@test/support/two-instances';

/** Two instances of the app on one database for the suite. */
function instancesOfTheSuite() {
  let instances: TwoInstances;
  beforeAll(async () => {
    instances = await twoInstances();
  });
  afterAll(() => instances?.close());
  return {
    database: () => instances.database,
    first: () => instances.first,
    second: () => instances.second,
  };
}

const written = <T>(app: TestApp, work: () => Promise<T>, toDraft = false) => contentWritesOf(app.app)(work, { toDraft });
const drafted = <T>(app: TestApp, work: () => Promise<T>) => written(app, work, true);
const published = (app: TestApp) =>
  contentWritesOf(app.app)(() => app.app.get(DraftsService).publish(), { changed: ({ changed }) => changed });
const publishedTitle = async (app: TestApp, slug: string) => (await app.app.get(ProjectsService).findDetail(slug)).title;
const draft = (app: TestApp) => app.app.get(DraftsService).current();
const imported = (app: TestApp, document: ContentDocument) => written(app, () => app.app.get(PortfolioService).import(document));

/** A direct write meanwhile links a skill of a category the draft left alone to the project the draft deletes. */
async function linkedMeanwhile(app: TestApp, slug: string): Promise<void> {
  const drafted = new Set((await draft(app)).changes.map((change) => change.id));
  const categories = await app.app.get(SkillCategoriesService).findCategories();
  const [untouched] = categories.find((category) => !drafted.has(category.id))!.skills;
  await written(app, () => app.app.get(SkillsService).patchSkill(untouched.id, { projects: [...untouched.projects, slug] }));
}

/** What a draft keeps, and what its publish makes of the stored content on PostgreSQL, written meanwhile on two instances. */
describe('drafts on PostgreSQL', () => {
  const instances = instancesOfTheSuite();
  const first = instances.first;
  const projects = (app = first()) => app.app.get(ProjectsService);

  // Drafts read and write inside transactions, each on one connection: never two queries at once on one.
  const queries = watchOverlappingQueries();
  afterAll(() => queries.stop());
  // Each case starts from the demo content and no draft.
  afterEach(async () => {
    const drafts = first().app.get(DraftsService);
    if (await drafts.stamp()) await drafts.discard();
    await imported(first(), DEMO_CONTENT);
    expect(queries.overlapping.splice(0)).toEqual([]);
  });

  it('publishes in one revision seen by every instance, keeping direct writes made meanwhile and naming what it overrode', async () => {
    await drafted(first(), () => projects().patch('tidewatch', { title: 'Tidewatch, drafted' }));
    await drafted(first(), () => projects().patch('ledger-lens', { title: 'Ledger Lens, drafted' }));
    // Direct writes on the other instance: one to an item the draft left alone, one to an item it changed.
    const second = instances.second();
    await written(second, () => projects(second).patch('physio-planner', { title: 'Physio Planner, direct' }));
    await written(second, () => projects(second).patch('ledger-lens', { title: 'Ledger Lens, direct' }));
    expect((await draft(first())).document.projects.map((project) => project.title)).toEqual(
      expect.arrayContaining(['Tidewatch, drafted', 'Ledger Lens, drafted', 'Physio Planner, direct']),
    );
    const [before] = await first().app.get(ContentHistoryService).list(1, undefined);

    const { answer } = await published(first());
    expect(answer.overridden).toEqual([{ domain: 'projects', id: 'ledger-lens' }]);
    expect(answer.published.projects).toBeGreaterThan(0);
    expect(await first().app.get(DraftsService).stamp()).toBeUndefined();

    for (const app of [first(), second]) {
      expect(await publishedTitle(app, 'tidewatch')).toBe('Tidewatch, drafted');
      expect(await publishedTitle(app, 'ledger-lens')).toBe('Ledger Lens, drafted');
      expect(await publishedTitle(app, 'physio-planner')).toBe('Physio Planner, direct');
    }
    // The direct writes are a revision of their own (perhaps recorded only now); the publish is one more, whole.
    await vi.waitFor(
      async () => {
        const since = (await first().app.get(ContentHistoryService).list(10, undefined)).filter((revision) => revision.id > before.id);
        expect(since.filter((revision) => revision.source === 'publish')).toHaveLength(1);
      },
      { timeout: 5_000 },
    );
  });

  it('keeps only the domains it changed, with what a write changed in another (a deleted project’s skill links)', async () => {
    type Category = { skills?: readonly { projects?: readonly string[] }[] };
    const linksTo = (categories: readonly Category[], slug: string) =>
      categories.flatMap((category) => category.skills ?? []).filter((skill) => skill.projects?.includes(slug));
    const categories = () => first().app.get(SkillCategoriesService).findCategories();
    const linked = linksTo(await categories(), 'tidewatch');
    expect(linked.length).toBeGreaterThan(0);

    await drafted(first(), () => projects().remove('tidewatch'));
    const stored = await instances.database().query<{ domain: string }>('SELECT json_object_keys(document) AS domain FROM content_drafts');
    expect(stored.map((row) => row.domain)).toEqual(['projects', 'skills']);
    expect(linksTo((await draft(first())).document.skills, 'tidewatch')).toEqual([]);
    expect(linksTo(await categories(), 'tidewatch')).toEqual(linked);

    await published(first());
    await expect(projects().findDetail('tidewatch')).rejects.toMatchObject({ status: 404 });
    expect(linksTo(await categories(), 'tidewatch')).toEqual([]);
  });

  it('stores of a list only the items it changed, with the list’s order', async () => {
    const listed = (await first().app.get(PortfolioService).export()).projects;
    await drafted(first(), () => projects().patch('tidewatch', { title: 'Tidewatch, stored alone' }));
    const [stored] = await instances
      .database()
      .query<{ base: { title: string }[]; document: { title: string }[]; orders: object }>(
        `SELECT base->'projects' AS base, document->'projects' AS document, orders->'projects' AS orders FROM content_drafts`,
      );
    expect([stored.base.map((item) => item.title), stored.document.map((item) => item.title)]).toEqual([
      [listed.find((project) => project.slug === 'tidewatch')?.title],
      ['Tidewatch, stored alone'],
    ]);
    const slugs = listed.map((project) => project.slug);
    expect(stored.orders).toEqual({ base: slugs, draft: slugs });
    const { projects: whole } = (await draft(first())).document;
    expect(whole.map((project) => project.slug)).toEqual(slugs);
    expect(whole.find((project) => project.slug === 'tidewatch')?.title).toBe('Tidewatch, stored alone');
  });

  it('publishes a new item, a reorder and a delete in the draft’s order, every item as drafted', async () => {
    const slugs = (await first().app.get(PortfolioService).export()).projects.map((project) => project.slug);
    await drafted(first(), () => projects().create({ title: 'Harbour Radar', description: 'Berth planning.' }));
    await drafted(first(), () => projects().reorder([slugs[3], slugs[0]]));
    await drafted(first(), () => projects().remove(slugs[1]));
    const whole = (await draft(first())).document.projects;
    await published(first());
    expect((await projects().findAll()).map((project) => project.slug)).toEqual(whole.map((project) => project.slug));
    expect((await first().app.get(PortfolioService).export()).projects).toEqual(whole);
  });

  it('does not take a direct write committed while a draft write runs for the draft’s change', async () => {
    await drafted(first(), () => projects().patch('tidewatch', { title: 'Tidewatch, drafted before' }));
    // The history recorder has recorded what came before, so the next read of the projects is the draft write's.
    await historyRecordedOn(instances.database());
    const store = first().app.get(ContentDomainStores).of('projects');
    const exportPart = store.exportPart.bind(store);
    const exported = vi.spyOn(store, 'exportPart').mockImplementationOnce(async () => {
      const stored = await exportPart();
      // Another connection commits a direct write right after the draft write read the published projects.
      await instances.database().query(`UPDATE projects SET title = 'Physio Planner, meanwhile' WHERE slug = 'physio-planner'`);
      return stored;
    });
    await drafted(first(), () => projects().patch('ledger-lens', { title: 'Ledger Lens, drafted during' }));
    exported.mockRestore();
    const { changes, document } = await draft(first());
    expect(changes.map((change) => change.id)).toEqual(['tidewatch', 'ledger-lens']);
    expect(document.projects.find((project) => project.slug === 'physio-planner')?.title).toBe('Physio Planner, meanwhile');
  });

  it('does not undo a direct write made while a publish runs: the write waits for the publish, then lands', async () => {
    await drafted(first(), () => projects().patch('tidewatch', { title: 'Tidewatch, published' }));
    const store = first().app.get(ContentDomainStores).of('projects');
    const exportPart = store.exportPart.bind(store);
    let meanwhile: Promise<unknown> | undefined;
    const exported = vi.spyOn(store, 'exportPart').mockImplementationOnce(async () => {
      const stored = await exportPart();
      // Another connection writes right after the publish read the published projects it merges the draft with.
      meanwhile = instances.database().query(`UPDATE projects SET title = 'Physio Planner, meanwhile' WHERE slug = 'physio-planner'`);
      // It waits for the publish's hold on the table (seen from a connection of its own: the test's is the one waiting).
      const watcher = new Client({ connectionString: instances.database().url });
      await watcher.connect();
      try {
        await vi.waitFor(async () => {
          const waiting = await watcher.query(
            `SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE projects SET title%'`,
          );
          expect(waiting.rows).toHaveLength(1);
        });
      } finally {
        await watcher.end();
      }
      return stored;
    });
    await published(first());
    exported.mockRestore();
    await meanwhile;
    expect([await publishedTitle(first(), 'tidewatch'), await publishedTitle(first(), 'physio-planner')]).toEqual([
      'Tidewatch, published',
      'Physio Planner, meanwhile',
    ]);
  });

  it('refuses a publish whose skills would name a project it deletes, and keeps the draft', async () => {
    await drafted(first(), () => projects().remove('tidewatch'));
    await linkedMeanwhile(first(), 'tidewatch');
    const refusal = await published(first()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RequestValidationException);
    expect((refusal as RequestValidationException).issues).toEqual([
      expect.objectContaining({ type: 'value_error', msg: expect.stringContaining('tidewatch') }),
    ]);
    expect(await first().app.get(DraftsService).stamp()).toBeDefined();
    expect(await publishedTitle(first(), 'tidewatch')).toBeDefined();
  });

  it('reads a draft an earlier version stored whole', async () => {
    const content = await first().app.get(PortfolioService).export();
    const [award] = content.awards;
    const whole = { ...content, awards: [{ ...award, title: 'Drafted whole' }, ...content.awards.slice(1)] };
    await instances.database().query('INSERT INTO content_drafts (id, base, document) VALUES (1, $1, $2)', [content, whole]);
    const { changes, document } = await draft(first());
    expect(changes).toEqual([{ domain: 'awards', id: award.id, change: 'changed' }]);
    expect(document.awards[0].title).toBe('Drafted whole');
  });

  it('drafts an import, a reorder and a delete, and a discard throws them away', async () => {
    const content = await first().app.get(PortfolioService).export();
    const slugs = content.projects.map((project) => project.slug);
    const projectsImported = content.projects.map((project, index) => (index === 0 ? { ...project, title: 'Imported title' } : project));
    await drafted(first(), () =>
      first()
        .app.get(PortfolioService)
        .import({ ...content, projects: projectsImported }),
    );
    await drafted(first(), () => projects().reorder([slugs[2]]));
    await drafted(first(), () => projects().remove(slugs[1]));
    const { document } = await draft(first());
    expect(document.projects.map((project) => project.slug)).toEqual([slugs[2], slugs[0], ...slugs.slice(3)]);
    expect(document.projects[1].title).toBe('Imported title');
    await first().app.get(DraftsService).discard();
    expect(await first().app.get(DraftsService).stamp()).toBeUndefined();
    expect(await projects().findAll()).toHaveLength(content.projects.length);
  });
});

/** A scheduled publish on PostgreSQL's job queue: once, at its time, across instances and restarts. */
describe('scheduled publishing on PostgreSQL', () => {
  const instances = instancesOfTheSuite();
  const publishRevisions = async (app: TestApp) =>
    (await app.app.get(ContentHistoryService).list(200, undefined)).filter((revision) => revision.source === 'publish').length;
  const awardTitles = async (app: TestApp) => (await app.app.get(AwardsService).findAll()).map((award) => award.title);
  const draftedAward = (app: TestApp, title: string) =>
    drafted(app, () => app.app.get(AwardsService).create({ title, organization: 'Org', year: '2026' }));
  const scheduled = (app: TestApp, at: string) => app.app.get(DraftsService).schedule(at);

  it('publishes at the set time, once, however many instances run', async () => {
    const [first, second] = [instances.first(), instances.second()];
    const before = await publishRevisions(first);
    await draftedAward(second, 'Scheduled award');
    const at = inSeconds(1.5);
    await scheduled(second, at);
    expect(await awardTitles(first)).not.toContain('Scheduled award');
    await vi.waitFor(async () => expect(await awardTitles(first)).toContain('Scheduled award'), { timeout: 8_000, interval: 100 });
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(at).getTime());
    expect(Date.now() - new Date(at).getTime()).toBeLessThan(5_000);
    expect(await second.app.get(DraftsService).stamp()).toBeUndefined();
    await vi.waitFor(async () => expect(await publishRevisions(first)).toBe(before + 1), { timeout: 5_000 });
    await duePublishesRun(instances.database(), Date.now());
    expect(await publishRevisions(first)).toBe(before + 1);
  });

  it('stops a scheduled publish the draft can no longer make, and the draft says why', async () => {
    const [first, second] = [instances.first(), instances.second()];
    const content = await first.app.get(PortfolioService).export();
    const publish = vi.spyOn(first.app.get(DraftsService), 'publish');
    const secondPublish = vi.spyOn(second.app.get(DraftsService), 'publish');
    try {
      await drafted(first, () => first.app.get(ProjectsService).remove('tidewatch'));
      await linkedMeanwhile(first, 'tidewatch');
      await scheduled(first, inSeconds(1));

      await vi.waitFor(async () => expect((await draft(first)).publishFailure).not.toBeNull(), { timeout: 5_000, interval: 100 });
      const stopped = await draft(second);
      expect(stopped.scheduledAt).toBeNull();
      expect(stopped.publishFailure).toEqual({
        at: expect.any(String),
        issues: [expect.objectContaining({ type: 'value_error', msg: expect.stringContaining('tidewatch') })],
      });
      const tries = publish.mock.calls.length + secondPublish.mock.calls.length;
      await duePublishesRun(instances.database(), Date.now());
      expect(publish.mock.calls.length + secondPublish.mock.calls.length).toBe(tries);
      expect(await publishedTitle(first, 'tidewatch')).toBeDefined();

      expect((await scheduled(first, inSeconds(60))).publishFailure).toBeNull();
    } finally {
      publish.mockRestore();
      secondPublish.mockRestore();
      await first.app.get(DraftsService).discard();
      await imported(first, content);
    }
  });

  it('publishes after a restart a schedule set before it', async () => {
    const other = await appOnDatabase();
    const app = other.testApp;
    await draftedAward(app, 'Award after a restart');
    const at = inSeconds(1);
    await scheduled(app, at);
    await app.close();
    // No instance is up when the time comes.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(new Date(at).getTime() + 200), { timeout: 5_000, interval: 50 });
    const restarted = await createTestApp({
      env: { DATABASE_URL: other.database.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' },
    });
    try {
      await vi.waitFor(async () => expect(await awardTitles(restarted)).toContain('Award after a restart'), {
        timeout: 5_000,
        interval: 100,
      });
    } finally {
      await restarted.close();
      await other.database.drop();
    }
  });
});
