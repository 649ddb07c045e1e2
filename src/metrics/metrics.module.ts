import { Module } from '@nestjs/common';
import { CvModule } from '@/cv/cv.module';
import { MetricsController } from './metrics.controller';

@Module({ imports: [CvModule], controllers: [MetricsController] })
export class MetricsModule {}
