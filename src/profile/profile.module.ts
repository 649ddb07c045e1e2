import { Module } from '@nestjs/common';
import { contentStorage } from '@/content-store/content-storage';
import { DocumentProfileRepository } from './persistence/document-profile.repository';
import { ProfileRepository } from './persistence/profile.repository';
import { profileFromItem } from './profile-defaults';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';
import { MediaModule } from '@/media/media.module';
import { ContentWritesModule } from '@/content-writes/content-writes.module';

@Module({
  imports: [MediaModule, ContentWritesModule],
  controllers: [ProfileController],
  providers: [
    ProfileService,
    contentStorage(ProfileRepository, {
      postgres: async () => (await import('./persistence/typeorm-profile.repository.js')).typeOrmProfile,
      document: (document, changedAt) =>
        new DocumentProfileRepository(document.profile ? profileFromItem(document.profile) : undefined, changedAt),
    }),
  ],
  exports: [ProfileService],
})
export class ProfileModule {}
