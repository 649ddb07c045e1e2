import { Body, Controller, Get, Patch, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Operation } from '@/common/openapi/operation.decorator';
import { headerRef } from '@/common/openapi/response-headers';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { Previewable } from '@/read-model/public-read.decorator';
import { CvGenerationService } from './cv-generation.service';
import { cvFileName } from './cv-language';
import { CvDownloadRequestDto } from './dto/cv-language.dto';
import { CvStatusDto } from './dto/cv-status.dto';

@ApiTags('cv')
@Controller('cv')
export class CvGenerationController {
  constructor(private readonly generation: CvGenerationService) {}

  @Get('status')
  @Operation({
    operationId: 'getCvStatus',
    summary: 'Whether on-demand CV generation is available',
    description: 'Public. Follows the cvGeneration feature flag (PATCH /api/cv/generate answers 404 while it is off).',
    responses: { 200: CvStatusDto },
  })
  async status(): Promise<CvStatusDto> {
    return { enabled: await this.generation.isEnabled() };
  }

  @Patch('generate')
  @RateLimit(2)
  @Previewable()
  @Operation({
    operationId: 'generateCv',
    summary: 'Generate the CV from the current content',
    description:
      "Renders the CV with headless Chromium. The body is optional; english when left out. With ?preview=<token> it renders the owner's draft (private, no-store).",
    body: { example: { lang: 'english' } },
    responses: {
      // The PDF is the only answer in another media type than JSON; every error is JSON.
      200: {
        description: 'The CV as a PDF file',
        content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        headers: { 'Content-Disposition': headerRef('Content-Disposition'), 'Cache-Control': headerRef('Cache-Control') },
      },
      404: { description: 'The cvGeneration flag is off', detail: 'CV generation is not enabled' },
      503: {
        description: 'No usable browser, too many renders waiting, or a render over 30 s',
        detail: 'CV generation is unavailable: no usable browser',
      },
    },
  })
  async generate(@Body() request: CvDownloadRequestDto): Promise<StreamableFile> {
    const pdf = await this.generation.generate(request.lang);
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="${cvFileName(request.lang)}"`,
    });
  }
}
