import { ServiceUnavailableException } from '@nestjs/common';
import type { TestingModule } from '@nestjs/testing';
import { DEMO_CONTENT } from '@/content';
import { AwardsService } from '@/awards/awards.service';
import { CertificationsService } from '@/certifications/certifications.service';
import { ExperienceService } from '@/experience/experience.service';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { ProfileService } from '@/profile/profile.service';
import { ProjectsService } from '@/projects/projects.service';
import { SkillCategoriesService } from '@/skills/skill-categories.service';
import { SkillsService } from '@/skills/skills.service';
import { DEMO } from '@test/support/demo';
import { serviceContext } from '@test/support/service-context';

/** An id that names nothing: without a database nothing is looked up for a write, so it is 503 too, never 404. */
const UNKNOWN = '5d0c8a8e-1f0b-4c61-9f5e-2b7d3c4a1e90';

/** Every write of every domain, over the served content document: 503, whatever it names. */
describe('writes without a database', () => {
  let context: TestingModule;
  beforeAll(async () => {
    context = await serviceContext();
  });
  afterAll(() => context.close());

  const refused = (write: () => Promise<unknown>) => expect(write()).rejects.toBeInstanceOf(ServiceUnavailableException);

  it.each([
    ['projects', 'tidewatch'],
    ['projects', 'no-such-project'],
  ])('refuses every write of %s with 503, naming %s', async (_, slug) => {
    const projects = context.get(ProjectsService);
    await refused(() => projects.create({ title: 'A', description: 'B' }));
    await refused(() => projects.replace(slug, { title: 'A', description: 'B' }));
    await refused(() => projects.patch(slug, {}));
    await refused(() => projects.remove(slug));
    await refused(() => projects.reorder([slug]));
  });

  it.each([
    ['experience', () => context.get(ExperienceService), DEMO.experience[0].id, { company: 'A', role: 'B', period: 'C' }],
    ['awards', () => context.get(AwardsService), DEMO.awards[0].id!, { title: 'A', organization: 'B', year: '2025' }],
    ['certifications', () => context.get(CertificationsService), DEMO.certifications[0].id!, { title: 'A' }],
  ] as const)('refuses every write of %s with 503, naming an item or none', async (_, service, id, item) => {
    for (const key of [id, UNKNOWN]) {
      await refused(() => service().create(item));
      await refused(() => service().replace(key, item));
      await refused(() => service().patch(key, {}));
      await refused(() => service().remove(key));
      await refused(() => service().reorder([key]));
    }
  });

  it('refuses every write of skills with 503, naming a category or skill or none', async () => {
    const categories = context.get(SkillCategoriesService);
    const skills = context.get(SkillsService);
    const [category] = DEMO.skills;
    await refused(() => categories.createCategory({ title: 'A' }));
    for (const id of [category.id, UNKNOWN]) {
      await refused(() => categories.replaceCategory(id, { title: 'A' }));
      await refused(() => categories.patchCategory(id, {}));
      await refused(() => categories.removeCategory(id));
      await refused(() => skills.createSkill(id, { name: 'A' }));
    }
    for (const id of [category.skills[0].id, UNKNOWN]) {
      await refused(() => skills.replaceSkill(id, { name: 'A' }));
      await refused(() => skills.patchSkill(id, {}));
      await refused(() => skills.removeSkill(id));
    }
  });

  it('refuses a change of the profile and an import with 503', async () => {
    await refused(() => context.get(ProfileService).replace({ name: 'A' }));
    await refused(() => context.get(ProfileService).patch({ name: 'A' }));
    await refused(() => context.get(PortfolioService).import(DEMO_CONTENT));
  });
});
