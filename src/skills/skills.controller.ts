import { DraftableWrites } from '@/content-domain/draftable-writes.decorator';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { IdResponseDto } from '@/common/dto/id-response.dto';
import { RequireFieldsPipe } from '@/common/validation/require-fields.pipe';
import { LanguageQueryDto } from '@/content-domain/language-query.dto';
import { ServesContent } from '@/read-model/serves-content.decorator';
import { PublicRead } from '@/read-model/public-read.decorator';
import { CreateSkillCategoryDto } from './dto/create-skill-category.dto';
import { CreateSkillDto } from './dto/create-skill.dto';
import { SkillCategoryDto, SkillDto } from './dto/skill-category.dto';
import { SkillCategoryIdParams, SkillIdParams } from './dto/skill-params.dto';
import { UpdateSkillCategoryDto } from './dto/update-skill-category.dto';
import { UpdateSkillDto } from './dto/update-skill.dto';
import {
  CREATE_CATEGORY_EXAMPLE,
  CREATE_SKILL_EXAMPLE,
  PATCH_CATEGORY_EXAMPLE,
  PATCH_SKILL_EXAMPLE,
  REPLACE_CATEGORY_EXAMPLE,
  REPLACE_SKILL_EXAMPLE,
} from './skills.examples';
import { SkillCategoriesService } from './skill-categories.service';
import { SkillsService } from './skills.service';
import { type ContentWrite, ContentWriteOf } from '@/content-writes/content-write';
import { ContentWrites } from '@/content-writes/content-writes.service';

const CATEGORY_NOT_FOUND = {
  description: 'No skill category has this id',
  detail: 'Skill category 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a not found',
};
const SKILL_NOT_FOUND = { description: 'No skill has this id', detail: 'Skill 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a not found' };

@ApiTags('skills')
@Controller('skills')
@ServesContent('skills')
@DraftableWrites()
export class SkillsController {
  constructor(
    private readonly categories: SkillCategoriesService,
    private readonly skills: SkillsService,
    private readonly writes: ContentWrites,
  ) {}

  @Get()
  @PublicRead({ operationId: 'listSkillCategories', summary: 'Skill categories with their skills', returns: [SkillCategoryDto] })
  findAll(@Query() { lang }: LanguageQueryDto): Promise<SkillCategoryDto[]> {
    return this.categories.findCategories(lang);
  }

  @Post('categories')
  @AdminOperation({
    operationId: 'createSkillCategory',
    summary: 'Create a skill category, optionally with skills; it goes last',
    body: { example: CREATE_CATEGORY_EXAMPLE },
    responses: { 201: IdResponseDto },
  })
  createCategory(@Body() dto: CreateSkillCategoryDto, @ContentWriteOf() write: ContentWrite): Promise<IdResponseDto> {
    return this.writes.run(write, () => this.categories.createCategory(dto));
  }

  @Put('categories/:category_id')
  @AdminOperation({
    operationId: 'replaceSkillCategory',
    summary: 'Replace a skill category (title required); its skills stay as they are',
    body: { example: REPLACE_CATEGORY_EXAMPLE },
    responses: { 200: SkillCategoryDto, 404: CATEGORY_NOT_FOUND },
  })
  replaceCategory(
    @Param() { category_id }: SkillCategoryIdParams,
    @Body(new RequireFieldsPipe<UpdateSkillCategoryDto>(['title'])) dto: UpdateSkillCategoryDto,
    @ContentWriteOf() write: ContentWrite,
  ): Promise<SkillCategoryDto> {
    return this.writes.run(write, () => this.categories.replaceCategory(category_id, dto));
  }

  @Patch('categories/:category_id')
  @AdminOperation({
    operationId: 'updateSkillCategory',
    summary: 'Change the given fields of a skill category',
    body: { example: PATCH_CATEGORY_EXAMPLE },
    responses: { 200: SkillCategoryDto, 404: CATEGORY_NOT_FOUND },
  })
  patchCategory(
    @Param() { category_id }: SkillCategoryIdParams,
    @Body() dto: UpdateSkillCategoryDto,
    @ContentWriteOf() write: ContentWrite,
  ): Promise<SkillCategoryDto> {
    return this.writes.run(write, () => this.categories.patchCategory(category_id, dto));
  }

  @Delete('categories/:category_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @AdminOperation({
    operationId: 'deleteSkillCategory',
    summary: 'Delete a skill category and its skills',
    responses: { 204: 'Deleted, with its skills', 404: CATEGORY_NOT_FOUND },
  })
  removeCategory(@Param() { category_id }: SkillCategoryIdParams, @ContentWriteOf() write: ContentWrite): Promise<void> {
    return this.writes.run(write, () => this.categories.removeCategory(category_id));
  }

  @Post('categories/:category_id/skills')
  @AdminOperation({
    operationId: 'createSkill',
    summary: 'Add a skill to a category; it goes last',
    body: { example: CREATE_SKILL_EXAMPLE },
    responses: { 201: IdResponseDto, 404: CATEGORY_NOT_FOUND },
  })
  createSkill(
    @Param() { category_id }: SkillCategoryIdParams,
    @Body() dto: CreateSkillDto,
    @ContentWriteOf() write: ContentWrite,
  ): Promise<IdResponseDto> {
    return this.writes.run(write, () => this.skills.createSkill(category_id, dto));
  }

  @Put(':skill_id')
  @AdminOperation({
    operationId: 'replaceSkill',
    summary: 'Replace a skill (name required)',
    body: { example: REPLACE_SKILL_EXAMPLE },
    responses: { 200: SkillDto, 404: SKILL_NOT_FOUND },
  })
  replaceSkill(
    @Param() { skill_id }: SkillIdParams,
    @Body(new RequireFieldsPipe<UpdateSkillDto>(['name'])) dto: UpdateSkillDto,
    @ContentWriteOf() write: ContentWrite,
  ): Promise<SkillDto> {
    return this.writes.run(write, () => this.skills.replaceSkill(skill_id, dto));
  }

  @Patch(':skill_id')
  @AdminOperation({
    operationId: 'updateSkill',
    summary: 'Change the given fields of a skill',
    body: { example: PATCH_SKILL_EXAMPLE },
    responses: { 200: SkillDto, 404: SKILL_NOT_FOUND },
  })
  patchSkill(@Param() { skill_id }: SkillIdParams, @Body() dto: UpdateSkillDto, @ContentWriteOf() write: ContentWrite): Promise<SkillDto> {
    return this.writes.run(write, () => this.skills.patchSkill(skill_id, dto));
  }

  @Delete(':skill_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @AdminOperation({ operationId: 'deleteSkill', summary: 'Delete a skill', responses: { 204: 'Deleted', 404: SKILL_NOT_FOUND } })
  removeSkill(@Param() { skill_id }: SkillIdParams, @ContentWriteOf() write: ContentWrite): Promise<void> {
    return this.writes.run(write, () => this.skills.removeSkill(skill_id));
  }
}
