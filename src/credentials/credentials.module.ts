import { Module } from '@nestjs/common';
import { contentStorage } from '@/content-store/content-storage';
import { DocumentCollection } from '@/content-store/document-collection';
import { TypeOrmCollection } from '@/content-store/typeorm-collection';
import { AwardsController } from './awards.controller';
import { AwardsService } from './awards.service';
import { CertificationsController } from './certifications.controller';
import { CertificationsService } from './certifications.service';
import { awardFromItem, certificationFromItem } from './credential-defaults';
import { AwardEntity } from './entities/award.entity';
import { CertificationEntity } from './entities/certification.entity';
import { AwardsRepository } from './persistence/awards.repository';
import { CertificationsRepository } from './persistence/certifications.repository';
import { CertificationSyncController } from './sync/certification-sync.controller';
import { CertificationSyncService } from './sync/certification-sync.service';
import { CredlyProvider } from './sync/providers/credly.provider';
import { MicrosoftLearnProvider } from './sync/providers/microsoft-learn.provider';
import { ProviderHttp } from './sync/provider-http';
import { OpenBadgesProvider } from './sync/providers/open-badges.provider';

const IN_ORDER = { sortOrder: 'ASC', createdAt: 'ASC' } as const;

@Module({
  controllers: [AwardsController, CertificationsController, CertificationSyncController],
  providers: [
    AwardsService,
    CertificationsService,
    CertificationSyncService,
    CredlyProvider,
    MicrosoftLearnProvider,
    OpenBadgesProvider,
    ProviderHttp,
    contentStorage(AwardsRepository, {
      postgres: (txHost) => new TypeOrmCollection(txHost, AwardEntity, IN_ORDER),
      document: (document) => new DocumentCollection(document.awards.map(awardFromItem), (award) => award.id),
    }),
    contentStorage(CertificationsRepository, {
      postgres: (txHost) => new TypeOrmCollection(txHost, CertificationEntity, IN_ORDER),
      document: (document) =>
        new DocumentCollection(document.certifications.map(certificationFromItem), (certification) => certification.id),
    }),
  ],
  exports: [AwardsService, CertificationsService],
})
export class CredentialsModule {}
