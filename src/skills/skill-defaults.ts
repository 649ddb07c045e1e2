import type { SkillCategoryItem } from '@/content';
import type { Skill, SkillCategory } from './persistence/skills.repository';

/** What optional fields are when a create, a PUT or a content document leaves them out. */
export const CATEGORY_DEFAULTS: Pick<SkillCategory, 'iconName' | 'iconColor' | 'translations'> = {
  iconName: '',
  iconColor: '',
  translations: {},
};
export const SKILL_DEFAULTS: Pick<Skill, 'projects'> = { projects: [] };

/** A content document's categories, and their skills apart, with the fields they leave out filled in. */
export function skillsFromItems(items: readonly SkillCategoryItem[]): { categories: SkillCategory[]; skills: Skill[] } {
  return {
    categories: items.map(({ skills: _skills, ...category }) => ({ ...CATEGORY_DEFAULTS, ...category })),
    skills: items.flatMap((category) => (category.skills ?? []).map((skill) => ({ ...SKILL_DEFAULTS, ...skill, categoryId: category.id }))),
  };
}
