import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AwardsController } from './awards.controller';
import { AwardsService } from './awards.service';
import { CertificationsController } from './certifications.controller';
import { CertificationsService } from './certifications.service';
import { AwardEntity } from './entities/award.entity';
import { CertificationEntity } from './entities/certification.entity';
import { CertificationSyncController } from './sync/certification-sync.controller';
import { CertificationSyncService } from './sync/certification-sync.service';
import { CredlyProvider } from './sync/providers/credly.provider';
import { MicrosoftLearnProvider } from './sync/providers/microsoft-learn.provider';
import { OpenBadgesProvider } from './sync/providers/open-badges.provider';

@Module({
  imports: [TypeOrmModule.forFeature([AwardEntity, CertificationEntity])],
  controllers: [AwardsController, CertificationsController, CertificationSyncController],
  providers: [AwardsService, CertificationsService, CertificationSyncService, CredlyProvider, MicrosoftLearnProvider, OpenBadgesProvider],
  exports: [AwardsService, CertificationsService],
})
export class CredentialsModule {}
