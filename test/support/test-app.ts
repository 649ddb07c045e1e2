import type { DynamicModule, ModuleMetadata, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { App } from 'supertest/types';
import { AppModule } from '@/app.module';
import { configureApp } from '@/app.setup';

export interface TestApp {
  app: NestExpressApplication;
  server: App;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment for this app; restored on close. `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** Extra modules, e.g. a controller that only tests need. */
  imports?: (Type | DynamicModule)[];
  providers?: ModuleMetadata['providers'];
}

/**
 * Boots the real AppModule exactly as main.ts does, on an ephemeral port. Passport keeps its
 * strategies in one registry per process, and the newest app's replace the others': apps that
 * run side by side in one spec file must share their credential configuration.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const restoreEnv = applyEnv(options.env ?? {});
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule, ...(options.imports ?? [])],
    providers: options.providers ?? [],
  }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bufferLogs: true });
  configureApp(app);
  await app.init();
  return {
    app,
    server: app.getHttpServer() as App,
    close: async () => {
      await app.close();
      restoreEnv();
    },
  };
}

function applyEnv(env: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const assign = (values: Record<string, string | undefined>): void => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  assign(env);
  return () => assign(saved);
}
