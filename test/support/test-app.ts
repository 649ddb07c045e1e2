import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DynamicModule, ModuleMetadata, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import type { App } from 'supertest/types';
import { AppModule } from '@/app.module';
import { APPLICATION_OPTIONS, configureApp } from '@/app.setup';
import { ServiceHttpAdapter } from '@/common/http/service-http-adapter';
import { LOG_DESTINATION } from '@/common/logging/root-logger';
import { ContractRecorder } from './contract-recorder';

export interface TestApp {
  app: NestExpressApplication;
  server: App;
  /** Responses since the last call that break /openapi.json (every one is checked at close anyway). */
  contractViolations(): string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment for this app; restored on close. `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** Extra modules, e.g. a controller that only tests need. */
  imports?: (Type | DynamicModule)[];
  providers?: ModuleMetadata['providers'];
  /** Where the app's log lines go instead of stdout, for specs that read them. */
  logDestination?: DestinationStream;
}

/**
 * Boots the real AppModule exactly as main.ts does, on an ephemeral port. Every response it
 * sends is checked against its own /openapi.json, and close() fails with the responses that
 * break it. Passport keeps its
 * strategies in one registry per process, and the newest app's replace the others': apps that
 * run side by side in one spec file must share their credential configuration.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const restoreEnv = applyEnv(options.env ?? {});
  await forgetNestjsPinoRootLogger();
  const builder = Test.createTestingModule({
    imports: [AppModule, ...(options.imports ?? [])],
    providers: options.providers ?? [],
  });
  const { logDestination } = options;
  if (logDestination) builder.overrideProvider(LOG_DESTINATION).useValue(logDestination);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(new ServiceHttpAdapter(), {
    ...APPLICATION_OPTIONS,
    bufferLogs: true,
  });
  const recorder = new ContractRecorder();
  app.getHttpServer().prependListener('request', recorder.observe);
  configureApp(app);
  await app.init();
  const server = app.getHttpServer() as App;
  const { body: description } = await request(server).get('/openapi.json').expect(200);
  recorder.checkAgainst(description as object);
  return {
    app,
    server,
    contractViolations: () => recorder.newViolations(),
    close: async () => {
      await app.close();
      restoreEnv();
      const violations = recorder.violations();
      if (violations.length > 0) throw new Error(`Responses that break /openapi.json:\n${violations.join('\n')}`);
    },
  };
}

/**
 * nestjs-pino keeps the first app's root logger for the whole process, so that every later app
 * in a spec file would log to the first one's destination. Its reset for tests is not among the
 * package's exports; it is reached by file, in the ESM build the specs load.
 */
async function forgetNestjsPinoRootLogger(): Promise<void> {
  const esmBuild = join(dirname(createRequire(__filename).resolve('nestjs-pino')), '..', 'esm');
  const { __resetOutOfContextForTests } = (await import(pathToFileURL(join(esmBuild, 'PinoLogger.js')).href)) as {
    __resetOutOfContextForTests: () => void;
  };
  __resetOutOfContextForTests();
}

/** Sets the variables (undefined removes one) and answers how to restore them. */
export function applyEnv(env: Record<string, string | undefined>): () => void {
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
