import { AwardsService } from '@/awards/awards.service';
import { CertificationsService } from '@/certifications/certifications.service';
import type { ContentDocument } from '@/content';
import { ExperienceService } from '@/experience/experience.service';
import { ContentHistoryService } from '@/history/content-history.service';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { ProfileService } from '@/profile/profile.service';
import { ProjectsService } from '@/projects/projects.service';
import { SkillCategoriesService } from '@/skills/skill-categories.service';
import { SkillsService } from '@/skills/skills.service';
import { contentWritesOf } from '@test/support/content-writes';
import { DEMO } from '@test/support/demo';
import type { TestApp } from '@test/support/test-app';
import { twoInstances, type TwoInstances } from '@test/support/two-instances';

type Patch = (app: TestApp, fields: Record<string, unknown>) => Promise<unknown>;

/** Found by the third audit: writes that raced on two instances of one database merged, lost one another, or failed. */
describe('concurrent writes on PostgreSQL', () => {
  let instances: TwoInstances;
  let first: TestApp;
  let second: TestApp;

  const written = <T>(app: TestApp, work: () => Promise<T>) => contentWritesOf(app.app)(work);
  const portfolio = (app = first) => app.app.get(PortfolioService);
  const imported = (app: TestApp, document: ContentDocument) => written(app, () => portfolio(app).import(document));
  const profile = (app: TestApp) => app.app.get(ProfileService);

  beforeAll(async () => {
    instances = await twoInstances();
    ({ first, second } = instances);
  });
  afterAll(() => instances.close());

  it('runs two imports on two instances one after the other: the content is one document, never a merge of both', async () => {
    const exported = await portfolio().export();
    const documentWith = (prefix: string): ContentDocument => ({
      ...exported,
      projects: exported.projects.map((project) => ({
        ...project,
        slug: `${prefix}-${project.slug}`,
        title: `${prefix} ${project.title}`,
      })),
      skills: exported.skills.map((category) => ({
        ...category,
        skills: category.skills?.map((skill) => ({ ...skill, projects: skill.projects?.map((slug) => `${prefix}-${slug}`) })),
      })),
    });
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([imported(first, documentWith('a')), imported(second, documentWith('b'))]);
      const slugs = (await portfolio().export()).projects.map(({ slug }) => slug);
      expect(slugs).toHaveLength(exported.projects.length);
      expect(new Set(slugs.map((slug) => slug.split('-')[0])).size).toBe(1);
    }
    await imported(first, exported);
  });

  it('never makes a write to an item that exists before and after an import or a restore fail or vanish', async () => {
    const document = await portfolio().export();
    const slug = DEMO.projects[0].slug;
    // A revision that holds the project: the one the import below records (revisions are recorded within 2 s).
    const history = first.app.get(ContentHistoryService);
    const revisionHoldingIt = async () => {
      const [{ id }] = await history.list(1, undefined);
      expect((await history.document(id)).projects.map((project) => project.slug)).toContain(slug);
      return id;
    };
    const replacements = [
      () => imported(first, document),
      async () => {
        const id = await vi.waitFor(revisionHoldingIt, { timeout: 5_000 });
        return written(second, () => second.app.get(ContentHistoryService).restore(id));
      },
    ];
    for (const replace of replacements) {
      const writes = Array.from({ length: 15 }, (_, index) => {
        const app = index % 2 ? first : second;
        return written(app, () => app.app.get(ProjectsService).patch(slug, { status: `Status ${index}` }));
      });
      await Promise.all([replace(), ...writes]);
    }
  });

  it('creates the profile once when two first PUTs arrive at once, on one instance or two', async () => {
    for (let round = 0; round < 5; round += 1) {
      await imported(first, { ...(await portfolio().export()), profile: null });
      await Promise.all([
        written(first, () => profile(first).replace({ name: 'Ada' })),
        written(second, () => profile(second).replace({ name: 'Bea' })),
      ]);
      expect(['Ada', 'Bea']).toContain((await profile(first).find()).name);
    }
  });

  it('keeps both of two PATCHes of the profile in different languages at once', async () => {
    for (let round = 0; round < 10; round += 1) {
      const [english, dutch] = [`Engineer ${round}`, `Ingenieur ${round}`];
      await Promise.all([
        written(first, () => profile(first).patch({ headline: { english } })),
        written(second, () => profile(second).patch({ headline: { nederlands: dutch } })),
      ]);
      expect((await profile(first).find()).headline).toEqual({ english, nederlands: dutch });
    }
  });

  const item = (list: readonly { id?: string | null }[]) => list[0].id!;
  it.each<[string, Patch, string, string]>([
    ['a project', (app, fields) => app.app.get(ProjectsService).patch(DEMO.projects[1].slug, fields), 'title', 'description'],
    ['a work entry', (app, fields) => app.app.get(ExperienceService).patch(item(DEMO.experience), fields), 'role', 'location'],
    [
      'a skill category',
      (app, fields) => app.app.get(SkillCategoriesService).patchCategory(item(DEMO.skills), fields),
      'title',
      'iconColor',
    ],
    ['a skill', (app, fields) => app.app.get(SkillsService).patchSkill(DEMO.skills[0].skills[0].id, fields), 'name', 'projects'],
    ['an award', (app, fields) => app.app.get(AwardsService).patch(item(DEMO.awards), fields), 'title', 'description'],
    [
      'a certification',
      (app, fields) => app.app.get(CertificationsService).patch(item(DEMO.certifications), fields),
      'title',
      'description',
    ],
  ])('keeps both of two PATCHes of different fields of %s at once', async (_, patch, one, other) => {
    for (let round = 0; round < 5; round += 1) {
      const valueOf = (field: string) =>
        field === 'projects'
          ? [DEMO.projects[round % DEMO.projects.length].slug]
          : field === 'iconColor'
            ? `#00000${round}`
            : `${field} ${round}`;
      await Promise.all([
        written(first, () => patch(first, { [one]: valueOf(one) })),
        written(second, () => patch(second, { [other]: valueOf(other) })),
      ]);
      const stored = JSON.stringify(await portfolio().export());
      expect(stored).toContain(JSON.stringify(valueOf(one)));
      expect(stored).toContain(JSON.stringify(valueOf(other)));
    }
  });
});
