import { Body, Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminCreate, AdminDelete, AdminPatch, AdminReplace } from '@/auth/admin-operation.decorator';
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
const NOT_FOUND = 'No project has this slug';
const SLUG_TAKEN = 'The slug is already taken';

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
  @ApiNotFoundResponse({ description: NOT_FOUND, type: ErrorDetailDto })
  findOne(@Param('project_id') slug: string): Promise<ProjectDetailDto> {
    return this.projects.findDetail(slug);
  }

  @AdminCreate('', { summary: 'Create a project; it goes last', returns: ProjectCreatedDto, conflict: SLUG_TAKEN })
  create(@Body() dto: CreateProjectDto): Promise<ProjectCreatedDto> {
    return this.projects.create(dto);
  }

  // Declared before PATCH :slug so that "reorder" is never taken for a slug.
  @AdminPatch('reorder', {
    summary: 'Move the listed projects to the front, in the listed order',
    returns: [ProjectCardDto],
    outcome: 'Every project in its new order',
    notFound: 'A listed slug is unknown; nothing changed',
  })
  reorder(@Body() dto: ReorderRequestDto): Promise<ProjectCardDto[]> {
    return this.projects.reorder(dto.order);
  }

  @AdminReplace(':slug', {
    summary: 'Replace a project',
    description: 'title and description are required; omitted optional fields are reset. The slug stays unless given.',
    param: SLUG_PARAM,
    returns: ProjectDetailDto,
    notFound: NOT_FOUND,
    conflict: SLUG_TAKEN,
  })
  replace(
    @Param('slug') slug: string,
    @Body(new RequireFieldsPipe<UpdateProjectDto>(['title', 'description'])) dto: UpdateProjectDto,
  ): Promise<ProjectDetailDto> {
    return this.projects.replace(slug, dto);
  }

  @AdminPatch(':slug', {
    summary: 'Change the given fields of a project',
    param: SLUG_PARAM,
    returns: ProjectDetailDto,
    notFound: NOT_FOUND,
    conflict: SLUG_TAKEN,
  })
  patch(@Param('slug') slug: string, @Body() dto: UpdateProjectDto): Promise<ProjectDetailDto> {
    return this.projects.patch(slug, dto);
  }

  @AdminDelete(':slug', { summary: 'Delete a project', param: SLUG_PARAM, notFound: NOT_FOUND })
  remove(@Param('slug') slug: string): Promise<void> {
    return this.projects.remove(slug);
  }
}
