/**
 * Starts the service: configuration checked, the app made and listening. main.ts loads this after
 * turning Node's compile cache on; the build bundles this file and all it loads into one.
 */
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { APPLICATION_OPTIONS, configureApp } from './app.setup';
import { stopGracefullyOn } from './common/http/graceful-shutdown';
import { listen, listeningUrls } from './common/http/listen';
import { ServiceHttpAdapter } from './common/http/service-http-adapter';
import { BootLogger } from './common/logging/boot-logger';
import { startFailure } from './common/logging/start-failure';
import { assertValidConfiguration } from './config';
import { appConfig } from './config/app.config';

const bootLogger = new BootLogger();

async function bootstrap(): Promise<void> {
  assertValidConfiguration();
  // Errors while the module graph is made (a CONTENT_FILE that is not a content document) are thrown, not aborted on.
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new ServiceHttpAdapter(), {
    ...APPLICATION_OPTIONS,
    logger: bootLogger,
    abortOnError: false,
  });
  configureApp(app);
  const { port, shutdownGraceMs } = app.get<ConfigType<typeof appConfig>>(appConfig.KEY);
  stopGracefullyOn(['SIGTERM', 'SIGINT'], app, shutdownGraceMs);
  await app.init();
  // Listening here rather than through app.listen(), which logs a failure itself before the one start_failed line.
  await listen(app.getHttpServer(), port);
  const [local, ...others] = listeningUrls(port);
  new Logger('Service').log({ event: 'listening', url: local, docs: `${local}/docs`, alsoAt: others });
}

bootstrap().catch((error: unknown) => {
  bootLogger.fatal(startFailure(error));
  process.exit(1);
});
