import { Module } from '@nestjs/common';
import { contentStorage } from '@/content-store/content-storage';
import { DocumentCollection } from '@/content-store/document-collection';
import { awardFromItem } from './award-defaults';
import { AwardsController } from './awards.controller';
import { AwardsService } from './awards.service';
import { AwardsRepository } from './persistence/awards.repository';
import { ContentWritesModule } from '@/content-writes/content-writes.module';

@Module({
  imports: [ContentWritesModule],
  controllers: [AwardsController],
  providers: [
    AwardsService,
    contentStorage(AwardsRepository, {
      postgres: async () => (await import('./persistence/typeorm-awards.repository.js')).typeOrmAwards,
      document: (document, changedAt) => new DocumentCollection(document.awards.map(awardFromItem), (award) => award.id, changedAt),
    }),
  ],
  exports: [AwardsService],
})
export class AwardsModule {}
