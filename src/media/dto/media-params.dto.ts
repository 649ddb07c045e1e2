import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { IsText } from '@/common/validation/validation.decorators';
import { EXAMPLE_MEDIA_ID } from '@/media/media.examples';

/** A media id: 24 hexadecimal digits, a prefix of the uploaded bytes' SHA-256. */
export const MEDIA_ID = /^[0-9a-f]{24}$/;
/** A variant's name: a width and a format (`640.avif`). */
export const VARIANT_NAME = /^[0-9]{1,5}\.(avif|webp|jpg|png)$/;
export const MEDIA_ID_MESSAGE = 'Input should be a media id (24 hexadecimal digits)';

export class MediaIdParams {
  @ApiProperty({ description: 'Media item id', example: EXAMPLE_MEDIA_ID, pattern: MEDIA_ID.source })
  @IsText({ min: 1, max: 200 })
  @Matches(MEDIA_ID, { message: MEDIA_ID_MESSAGE })
  readonly media_id!: string;
}

export class MediaVariantParams extends MediaIdParams {
  @ApiProperty({
    description: 'A width and a format, as the item lists them',
    example: '640.avif',
    pattern: VARIANT_NAME.source,
  })
  @IsText({ min: 1, max: 200 })
  @Matches(VARIANT_NAME, { message: 'Input should be a width and a format, such as 640.avif' })
  readonly variant!: string;
}
