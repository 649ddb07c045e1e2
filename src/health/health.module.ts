import { Module } from '@nestjs/common';
import { MailModule } from '@/mail/mail.module';
import { HealthController, LivenessController } from './health.controller';
import { HealthService } from './health.service';

@Module({ imports: [MailModule], controllers: [HealthController, LivenessController], providers: [HealthService] })
export class HealthModule {}
