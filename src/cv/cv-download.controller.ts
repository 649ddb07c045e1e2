import { Body, Controller, Get, Patch, Query, StreamableFile } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { CvFilesService } from './cv-files.service';
import { CvDownloadLinkDto } from './dto/cv-download-link.dto';
import { CvDownloadRequestDto, CvLanguageQueryDto } from './dto/cv-language.dto';

@ApiTags('cv')
@Controller('api/download-cv')
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
  @ApiOperation({
    summary: 'Where to download the CV in a language',
    description: 'The body is optional; english when left out. PATCH, so the explorer shows it as an action button.',
  })
  @ApiOkResponse({ type: CvDownloadLinkDto })
  @ApiNotFoundResponse({ description: 'This language variant is missing', type: ErrorDetailDto })
  link(@Body() request: CvDownloadRequestDto): Promise<CvDownloadLinkDto> {
    return this.files.link(request.lang);
  }
}
