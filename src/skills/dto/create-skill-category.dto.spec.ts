import { issuesOf } from '@test/support/validated';
import { CreateSkillCategoryDto } from './create-skill-category.dto';
import { SkillCategoryIdParams, SkillIdParams } from './skill-params.dto';

describe('a skill category as an admin creates it', () => {
  it('refuses skills whose items are lists (found by fuzzing)', async () => {
    expect(await issuesOf(CreateSkillCategoryDto, { title: 'Tools', skills: [[{ name: 'x' }]] })).toEqual([
      { loc: ['body', 'skills'], type: 'model_type' },
    ]);
  });
});

describe("a skill's or a category's id in a path", () => {
  it.each([
    ['category_id', SkillCategoryIdParams, '123'],
    ['skill_id', SkillIdParams, 'xyz'],
  ] as const)('%s is a UUID', async (name, model, malformed) => {
    expect(await issuesOf(model, { [name]: malformed }, 'param')).toEqual([{ loc: ['path', name], type: 'uuid_parsing' }]);
  });
});
