import type { ProjectItem } from '@/content';
import { OrderedCollection } from '@/content-store/ordered-collection';

/** A project as kept: every field of its detail, the slug (its key) included. */
export type Project = Required<ProjectItem>;

/** The projects in display order, addressed by slug. */
export abstract class ProjectsRepository extends OrderedCollection<Project> {}
