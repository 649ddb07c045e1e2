import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { ProjectCardDto } from './dto/project-card.dto';
import { ProjectDetailDto } from './dto/project-detail.dto';
import { ProjectsService } from './projects.service';

@ApiTags('projects')
@Controller('api/projects')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get()
  @RateLimit(60)
  @ApiOperation({ summary: 'Project cards in display order' })
  @ApiOkResponse({ type: [ProjectCardDto] })
  findAll(): Promise<ProjectCardDto[]> {
    return this.projects.findCards();
  }

  @Get(':project_id')
  @RateLimit(60)
  @ApiOperation({ summary: 'One project with its detail and previous/next navigation' })
  @ApiParam({ name: 'project_id', description: 'Project slug', example: 'tidewatch' })
  @ApiOkResponse({ type: ProjectDetailDto })
  @ApiNotFoundResponse({ description: 'No project has this slug', type: ErrorDetailDto })
  findOne(@Param('project_id') slug: string): Promise<ProjectDetailDto> {
    return this.projects.findDetail(slug);
  }
}
