import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { IsText, IsUuid, IsWholeNumber } from '@/common/validation/validation.decorators';
import { EXAMPLE_DELIVERY_ID, EXAMPLE_WEBHOOK_ID } from '@/webhooks/webhooks.examples';

/** A delivery id: `msg_` and 32 hexadecimal digits. */
export const DELIVERY_ID = /^msg_[0-9a-f]{32}$/;

export class WebhookIdParams {
  @ApiProperty({ format: 'uuid', description: 'Webhook UUID', example: EXAMPLE_WEBHOOK_ID })
  @IsUuid()
  readonly webhook_id!: string;
}

export class DeliveryIdParams {
  @ApiProperty({ description: 'Delivery id', pattern: DELIVERY_ID.source, example: EXAMPLE_DELIVERY_ID })
  @IsText({ min: 1, max: 100 })
  @Matches(DELIVERY_ID, { message: 'Input should be a delivery id (msg_ and 32 hexadecimal digits)' })
  readonly delivery_id!: string;
}

export class DeliveriesQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 100,
    default: 20,
    description: 'How many deliveries, newest first',
    example: 20,
  })
  @IsOptional()
  @IsWholeNumber({ min: 1, max: 100 })
  readonly limit: number = 20;
}
