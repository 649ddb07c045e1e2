import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import {
  DEFAULT_LANGUAGE,
  inLanguage,
  type Language,
  patchedWith,
  PROJECT_TEXT_FIELDS,
  type ProjectItem,
  type ProjectText,
} from '@/content';
import type { CreateProjectDto } from './dto/create-project.dto';
import type { ProjectCardDto } from './dto/project-card.dto';
import type { ProjectCreatedDto } from './dto/project-created.dto';
import type { ProjectDetailDto } from './dto/project-detail.dto';
import type { UpdateProjectDto } from './dto/update-project.dto';
import { KeyTaken } from '@/content-store/ordered-collection';
import { type Project, ProjectsRepository } from './persistence/projects.repository';
import { projectDefaults, projectFromItem } from './project-defaults';
import { toProjectCard, toProjectDetail, toProjectItem } from './project.mapper';
import { slugify } from './slug';
import { ContentDomainStore } from '@/content-domain/content-domain-stores';
import { ContentListService } from '@/content-domain/content-list.service';
import { ContentTransactions } from '@/content-store/content-transactions';
import { ImageSets } from '@/media/image-sets';
import type { ImageSetDto } from '@/media/dto/image-set.dto';

/** New projects go last; a project is named by its slug, which its title gives unless the body does. */
@Injectable()
@ContentDomainStore('projects')
export class ProjectsService extends ContentListService<Project, ProjectCardDto, ProjectItem, ProjectDetailDto> {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly transactions: ContentTransactions,
    private readonly imageSets: ImageSets,
  ) {
    super(projects, {
      domain: 'projects',
      noun: 'Project',
      newItemsGo: 'last',
      defaults: {},
      toDto: toProjectCard,
      toItem: toProjectItem,
      fromItem: projectFromItem,
    });
  }

  /** The cards, each whose image names an uploaded picture with its image set. */
  override async findAll(language: Language = DEFAULT_LANGUAGE): Promise<ProjectCardDto[]> {
    const cards = await super.findAll(language);
    const sets = await this.imageSets.of(
      cards.map((card) => card.image),
      language,
    );
    return cards.map((card) => withImageSet(card, sets));
  }

  /** The project with previous/next navigation in the order of the cards. */
  async findDetail(slug: string, language: Language = DEFAULT_LANGUAGE): Promise<ProjectDetailDto> {
    const placed = await this.projects.findPlaced(slug);
    if (!placed) throw this.notFound(slug);
    const read = (project: Project | undefined) => project && inLanguage(project, PROJECT_TEXT_FIELDS, language);
    const detail = toProjectDetail({ item: read(placed.item)!, previous: read(placed.previous), next: read(placed.next) });
    return withImageSet(detail, await this.imageSets.of([detail.image], language));
  }

  /** A new project goes last; its slug is derived from the title unless given. */
  override async create(dto: CreateProjectDto): Promise<ProjectCreatedDto> {
    const slug = dto.slug ?? derivedSlug(dto.title);
    const id = await unique(slug, this.projects.add({ ...projectDefaults(slug), ...dto, slug }, 'last'));
    return { id, slug };
  }

  /** PUT: every omitted optional field is reset; the slug stays unless the body gives one. */
  override replace(slug: string, dto: UpdateProjectDto): Promise<ProjectDetailDto> {
    return this.moving(slug, dto.slug, () => ({ ...projectDefaults(dto.slug ?? slug), ...dto }));
  }

  /** PATCH: only the fields given change, and in `translations` only the languages and fields given. */
  override patch(slug: string, dto: UpdateProjectDto): Promise<ProjectDetailDto> {
    return this.moving(slug, dto.slug, patchedWith<ProjectText, Project>(dto));
  }

  /** Those of the slugs no project has: one read of the projects, however many slugs are asked about. */
  async unknownSlugs(slugs: readonly string[]): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const known = new Set((await this.projects.findAll()).map((project) => project.slug));
    return new Set(slugs.filter((slug) => !known.has(slug)));
  }

  /** The answer is the detail, with its neighbours, read in the write's own transaction: what it wrote, as it wrote it. */
  protected override async answering(write: () => Promise<Project>): Promise<ProjectDetailDto> {
    return this.findDetail((await write()).slug);
  }

  protected override notFound(slug: string): NotFoundException {
    return new NotFoundException({ detail: `Project "${slug}" not found` });
  }

  /** An edit that may give the project a new slug (`movesTo`), which a 409 names when another project has it. */
  private moving(slug: string, movesTo: string | undefined, changes: (current: Project) => Partial<Project>): Promise<ProjectDetailDto> {
    return this.transactions.run(() => unique(movesTo ?? slug, this.update(slug, changes)));
  }
}

/** The card or detail with the image set of its image, when the image names an uploaded picture. */
function withImageSet<T extends { image: string }>(read: T, sets: Map<string, ImageSetDto>): T {
  const imageSet = sets.get(read.image);
  return imageSet ? { ...read, imageSet } : read;
}

async function unique<T>(slug: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof KeyTaken) throw new ConflictException({ detail: `Slug "${slug}" is already taken` });
    throw error;
  }
}

function derivedSlug(title: string): string {
  const slug = slugify(title);
  if (!slug) {
    throw RequestValidationException.single(['body', 'slug'], 'No slug can be derived from this title; give one', 'value_error');
  }
  return slug;
}
