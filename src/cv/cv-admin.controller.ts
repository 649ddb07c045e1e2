import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { LARGE_BODY_LIMIT, readableBytes } from '@/common/http/body-limits';
import { PdfBody } from '@/common/http/late-body.interceptor';
import { CONTENT_STORE_UNAVAILABLE } from '@/common/openapi/common-responses';
import { CvPublishingService } from './cv-publishing.service';
import { CvLanguageParams } from './dto/cv-language.dto';
import { CvServedDto } from './dto/cv-served.dto';
import { UploadedPdf } from './uploaded-pdf.decorator';

const NO_STORED_CV = {
  description: 'Nothing was uploaded or published in this language',
  detail: 'No nederlands CV was uploaded or published',
};

/** The owner's CV: what each language serves, an upload, a publish from the content, and the way back. */
@ApiTags('cv')
@Controller('admin/cv')
export class CvAdminController {
  constructor(private readonly publishing: CvPublishingService) {}

  @Get()
  @AdminOperation({
    operationId: 'listServedCvs',
    summary: 'What GET /api/download-cv serves in each language, and since when',
    responses: { 200: { type: [CvServedDto], description: 'One entry per language' } },
  })
  served(): Promise<CvServedDto[]> {
    return this.publishing.served();
  }

  @Put(':lang')
  @PdfBody()
  @ApiConsumes('application/pdf')
  @ApiBody({
    required: true,
    description: `The CV as a PDF file, at most ${readableBytes(LARGE_BODY_LIMIT)}`,
    schema: { type: 'string', format: 'binary' },
  })
  @AdminOperation({
    operationId: 'uploadCv',
    summary: 'Upload the CV of a language; downloads serve it as sent, on every instance',
    description: `The body is the PDF itself (Content-Type: application/pdf, at most ${readableBytes(LARGE_BODY_LIMIT)}), read only after the credential check.`,
    responses: {
      200: CvServedDto,
      413: {
        description: `A PDF larger than ${readableBytes(LARGE_BODY_LIMIT)}`,
        detail: `Request body exceeds the ${readableBytes(LARGE_BODY_LIMIT)} limit`,
      },
      415: { description: 'A body that is not application/pdf', detail: 'A CV is uploaded as application/pdf' },
      503: CONTENT_STORE_UNAVAILABLE,
    },
  })
  upload(@Param() { lang }: CvLanguageParams, @UploadedPdf() pdf: Buffer): Promise<CvServedDto> {
    return this.publishing.upload(lang, pdf);
  }

  @Post(':lang/publish')
  @HttpCode(HttpStatus.OK)
  @AdminOperation({
    operationId: 'publishCv',
    summary: 'Render the CV of a language from the current content and serve it; it is rendered again after every content change',
    description:
      'Whatever the cvGeneration flag says. After content changes the published CV is rendered again (one render per burst of changes, within 30 s, once across instances).',
    responses: {
      200: CvServedDto,
      503: { description: 'No database, or no usable browser', detail: 'CV generation is unavailable: no usable browser' },
    },
  })
  publish(@Param() { lang }: CvLanguageParams): Promise<CvServedDto> {
    return this.publishing.publish(lang);
  }

  @Delete(':lang')
  @HttpCode(HttpStatus.NO_CONTENT)
  @AdminOperation({
    operationId: 'deleteCv',
    summary: 'Stop serving the uploaded or published CV of a language: the download goes back to CV_DIR’s file, or to none',
    responses: { 204: 'Deleted', 404: NO_STORED_CV, 503: CONTENT_STORE_UNAVAILABLE },
  })
  remove(@Param() { lang }: CvLanguageParams): Promise<void> {
    return this.publishing.remove(lang);
  }
}
