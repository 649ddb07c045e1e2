import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AdminCreate, AdminDelete, AdminPatch, AdminReplace } from '@/auth/admin-operation.decorator';
import { IdResponseDto } from '@/common/dto/id-response.dto';
import { ParseUUIDPathPipe } from '@/common/validation/path-params.pipe';
import { RequireFieldsPipe } from '@/common/validation/require-fields.pipe';
import { ApiDatabaseBacked } from '@/database/database-unavailable.decorator';
import { ChangesContent } from '@/read-model/changes-content.decorator';
import { PublicRead } from '@/read-model/public-read.decorator';
import { sendPrepared } from '@/read-model/send-prepared';
import { CreateSkillCategoryDto } from './dto/create-skill-category.dto';
import { CreateSkillDto } from './dto/create-skill.dto';
import { SkillCategoryDto, SkillDto } from './dto/skill-category.dto';
import { UpdateSkillCategoryDto } from './dto/update-skill-category.dto';
import { UpdateSkillDto } from './dto/update-skill.dto';
import { SkillsService } from './skills.service';

const CATEGORY_ID_PARAM = { name: 'category_id', format: 'uuid', description: 'Skill category UUID' };
const SKILL_ID_PARAM = { name: 'skill_id', format: 'uuid', description: 'Skill UUID' };
const CATEGORY_NOT_FOUND = 'No skill category has this id';
const SKILL_NOT_FOUND = 'No skill has this id';

@ApiTags('skills')
@ApiDatabaseBacked()
@Controller('api/skills')
export class SkillsController {
  constructor(private readonly skills: SkillsService) {}

  @PublicRead('', { summary: 'Skill categories with their skills', returns: [SkillCategoryDto] })
  async findAll(@Req() req: Request, @Res() res: Response): Promise<void> {
    sendPrepared(req, res, await this.skills.categoriesBody());
  }

  @ChangesContent('skills')
  @AdminCreate('categories', { summary: 'Create a skill category, optionally with skills; it goes last', returns: IdResponseDto })
  createCategory(@Body() dto: CreateSkillCategoryDto): Promise<IdResponseDto> {
    return this.skills.createCategory(dto);
  }

  @ChangesContent('skills')
  @AdminReplace('categories/:category_id', {
    summary: 'Replace a skill category (title required); its skills stay as they are',
    param: CATEGORY_ID_PARAM,
    returns: SkillCategoryDto,
    notFound: CATEGORY_NOT_FOUND,
  })
  replaceCategory(
    @Param('category_id', ParseUUIDPathPipe) id: string,
    @Body(new RequireFieldsPipe<UpdateSkillCategoryDto>(['title'])) dto: UpdateSkillCategoryDto,
  ): Promise<SkillCategoryDto> {
    return this.skills.replaceCategory(id, dto);
  }

  @ChangesContent('skills')
  @AdminPatch('categories/:category_id', {
    summary: 'Change the given fields of a skill category',
    param: CATEGORY_ID_PARAM,
    returns: SkillCategoryDto,
    notFound: CATEGORY_NOT_FOUND,
  })
  patchCategory(@Param('category_id', ParseUUIDPathPipe) id: string, @Body() dto: UpdateSkillCategoryDto): Promise<SkillCategoryDto> {
    return this.skills.patchCategory(id, dto);
  }

  @ChangesContent('skills')
  @AdminDelete('categories/:category_id', {
    summary: 'Delete a skill category and its skills',
    param: CATEGORY_ID_PARAM,
    outcome: 'Deleted, with its skills',
    notFound: CATEGORY_NOT_FOUND,
  })
  removeCategory(@Param('category_id', ParseUUIDPathPipe) id: string): Promise<void> {
    return this.skills.removeCategory(id);
  }

  @ChangesContent('skills')
  @AdminCreate('categories/:category_id/skills', {
    summary: 'Add a skill to a category; it goes last',
    param: CATEGORY_ID_PARAM,
    returns: IdResponseDto,
    notFound: CATEGORY_NOT_FOUND,
  })
  createSkill(@Param('category_id', ParseUUIDPathPipe) categoryId: string, @Body() dto: CreateSkillDto): Promise<IdResponseDto> {
    return this.skills.createSkill(categoryId, dto);
  }

  @ChangesContent('skills')
  @AdminReplace(':skill_id', {
    summary: 'Replace a skill (name required)',
    param: SKILL_ID_PARAM,
    returns: SkillDto,
    notFound: SKILL_NOT_FOUND,
  })
  replaceSkill(
    @Param('skill_id', ParseUUIDPathPipe) id: string,
    @Body(new RequireFieldsPipe<UpdateSkillDto>(['name'])) dto: UpdateSkillDto,
  ): Promise<SkillDto> {
    return this.skills.replaceSkill(id, dto);
  }

  @ChangesContent('skills')
  @AdminPatch(':skill_id', {
    summary: 'Change the given fields of a skill',
    param: SKILL_ID_PARAM,
    returns: SkillDto,
    notFound: SKILL_NOT_FOUND,
  })
  patchSkill(@Param('skill_id', ParseUUIDPathPipe) id: string, @Body() dto: UpdateSkillDto): Promise<SkillDto> {
    return this.skills.patchSkill(id, dto);
  }

  @ChangesContent('skills')
  @AdminDelete(':skill_id', { summary: 'Delete a skill', param: SKILL_ID_PARAM, notFound: SKILL_NOT_FOUND })
  removeSkill(@Param('skill_id', ParseUUIDPathPipe) id: string): Promise<void> {
    return this.skills.removeSkill(id);
  }
}
