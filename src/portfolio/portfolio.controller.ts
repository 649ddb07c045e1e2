import { DEMO_CONTENT } from '@/content';
import { Body, Controller, Get, Put, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { ContentDomain } from '@/read-model/content-domain.decorator';
import { LARGE_BODY_LIMIT, readableBytes } from '@/common/http/body-limits';
import { ParseJsonBodyInterceptor } from '@/common/http/parse-json-body.interceptor';
import { ContentCountsDto, ContentDocumentDto } from './dto/content-document.dto';
import { PortfolioService } from './portfolio.service';

@ApiTags('content')
@Controller('admin/content')
@ContentDomain('profile', 'projects', 'experience', 'skills', 'awards', 'certifications')
export class PortfolioController {
  constructor(private readonly portfolio: PortfolioService) {}

  @Get()
  @AdminOperation({
    summary: 'Export all content as one document',
    description: 'From the database, or the served document without one. PUT it back to restore it, or to another environment to move it.',
    responses: { 200: ContentDocumentDto },
  })
  export(): Promise<ContentDocumentDto> {
    return this.portfolio.export() as Promise<ContentDocumentDto>;
  }

  @Put()
  // Its body (up to LARGE_BODY_LIMIT) is read as bytes, and parsed only once the credential is checked.
  @UseInterceptors(ParseJsonBodyInterceptor)
  @AdminOperation({
    summary: 'Replace all content with a document',
    description:
      'One transaction: every list is replaced, or nothing is when anything is invalid (422, with loc paths into the document). ' +
      'Contact messages and CV download events are not content and stay.',
    body: { example: DEMO_CONTENT },
    responses: {
      200: ContentCountsDto,
      413: {
        description: `Request body larger than ${readableBytes(LARGE_BODY_LIMIT)}`,
        detail: `Request body exceeds the ${readableBytes(LARGE_BODY_LIMIT)} limit`,
      },
    },
  })
  import(@Body() document: ContentDocumentDto): Promise<ContentCountsDto> {
    return this.portfolio.import(document);
  }
}
