import { Injectable, NotFoundException } from '@nestjs/common';
import { ContentTransactions } from '@/content-store/content-transactions';
import { ReferenceMissing } from '@/content-store/ordered-collection';
import type { CreateSkillDto } from './dto/create-skill.dto';
import type { SkillDto } from './dto/skill-category.dto';
import type { UpdateSkillDto } from './dto/update-skill.dto';
import { type Skill, SkillCategoriesRepository, SkillsRepository } from './persistence/skills.repository';
import { categoryNotFound } from './skill-categories.service';
import { SKILL_DEFAULTS } from './skill-defaults';
import { toSkill } from './skill.mapper';
import { SkillProjectLinks } from './skill-project-links';

const skillNotFound = (id: string): NotFoundException => new NotFoundException({ detail: `Skill ${id} not found` });

/** One skill's writes, within its category: create, PUT that resets what it leaves out, PATCH, delete. */
@Injectable()
export class SkillsService {
  constructor(
    private readonly categories: SkillCategoriesRepository,
    private readonly skills: SkillsRepository,
    private readonly transactions: ContentTransactions,
    private readonly links: SkillProjectLinks,
  ) {}

  /** A new skill goes last in its category. */
  async createSkill(categoryId: string, dto: CreateSkillDto): Promise<{ id: string }> {
    try {
      return await this.links.checked([{ projects: dto.projects, at: ['projects'] }], () =>
        this.transactions.run(async () => {
          if (!(await this.categories.findOne(categoryId))) throw categoryNotFound(categoryId);
          return { id: await this.skills.add({ ...SKILL_DEFAULTS, ...dto, categoryId }, 'last') };
        }),
      );
    } catch (error) {
      // Deleted meanwhile, by a request that ran at the same time (its projects are all there: checked).
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

  private async updateSkill(id: string, changes: Partial<Skill>): Promise<SkillDto> {
    const updated = await this.links.checked([{ projects: changes.projects, at: ['projects'] }], () => this.skills.update(id, changes));
    if (!updated) throw skillNotFound(id);
    return toSkill(updated);
  }
}
