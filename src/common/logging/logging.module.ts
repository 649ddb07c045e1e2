import { Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { LoggerModule } from 'nestjs-pino';
import { appConfig } from '@/config/app.config';
import { loggerParams } from './logger-params';

@Module({
  imports: [
    LoggerModule.forRootAsync({
      // Required by nestjs-pino 4's typings, which import a path Nest 12 no longer exports.
      imports: [],
      providers: [],
      inject: [appConfig.KEY],
      useFactory: (config: ConfigType<typeof appConfig>) => loggerParams(config),
    }),
  ],
})
export class LoggingModule {}
