import 'reflect-metadata';
import type { ConfigType } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { stopGracefullyOn } from './common/http/graceful-shutdown';
import { ServiceHttpAdapter } from './common/http/service-http-adapter';
import { assertValidConfiguration } from './config';
import { appConfig } from './config/app.config';
import { ConfigurationError } from './config/validate-config';

async function bootstrap(): Promise<void> {
  assertValidConfiguration();
  // Errors while the module graph is made (a CONTENT_FILE that is not a content document) are thrown, not aborted on.
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new ServiceHttpAdapter(), {
    bufferLogs: true,
    abortOnError: false,
  });
  configureApp(app);
  stopGracefullyOn(['SIGTERM', 'SIGINT'], app);
  await app.listen(app.get<ConfigType<typeof appConfig>>(appConfig.KEY).port);
}

bootstrap().catch((error: unknown) => {
  if (!(error instanceof ConfigurationError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
