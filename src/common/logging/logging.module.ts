import { Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { LoggerModule } from 'nestjs-pino';
import { appConfig } from '@/config/app.config';
import { loggerParams } from './logger-params';

@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [appConfig.KEY],
      useFactory: (config: ConfigType<typeof appConfig>) => loggerParams(config),
    }),
  ],
})
export class LoggingModule {}
