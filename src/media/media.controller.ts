import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Operation } from '@/common/openapi/operation.decorator';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { AcceptHeader } from './accept-header.decorator';
import { MediaIdParams, MediaVariantParams } from './dto/media-params.dto';
import { MediaWidthQueryDto } from './dto/media-query.dto';
import type { MediaBytes } from './media-bytes';
import { NOT_MODIFIED, PICTURE } from './media-responses';
import { MediaServing } from './media-serving.service';
import { EXAMPLE_MEDIA_ID } from './media.examples';

/** A picture not in memory is read from where it is kept, which may be down. */
const STORE_UNAVAILABLE = {
  description: 'The database, or the media storage (MEDIA_STORAGE=azure-blob), is unavailable',
  detail: 'The media storage is unavailable; try again shortly',
};

/** A gallery page loads many pictures at once. */
const MEDIA_READS_PER_MINUTE = 600;

/** The pictures, public: each variant at its own immutable URL, and one URL that picks the format the browser takes. */
@ApiTags('media')
@Controller('media')
export class MediaController {
  constructor(private readonly media: MediaServing) {}

  @Get(':media_id/:variant')
  @RateLimit(MEDIA_READS_PER_MINUTE)
  @Operation({
    operationId: 'getMediaVariant',
    summary: 'One variant of a picture: a width in a format, as the item lists it',
    description: `Public, ${MEDIA_READS_PER_MINUTE} requests a minute per client. Served from memory once read.`,
    responses: {
      200: PICTURE,
      304: NOT_MODIFIED,
      404: { description: 'No such item, or no such variant of it', detail: `Media ${EXAMPLE_MEDIA_ID} has no variant 640.avif` },
      503: STORE_UNAVAILABLE,
    },
  })
  variant(@Param() { media_id, variant }: MediaVariantParams): Promise<MediaBytes> {
    return this.media.variant(media_id, variant);
  }

  @Get(':media_id')
  @RateLimit(MEDIA_READS_PER_MINUTE)
  @Operation({
    operationId: 'getMedia',
    summary: 'A picture in the best format the browser takes (AVIF, then WebP, then JPEG or PNG), at the narrowest width of at least ?w=',
    description: `Public, ${MEDIA_READS_PER_MINUTE} requests a minute per client. The answer varies with Accept (Vary: Accept).`,
    responses: {
      200: PICTURE,
      304: NOT_MODIFIED,
      404: { description: 'No media item has this id', detail: `Media ${EXAMPLE_MEDIA_ID} not found` },
      503: STORE_UNAVAILABLE,
    },
  })
  negotiated(
    @Param() { media_id }: MediaIdParams,
    @Query() { w }: MediaWidthQueryDto,
    @AcceptHeader() accept: string | undefined,
  ): Promise<MediaBytes> {
    return this.media.negotiated(media_id, accept, w);
  }
}
