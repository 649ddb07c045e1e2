import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SKILL_CATEGORIES } from '@/content';
import { DatabaseStatus } from '@/database/database-status';
import { PreparedBody } from '@/read-model/prepared-body';
import { ReadModel } from '@/read-model/read-model.service';
import type { CreateSkillCategoryDto } from './dto/create-skill-category.dto';
import type { CreateSkillDto } from './dto/create-skill.dto';
import type { SkillCategoryDto, SkillDto } from './dto/skill-category.dto';
import type { UpdateSkillCategoryDto } from './dto/update-skill-category.dto';
import type { UpdateSkillDto } from './dto/update-skill.dto';
import { SkillCategoryEntity } from './entities/skill-category.entity';
import { SkillEntity } from './entities/skill.entity';
import { toSkill, toSkillCategory } from './skill.mapper';

const IN_ORDER = { sortOrder: 'ASC', createdAt: 'ASC' } as const;
const CATEGORY_RESET = { iconName: '', iconColor: '' };
const SKILL_RESET = { projects: [] };

@Injectable()
export class SkillsService {
  constructor(
    @InjectRepository(SkillCategoryEntity) private readonly categories: Repository<SkillCategoryEntity>,
    @InjectRepository(SkillEntity) private readonly skills: Repository<SkillEntity>,
    private readonly database: DatabaseStatus,
    private readonly readModel: ReadModel,
  ) {}

  /** GET /api/skills, prepared once per change. */
  categoriesBody(): Promise<PreparedBody> {
    return this.readModel.view('skills', 'categories', async () => PreparedBody.of(await this.findCategories()));
  }

  async findCategories(): Promise<SkillCategoryDto[]> {
    if (!this.database.isConfigured) return [...SKILL_CATEGORIES];
    const categories = await this.categories.find({ relations: { skills: true }, order: { ...IN_ORDER, skills: IN_ORDER } });
    return categories.map(toSkillCategory);
  }

  /** A new category goes last, with its skills in the given order. */
  async createCategory(dto: CreateSkillCategoryDto): Promise<{ id: string }> {
    this.database.assertWritable();
    return this.categories.manager.transaction(async (manager) => {
      const categories = manager.getRepository(SkillCategoryEntity);
      const last = await categories.maximum('sortOrder');
      const { skills = [], ...fields } = dto;
      const category = await categories.save(categories.create({ ...CATEGORY_RESET, ...fields, sortOrder: (last ?? -1) + 1 }));
      const repository = manager.getRepository(SkillEntity);
      await repository.save(
        skills.map((skill, index) => repository.create({ ...SKILL_RESET, ...skill, categoryId: category.id, sortOrder: index })),
      );
      return { id: category.id };
    });
  }

  async replaceCategory(id: string, dto: UpdateSkillCategoryDto): Promise<SkillCategoryDto> {
    return this.updateCategory(id, { ...CATEGORY_RESET, ...dto });
  }

  async patchCategory(id: string, dto: UpdateSkillCategoryDto): Promise<SkillCategoryDto> {
    return this.updateCategory(id, dto);
  }

  /** The database cascades the deletion to the category's skills. */
  async removeCategory(id: string): Promise<void> {
    this.database.assertWritable();
    const { affected } = await this.categories.delete({ id });
    if (!affected) throw categoryNotFound(id);
  }

  /** A new skill goes last in its category. */
  async createSkill(categoryId: string, dto: CreateSkillDto): Promise<{ id: string }> {
    this.database.assertWritable();
    return this.skills.manager.transaction(async (manager) => {
      const category = await manager.getRepository(SkillCategoryEntity).findOne({
        where: { id: categoryId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!category) throw categoryNotFound(categoryId);
      const skills = manager.getRepository(SkillEntity);
      const last = await skills.maximum('sortOrder', { categoryId });
      const saved = await skills.save(skills.create({ ...SKILL_RESET, ...dto, categoryId, sortOrder: (last ?? -1) + 1 }));
      return { id: saved.id };
    });
  }

  async replaceSkill(id: string, dto: UpdateSkillDto): Promise<SkillDto> {
    return this.updateSkill(id, { ...SKILL_RESET, ...dto });
  }

  async patchSkill(id: string, dto: UpdateSkillDto): Promise<SkillDto> {
    return this.updateSkill(id, dto);
  }

  async removeSkill(id: string): Promise<void> {
    this.database.assertWritable();
    const { affected } = await this.skills.delete({ id });
    if (!affected) throw skillNotFound(id);
  }

  private async updateCategory(id: string, changes: Partial<SkillCategoryEntity>): Promise<SkillCategoryDto> {
    this.database.assertWritable();
    const category = await this.categories.findOneBy({ id });
    if (!category) throw categoryNotFound(id);
    const saved = await this.categories.save(this.categories.merge(category, changes));
    const skills = await this.skills.find({ where: { categoryId: id }, order: IN_ORDER });
    return toSkillCategory({ ...saved, skills });
  }

  private async updateSkill(id: string, changes: Partial<SkillEntity>): Promise<SkillDto> {
    this.database.assertWritable();
    const skill = await this.skills.findOneBy({ id });
    if (!skill) throw skillNotFound(id);
    return toSkill(await this.skills.save(this.skills.merge(skill, changes)));
  }
}

function categoryNotFound(id: string): NotFoundException {
  return new NotFoundException({ detail: `Skill category ${id} not found` });
}

function skillNotFound(id: string): NotFoundException {
  return new NotFoundException({ detail: `Skill ${id} not found` });
}
