import { AsyncLocalStorage } from 'node:async_hooks';
import { Client } from 'pg';
import { AwardsService } from '@/awards/awards.service';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { CONTENT_DOMAINS, type ContentDomain, DEMO_CONTENT } from '@/content';
import { ContentDomainStores } from '@/content-domain/content-domain-stores';
import { DraftsService } from '@/drafts/drafts.service';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { ProjectsService } from '@/projects/projects.service';
import { SkillCategoriesService } from '@/skills/skill-categories.service';
import { SkillsService } from '@/skills/skills.service';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { contentWritesOf } from '@test/support/content-writes';
import { watchOverlappingQueries } from '@test/support/overlapping-queries';
import { sqlOf } from '@test/support/sql-sent';

/** What the drafts read of the stored content on PostgreSQL, for a draft write and a publish: only what they change, once, locked. */
describe('what drafts read of the stored content', () => {
  let onDatabase: AppOnDatabase;
  const app = () => onDatabase.testApp.app;
  const written = <T>(work: () => Promise<T>, toDraft = false) => contentWritesOf(app())(work, { toDraft });
  const drafted = <T>(work: () => Promise<T>) => written(work, true);
  const published = () => contentWritesOf(app())(() => app().get(DraftsService).publish(), { changed: ({ changed }) => changed });

  // Drafts read and write inside transactions, each on one connection: never two queries at once on one.
  const queries = watchOverlappingQueries();

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
  });
  afterAll(async () => {
    queries.stop();
    await onDatabase.close();
  });
  // Each case starts from the demo content and no draft.
  afterEach(async () => {
    const drafts = app().get(DraftsService);
    if (await drafts.stamp()) await drafts.discard();
    await written(() => app().get(PortfolioService).import(DEMO_CONTENT));
    expect(queries.overlapping.splice(0)).toEqual([]);
  });

  /**
   * The domains whose stored parts the drafts service reads (a draft write, a publish) while `work`
   * runs, one entry per read; what the history recorder reads meanwhile is not counted.
   */
  async function readByDrafts(work: () => Promise<unknown>): Promise<ContentDomain[]> {
    const drafts = app().get(DraftsService);
    const stores = app().get(ContentDomainStores);
    const inDrafts = new AsyncLocalStorage<true>();
    const [write, publish] = [drafts.write.bind(drafts), drafts.publish.bind(drafts)];
    const read: ContentDomain[] = [];
    const spies = [
      vi.spyOn(drafts, 'write').mockImplementation((change) => inDrafts.run(true, () => write(change))),
      vi.spyOn(drafts, 'publish').mockImplementation(() => inDrafts.run(true, publish)),
      ...CONTENT_DOMAINS.map((domain) => {
        const store = stores.of(domain);
        const exportPart = store.exportPart.bind(store);
        return vi.spyOn(store, 'exportPart').mockImplementation(() => {
          if (inDrafts.getStore()) read.push(domain);
          return exportPart();
        });
      }),
    ];
    try {
      await work();
      return read;
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }

  it('publishes reading only the domains the draft changed (and those its rules read with them), and counts every domain', async () => {
    const [award] = DEMO_CONTENT.awards;
    await drafted(() => app().get(AwardsService).patch(award.id, { title: 'Drafted award' }));
    let answer: Awaited<ReturnType<typeof published>> | undefined;
    expect(await readByDrafts(async () => (answer = await published()))).toEqual(['awards']);
    expect(answer?.answer.published).toEqual(
      Object.fromEntries(CONTENT_DOMAINS.map((domain) => [domain, Array.isArray(DEMO_CONTENT[domain]) ? DEMO_CONTENT[domain].length : 1])),
    );

    // A draft that keeps every project is checked without the skills: their links name only projects it keeps.
    await drafted(() => app().get(ProjectsService).patch('tidewatch', { title: 'Tidewatch, checked with its skills' }));
    expect(await readByDrafts(published)).toEqual(['projects']);
  });

  it('checks a draft that deletes a project no skill named with the skills, which a direct write meanwhile linked to it', async () => {
    const projects = app().get(ProjectsService);
    await written(() => projects.create({ title: 'Harbour Radar', description: 'Berth planning.' }));
    const unnamed = 'harbour-radar';
    await drafted(() => projects.remove(unnamed));
    const [category] = await app().get(SkillCategoriesService).findCategories();
    const [skill] = category.skills;
    await written(() =>
      app()
        .get(SkillsService)
        .patchSkill(skill.id, { projects: [...skill.projects, unnamed] }),
    );

    let refusal: unknown;
    expect(await readByDrafts(() => published().catch((error: unknown) => (refusal = error)))).toEqual(['projects', 'skills']);
    expect(refusal).toBeInstanceOf(RequestValidationException);
    expect((refusal as RequestValidationException).issues).toEqual([
      expect.objectContaining({ type: 'value_error', msg: expect.stringContaining(unnamed) }),
    ]);
    expect((await projects.findDetail(unnamed)).slug).toBe(unnamed);
  });

  it('replaces the drafted projects without reading them whole again: only their keys and places, locked', async () => {
    await drafted(() => app().get(ProjectsService).patch('tidewatch', { title: 'Tidewatch, read once to publish' }));
    const sent = vi.spyOn(Client.prototype, 'query');
    try {
      await published();
      const statements = sent.mock.calls.map(sqlOf);
      const locked = statements.filter((sql) => sql.includes('FROM "projects"') && sql.includes('FOR UPDATE'));
      expect(locked).toHaveLength(1);
      expect(locked[0]).not.toContain('"long_description"');
    } finally {
      sent.mockRestore();
    }
    expect((await app().get(ProjectsService).findDetail('tidewatch')).title).toBe('Tidewatch, read once to publish');
  });

  it('reads the published content a draft write is made on once', async () => {
    const projects = app().get(ProjectsService);
    await drafted(() => projects.patch('tidewatch', { title: 'Tidewatch, read once' }));
    // The published projects the draft is merged with, and the draft's projects after the write: the base is the former.
    expect(await readByDrafts(() => drafted(() => projects.patch('ledger-lens', { title: 'Ledger Lens, read once' })))).toEqual([
      'projects',
      'projects',
    ]);
    const draft = await app().get(DraftsService).current();
    expect(draft.changes.map((change) => change.id)).toEqual(['tidewatch', 'ledger-lens']);
  });
});
