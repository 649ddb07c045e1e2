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
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { ContentTransactions } from '@/content-store/content-transactions';
import { ProjectsService } from '@/projects/projects.service';
import { type ItemChanges, ReferenceMissing } from '@/content-store/ordered-collection';
import type { CreateSkillCategoryDto } from './dto/create-skill-category.dto';
import type { CreateSkillDto } from './dto/create-skill.dto';
import type { SkillCategoryDto, SkillDto } from './dto/skill-category.dto';
import type { UpdateSkillCategoryDto } from './dto/update-skill-category.dto';
import type { UpdateSkillDto } from './dto/update-skill.dto';
import { type Skill, SkillCategoriesRepository, type SkillCategory, SkillsRepository } from './persistence/skills.repository';
import { unknownProject } from './project-links';
import { CATEGORY_DEFAULTS, SKILL_DEFAULTS, skillsFromItems } from './skill-defaults';
import { toSkill, toSkillCategory } from './skill.mapper';
import { ContentDomainStore } from '@/content-domain/content-domain-stores';

/** The projects one skill links, and where the request named them. */
interface ProjectLinks {
  projects?: readonly string[];
  at: (string | number)[];
}

@Injectable()
@ContentDomainStore('skills')
export class SkillsService {
  /** Each category's item as last exported, by its read-only row, with the skills' rows it was made of. */
  private readonly exported = new WeakMap<SkillCategory, { skills: readonly Skill[]; item: SkillCategoryItem }>();

  constructor(
    private readonly categories: SkillCategoriesRepository,
    private readonly skills: SkillsRepository,
    private readonly transactions: ContentTransactions,
    private readonly projects: ProjectsService,
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
    return this.linking(links, () =>
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

  /** A new skill goes last in its category. */
  async createSkill(categoryId: string, dto: CreateSkillDto): Promise<{ id: string }> {
    try {
      return await this.linking([{ projects: dto.projects, at: ['projects'] }], () =>
        this.transactions.run(async () => {
          if (!(await this.categories.findOne(categoryId))) throw categoryNotFound(categoryId);
          return { id: await this.skills.add({ ...SKILL_DEFAULTS, ...dto, categoryId }, 'last') };
        }),
      );
    } catch (error) {
      // Deleted meanwhile, by a request that ran at the same time (its projects are all there: linking).
      if (error instanceof ReferenceMissing) throw categoryNotFound(categoryId);
      throw error;
    }
  }

  replaceSkill(id: string, dto: UpdateSkillDto): Promise<SkillDto> {
    return this.updateSkill(id, { ...SKILL_DEFAULTS, ...dto });
  }

  patchSkill(id: string, dto: UpdateSkillDto): Promise<SkillDto> {
    return this.updateSkill(id, dto);
  }

  async removeSkill(id: string): Promise<void> {
    if (!(await this.skills.remove(id))) throw skillNotFound(id);
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

  /**
   * A write of skills' links, each checked to name a project first. The database checks them again as
   * it writes (a project deleted meanwhile is a ReferenceMissing), and then they are checked here once
   * more, to answer which link names nothing now.
   */
  private async linking<T>(links: ProjectLinks[], write: () => Promise<T>): Promise<T> {
    await this.assertProjectsExist(links);
    try {
      return await write();
    } catch (error) {
      if (error instanceof ReferenceMissing) await this.assertProjectsExist(links);
      throw error;
    }
  }

  /** Each slug a skill's `projects` names must be a project's (422 at that item): links follow projects, never dangle. */
  private async assertProjectsExist(links: ProjectLinks[]): Promise<void> {
    const unknown = await this.projects.unknownSlugs(links.flatMap(({ projects = [] }) => projects));
    if (unknown.size === 0) return;
    throw new RequestValidationException(
      links.flatMap(({ projects = [], at }) =>
        projects.flatMap((slug, index) =>
          unknown.has(slug) ? [{ loc: ['body', ...at, index], msg: unknownProject(slug), type: 'value_error' }] : [],
        ),
      ),
    );
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

  private async updateSkill(id: string, changes: Partial<Skill>): Promise<SkillDto> {
    const updated = await this.linking([{ projects: changes.projects, at: ['projects'] }], () => this.skills.update(id, changes));
    if (!updated) throw skillNotFound(id);
    return toSkill(updated);
  }
}

function categoryNotFound(id: string): NotFoundException {
  return new NotFoundException({ detail: `Skill category ${id} not found` });
}

function skillNotFound(id: string): NotFoundException {
  return new NotFoundException({ detail: `Skill ${id} not found` });
}
