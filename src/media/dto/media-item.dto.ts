import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CONTENT_DOMAINS, type Localised } from '@/content';
import { PerLanguageModel } from '@/content-domain/translations';
import { EXAMPLE_MEDIA_ID } from '@/media/media.examples';

@ApiSchema({ name: 'MediaAlt' })
class MediaAltDto extends PerLanguageModel<Partial<Localised>>((language) =>
  ApiProperty({ type: String, required: false, maxLength: 300, description: `The alt text in ${language}` }),
) {}

@ApiSchema({ name: 'FocalPoint' })
export class FocalPointDto {
  @ApiProperty({ minimum: 0, maximum: 1, example: 0.5, description: 'From the left edge (0) to the right (1)' })
  readonly x!: number;

  @ApiProperty({ minimum: 0, maximum: 1, example: 0.3, description: 'From the top edge (0) to the bottom (1)' })
  readonly y!: number;
}

@ApiSchema({ name: 'MediaVariant' })
class MediaVariantDto {
  @ApiProperty({ example: 640 })
  readonly width!: number;

  @ApiProperty({ example: 427 })
  readonly height!: number;

  @ApiProperty({ enum: ['image/avif', 'image/webp', 'image/jpeg', 'image/png'] })
  readonly type!: string;

  @ApiProperty({ example: `/api/media/${EXAMPLE_MEDIA_ID}/640.avif`, description: 'Site-relative; immutable' })
  readonly url!: string;
}

@ApiSchema({ name: 'MediaUse' })
class MediaUseDto {
  @ApiProperty({ enum: CONTENT_DOMAINS })
  readonly domain!: string;

  @ApiProperty({ type: String, nullable: true, example: 'tidewatch', description: 'The item (a slug or an id); null for the profile' })
  readonly id!: string | null;
}

/** An uploaded picture: what a page needs to show it, in every size and format. */
@ApiSchema({ name: 'MediaItem' })
export class MediaItemDto {
  @ApiProperty({ example: EXAMPLE_MEDIA_ID, description: 'Derived from the uploaded bytes' })
  readonly id!: string;

  @ApiProperty({
    example: `/api/media/${EXAMPLE_MEDIA_ID}`,
    description: 'Site-relative: the picture in the best format the Accept header allows; ?w= picks the width',
  })
  readonly url!: string;

  @ApiProperty({ enum: ['image/jpeg', 'image/png'], description: 'The fallback format (PNG where the picture has transparency)' })
  readonly type!: string;

  @ApiProperty({ example: 1920 })
  readonly width!: number;

  @ApiProperty({ example: 1280 })
  readonly height!: number;

  @ApiProperty({ example: 412_345, description: 'The stripped original, in bytes' })
  readonly bytes!: number;

  @ApiProperty({ example: 'mxgGDYJ4h4iId3eDh4h4d4AIeHiHcA==', description: 'A ThumbHash (base64) to paint before the picture arrives' })
  readonly placeholder!: string;

  @ApiProperty({ type: MediaAltDto })
  readonly alt!: Partial<Localised>;

  @ApiProperty({ type: FocalPointDto, nullable: true })
  readonly focalPoint!: FocalPointDto | null;

  @ApiProperty({
    type: [MediaVariantDto],
    description: 'Every width in AVIF and WebP, narrowest first, and the fallback at the full width',
  })
  readonly variants!: MediaVariantDto[];

  @ApiProperty({ type: [MediaUseDto], description: 'The content that names it now' })
  readonly usedBy!: MediaUseDto[];

  @ApiProperty({ format: 'date-time' })
  readonly createdAt!: string;
}
