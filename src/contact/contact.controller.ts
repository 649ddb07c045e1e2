import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { RequestId } from '@/common/http/request-id.middleware';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { ContactService } from './contact.service';
import { ContactRequestDto } from './dto/contact-request.dto';
import { ContactResponseDto } from './dto/contact-response.dto';

@ApiTags('contact')
@Controller('api/contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @RateLimit(5)
  @ApiOperation({
    summary: 'Send a contact message',
    description:
      'Stores the message (with a database), then mails a notification to the site owner and a confirmation to the sender. ' +
      'Credentials rejected by the mail server still give 200; any other mail failure gives 500.',
  })
  @ApiOkResponse({ type: ContactResponseDto, description: 'Received; both mails were handed to the mail server' })
  @ApiServiceUnavailableResponse({ description: 'The database is unavailable; nothing was sent', type: ErrorDetailDto })
  submit(@Body() request: ContactRequestDto, @RequestId() requestId: string): Promise<ContactResponseDto> {
    return this.contact.submit(request, requestId);
  }
}
