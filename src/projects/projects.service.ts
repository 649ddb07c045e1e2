import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { applyPartialOrder } from '@/common/ordering/partial-order';
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
import { type ItemChanges, KeyTaken } from '@/content-store/ordered-collection';
import { type Project, ProjectsRepository } from './persistence/projects.repository';
import { projectDefaults, projectFromItem } from './project-defaults';
import { toProjectCard, toProjectDetail, toProjectItem } from './project.mapper';
import { slugify } from './slug';
import { ContentDomainStore } from '@/content-domain/content-domain-stores';
import { ContentTransactions } from '@/content-store/content-transactions';

@Injectable()
@ContentDomainStore('projects')
export class ProjectsService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly transactions: ContentTransactions,
  ) {}

  async findCards(language: Language = DEFAULT_LANGUAGE): Promise<ProjectCardDto[]> {
    return (await this.projects.findAll()).map((project) => toProjectCard(inLanguage(project, PROJECT_TEXT_FIELDS, language)));
  }

  readIn(language: Language): Promise<ProjectCardDto[]> {
    return this.findCards(language);
  }

  /** The project with previous/next navigation in the order of the cards. */
  async findDetail(slug: string, language: Language = DEFAULT_LANGUAGE): Promise<ProjectDetailDto> {
    const placed = await this.projects.findPlaced(slug);
    if (!placed) throw projectNotFound(slug);
    const read = (project: Project | undefined) => project && inLanguage(project, PROJECT_TEXT_FIELDS, language);
    return toProjectDetail({ item: read(placed.item)!, previous: read(placed.previous), next: read(placed.next) });
  }

  /** A new project goes last; its slug is derived from the title unless given. */
  async create(dto: CreateProjectDto): Promise<ProjectCreatedDto> {
    const slug = dto.slug ?? derivedSlug(dto.title);
    const id = await unique(slug, this.projects.add({ ...projectDefaults(slug), ...dto, slug }, 'last'));
    return { id, slug };
  }

  /** PUT: every omitted optional field is reset; the slug stays unless the body gives one. */
  replace(slug: string, dto: UpdateProjectDto): Promise<ProjectDetailDto> {
    return this.update(slug, { ...projectDefaults(dto.slug ?? slug), ...dto }, dto.slug);
  }

  /** PATCH: only the fields given change, and in `translations` only the languages and fields given. */
  patch(slug: string, dto: UpdateProjectDto): Promise<ProjectDetailDto> {
    return this.update(slug, patchedWith<ProjectText, Project>(dto));
  }

  async remove(slug: string): Promise<void> {
    if (!(await this.projects.remove(slug))) throw projectNotFound(slug);
  }

  /** The listed slugs first, in that order; the rest keep their order after them. */
  async reorder(order: readonly string[]): Promise<ProjectCardDto[]> {
    const reordered = await this.projects.reorder((current) =>
      applyPartialOrder(current, order, (project) => project.slug, 'project slug'),
    );
    return reordered.map(toProjectCard);
  }

  /** Every project as a content document lists it, in display order. */
  async exportPart(): Promise<ProjectItem[]> {
    return (await this.projects.findAll()).map(toProjectItem);
  }

  /** Replaces every project with a content document's, in its order. */
  replacePart(items: readonly ProjectItem[]): Promise<void> {
    return this.projects.replaceAll(items.map(projectFromItem));
  }

  /** Those of the slugs no project has: one read of the projects, however many slugs are asked about. */
  async unknownSlugs(slugs: readonly string[]): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const known = new Set((await this.projects.findAll()).map((project) => project.slug));
    return new Set(slugs.filter((slug) => !known.has(slug)));
  }

  isEmpty(): Promise<boolean> {
    return this.projects.isEmpty();
  }

  /**
   * `movesTo`: the new slug the change gives the project, which a 409 names when it is taken. The
   * answer (with its neighbours) is read in the write's own transaction: what it wrote, as it wrote it.
   */
  private update(slug: string, changes: ItemChanges<Project>, movesTo = slug): Promise<ProjectDetailDto> {
    return this.transactions.run(async () => {
      const updated = await unique(movesTo, this.projects.update(slug, changes));
      if (!updated) throw projectNotFound(slug);
      return this.findDetail(updated.slug);
    });
  }
}

async function unique<T>(slug: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof KeyTaken) throw new ConflictException({ detail: `Slug "${slug}" is already taken` });
    throw error;
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
