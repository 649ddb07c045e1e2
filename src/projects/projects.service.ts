import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { type ProjectContent, PROJECTS } from '@/content';
import { isUniqueViolation } from '@/database/database-errors';
import { DatabaseStatus } from '@/database/database-status';
import { reorderRows } from '@/database/reorder-rows';
import { PreparedBody } from '@/read-model/prepared-body';
import { ReadModel } from '@/read-model/read-model.service';
import type { CreateProjectDto } from './dto/create-project.dto';
import type { ProjectCardDto } from './dto/project-card.dto';
import type { ProjectCreatedDto } from './dto/project-created.dto';
import type { ProjectDetailDto } from './dto/project-detail.dto';
import type { UpdateProjectDto } from './dto/update-project.dto';
import { ProjectEntity } from './entities/project.entity';
import { toProjectCard, toProjectDetail } from './project.mapper';
import { slugify } from './slug';

const DISPLAY_ORDER = { sortOrder: 'ASC', createdAt: 'ASC' } as const;

/** What PUT resets an omitted optional field to. */
const resetFields = (slug: string) => ({
  longDescription: '',
  technologies: [],
  category: '',
  status: '',
  impact: '',
  demo: `/projects/${slug}`,
  image: '',
  client: '',
  overview: '',
  challenge: '',
  solution: '',
  results: [],
  responsibilities: [],
  embeddedApp: null,
  publicationUrl: null,
  thesisUrl: null,
});

@Injectable()
export class ProjectsService {
  constructor(
    @InjectRepository(ProjectEntity) private readonly projects: Repository<ProjectEntity>,
    private readonly database: DatabaseStatus,
    private readonly readModel: ReadModel,
  ) {}

  /** GET /api/projects, prepared once per change. */
  cardsBody(): Promise<PreparedBody> {
    return this.readModel.view('projects', 'cards', async () => PreparedBody.of(await this.findCards()));
  }

  /** GET /api/projects/{slug}: every detail is prepared at once, so an unknown slug costs no query. */
  async detailBody(slug: string): Promise<PreparedBody> {
    const details = await this.readModel.view('projects', 'details', async () => {
      const ordered = await this.inDisplayOrder();
      return new Map(ordered.map((project, index) => [project.slug, PreparedBody.of(toProjectDetail(ordered, index))]));
    });
    const body = details.get(slug);
    if (!body) throw projectNotFound(slug);
    return body;
  }

  async findCards(): Promise<ProjectCardDto[]> {
    return (await this.inDisplayOrder()).map(toProjectCard);
  }

  async findDetail(slug: string): Promise<ProjectDetailDto> {
    const ordered = await this.inDisplayOrder();
    const index = ordered.findIndex((project) => project.slug === slug);
    if (index < 0) throw projectNotFound(slug);
    return toProjectDetail(ordered, index);
  }

  /** A new project goes last. */
  async create(dto: CreateProjectDto): Promise<ProjectCreatedDto> {
    this.database.assertWritable();
    const slug = dto.slug ?? derivedSlug(dto.title);
    const saved = await this.saveUnique(slug, (manager) =>
      manager.transaction(async (transaction) => {
        const repository = transaction.getRepository(ProjectEntity);
        const last = await repository.maximum('sortOrder');
        return repository.save(repository.create({ ...resetFields(slug), ...dto, slug, sortOrder: (last ?? -1) + 1 }));
      }),
    );
    return { id: saved.id, slug: saved.slug };
  }

  /** PUT: every omitted optional field is reset; the slug stays unless the body gives one. */
  async replace(slug: string, dto: UpdateProjectDto): Promise<ProjectDetailDto> {
    return this.update(slug, (project) => ({ ...resetFields(dto.slug ?? project.slug), ...dto }));
  }

  /** PATCH: only the fields given change. */
  async patch(slug: string, dto: UpdateProjectDto): Promise<ProjectDetailDto> {
    return this.update(slug, () => dto);
  }

  async remove(slug: string): Promise<void> {
    this.database.assertWritable();
    const { affected } = await this.projects.delete({ slug: storableSlug(slug) });
    if (!affected) throw projectNotFound(slug);
  }

  async reorder(order: readonly string[]): Promise<ProjectCardDto[]> {
    this.database.assertWritable();
    const reordered = await reorderRows(this.projects, order, DISPLAY_ORDER, (project) => project.slug, 'project slug');
    return reordered.map(toProjectCard);
  }

  private async update(slug: string, changes: (project: ProjectEntity) => Partial<ProjectEntity>): Promise<ProjectDetailDto> {
    this.database.assertWritable();
    const project = await this.projects.findOneBy({ slug: storableSlug(slug) });
    if (!project) throw projectNotFound(slug);
    const updated = this.projects.merge(project, changes(project));
    await this.saveUnique(updated.slug, (manager) => manager.save(updated));
    return this.findDetail(updated.slug);
  }

  private async saveUnique<T>(slug: string, save: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await save(this.projects.manager);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException({ detail: `Slug "${slug}" is already taken` });
      throw error;
    }
  }

  private async inDisplayOrder(): Promise<readonly ProjectContent[]> {
    return this.database.isConfigured ? this.projects.find({ order: DISPLAY_ORDER }) : PROJECTS;
  }
}

function projectNotFound(slug: string): NotFoundException {
  return new NotFoundException({ detail: `Project "${slug}" not found` });
}

function derivedSlug(title: string): string {
  const slug = slugify(title);
  if (!slug) {
    throw RequestValidationException.single(['body', 'slug'], 'No slug can be derived from this title; give one', 'value_error');
  }
  return slug;
}

/** PostgreSQL text cannot hold U+0000, so such a slug names no project and is never sent to it. */
function storableSlug(slug: string): string {
  if (slug.includes('\u0000')) throw projectNotFound(slug);
  return slug;
}
