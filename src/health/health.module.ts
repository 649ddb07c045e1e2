import { Module } from '@nestjs/common';
import { ContactModule } from '@/contact/contact.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({ imports: [ContactModule], controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
