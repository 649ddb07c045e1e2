import { DraftableWrites } from '@/content-domain/draftable-writes.decorator';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { ReorderRequestDto } from '@/common/dto/reorder-request.dto';
import { RequireFieldsPipe } from '@/common/validation/require-fields.pipe';
import { LanguageQueryDto } from '@/content-domain/language-query.dto';
import { ContentDomain } from '@/read-model/content-domain.decorator';
import { PublicRead } from '@/read-model/public-read.decorator';
import { CreateProjectDto } from './dto/create-project.dto';
import { ProjectCardDto } from './dto/project-card.dto';
import { ProjectCreatedDto } from './dto/project-created.dto';
import { ProjectDetailDto } from './dto/project-detail.dto';
import { ProjectIdParams, ProjectSlugParams } from './dto/project-params.dto';
import { UpdateProjectDto } from './dto/update-project.dto';
import {
  CREATE_PROJECT_EXAMPLE,
  EXAMPLE_SLUG,
  PATCH_PROJECT_EXAMPLE,
  REORDER_PROJECTS_EXAMPLE,
  REPLACE_PROJECT_EXAMPLE,
} from './projects.examples';
import { ProjectsService } from './projects.service';

const NOT_FOUND = { description: 'No project has this slug', detail: 'Project "harbour-planer" not found' };
const SLUG_TAKEN = { description: 'The slug is already taken', detail: `Slug "${EXAMPLE_SLUG}" is already taken` };

@ApiTags('projects')
@Controller('projects')
@ContentDomain('projects')
@DraftableWrites()
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get()
  @PublicRead({ operationId: 'listProjects', summary: 'Project cards in display order', returns: [ProjectCardDto] })
  findAll(@Query() { lang }: LanguageQueryDto): Promise<ProjectCardDto[]> {
    return this.projects.findAll(lang);
  }

  @Get(':project_id')
  @PublicRead({
    operationId: 'getProject',
    summary: 'One project with its detail and previous/next navigation',
    returns: ProjectDetailDto,
    notFound: NOT_FOUND,
  })
  findOne(@Param() { project_id }: ProjectIdParams, @Query() { lang }: LanguageQueryDto): Promise<ProjectDetailDto> {
    return this.projects.findDetail(project_id, lang);
  }

  @Post()
  @AdminOperation({
    operationId: 'createProject',
    summary: 'Create a project; it goes last',
    body: { example: CREATE_PROJECT_EXAMPLE },
    responses: { 201: ProjectCreatedDto, 409: SLUG_TAKEN },
  })
  create(@Body() dto: CreateProjectDto): Promise<ProjectCreatedDto> {
    return this.projects.create(dto);
  }

  // Declared before PATCH :slug so that "reorder" is never taken for a slug.
  @Patch('reorder')
  @AdminOperation({
    operationId: 'reorderProjects',
    summary: 'Move the listed projects to the front, in the listed order',
    body: { example: REORDER_PROJECTS_EXAMPLE },
    responses: {
      200: { type: [ProjectCardDto], description: 'Every project in its new order' },
      404: { description: 'A listed slug is unknown; nothing changed', detail: 'Unknown project slug: harbour-planer' },
    },
  })
  reorder(@Body() dto: ReorderRequestDto): Promise<ProjectCardDto[]> {
    return this.projects.reorder(dto.order);
  }

  @Put(':slug')
  @AdminOperation({
    operationId: 'replaceProject',
    summary: 'Replace a project',
    description: 'title and description are required; omitted optional fields are reset. The slug stays unless given.',
    body: { example: REPLACE_PROJECT_EXAMPLE },
    responses: { 200: ProjectDetailDto, 404: NOT_FOUND, 409: SLUG_TAKEN },
  })
  replace(
    @Param() { slug }: ProjectSlugParams,
    @Body(new RequireFieldsPipe<UpdateProjectDto>(['title', 'description'])) dto: UpdateProjectDto,
  ): Promise<ProjectDetailDto> {
    return this.projects.replace(slug, dto);
  }

  @Patch(':slug')
  @AdminOperation({
    operationId: 'updateProject',
    summary: 'Change the given fields of a project',
    body: { example: PATCH_PROJECT_EXAMPLE },
    responses: { 200: ProjectDetailDto, 404: NOT_FOUND, 409: SLUG_TAKEN },
  })
  patch(@Param() { slug }: ProjectSlugParams, @Body() dto: UpdateProjectDto): Promise<ProjectDetailDto> {
    return this.projects.patch(slug, dto);
  }

  @Delete(':slug')
  @HttpCode(HttpStatus.NO_CONTENT)
  @AdminOperation({ operationId: 'deleteProject', summary: 'Delete a project', responses: { 204: 'Deleted', 404: NOT_FOUND } })
  remove(@Param() { slug }: ProjectSlugParams): Promise<void> {
    return this.projects.remove(slug);
  }
}
