import { Injectable } from '@nestjs/common';
import { SKILL_CATEGORIES } from '@/content';
import { SkillCategoryDto } from './dto/skill-category.dto';

@Injectable()
export class SkillsService {
  async findCategories(): Promise<SkillCategoryDto[]> {
    return [...SKILL_CATEGORIES];
  }
}
