import { Body, Controller, Get, Head, Patch, Query } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { ConditionalRequest, type NamesETag } from '@/common/http/conditional-requests';
import { Operation } from '@/common/openapi/operation.decorator';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { CvFileAnswer } from './cv-file-answer';
import { CvFilesService } from './cv-files.service';
import { CvDownloadLinkDto } from './dto/cv-download-link.dto';
import { CvDownloadRequestDto, CvLanguageQueryDto } from './dto/cv-language.dto';

@ApiTags('cv')
@Controller('download-cv')
export class CvDownloadController {
  constructor(private readonly files: CvFilesService) {}

  /**
   * The download's headers without the file: a HEAD is not a download and counts nothing.
   * Declared before the GET, which Express would otherwise let answer HEAD too.
   */
  @Head()
  @RateLimit(10)
  @ApiExcludeEndpoint()
  async describe(@Query() query: CvLanguageQueryDto): Promise<CvFileAnswer> {
    return new CvFileAnswer(await this.files.find(query.lang));
  }

  /** Left out of the description on purpose: browsers follow the link PATCH returns. */
  @Get()
  @RateLimit(10)
  @ApiExcludeEndpoint()
  async download(@Query() query: CvLanguageQueryDto, @ConditionalRequest() namesETag: NamesETag): Promise<CvFileAnswer> {
    const file = await this.files.download(query.lang, namesETag);
    return new CvFileAnswer(file, file.content);
  }

  @Patch()
  @RateLimit(10)
  @Operation({
    operationId: 'getCvDownloadLink',
    summary: 'Where to download the CV in a language',
    description: 'The body is optional; english when left out. PATCH, so the explorer shows it as an action button.',
    body: { example: { lang: 'nederlands' } },
    responses: {
      200: CvDownloadLinkDto,
      404: { description: 'This language variant is missing', detail: 'The nederlands CV is not available' },
    },
  })
  link(@Body() request: CvDownloadRequestDto): Promise<CvDownloadLinkDto> {
    return this.files.link(request.lang);
  }
}
