import { Test, type TestingModule } from '@nestjs/testing';
import { AppModule } from '@/app.module';
import { DEMO_CONTENT } from '@/content';
import { ContentTransactions } from '@/content-store/content-transactions';
import { KeyTaken, type OrderedCollection, ReferenceMissing } from '@/content-store/ordered-collection';
import { awardFromItem } from '@/awards/award-defaults';
import { type Award, AwardsRepository } from '@/awards/persistence/awards.repository';
import { type Profile, ProfileRepository } from '@/profile/persistence/profile.repository';
import { profileFromItem } from '@/profile/profile-defaults';
import { type Project, ProjectsRepository } from '@/projects/persistence/projects.repository';
import { projectFromItem } from '@/projects/project-defaults';
import { type Skill, SkillCategoriesRepository, type SkillCategory, SkillsRepository } from '@/skills/persistence/skills.repository';
import { skillsFromItems } from '@/skills/skill-defaults';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { memoryStorage } from '@test/support/memory-storage';
import { serviceContext } from '@test/support/service-context';
import { applyEnv } from '@test/support/test-app';

/** The content stores of one kind, as the app wires them. */
interface Stores {
  profile: ProfileRepository;
  projects: OrderedCollection<Project>;
  categories: OrderedCollection<SkillCategory>;
  skills: OrderedCollection<Skill>;
  awards: OrderedCollection<Award>;
  transactions: ContentTransactions;
  close(): Promise<void>;
}

const storesOf = (context: TestingModule, close: () => Promise<void>): Stores => ({
  profile: context.get(ProfileRepository),
  projects: context.get(ProjectsRepository),
  categories: context.get(SkillCategoriesRepository),
  skills: context.get(SkillsRepository),
  awards: context.get(AwardsRepository),
  transactions: context.get(ContentTransactions),
  close,
});

async function inMemory(): Promise<Stores> {
  const context = await serviceContext({}, memoryStorage(DEMO_CONTENT));
  return storesOf(context, () => context.close());
}

async function onPostgres(): Promise<Stores> {
  const database: TestDatabase = await createTestDatabase();
  const restoreEnv = applyEnv({ DATABASE_URL: database.url, CONTENT_SEED: 'none' });
  const context = await Test.createTestingModule({ imports: [AppModule] }).compile();
  await context.init();
  restoreEnv();
  return storesOf(context, async () => {
    await context.close();
    await database.drop();
  });
}

const AWARDS = DEMO_CONTENT.awards.map(awardFromItem);
const PROJECTS = DEMO_CONTENT.projects.map(projectFromItem);
const { categories: CATEGORIES, skills: SKILLS } = skillsFromItems(DEMO_CONTENT.skills);
const titles = (items: { title: string }[]) => items.map((item) => item.title);

/**
 * One contract, every adapter of the content storage port: the service tier runs over the one in
 * memory, production over PostgreSQL, and what this suite holds of one it holds of the other.
 */
