import { Injectable, NotFoundException } from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  inLanguage,
  type Language,
  listedTranslations,
  patchedWith,
  type SkillCategoryText,
  SKILL_CATEGORY_TEXT_FIELDS,
  type SkillCategoryItem,
} from '@/content';
import { frozen } from '@/common/frozen';
import { ContentDomainStore } from '@/content-domain/content-domain-stores';
import { ContentTransactions } from '@/content-store/content-transactions';
import type { ItemChanges } from '@/content-store/ordered-collection';
import type { CreateSkillCategoryDto } from './dto/create-skill-category.dto';
import type { SkillCategoryDto } from './dto/skill-category.dto';
import type { UpdateSkillCategoryDto } from './dto/update-skill-category.dto';
import { type Skill, SkillCategoriesRepository, type SkillCategory, SkillsRepository } from './persistence/skills.repository';
import { CATEGORY_DEFAULTS, SKILL_DEFAULTS, skillsFromItems } from './skill-defaults';
import { toSkillCategory } from './skill.mapper';
import { SkillProjectLinks } from './skill-project-links';

export const categoryNotFound = (id: string): NotFoundException => new NotFoundException({ detail: `Skill category ${id} not found` });

/**
 * The skills domain as the portfolio sees it: categories in display order, each holding its skills
 * in theirs (two tables, written together). Reads, the content document's part, and the
 * categories' writes; a single skill's are SkillsService's.
 */
@Injectable()
@ContentDomainStore('skills')
export class SkillCategoriesService {
  /** Each category's item as last exported, by its read-only row, with the skills' rows it was made of. */
  private readonly exported = new WeakMap<SkillCategory, { skills: readonly Skill[]; item: SkillCategoryItem }>();

  constructor(
    private readonly categories: SkillCategoriesRepository,
    private readonly skills: SkillsRepository,
    private readonly transactions: ContentTransactions,
    private readonly links: SkillProjectLinks,
  ) {}

  /** The categories in display order, each with its skills in theirs; titles in `language` where written. */
  async findCategories(language: Language = DEFAULT_LANGUAGE): Promise<SkillCategoryDto[]> {
    const { categories, skills } = await this.readAll();
    const byCategory = Map.groupBy(skills, (skill) => skill.categoryId);
    return categories.map((category) =>
      toSkillCategory(inLanguage(category, SKILL_CATEGORY_TEXT_FIELDS, language), byCategory.get(category.id) ?? []),
    );
  }

  readIn(language: Language): Promise<SkillCategoryDto[]> {
    return this.findCategories(language);
  }

  /** Every category with its skills as a content document lists them, in display order. */
  async exportPart(): Promise<SkillCategoryItem[]> {
    const { categories, skills } = await this.readAll();
    const byCategory = Map.groupBy(skills, (skill) => skill.categoryId);
    return categories.map((category) => this.itemOf(category, byCategory.get(category.id) ?? []));
  }

  /** A new category goes last, with its skills in the given order. */
  createCategory({ skills = [], ...category }: CreateSkillCategoryDto): Promise<{ id: string }> {
    const links = skills.map((skill, index) => ({ projects: skill.projects, at: ['skills', index, 'projects'] }));
    return this.links.checked(links, () =>
      this.transactions.run(async () => {
        const id = await this.categories.add({ ...CATEGORY_DEFAULTS, ...category }, 'last');
        for (const skill of skills) await this.skills.add({ ...SKILL_DEFAULTS, ...skill, categoryId: id }, 'last');
        return { id };
      }),
    );
  }

  /** PUT: omitted optional fields are reset; the category's skills are never touched. */
  replaceCategory(id: string, dto: UpdateSkillCategoryDto): Promise<SkillCategoryDto> {
    return this.updateCategory(id, { ...CATEGORY_DEFAULTS, ...dto });
  }

  /** PATCH: only the fields given change, and in `translations` only the languages and fields given. */
  patchCategory(id: string, dto: UpdateSkillCategoryDto): Promise<SkillCategoryDto> {
    return this.updateCategory(id, patchedWith<SkillCategoryText, SkillCategory>(dto));
  }

  /** Its skills go with it. */
  async removeCategory(id: string): Promise<void> {
    if (!(await this.categories.remove(id))) throw categoryNotFound(id);
  }

  /** Replaces every category and skill with a content document's. */
  replacePart(items: readonly SkillCategoryItem[]): Promise<void> {
    const { categories, skills } = skillsFromItems(items);
    return this.transactions.run(async () => {
      // Categories first: deleting them deletes their skills.
      await this.categories.replaceAll(categories);
      await this.skills.replaceAll(skills);
    });
  }

  /** The categories, as the document counts the skills part. */
  count(): Promise<number> {
    return this.categories.count();
  }

  /** The categories' ids. */
  async keys(): Promise<string[]> {
    return [...(await this.categories.timesOf()).keys()];
  }

  async holdAgainstWrites(): Promise<void> {
    await this.categories.holdAgainstWrites();
    await this.skills.holdAgainstWrites();
  }

  /**
   * A category as a content document lists it. From read-only rows (RowVersions), the same read-only
   * item while its row and its skills' rows are the versions it was made of: what reads the export
   * (the history's hashes) can tell an unchanged category by identity.
   */
  private itemOf(category: SkillCategory, skills: readonly Skill[]): SkillCategoryItem {
    const made = (): SkillCategoryItem => ({ ...toSkillCategory(category, skills), ...listedTranslations(category.translations) });
    if (!Object.isFrozen(category) || !skills.every((skill) => Object.isFrozen(skill))) return made();
    const kept = this.exported.get(category);
    if (kept && kept.skills.length === skills.length && kept.skills.every((skill, index) => skill === skills[index])) return kept.item;
    const item = frozen(made());
    this.exported.set(category, { skills, item });
    return item;
  }

  /** Every category and every skill, one after the other: inside a transaction (a draft's) they share one connection. */
  private async readAll(): Promise<{ categories: SkillCategory[]; skills: Skill[] }> {
    const categories = await this.categories.findAll();
    return { categories, skills: await this.skills.findAll() };
  }

  /** The answer (with the category's skills) is read in the write's own transaction. */
  private updateCategory(id: string, changes: ItemChanges<SkillCategory>): Promise<SkillCategoryDto> {
    return this.transactions.run(async () => {
      const updated = await this.categories.update(id, changes);
      if (!updated) throw categoryNotFound(id);
      const skills = (await this.skills.findAll()).filter((skill) => skill.categoryId === id);
      return toSkillCategory(updated, skills);
    });
  }
}
