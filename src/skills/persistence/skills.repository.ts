import type { SkillCategoryItem, SkillItem } from '@/content';
import { OrderedCollection } from '@/content-store/ordered-collection';

/** A skill category as kept, without its skills. */
export type SkillCategory = Required<Omit<SkillCategoryItem, 'skills'>>;

/** A skill as kept, with the category it belongs to. */
export type Skill = Required<SkillItem> & { categoryId: string };

/** The skill categories in display order, addressed by UUID. Deleting one deletes its skills. */
export abstract class SkillCategoriesRepository extends OrderedCollection<SkillCategory> {}

/** Every category's skills, each category's in display order, addressed by UUID. */
export abstract class SkillsRepository extends OrderedCollection<Skill> {}
