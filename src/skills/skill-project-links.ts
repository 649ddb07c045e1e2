import { Injectable } from '@nestjs/common';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { ReferenceMissing } from '@/content-store/ordered-collection';
import { ProjectsService } from '@/projects/projects.service';
import { unknownProject } from './project-links';

/** The projects one skill links, and where the request named them. */
export interface ProjectLinks {
  projects?: readonly string[];
  at: (string | number)[];
}

/** A skill's links follow projects and never dangle: each slug it names must be a project's. */
@Injectable()
export class SkillProjectLinks {
  constructor(private readonly projects: ProjectsService) {}

  /**
   * A write of skills' links, each checked to name a project first. The database checks them again as
   * it writes (a project deleted meanwhile is a ReferenceMissing), and then they are checked here once
   * more, to answer which link names nothing now.
   */
  async checked<T>(links: ProjectLinks[], write: () => Promise<T>): Promise<T> {
    await this.assertProjectsExist(links);
    try {
      return await write();
    } catch (error) {
      if (error instanceof ReferenceMissing) await this.assertProjectsExist(links);
      throw error;
    }
  }

  /** A link naming no project is a 422 at that link. */
  private async assertProjectsExist(links: ProjectLinks[]): Promise<void> {
    const unknown = await this.projects.unknownSlugs(links.flatMap(({ projects = [] }) => projects));
    if (unknown.size === 0) return;
    throw new RequestValidationException(
      links.flatMap(({ projects = [], at }) =>
        projects.flatMap((slug, index) =>
          unknown.has(slug) ? [{ loc: ['body', ...at, index], msg: unknownProject(slug), type: 'value_error' }] : [],
        ),
      ),
    );
  }
}
