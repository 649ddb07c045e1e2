import type { ProjectItem } from '@/content';
import type { Project } from './persistence/projects.repository';

/** What a project's optional fields are when a create, a PUT or a content document leaves them out. */
export const projectDefaults = (slug: string): Omit<Project, 'slug' | 'title' | 'description'> => ({
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
  translations: {},
});

/** A project as a content document gives it, with the fields it leaves out filled in. */
export const projectFromItem = (item: ProjectItem): Project => ({ ...projectDefaults(item.slug), ...item });
