import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AdminCreate, AdminDelete, AdminPatch, AdminReplace } from '@/auth/admin-operation.decorator';
import { ReorderRequestDto } from '@/common/dto/reorder-request.dto';
import { RequireFieldsPipe } from '@/common/validation/require-fields.pipe';
import { ApiDatabaseBacked } from '@/database/database-unavailable.decorator';
import { ChangesContent } from '@/read-model/changes-content.decorator';
import { PublicRead } from '@/read-model/public-read.decorator';
import { sendPrepared } from '@/read-model/send-prepared';
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

  @PublicRead('', { summary: 'Project cards in display order', returns: [ProjectCardDto] })
  async findAll(@Req() req: Request, @Res() res: Response): Promise<void> {
    sendPrepared(req, res, await this.projects.cardsBody());
  }

  @PublicRead(':project_id', {
    summary: 'One project with its detail and previous/next navigation',
    param: { name: 'project_id', description: 'Project slug', example: 'tidewatch' },
    returns: ProjectDetailDto,
    notFound: NOT_FOUND,
  })
  async findOne(@Param('project_id') slug: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendPrepared(req, res, await this.projects.detailBody(slug));
  }

  @ChangesContent('projects')
  @AdminCreate('', { summary: 'Create a project; it goes last', returns: ProjectCreatedDto, conflict: SLUG_TAKEN })
  create(@Body() dto: CreateProjectDto): Promise<ProjectCreatedDto> {
    return this.projects.create(dto);
  }

  // Declared before PATCH :slug so that "reorder" is never taken for a slug.
  @ChangesContent('projects')
  @AdminPatch('reorder', {
    summary: 'Move the listed projects to the front, in the listed order',
    returns: [ProjectCardDto],
    outcome: 'Every project in its new order',
    notFound: 'A listed slug is unknown; nothing changed',
  })
  reorder(@Body() dto: ReorderRequestDto): Promise<ProjectCardDto[]> {
    return this.projects.reorder(dto.order);
  }

  @ChangesContent('projects')
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

  @ChangesContent('projects')
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

  @ChangesContent('projects')
  @AdminDelete(':slug', { summary: 'Delete a project', param: SLUG_PARAM, notFound: NOT_FOUND })
  remove(@Param('slug') slug: string): Promise<void> {
    return this.projects.remove(slug);
  }
}
