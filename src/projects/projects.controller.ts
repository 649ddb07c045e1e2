import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Put } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly } from '@/auth/admin-only.decorator';
import { ReorderRequestDto } from '@/common/dto/reorder-request.dto';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { RequireFieldsPipe } from '@/common/validation/require-fields.pipe';
import { ApiDatabaseBacked } from '@/database/database-unavailable.decorator';
import { CreateProjectDto } from './dto/create-project.dto';
import { ProjectCardDto } from './dto/project-card.dto';
import { ProjectCreatedDto } from './dto/project-created.dto';
import { ProjectDetailDto } from './dto/project-detail.dto';
import { UpdateProjectDto } from './dto/update-project.dto';
import { ProjectsService } from './projects.service';

const SLUG_PARAM = { name: 'slug', description: 'Project slug', example: 'tidewatch' };
const NOT_FOUND = { description: 'No project has this slug', type: ErrorDetailDto };
const SLUG_TAKEN = { description: 'The slug is already taken', type: ErrorDetailDto };

@ApiTags('projects')
@ApiDatabaseBacked()
@Controller('api/projects')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get()
  @RateLimit(60)
  @ApiOperation({ summary: 'Project cards in display order' })
  @ApiOkResponse({ type: [ProjectCardDto] })
  findAll(): Promise<ProjectCardDto[]> {
    return this.projects.findCards();
  }

  @Get(':project_id')
  @RateLimit(60)
  @ApiOperation({ summary: 'One project with its detail and previous/next navigation' })
  @ApiParam({ name: 'project_id', description: 'Project slug', example: 'tidewatch' })
  @ApiOkResponse({ type: ProjectDetailDto })
  @ApiNotFoundResponse(NOT_FOUND)
  findOne(@Param('project_id') slug: string): Promise<ProjectDetailDto> {
    return this.projects.findDetail(slug);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a project; it goes last' })
  @ApiCreatedResponse({ type: ProjectCreatedDto })
  @ApiConflictResponse(SLUG_TAKEN)
  create(@Body() dto: CreateProjectDto): Promise<ProjectCreatedDto> {
    return this.projects.create(dto);
  }

  // Declared before PATCH :slug so that "reorder" is never taken for a slug.
  @Patch('reorder')
  @AdminOnly()
  @ApiOperation({ summary: 'Move the listed projects to the front, in the listed order' })
  @ApiOkResponse({ type: [ProjectCardDto], description: 'Every project in its new order' })
  @ApiNotFoundResponse({ description: 'A listed slug is unknown; nothing changed', type: ErrorDetailDto })
  reorder(@Body() dto: ReorderRequestDto): Promise<ProjectCardDto[]> {
    return this.projects.reorder(dto.order);
  }

  @Put(':slug')
  @AdminOnly()
  @ApiOperation({
    summary: 'Replace a project',
    description: 'title and description are required; omitted optional fields are reset. The slug stays unless given.',
  })
  @ApiParam(SLUG_PARAM)
  @ApiOkResponse({ type: ProjectDetailDto })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse(SLUG_TAKEN)
  replace(
    @Param('slug') slug: string,
    @Body(new RequireFieldsPipe<UpdateProjectDto>(['title', 'description'])) dto: UpdateProjectDto,
  ): Promise<ProjectDetailDto> {
    return this.projects.replace(slug, dto);
  }

  @Patch(':slug')
  @AdminOnly()
  @ApiOperation({ summary: 'Change the given fields of a project' })
  @ApiParam(SLUG_PARAM)
  @ApiOkResponse({ type: ProjectDetailDto })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse(SLUG_TAKEN)
  patch(@Param('slug') slug: string, @Body() dto: UpdateProjectDto): Promise<ProjectDetailDto> {
    return this.projects.patch(slug, dto);
  }

  @Delete(':slug')
  @AdminOnly()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a project' })
  @ApiParam(SLUG_PARAM)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse(NOT_FOUND)
  remove(@Param('slug') slug: string): Promise<void> {
    return this.projects.remove(slug);
  }
}
