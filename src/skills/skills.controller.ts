import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { SkillCategoryDto } from './dto/skill-category.dto';
import { SkillsService } from './skills.service';

@ApiTags('skills')
@Controller('api/skills')
export class SkillsController {
  constructor(private readonly skills: SkillsService) {}

  @Get()
  @RateLimit(60)
  @ApiOperation({ summary: 'Skill categories with their skills' })
  @ApiOkResponse({ type: [SkillCategoryDto] })
  findAll(): Promise<SkillCategoryDto[]> {
    return this.skills.findCategories();
  }
}
