import 'reflect-metadata';
import type { ConfigType } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { assertValidConfiguration } from './config';
import { appConfig } from './config/app.config';
import { ConfigurationError } from './config/validate-config';

async function bootstrap(): Promise<void> {
  try {
    assertValidConfiguration();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bufferLogs: true });
  configureApp(app);
  app.enableShutdownHooks();
  await app.listen(app.get<ConfigType<typeof appConfig>>(appConfig.KEY).port);
}

void bootstrap();
