import { ServiceUnavailableException } from '@nestjs/common';
import type { TestingModule } from '@nestjs/testing';
import { SkillCategoriesService } from '@/skills/skill-categories.service';
import { SkillsService } from '@/skills/skills.service';
import { DEMO } from '@test/support/demo';
import { serviceContext } from '@test/support/service-context';

describe('the skills services over the served content document', () => {
  let context: TestingModule;
  let categories: SkillCategoriesService;
  let skills: SkillsService;

  beforeAll(async () => {
    context = await serviceContext();
    categories = context.get(SkillCategoriesService);
    skills = context.get(SkillsService);
  });
  afterAll(() => context.close());

  it('lists each category with its own skills, both in the document order', async () => {
    expect(await categories.findCategories()).toEqual(DEMO.skills);
  });

  it('refuses every write with 503, the ones that span categories and skills included', async () => {
    const category = DEMO.skills[0];
    await expect(categories.createCategory({ title: 'Tools', skills: [{ name: 'Vim' }] })).rejects.toBeInstanceOf(
      ServiceUnavailableException,
    );
    await expect(skills.createSkill(category.id, { name: 'Go' })).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(categories.patchCategory(category.id, { title: 'Code' })).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(skills.removeSkill(category.skills[0].id)).rejects.toBeInstanceOf(ServiceUnavailableException);
    expect(await categories.findCategories()).toEqual(DEMO.skills);
  });
});
