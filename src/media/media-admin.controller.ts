import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { IMAGE_UPLOAD_LIMIT, readableBytes } from '@/common/http/body-limits';
import { ClientGone } from '@/common/http/client-gone.decorator';
import { FileBody } from '@/common/http/late-body.interceptor';
import { CONTENT_STORE_UNAVAILABLE } from '@/common/openapi/common-responses';
import { MediaItemDto } from './dto/media-item.dto';
import { MediaIdParams } from './dto/media-params.dto';
import { MediaListQueryDto } from './dto/media-query.dto';
import { UpdateMediaDto } from './dto/update-media.dto';
import { MOST_WAITING, UPLOAD_TYPES } from './image-processor';
import type { MediaBytes } from './media-bytes';
import { PICTURE } from './media-responses';
import { MediaLibrary } from './media-library.service';
import { UPLOAD_REFUSED, UploadedImage } from './uploaded-image.decorator';
import { EXAMPLE_MEDIA_ID } from './media.examples';
import { type ContentWrite, ContentWriteOf } from '@/content-writes/content-write';
import { ContentWrites } from '@/content-writes/content-writes.service';
import { DOMAINS_WITH_IMAGE_SETS } from './image-sets';

const NOT_FOUND = { description: 'No media item has this id', detail: `Media ${EXAMPLE_MEDIA_ID} not found` };
const UPLOAD_TYPE_LIST = Object.keys(UPLOAD_TYPES);
const MEDIA_UNAVAILABLE = `${CONTENT_STORE_UNAVAILABLE}, or the media storage is (MEDIA_STORAGE=azure-blob)`;

/** What a picture's upload, change or delete changes of what visitors see: the content that shows pictures (image sets). */
const changesImageSets = (changed: boolean) => (changed ? DOMAINS_WITH_IMAGE_SETS : []);

/** The owner's pictures: upload, list, describe, delete, and the stripped original for backups. Its writes take the content writes' path. */
@ApiTags('media')
@Controller('admin/media')
export class MediaAdminController {
  constructor(
    private readonly media: MediaLibrary,
    private readonly writes: ContentWrites,
  ) {}

  @Post()
  @FileBody(UPLOAD_TYPE_LIST, IMAGE_UPLOAD_LIMIT)
  @ApiConsumes(...UPLOAD_TYPE_LIST)
  @ApiBody({
    required: true,
    description: `The picture itself, at most ${readableBytes(IMAGE_UPLOAD_LIMIT)}`,
    schema: { type: 'string', format: 'binary' },
  })
  @AdminOperation({
    operationId: 'uploadMedia',
    summary: 'Upload a picture: processed once into every width in AVIF and WebP, stripped of its metadata',
    description: `The body is the picture (JPEG, PNG, WebP or AVIF, at most ${readableBytes(IMAGE_UPLOAD_LIMIT)} and 40 megapixels), read only after the credential check. The same bytes again answer 200 with the item kept. Processing, its wait for a turn included, may take MEDIA_PROCESS_TIMEOUT_MS: an image that takes longer in the encoder is 422 (image_too_costly).`,
    responses: {
      201: MediaItemDto,
      200: { type: MediaItemDto, description: 'These bytes were uploaded before: the item kept' },
      413: {
        description: `A picture larger than ${readableBytes(IMAGE_UPLOAD_LIMIT)}`,
        detail: `Request body exceeds the ${readableBytes(IMAGE_UPLOAD_LIMIT)} limit`,
      },
      415: { description: 'SVG, or any other type', detail: UPLOAD_REFUSED },
      503: `${MEDIA_UNAVAILABLE}; the encoder was stopped during the upload (out of memory, or the service stopping), ${MOST_WAITING} uploads wait already, or this one waited past MEDIA_PROCESS_TIMEOUT_MS: send it again`,
    },
  })
  async upload(
    @UploadedImage() { bytes, type }: { bytes: Buffer; type: string },
    @ClientGone() clientGone: AbortSignal,
    @Res({ passthrough: true }) res: Response,
    @ContentWriteOf() write: ContentWrite,
  ): Promise<MediaItemDto> {
    const upload = () => this.media.upload(bytes, type, clientGone);
    const { item, created } = await this.writes.run(write, upload, (uploaded) => changesImageSets(uploaded.created));
    res.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return item;
  }

  @Get()
  @AdminOperation({
    operationId: 'listMedia',
    summary: 'The pictures, newest first',
    responses: { 200: { type: [MediaItemDto], description: 'A page of media items' }, 503: CONTENT_STORE_UNAVAILABLE },
  })
  list(@Query() { limit, before }: MediaListQueryDto): Promise<MediaItemDto[]> {
    return this.media.list(limit, before);
  }

  @Patch(':media_id')
  @AdminOperation({
    operationId: 'updateMedia',
    summary: 'Set the alt text (per language) and the focal point of a picture',
    body: { example: { alt: { english: 'The Tidewatch dashboard on a tablet' }, focalPoint: { x: 0.5, y: 0.4 } } },
    responses: { 200: MediaItemDto, 404: NOT_FOUND, 503: CONTENT_STORE_UNAVAILABLE },
  })
  async update(
    @Param() { media_id }: MediaIdParams,
    @Body() dto: UpdateMediaDto,
    @ContentWriteOf() write: ContentWrite,
  ): Promise<MediaItemDto> {
    const update = () => this.media.update(media_id, dto);
    return (await this.writes.run(write, update, (updated) => changesImageSets(updated.changed))).item;
  }

  @Delete(':media_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @AdminOperation({
    operationId: 'deleteMedia',
    summary: 'Delete a picture no content uses',
    responses: {
      204: 'Deleted',
      404: NOT_FOUND,
      409: { description: 'Content names it', detail: `Media ${EXAMPLE_MEDIA_ID} is used by projects tidewatch` },
      503: `${CONTENT_STORE_UNAVAILABLE}, or the media storage is (MEDIA_STORAGE=azure-blob): nothing was deleted, delete it again`,
    },
  })
  remove(@Param() { media_id }: MediaIdParams, @ContentWriteOf() write: ContentWrite): Promise<void> {
    return this.writes.run(
      write,
      () => this.media.remove(media_id),
      () => changesImageSets(true),
    );
  }

  @Get(':media_id/original')
  @AdminOperation({
    operationId: 'getMediaOriginal',
    summary: 'The stripped original of a picture, for backups',
    responses: {
      200: { ...PICTURE, description: 'The picture at its full size, in its fallback format (JPEG, or PNG)' },
      404: NOT_FOUND,
      503: MEDIA_UNAVAILABLE,
    },
  })
  original(@Param() { media_id }: MediaIdParams): Promise<MediaBytes> {
    return this.media.original(media_id);
  }
}
