import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { EXAMPLE_MEDIA_ID } from '@/media/media.examples';
import { FocalPointDto } from './media-item.dto';

@ApiSchema({ name: 'ImageSource' })
class ImageSourceDto {
  @ApiProperty({ enum: ['image/avif', 'image/webp'] })
  readonly type!: string;

  @ApiProperty({ example: `/api/media/${EXAMPLE_MEDIA_ID}/320.avif 320w, /api/media/${EXAMPLE_MEDIA_ID}/640.avif 640w` })
  readonly srcset!: string;
}

/** What a page needs to show an uploaded picture with `<picture>`, with no other request. */
@ApiSchema({ name: 'ImageSet' })
export class ImageSetDto {
  @ApiProperty({ example: 960 })
  readonly width!: number;

  @ApiProperty({ example: 640 })
  readonly height!: number;

  @ApiProperty({ description: 'A ThumbHash (base64) to paint before the picture arrives' })
  readonly placeholder!: string;

  @ApiProperty({
    description: 'In the language read (English where none is written in it); "" for none',
    example: 'The Tidewatch dashboard',
  })
  readonly alt!: string;

  @ApiProperty({ type: FocalPointDto, nullable: true })
  readonly focalPoint!: FocalPointDto | null;

  @ApiProperty({ type: [ImageSourceDto], description: 'AVIF first, then WebP, each with every width' })
  readonly sources!: ImageSourceDto[];

  @ApiProperty({
    example: `/api/media/${EXAMPLE_MEDIA_ID}/960.jpg`,
    description: 'The fallback (JPEG, or PNG) for `<img src>`: at most 1920 px wide, its own width where it is narrower',
  })
  readonly fallback!: string;
}
