import { Injectable, NotFoundException } from '@nestjs/common';
import { PROJECTS } from '@/content';
import { ProjectCardDto } from './dto/project-card.dto';
import { ProjectDetailDto } from './dto/project-detail.dto';
import { toProjectCard, toProjectDetail } from './project.mapper';

@Injectable()
export class ProjectsService {
  async findCards(): Promise<ProjectCardDto[]> {
    return PROJECTS.map(toProjectCard);
  }

  async findDetail(slug: string): Promise<ProjectDetailDto> {
    const index = PROJECTS.findIndex((project) => project.slug === slug);
    if (index < 0) throw new NotFoundException({ detail: `Project "${slug}" not found` });
    return toProjectDetail(PROJECTS, index);
  }
}
