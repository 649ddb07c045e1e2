import { Module } from '@nestjs/common';
import { AwardsController } from './awards.controller';
import { AwardsService } from './awards.service';
import { CertificationsController } from './certifications.controller';
import { CertificationsService } from './certifications.service';

@Module({
  controllers: [AwardsController, CertificationsController],
  providers: [AwardsService, CertificationsService],
  exports: [AwardsService, CertificationsService],
})
export class CredentialsModule {}
