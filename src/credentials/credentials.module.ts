import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AwardsController } from './awards.controller';
import { AwardsService } from './awards.service';
import { CertificationsController } from './certifications.controller';
import { CertificationsService } from './certifications.service';
import { AwardEntity } from './entities/award.entity';
import { CertificationEntity } from './entities/certification.entity';

@Module({
  imports: [TypeOrmModule.forFeature([AwardEntity, CertificationEntity])],
  controllers: [AwardsController, CertificationsController],
  providers: [AwardsService, CertificationsService],
  exports: [AwardsService, CertificationsService],
})
export class CredentialsModule {}
