import { Module } from '@nestjs/common';
import { RedisModule } from '@/common/redis/redis.module';
import { FlagsModule } from '@/flags/flags.module';
import { MailModule } from '@/mail/mail.module';
import { HealthController, LivenessController } from './health.controller';
import { HealthService } from './health.service';

@Module({
  imports: [MailModule, RedisModule, FlagsModule],
  controllers: [HealthController, LivenessController],
  providers: [HealthService],
})
export class HealthModule {}
