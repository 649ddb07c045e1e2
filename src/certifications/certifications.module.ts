import { Module } from '@nestjs/common';
import { contentStorage } from '@/content-store/content-storage';
import { DocumentCollection } from '@/content-store/document-collection';
import { certificationFromItem } from './certification-defaults';
import { CertificationsController } from './certifications.controller';
import { CertificationsService } from './certifications.service';
import { CertificationsRepository } from './persistence/certifications.repository';
import { CertificationSyncController } from './sync/certification-sync.controller';
import { CertificationSyncService } from './sync/certification-sync.service';
import { ProviderHttp } from './sync/provider-http';
import { CredlyProvider } from './sync/providers/credly.provider';
import { MicrosoftLearnProvider } from './sync/providers/microsoft-learn.provider';
import { OpenBadgesProvider } from './sync/providers/open-badges.provider';
import { ContentWritesModule } from '@/content-writes/content-writes.module';

/** Certifications, written by the owner or synced from the badge providers. */
@Module({
  imports: [ContentWritesModule],
  controllers: [CertificationsController, CertificationSyncController],
  providers: [
    CertificationsService,
    CertificationSyncService,
    ProviderHttp,
    CredlyProvider,
    MicrosoftLearnProvider,
    OpenBadgesProvider,
    contentStorage(CertificationsRepository, {
      postgres: async () => (await import('./persistence/typeorm-certifications.repository.js')).typeOrmCertifications,
      document: (document, changedAt) =>
        new DocumentCollection(document.certifications.map(certificationFromItem), (certification) => certification.id, changedAt),
    }),
  ],
  exports: [CertificationsService],
})
export class CertificationsModule {}
