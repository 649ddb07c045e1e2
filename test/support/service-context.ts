import type { Provider } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { AppModule } from '@/app.module';
import { type ContentDocument, DEMO_CONTENT } from '@/content';
import { memoryStorage } from './memory-storage';
import { applyEnv } from './test-app';

/**
 * The application's providers without HTTP and without a database: every content domain keeps
 * its content in the served content document (the built-in data set), as in production without
 * DATABASE_URL. For the service tier, which calls the domain services directly.
 */
export async function serviceContext(env: Record<string, string> = {}, overrides: Provider[] = []): Promise<TestingModule> {
  const restoreEnv = applyEnv({ ...env, DATABASE_URL: undefined });
  try {
    const builder = Test.createTestingModule({ imports: [AppModule] });
    for (const override of overrides as { provide: unknown; useValue: unknown }[])
      builder.overrideProvider(override.provide).useValue(override.useValue);
    return await builder.compile();
  } finally {
    restoreEnv();
  }
}

/**
 * The same, with every content store writable in memory (test/support/memory-storage.ts) and
 * filled from the document: the service tier tests every write rule on it, in milliseconds.
 */
export function writableServiceContext(document: ContentDocument = DEMO_CONTENT): Promise<TestingModule> {
  return serviceContext({}, memoryStorage(document));
}
