import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn } from 'class-validator';
import { HttpUrlField, IsOmittable, TextField } from '@/common/validation/validation.decorators';
import { EXAMPLE_RECEIVER_URL } from '@/webhooks/webhooks.examples';
import { DEFAULT_WEBHOOK_EVENTS, SUBSCRIBABLE_EVENTS, type WebhookEvent } from '@/webhooks/webhook-events';

export class CreateWebhookDto {
  @HttpUrlField({
    max: 2_000,
    absent: 'required',
    description:
      'Where each event is POSTed. Not on a loopback, private, link-local or metadata address (unless the operator allows it), checked again at each delivery',
    example: EXAMPLE_RECEIVER_URL,
  })
  readonly url!: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', enum: SUBSCRIBABLE_EVENTS },
    minItems: 1,
    uniqueItems: true,
    default: DEFAULT_WEBHOOK_EVENTS,
    description: 'The events it gets (webhook.test is sent on request, whatever it subscribes to)',
    example: ['content.published', 'cv.changed'],
  })
  @IsOmittable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(SUBSCRIBABLE_EVENTS.length)
  @ArrayUnique()
  @IsIn(SUBSCRIBABLE_EVENTS, { each: true, message: `Input should be ${SUBSCRIBABLE_EVENTS.map((event) => `'${event}'`).join(', ')}` })
  readonly events: WebhookEvent[] = DEFAULT_WEBHOOK_EVENTS;

  @TextField({ max: 500, optional: true, description: 'What it is for', example: 'Rebuild the site on Netlify' })
  readonly description: string = '';
}