describe.each([
  ['in memory', inMemory],
  ['on PostgreSQL (TypeORM)', onPostgres],
])('the content stores %s', (_, open) => {
  let stores: Stores;

  beforeAll(async () => {
    stores = await open();
  });
  afterAll(() => stores.close());
  beforeEach(async () => {
    // The projects first: the skills link them.
    await stores.projects.replaceAll(PROJECTS);
    await stores.categories.replaceAll(CATEGORIES);
    await stores.skills.replaceAll(SKILLS);
    await stores.awards.replaceAll(AWARDS);
  });

  it('keeps what replaceAll gives, in that order, and is empty after an empty one', async () => {
    expect(titles(await stores.awards.findAll())).toEqual(titles(AWARDS));
    await stores.awards.replaceAll([AWARDS[2], AWARDS[0]]);
    expect(titles(await stores.awards.findAll())).toEqual([AWARDS[2].title, AWARDS[0].title]);
    expect(await stores.awards.count()).toBe(2);
    await stores.awards.replaceAll([]);
    expect(await stores.awards.count()).toBe(0);
  });

  it('adds first or last, under a new id it answers', async () => {
    const { id: _id, ...award } = AWARDS[0];
    const last = await stores.awards.add({ ...award, title: 'Last' }, 'last');
    const first = await stores.awards.add({ ...award, title: 'First' }, 'first');
    const all = await stores.awards.findAll();
    expect([all[0].id, all.at(-1)!.id]).toEqual([first, last]);
    expect(new Set(all.map((item) => item.id)).size).toBe(all.length);
    expect((await stores.awards.findOne(last))?.title).toBe('Last');
  });

  it('places an item between its neighbours, and knows no item it does not have', async () => {
    const placed = await stores.projects.findPlaced(PROJECTS[1].slug);
    expect([placed?.previous?.slug, placed?.item.slug, placed?.next?.slug]).toEqual(PROJECTS.slice(0, 3).map((project) => project.slug));
    expect((await stores.projects.findPlaced(PROJECTS[0].slug))?.previous).toBeUndefined();
    expect(await stores.projects.findPlaced('no-such-project')).toBeUndefined();
    expect(await stores.projects.findOne('no-such-project')).toBeUndefined();
  });

  it('updates the fields given, or those made from the item as it is, and answers undefined for an unknown key', async () => {
    const [award] = AWARDS;
    expect(await stores.awards.update(award.id, { title: 'Renamed' })).toMatchObject({ title: 'Renamed', year: award.year });
    expect(await stores.awards.update(award.id, (current) => ({ description: `${current.title}!` }))).toMatchObject({
      title: 'Renamed',
      description: 'Renamed!',
    });
    expect(await stores.awards.update('00000000-0000-4000-8000-000000000000', { title: 'x' })).toBeUndefined();
    expect(titles(await stores.awards.findAll())[0]).toBe('Renamed');
  });

  it('refuses a key another item has, on add and on update, and moves an item to a free one', async () => {
    const { slug: _slug, ...project } = PROJECTS[0];
    await expect(stores.projects.add({ ...project, slug: PROJECTS[1].slug }, 'last')).rejects.toBeInstanceOf(KeyTaken);
    await expect(stores.projects.update(PROJECTS[0].slug, { slug: PROJECTS[1].slug })).rejects.toBeInstanceOf(KeyTaken);
    await stores.projects.update(PROJECTS[0].slug, { slug: 'moved' });
    expect(await stores.projects.findOne(PROJECTS[0].slug)).toBeUndefined();
    expect((await stores.projects.findAll())[0].slug).toBe('moved');
  });

  it('removes an item once', async () => {
    expect(await stores.awards.remove(AWARDS[1].id)).toBe(true);
    expect(await stores.awards.remove(AWARDS[1].id)).toBe(false);
    expect(titles(await stores.awards.findAll())).toEqual(titles([AWARDS[0], AWARDS[2]]));
  });

  it('reorders as arranged, and not at all when arranging fails', async () => {
    await stores.awards.reorder((items) => [...items].reverse());
    expect(titles(await stores.awards.findAll())).toEqual(titles([...AWARDS].reverse()));
    const failing = () => {
      throw new Error('unknown id');
    };
    await expect(stores.awards.reorder(failing)).rejects.toThrow('unknown id');
    expect(titles(await stores.awards.findAll())).toEqual(titles([...AWARDS].reverse()));
  });

  it('keeps nothing of a transaction that fails, however many stores it wrote to', async () => {
    const { id: _id, ...award } = AWARDS[0];
    const failed = stores.transactions.run(async () => {
      await stores.awards.add({ ...award, title: 'Never' }, 'last');
      await stores.projects.remove(PROJECTS[0].slug);
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    expect(titles(await stores.awards.findAll())).toEqual(titles(AWARDS));
    expect(await stores.projects.findOne(PROJECTS[0].slug)).toBeDefined();
  });

  it('runs transactions under one lock one after the other', async () => {
    const order: string[] = [];
    const step = (name: string, ms: number) =>
      stores.transactions.run(
        async () => {
          order.push(`${name} begins`);
          await new Promise((resolve) => setTimeout(resolve, ms));
          order.push(`${name} ends`);
        },
        { lock: 'contract-lock' },
      );
    // b starts once a holds the lock (which of two started together takes it first is up to the pool).
    const a = step('a', 50);
    await vi.waitFor(() => expect(order).toContain('a begins'));
    await Promise.all([a, step('b', 0)]);
    expect(order).toEqual(['a begins', 'a ends', 'b begins', 'b ends']);
  });

  it('refuses a skill of a category it does not have, and removes a category with its skills', async () => {
    const { id: _id, ...skill } = SKILLS[0];
    await expect(stores.skills.add({ ...skill, categoryId: '00000000-0000-4000-8000-000000000000' }, 'last')).rejects.toBeInstanceOf(
      ReferenceMissing,
    );
    await stores.categories.remove(CATEGORIES[0].id);
    expect((await stores.skills.findAll()).some((each) => each.categoryId === CATEGORIES[0].id)).toBe(false);
    expect((await stores.skills.findAll()).length).toBeGreaterThan(0);
  });

  it('keeps one profile: saved, changed from what it is, replaced, removed', async () => {
    const profile: Profile = profileFromItem(DEMO_CONTENT.profile!);
    await stores.profile.replaceWith(undefined);
    expect(await stores.profile.find()).toBeUndefined();
    expect(await stores.profile.update((current) => current)).toBeUndefined();
    await stores.profile.save(profile);
    const changed = await stores.profile.update((current) => ({ ...current, headline: { ...current.headline, nederlands: 'Ingenieur' } }));
    expect(changed?.headline).toEqual({ ...profile.headline, nederlands: 'Ingenieur' });
    expect((await stores.profile.find())?.headline.nederlands).toBe('Ingenieur');
    await stores.profile.save({ ...profile, name: 'Ada' });
    expect((await stores.profile.find())?.name).toBe('Ada');
  });
});
