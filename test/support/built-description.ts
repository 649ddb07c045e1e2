import type { ConfigType } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { AppModule } from '@/app.module';
import { APPLICATION_OPTIONS, configureApp, EXPLORER_SECTIONS } from '@/app.setup';
import { ServiceHttpAdapter } from '@/common/http/service-http-adapter';
import { buildOpenApiDocument } from '@/common/openapi/openapi.document';
import { appConfig } from '@/config/app.config';
import { applyEnv } from './test-app';

/**
 * The description as the app builds it, without HTTP: the app made and configured as main.ts
 * makes it (its routes, prefixes and servers), initialised but never listening. The HTTP tier
 * checks that /openapi.json serves exactly this.
 */
export async function builtDescription(env: Record<string, string | undefined> = {}): Promise<OpenAPIObject> {
  const restoreEnv = applyEnv(env);
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(new ServiceHttpAdapter(), { ...APPLICATION_OPTIONS, logger: false });
  try {
    configureApp(app);
    await app.init();
    return buildOpenApiDocument(app, app.get<ConfigType<typeof appConfig>>(appConfig.KEY).openApiServers, EXPLORER_SECTIONS);
  } finally {
    await app.close();
    restoreEnv();
  }
}
