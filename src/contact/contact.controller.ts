import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequestId } from '@/common/http/request-id.middleware';
import { errorResponse, Operation } from '@/common/openapi/operation.decorator';
import { headerRef } from '@/common/openapi/response-headers';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { ContactChallenge } from './contact-challenge';
import { ContactService } from './contact.service';
import { ContactChallengeDto } from './dto/contact-challenge.dto';
import { ContactRequestDto } from './dto/contact-request.dto';
import { ContactResponseDto } from './dto/contact-response.dto';

@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(
    private readonly contact: ContactService,
    private readonly challenges: ContactChallenge,
  ) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @RateLimit(5)
  @Operation({
    operationId: 'sendContactMessage',
    summary: 'Send a contact message',
    description:
      'Stores the message (with a database), then mails a notification to the site owner and a confirmation to the sender ' +
      '(which carries no text the sender wrote). Credentials rejected by the mail server, or a confirmation refused for good ' +
      'after the owner was notified, still give 200; any other mail failure gives 500.',
    body: {
      example: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: 'I would like to talk about a data project.',
        company: 'Analytical Engines Ltd.',
      },
    },
    responses: {
      200: {
        type: ContactResponseDto,
        description: 'Received; the owner has the message and the confirmation went out (or was refused for good)',
      },
      500: {
        description:
          'A mail could not be sent. With a database the message was kept and will be delivered, and the detail says so; without one it says to try again later',
        detail: 'Your message was received and kept, and will be delivered shortly; there is no need to send it again',
      },
      503: 'The database is unavailable, or (with CONTACT_CHALLENGE) whether the challenge was spent cannot be checked now; nothing was sent',
    },
  })
  submit(@Body() request: ContactRequestDto, @RequestId() requestId: string): Promise<ContactResponseDto> {
    return this.contact.submit(request, requestId);
  }

  @Get('challenge')
  @RateLimit(30)
  @Operation({
    operationId: 'getContactChallenge',
    summary: 'A proof-of-work challenge for the contact form (CONTACT_CHALLENGE=altcha)',
    description:
      "The ALTCHA widget (challengeurl) solves it in the browser and puts the solution in the message's `altcha` field. " +
      'A challenge is valid for 10 minutes and is spent by one message.',
    responses: {
      200: {
        type: ContactChallengeDto,
        description: 'A signed challenge, as altcha-lib makes it; never kept by a cache (Cache-Control: no-store)',
        headers: { 'Cache-Control': headerRef('Cache-Control') },
      },
      404: {
        ...errorResponse('The form asks no challenge', 'The contact form asks no challenge (CONTACT_CHALLENGE is off)'),
        headers: { 'Cache-Control': headerRef('Cache-Control') },
      },
    },
  })
  challenge(): Promise<ContactChallengeDto> {
    return this.challenges.create();
  }
}
