import type { ProjectCardDto } from './dto/project-card.dto';
import type { ProjectDetailDto, ProjectLinkDto } from './dto/project-detail.dto';
import type { PlacedItem } from '@/content-store/ordered-collection';
import { listedTranslations, type ProjectItem } from '@/content';
import type { Project } from './persistence/projects.repository';

export function toProjectCard(project: Project): ProjectCardDto {
  return {
    slug: project.slug,
    title: project.title,
    description: project.description,
    longDescription: project.longDescription,
    technologies: project.technologies,
    category: project.category,
    status: project.status,
    impact: project.impact,
    demo: project.demo,
    image: project.image,
    client: project.client,
  };
}

const toLink = (project: Project | undefined): ProjectLinkDto | null => (project ? { slug: project.slug, title: project.title } : null);

/** Every field of a project's detail. */
function detailFields(project: Project): Omit<Project, 'translations'> {
  return {
    ...toProjectCard(project),
    overview: project.overview,
    challenge: project.challenge,
    solution: project.solution,
    results: project.results,
    responsibilities: project.responsibilities,
    embeddedApp: project.embeddedApp,
    publicationUrl: project.publicationUrl,
    thesisUrl: project.thesisUrl,
  };
}

/** A project as a content document lists it: every field of its detail, and its translations. */
export function toProjectItem(project: Project): ProjectItem {
  return { ...detailFields(project), ...listedTranslations(project.translations) };
}

/** A project's detail, with its neighbours in display order. */
export function toProjectDetail({ item, previous, next }: PlacedItem<Project>): ProjectDetailDto {
  return { ...detailFields(item), navigation: { previous: toLink(previous), next: toLink(next) } };
}
