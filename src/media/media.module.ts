import { Module } from '@nestjs/common';
import { storageFor } from '@/database/storage-for';
import { ImageSets } from './image-sets';
import { MediaAdminController } from './media-admin.controller';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';
import { MediaRepository, NoMedia } from './persistence/media.repository';

/** The owner's pictures: uploaded once, served in every size and format a page needs. */
@Module({
  controllers: [MediaController, MediaAdminController],
  providers: [
    MediaService,
    ImageSets,
    storageFor(MediaRepository, {
      postgres: async () => (await import('./persistence/typeorm-media.repository.js')).typeOrmMedia,
      none: () => new NoMedia(),
    }),
  ],
  exports: [ImageSets],
})
export class MediaModule {}
