import { Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream, Logger } from 'pino';
import { appConfig } from '@/config/app.config';
import { loggerParams } from './logger-params';
import { createRequestLogger, createRootLogger, LOG_DESTINATION, REQUEST_LOGGER, ROOT_LOGGER, logDestination } from './root-logger';

@Module({
  providers: [
    { provide: LOG_DESTINATION, useFactory: logDestination },
    {
      provide: ROOT_LOGGER,
      inject: [appConfig.KEY, LOG_DESTINATION],
      useFactory: (config: ConfigType<typeof appConfig>, destination: DestinationStream) => createRootLogger(config, destination),
    },
    {
      provide: REQUEST_LOGGER,
      inject: [appConfig.KEY, LOG_DESTINATION],
      useFactory: (config: ConfigType<typeof appConfig>, destination: DestinationStream) => createRequestLogger(config, destination),
    },
  ],
  exports: [ROOT_LOGGER, REQUEST_LOGGER],
})
class RootLoggerModule {}

@Module({
  imports: [
    RootLoggerModule,
    LoggerModule.forRootAsync({ imports: [RootLoggerModule], inject: [ROOT_LOGGER], useFactory: (root: Logger) => loggerParams(root) }),
  ],
  exports: [RootLoggerModule],
})
export class LoggingModule {}
