import { Module } from '@nestjs/common';
import { JobsModule } from '@/jobs/jobs.module';
import type { ConfigType } from '@nestjs/config';
import { mediaConfig } from '@/config/media.config';
import { storageFor } from '@/database/storage-for';
import { FallbackSizes } from './fallback-sizes';
import { ImageSets } from './image-sets';
import { MediaAdminController } from './media-admin.controller';
import { MediaEdge } from './media-edge';
import { MediaRetention } from './media-retention.service';
import { MediaController } from './media.controller';
import { MediaLibrary } from './media-library.service';
import { MediaServing } from './media-serving.service';
import { azureMediaBlobs } from './persistence/azure-media-blobs';
import { MediaBlobs } from './persistence/media-blobs';
import { MediaRepository } from './persistence/media.repository';
import { ShippedMedia } from './persistence/shipped-media';
import { UnpublishedMediaUses } from './unpublished-media-uses';
import { ContentWritesModule } from '@/content-writes/content-writes.module';

/** The owner's pictures: uploaded once, served in every size and format a page needs. */
@Module({
  imports: [ContentWritesModule, JobsModule],
  controllers: [MediaController, MediaAdminController],
  providers: [
    MediaServing,
    MediaLibrary,
    UnpublishedMediaUses,
    MediaEdge,
    MediaRetention,
    FallbackSizes,
    ImageSets,
    { provide: ShippedMedia, useFactory: () => new ShippedMedia() },
    {
      provide: MediaBlobs,
      inject: [mediaConfig.KEY],
      useFactory: ({ azureBlob }: ConfigType<typeof mediaConfig>): Promise<MediaBlobs> | null =>
        azureBlob ? azureMediaBlobs(azureBlob.connectionString, azureBlob.container) : null,
    },
    storageFor<MediaRepository, [MediaBlobs | null, ShippedMedia]>(
      MediaRepository,
      {
        postgres: async () => (await import('./persistence/typeorm-media.repository.js')).typeOrmMedia,
        none: (_blobs, shipped) => shipped,
      },
      [MediaBlobs, ShippedMedia],
    ),
  ],
  exports: [ImageSets, MediaEdge, MediaServing, UnpublishedMediaUses, MediaLibrary],
})
export class MediaModule {}
