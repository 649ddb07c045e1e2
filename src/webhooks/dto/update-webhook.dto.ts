import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { IsOmittable } from '@/common/validation/validation.decorators';
import { CreateWebhookDto } from './create-webhook.dto';

export class UpdateWebhookDto extends PartialType(CreateWebhookDto) {
  @ApiPropertyOptional({ description: 'false: no event is delivered to it until it is true again', example: false })
  @IsOmittable()
  @IsBoolean()
  readonly enabled?: boolean;
}
