import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CvDownloadEventEntity } from '@/cv/entities/cv-download-event.entity';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

@Module({
  imports: [TypeOrmModule.forFeature([CvDownloadEventEntity])],
  controllers: [MetricsController],
  providers: [MetricsService],
})
export class MetricsModule {}
