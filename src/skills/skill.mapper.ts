import type { SkillCategoryDto, SkillDto } from './dto/skill-category.dto';
import type { Skill, SkillCategory } from './persistence/skills.repository';

export function toSkill(skill: Skill): SkillDto {
  return { id: skill.id, name: skill.name, projects: skill.projects };
}

export function toSkillCategory(category: SkillCategory, skills: readonly Skill[]): SkillCategoryDto {
  return {
    id: category.id,
    title: category.title,
    iconName: category.iconName,
    iconColor: category.iconColor,
    skills: skills.map(toSkill),
  };
}
