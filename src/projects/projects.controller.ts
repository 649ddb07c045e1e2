import { ReorderRequestDto } from '@/common/dto/reorder-request.dto';
import { LanguageQueryDto } from '@/content-domain/language-query.dto';
import { listController } from '@/content-routes/list-controller';
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

export class ProjectsController extends listController({
  domain: 'projects',
  service: ProjectsService,
  list: {
    read: { operationId: 'listProjects', summary: 'Project cards in display order', returns: [ProjectCardDto] },
    query: LanguageQueryDto,
    answer: (projects, { lang }) => projects.findAll(lang),
  },
  one: {
    read: {
      operationId: 'getProject',
      summary: 'One project with its detail and previous/next navigation',
      returns: ProjectDetailDto,
      notFound: NOT_FOUND,
    },
    path: ':project_id',
    params: ProjectIdParams,
    answer: (projects, { project_id }, lang) => projects.findDetail(project_id, lang),
  },
  key: { name: 'slug', params: ProjectSlugParams },
  item: ProjectDetailDto,
  listed: ProjectCardDto,
  notFound: NOT_FOUND,
  taken: { description: 'The slug is already taken', detail: `Slug "${EXAMPLE_SLUG}" is already taken` },
  changes: UpdateProjectDto,
  create: {
    operationId: 'createProject',
    summary: 'Create a project; it goes last',
    body: CreateProjectDto,
    example: CREATE_PROJECT_EXAMPLE,
    answers: ProjectCreatedDto,
  },
  reorder: {
    operationId: 'reorderProjects',
    summary: 'Move the listed projects to the front, in the listed order',
    body: ReorderRequestDto,
    example: REORDER_PROJECTS_EXAMPLE,
    listedDescription: 'Every project in its new order',
    unknown: { description: 'A listed slug is unknown; nothing changed', detail: 'Unknown project slug: harbour-planer' },
  },
  replace: {
    operationId: 'replaceProject',
    summary: 'Replace a project',
    description: 'title and description are required; omitted optional fields are reset. The slug stays unless given.',
    required: ['title', 'description'],
    example: REPLACE_PROJECT_EXAMPLE,
  },
  update: { operationId: 'updateProject', summary: 'Change the given fields of a project', example: PATCH_PROJECT_EXAMPLE },
  remove: { operationId: 'deleteProject', summary: 'Delete a project' },
}) {}
