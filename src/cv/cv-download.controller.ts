import { Body, Controller, Get, Patch, Query, StreamableFile } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { Operation } from '@/common/openapi/operation.decorator';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { CvFilesService } from './cv-files.service';
import { CvDownloadLinkDto } from './dto/cv-download-link.dto';
import { CvDownloadRequestDto, CvLanguageQueryDto } from './dto/cv-language.dto';

@ApiTags('cv')
@Controller('download-cv')
export class CvDownloadController {
  constructor(private readonly files: CvFilesService) {}

  /** Left out of the description on purpose: browsers follow the link PATCH returns. */
  @Get()
  @RateLimit(10)
  @ApiExcludeEndpoint()
  async download(@Query() query: CvLanguageQueryDto): Promise<StreamableFile> {
    const file = await this.files.open(query.lang);
    return new StreamableFile(file.stream, {
      type: 'application/pdf',
      length: file.size,
      disposition: `attachment; filename="${file.filename}"`,
    });
  }

  @Patch()
  @Operation({
    summary: 'Where to download the CV in a language',
    description: 'The body is optional; english when left out. PATCH, so the explorer shows it as an action button.',
    responses: { 200: CvDownloadLinkDto, 404: 'This language variant is missing' },
  })
  link(@Body() request: CvDownloadRequestDto): Promise<CvDownloadLinkDto> {
    return this.files.link(request.lang);
  }
}
