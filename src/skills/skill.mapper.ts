import type { SkillCategoryDto, SkillDto } from './dto/skill-category.dto';
import type { SkillCategoryEntity } from './entities/skill-category.entity';
import type { SkillEntity } from './entities/skill.entity';

export function toSkill(skill: SkillEntity): SkillDto {
  return { id: skill.id, name: skill.name, projects: skill.projects };
}

export function toSkillCategory(category: SkillCategoryEntity): SkillCategoryDto {
  return {
    id: category.id,
    title: category.title,
    iconName: category.iconName,
    iconColor: category.iconColor,
    skills: category.skills.map(toSkill),
  };
}
