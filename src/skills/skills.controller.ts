import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Put } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly } from '@/auth/admin-only.decorator';
import { IdResponseDto } from '@/common/dto/id-response.dto';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { ParseUUIDPathPipe } from '@/common/validation/path-params.pipe';
import { RequireFieldsPipe } from '@/common/validation/require-fields.pipe';
import { ApiDatabaseBacked } from '@/database/database-unavailable.decorator';
import { CreateSkillCategoryDto } from './dto/create-skill-category.dto';
import { CreateSkillDto } from './dto/create-skill.dto';
import { SkillCategoryDto, SkillDto } from './dto/skill-category.dto';
import { UpdateSkillCategoryDto } from './dto/update-skill-category.dto';
import { UpdateSkillDto } from './dto/update-skill.dto';
import { SkillsService } from './skills.service';

const CATEGORY_ID_PARAM = { name: 'category_id', format: 'uuid', description: 'Skill category UUID' };
const SKILL_ID_PARAM = { name: 'skill_id', format: 'uuid', description: 'Skill UUID' };
const CATEGORY_NOT_FOUND = { description: 'No skill category has this id', type: ErrorDetailDto };
const SKILL_NOT_FOUND = { description: 'No skill has this id', type: ErrorDetailDto };

@ApiTags('skills')
@ApiDatabaseBacked()
@Controller('api/skills')
export class SkillsController {
  constructor(private readonly skills: SkillsService) {}

  @Get()
  @RateLimit(60)
  @ApiOperation({ summary: 'Skill categories with their skills' })
  @ApiOkResponse({ type: [SkillCategoryDto] })
  findAll(): Promise<SkillCategoryDto[]> {
    return this.skills.findCategories();
  }

  @Post('categories')
  @AdminOnly()
  @ApiOperation({ summary: 'Create a skill category, optionally with skills; it goes last' })
  @ApiCreatedResponse({ type: IdResponseDto })
  createCategory(@Body() dto: CreateSkillCategoryDto): Promise<IdResponseDto> {
    return this.skills.createCategory(dto);
  }

  @Put('categories/:category_id')
  @AdminOnly()
  @ApiOperation({ summary: 'Replace a skill category (title required); its skills stay as they are' })
  @ApiParam(CATEGORY_ID_PARAM)
  @ApiOkResponse({ type: SkillCategoryDto })
  @ApiNotFoundResponse(CATEGORY_NOT_FOUND)
  replaceCategory(
    @Param('category_id', ParseUUIDPathPipe) id: string,
    @Body(new RequireFieldsPipe<UpdateSkillCategoryDto>(['title'])) dto: UpdateSkillCategoryDto,
  ): Promise<SkillCategoryDto> {
    return this.skills.replaceCategory(id, dto);
  }

  @Patch('categories/:category_id')
  @AdminOnly()
  @ApiOperation({ summary: 'Change the given fields of a skill category' })
  @ApiParam(CATEGORY_ID_PARAM)
  @ApiOkResponse({ type: SkillCategoryDto })
  @ApiNotFoundResponse(CATEGORY_NOT_FOUND)
  patchCategory(
    @Param('category_id', ParseUUIDPathPipe) id: string,
    @Body() dto: UpdateSkillCategoryDto,
  ): Promise<SkillCategoryDto> {
    return this.skills.patchCategory(id, dto);
  }

  @Delete('categories/:category_id')
  @AdminOnly()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a skill category and its skills' })
  @ApiParam(CATEGORY_ID_PARAM)
  @ApiNoContentResponse({ description: 'Deleted, with its skills' })
  @ApiNotFoundResponse(CATEGORY_NOT_FOUND)
  removeCategory(@Param('category_id', ParseUUIDPathPipe) id: string): Promise<void> {
    return this.skills.removeCategory(id);
  }

  @Post('categories/:category_id/skills')
  @AdminOnly()
  @ApiOperation({ summary: 'Add a skill to a category; it goes last' })
  @ApiParam(CATEGORY_ID_PARAM)
  @ApiCreatedResponse({ type: IdResponseDto })
  @ApiNotFoundResponse(CATEGORY_NOT_FOUND)
  createSkill(
    @Param('category_id', ParseUUIDPathPipe) categoryId: string,
    @Body() dto: CreateSkillDto,
  ): Promise<IdResponseDto> {
    return this.skills.createSkill(categoryId, dto);
  }

  @Put(':skill_id')
  @AdminOnly()
  @ApiOperation({ summary: 'Replace a skill (name required)' })
  @ApiParam(SKILL_ID_PARAM)
  @ApiOkResponse({ type: SkillDto })
  @ApiNotFoundResponse(SKILL_NOT_FOUND)
  replaceSkill(
    @Param('skill_id', ParseUUIDPathPipe) id: string,
    @Body(new RequireFieldsPipe<UpdateSkillDto>(['name'])) dto: UpdateSkillDto,
  ): Promise<SkillDto> {
    return this.skills.replaceSkill(id, dto);
  }

  @Patch(':skill_id')
  @AdminOnly()
  @ApiOperation({ summary: 'Change the given fields of a skill' })
  @ApiParam(SKILL_ID_PARAM)
  @ApiOkResponse({ type: SkillDto })
  @ApiNotFoundResponse(SKILL_NOT_FOUND)
  patchSkill(@Param('skill_id', ParseUUIDPathPipe) id: string, @Body() dto: UpdateSkillDto): Promise<SkillDto> {
    return this.skills.patchSkill(id, dto);
  }

  @Delete(':skill_id')
  @AdminOnly()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a skill' })
  @ApiParam(SKILL_ID_PARAM)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse(SKILL_NOT_FOUND)
  removeSkill(@Param('skill_id', ParseUUIDPathPipe) id: string): Promise<void> {
    return this.skills.removeSkill(id);
  }
}
