import type { ProjectContent } from '@/content';
import type { ProjectCardDto } from './dto/project-card.dto';
import type { ProjectDetailDto, ProjectLinkDto } from './dto/project-detail.dto';

export function toProjectCard(project: ProjectContent): ProjectCardDto {
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

const toLink = (project: ProjectContent | undefined): ProjectLinkDto | null =>
  project ? { slug: project.slug, title: project.title } : null;

/** The detail of `ordered[index]`, with neighbours taken from the same display order. */
export function toProjectDetail(ordered: readonly ProjectContent[], index: number): ProjectDetailDto {
  const project = ordered[index];
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
    navigation: { previous: toLink(ordered[index - 1]), next: toLink(ordered[index + 1]) },
  };
}
