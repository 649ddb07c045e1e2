import { ConflictException, NotFoundException } from '@nestjs/common';
import type { TestingModule } from '@nestjs/testing';
import { DEMO_CONTENT } from '@/content';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { AwardsService } from '@/awards/awards.service';
import { CertificationsService } from '@/certifications/certifications.service';
import { ExperienceService } from '@/experience/experience.service';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { ProfileService } from '@/profile/profile.service';
import { ProjectsService } from '@/projects/projects.service';
import { SkillCategoriesService } from '@/skills/skill-categories.service';
import { SkillsService } from '@/skills/skills.service';
import { DEMO } from '@test/support/demo';
import { writableServiceContext } from '@test/support/service-context';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const slugs = (items: { slug: string }[]) => items.map((item) => item.slug);
const ids = (items: { id?: string | null }[]) => items.map((item) => item.id);

/**
 * Every write rule of every content list, on the real services over writable storage in memory
 * (held to PostgreSQL's by the adapter contract suite): no HTTP, no database, milliseconds each.
 */
describe('content writes, on the domain services', () => {
  let context: TestingModule;
  beforeAll(async () => {
    context = await writableServiceContext();
  });
  afterAll(() => context.close());
  beforeEach(() => context.get(PortfolioService).import(DEMO_CONTENT));

  describe('projects', () => {
    let projects: ProjectsService;
    beforeAll(() => (projects = context.get(ProjectsService)));

    it('creates last, deriving the slug from the title unless one is given', async () => {
      expect(await projects.create({ title: 'Harbour Lights!', description: 'D' })).toEqual({
        id: expect.any(String),
        slug: 'harbour-lights',
      });
      await projects.create({ title: 'T', description: 'D', slug: 'my-own' });
      expect(slugs(await projects.findAll()).slice(-2)).toEqual(['harbour-lights', 'my-own']);
      expect(await projects.findDetail('my-own')).toMatchObject({ demo: '/projects/my-own', image: '', embeddedApp: null, results: [] });
    });

    it('refuses a taken slug with 409, and a title with nothing to derive a slug from with 422', async () => {
      await expect(projects.create({ title: 'Tidewatch', description: 'D' })).rejects.toThrow(
        new ConflictException({ detail: 'Slug "tidewatch" is already taken' }),
      );
      await expect(projects.create({ title: '日本語', description: 'D' })).rejects.toBeInstanceOf(RequestValidationException);
      expect(await projects.findAll()).toHaveLength(DEMO.projects.length);
    });

    it('PUT resets what it leaves out and keeps the slug, or moves to a free one', async () => {
      const replaced = await projects.replace('tidewatch', { title: 'Tidewatch 2', description: 'New' });
      expect(replaced).toMatchObject({
        slug: 'tidewatch',
        title: 'Tidewatch 2',
        technologies: [],
        demo: '/projects/tidewatch',
        embeddedApp: null,
      });
      await projects.replace('tidewatch', { title: 'T', description: 'D', slug: 'tidewatch-two' });
      await expect(projects.findDetail('tidewatch')).rejects.toBeInstanceOf(NotFoundException);
      expect((await projects.findDetail('tidewatch-two')).demo).toBe('/projects/tidewatch-two');
      await expect(projects.replace('tidewatch-two', { title: 'T', description: 'D', slug: 'ledger-lens' })).rejects.toBeInstanceOf(
        ConflictException,
      );
    });

    it('PATCH changes only what it is given; an unknown slug is 404 before a taken one is 409', async () => {
      const patched = await projects.patch('ledger-lens', { status: 'Retired' });
      expect(patched).toMatchObject({ ...DEMO.projects[1], status: 'Retired' });
      await expect(projects.patch('no-such-project', { slug: 'tidewatch' })).rejects.toThrow(
        new NotFoundException({ detail: 'Project "no-such-project" not found' }),
      );
      await expect(projects.patch('ledger-lens', { slug: 'tidewatch' })).rejects.toThrow(
        new ConflictException({ detail: 'Slug "tidewatch" is already taken' }),
      );
    });

    it('deletes once', async () => {
      await projects.remove('tidewatch');
      await expect(projects.remove('tidewatch')).rejects.toBeInstanceOf(NotFoundException);
      expect(slugs(await projects.findAll())).not.toContain('tidewatch');
    });

    it('reorders: the listed first in that order, the rest keep theirs; an unknown slug changes nothing', async () => {
      const [first, second, third] = slugs(DEMO.projects);
      expect(slugs(await projects.reorder([third, first]))).toEqual([third, first, second, ...slugs(DEMO.projects).slice(3)]);
      await expect(projects.reorder([second, 'no-such-project'])).rejects.toBeInstanceOf(NotFoundException);
      // A slug is named as written: in another case it is another slug.
      await expect(projects.reorder([first.toUpperCase()])).rejects.toBeInstanceOf(NotFoundException);
      expect(slugs(await projects.findAll())[0]).toBe(third);
    });
  });

  describe('experience', () => {
    let experience: ExperienceService;
    beforeAll(() => (experience = context.get(ExperienceService)));

    it('creates first, as the newest, with the optional fields filled in', async () => {
      const { id } = await experience.create({ company: 'Acme', role: 'Engineer', period: '2026 – Present' });
      const [newest] = await experience.findAll();
      expect(newest).toMatchObject({ id, company: 'Acme', location: '', responsibilities: [], note: null, additionalProjects: null });
    });

    it('PUT resets, PATCH changes what it is given, both 404 for an unknown id', async () => {
      const [entry] = DEMO.experience;
      expect(await experience.replace(entry.id, { company: 'C', role: 'R', period: 'P' })).toMatchObject({
        company: 'C',
        technologies: [],
        note: null,
      });
      expect(await experience.patch(entry.id, { location: 'Utrecht' })).toMatchObject({ company: 'C', location: 'Utrecht' });
      await expect(experience.patch(UNKNOWN, { location: 'x' })).rejects.toThrow(
        new NotFoundException({ detail: `Experience entry ${UNKNOWN} not found` }),
      );
      await expect(experience.remove(UNKNOWN)).rejects.toBeInstanceOf(NotFoundException);
    });

    it('reorders by UUID in any case; an unknown id changes nothing', async () => {
      const [a, b, c] = ids(DEMO.experience) as string[];
      expect(ids(await experience.reorder([c.toUpperCase(), b]))).toEqual([c, b, a, ...ids(DEMO.experience).slice(3)]);
      await expect(experience.reorder([a, UNKNOWN])).rejects.toBeInstanceOf(NotFoundException);
      expect(ids(await experience.findAll())[0]).toBe(c);
    });
  });

  describe('skills', () => {
    let categories: SkillCategoriesService;
    let skills: SkillsService;
    beforeAll(() => {
      categories = context.get(SkillCategoriesService);
      skills = context.get(SkillsService);
    });

    it('creates a category last with its skills in order, and a skill last in its category', async () => {
      const { id } = await categories.createCategory({ title: 'Tools', skills: [{ name: 'Vim' }, { name: 'Git' }] });
      await skills.createSkill(id, { name: 'Make' });
      const category = (await categories.findCategories()).at(-1)!;
      expect(category).toMatchObject({ id, title: 'Tools', iconName: '', iconColor: '' });
      expect(category.skills.map((skill) => skill.name)).toEqual(['Vim', 'Git', 'Make']);
    });

    it('refuses a skill for a category it does not have, with 404, changing nothing', async () => {
      await expect(skills.createSkill(UNKNOWN, { name: 'Go' })).rejects.toThrow(
        new NotFoundException({ detail: `Skill category ${UNKNOWN} not found` }),
      );
      expect(await categories.findCategories()).toEqual(DEMO.skills);
    });

    it('replaces and patches a category without touching its skills, and deletes it with them', async () => {
      const [category] = DEMO.skills;
      expect(await categories.replaceCategory(category.id, { title: 'Code' })).toEqual({
        ...category,
        title: 'Code',
        iconName: '',
        iconColor: '',
      });
      expect((await categories.patchCategory(category.id, { iconColor: '#123456' })).skills).toEqual(category.skills);
      await categories.removeCategory(category.id);
      expect(ids(await categories.findCategories())).not.toContain(category.id);
      await expect(skills.removeSkill(category.skills[0].id)).rejects.toBeInstanceOf(NotFoundException);
    });

    it('replaces, patches and deletes a skill', async () => {
      const [skill] = DEMO.skills[0].skills;
      expect(await skills.replaceSkill(skill.id, { name: 'Rust' })).toEqual({ id: skill.id, name: 'Rust', projects: [] });
      expect(await skills.patchSkill(skill.id, { projects: ['tidewatch'] })).toEqual({
        id: skill.id,
        name: 'Rust',
        projects: ['tidewatch'],
      });
      await skills.removeSkill(skill.id);
      await expect(skills.patchSkill(skill.id, {})).rejects.toBeInstanceOf(NotFoundException);
    });
  });

  describe('awards', () => {
    let awards: AwardsService;
    beforeAll(() => (awards = context.get(AwardsService)));

    it('creates last with "" for what it leaves out; PUT resets; PATCH changes what it is given', async () => {
      const { id } = await awards.create({ title: 'Best', organization: 'Org', year: '2026' });
      expect((await awards.findAll()).at(-1)).toEqual({
        id,
        title: 'Best',
        organization: 'Org',
        year: '2026',
        description: '',
        iconName: '',
        bgColor: '',
      });
      const [award] = DEMO.awards;
      expect(await awards.replace(award.id!, { title: 'T', organization: 'O', year: '2020' })).toMatchObject({
        description: '',
        iconName: '',
      });
      expect(await awards.patch(award.id!, { bgColor: '#fff' })).toMatchObject({ title: 'T', bgColor: '#fff' });
    });

    it('takes translations on create; PATCH changes only the languages and fields given; PUT replaces them', async () => {
      const dutchTitle = async (id: string) => (await awards.findAll('nederlands')).find((award) => award.id === id);
      const { id } = await awards.create({
        title: 'Open source award',
        organization: 'NLnet',
        year: '2026',
        description: 'For Ledger Lens.',
        translations: { nederlands: { title: 'Opensourceprijs', description: 'Voor Ledger Lens.' } },
      });
      expect(await dutchTitle(id)).toMatchObject({ title: 'Opensourceprijs', organization: 'NLnet', description: 'Voor Ledger Lens.' });
      await awards.patch(id, { translations: { nederlands: { organization: 'Stichting NLnet' } } });
      expect(await dutchTitle(id)).toMatchObject({
        title: 'Opensourceprijs',
        organization: 'Stichting NLnet',
        description: 'Voor Ledger Lens.',
      });
      await awards.replace(id, { title: 'Open source award', organization: 'NLnet', year: '2026' });
      expect(await dutchTitle(id)).toMatchObject({ title: 'Open source award', organization: 'NLnet', description: '' });
    });

    it('reorders, and answers 404 for an unknown id on every write', async () => {
      const [a, b] = ids(DEMO.awards) as string[];
      expect(ids(await awards.reorder([b]))).toEqual([b, a, ...ids(DEMO.awards).slice(2)]);
      await expect(awards.patch(UNKNOWN, {})).rejects.toBeInstanceOf(NotFoundException);
      await expect(awards.remove(UNKNOWN)).rejects.toBeInstanceOf(NotFoundException);
      await expect(awards.reorder([UNKNOWN])).rejects.toBeInstanceOf(NotFoundException);
    });
  });

  describe('certifications', () => {
    let certifications: CertificationsService;
    beforeAll(() => (certifications = context.get(CertificationsService)));
    const manual = () => DEMO.certifications.find((certification) => certification.source === 'manual')!;
    const synced = () => DEMO.certifications.find((certification) => certification.source !== 'manual')!;

    it('creates a manual entry last, syncing on, nullable fields null', async () => {
      const { id } = await certifications.create({ title: 'New' });
      expect((await certifications.findAll()).at(-1)).toMatchObject({
        id,
        source: 'manual',
        syncEnabled: true,
        badgeImageUrl: null,
        issuedAt: null,
        link: '',
      });
    });

    it('locks a synced entry against the next sync when the owner edits it, unless the edit asks to keep syncing', async () => {
      expect(await certifications.patch(synced().id!, { title: 'Mine now' })).toMatchObject({
        title: 'Mine now',
        syncEnabled: false,
        source: synced().source,
      });
      expect(await certifications.replace(synced().id!, { title: 'Still synced', syncEnabled: true })).toMatchObject({
        syncEnabled: true,
        source: synced().source,
      });
    });

    it("leaves a manual entry's flag as it is unless the edit sets it", async () => {
      expect((await certifications.patch(manual().id!, { title: 'x' })).syncEnabled).toBe(manual().syncEnabled);
      expect((await certifications.patch(manual().id!, { syncEnabled: false })).syncEnabled).toBe(false);
      expect((await certifications.replace(manual().id!, { title: 'y' })).syncEnabled).toBe(false);
    });
  });

  describe('the profile', () => {
    let profile: ProfileService;
    beforeAll(() => (profile = context.get(ProfileService)));

    it('PUT replaces, resetting what it leaves out in each language; PATCH changes only the languages given', async () => {
      expect(await profile.replace({ name: 'Ada' })).toEqual({
        name: 'Ada',
        headline: { english: '', nederlands: '' },
        summary: { english: '', nederlands: '' },
        location: '',
        email: '',
        website: '',
        photo: '',
        links: [],
      });
      await profile.patch({ headline: { english: 'Engineer' } });
      expect((await profile.patch({ headline: { nederlands: 'Ingenieur' } })).headline).toEqual({
        english: 'Engineer',
        nederlands: 'Ingenieur',
      });
    });

    it('is 404 to read or PATCH while none is set; PUT creates it', async () => {
      await context.get(PortfolioService).import({ ...DEMO_CONTENT, profile: null });
      await expect(profile.find()).rejects.toThrow(new NotFoundException({ detail: 'No profile has been set' }));
      await expect(profile.patch({ name: 'x' })).rejects.toBeInstanceOf(NotFoundException);
      expect((await profile.replace({ name: 'Bea' })).name).toBe('Bea');
    });
  });

  describe('the whole document', () => {
    it('imports all of it, or nothing when two items share a key', async () => {
      const portfolio = context.get(PortfolioService);
      const [first] = DEMO_CONTENT.projects;
      await expect(portfolio.import({ ...DEMO_CONTENT, projects: [first, first] })).rejects.toBeInstanceOf(RequestValidationException);
      expect(await portfolio.export()).toEqual(await portfolio.export());
      expect((await portfolio.import({ ...DEMO_CONTENT, awards: [] })).awards).toBe(0);
      expect((await portfolio.export()).awards).toEqual([]);
    });

    it('seeds only an empty store', async () => {
      const portfolio = context.get(PortfolioService);
      expect(await portfolio.seedIfEmpty(DEMO_CONTENT)).toBe(false);
      await portfolio.import({ version: 1, profile: null, projects: [], experience: [], skills: [], awards: [], certifications: [] });
      expect(await portfolio.seedIfEmpty(DEMO_CONTENT)).toBe(true);
      expect((await portfolio.export()).projects).toHaveLength(DEMO_CONTENT.projects.length);
    });
  });
});
