import { Body, Controller, Get, Patch, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { CvGenerationService } from './cv-generation.service';
import { cvFileName } from './cv-language';
import { CvDownloadRequestDto } from './dto/cv-language.dto';
import { CvStatusDto } from './dto/cv-status.dto';

@ApiTags('cv')
@Controller('api/cv')
export class CvGenerationController {
  constructor(private readonly generation: CvGenerationService) {}

  @Get('status')
  @ApiOperation({ summary: 'Whether on-demand CV generation is available' })
  @ApiOkResponse({ type: CvStatusDto })
  async status(): Promise<CvStatusDto> {
    return { enabled: await this.generation.isEnabled() };
  }

  @Patch('generate')
  @RateLimit(2)
  @ApiOperation({
    summary: 'Generate the CV from the current content',
    description: 'Renders the CV with headless Chromium. The body is optional; english when left out.',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The CV as a PDF file',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiNotFoundResponse({ description: 'The cvGeneration flag is off', type: ErrorDetailDto })
  @ApiServiceUnavailableResponse({
    description: 'No usable browser, too many renders waiting, or a render over 30 s',
    type: ErrorDetailDto,
  })
  async generate(@Body() request: CvDownloadRequestDto): Promise<StreamableFile> {
    const pdf = await this.generation.generate(request.lang);
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="${cvFileName(request.lang)}"`,
    });
  }
}
