import 'reflect-metadata';
import type { ConfigType } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { ServiceHttpAdapter } from './common/http/service-http-adapter';
import { assertValidConfiguration } from './config';
import { appConfig } from './config/app.config';
import { ConfigurationError } from './config/validate-config';

/** After SIGTERM, in-flight requests get this long to finish; then the process exits regardless. */
const SHUTDOWN_GRACE_MS = 10_000;

async function bootstrap(): Promise<void> {
  assertValidConfiguration();
  // Errors while the module graph is made (a CONTENT_FILE that is not a content document) are thrown, not aborted on.
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new ServiceHttpAdapter(), {
    bufferLogs: true,
    abortOnError: false,
  });
  configureApp(app);
  // Stop accepting, let in-flight requests finish, then close the pools and the browser
  // (onApplicationShutdown) and exit 0.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.once(signal, () => setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref());
  }
  await app.listen(app.get<ConfigType<typeof appConfig>>(appConfig.KEY).port);
}

bootstrap().catch((error: unknown) => {
  if (!(error instanceof ConfigurationError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
