import { Test, type TestingModule } from '@nestjs/testing';
import { AppModule } from '@/app.module';
import { applyEnv } from './test-app';

/**
 * The application's providers without HTTP and without a database: every content domain keeps
 * its content in the served content document (the built-in data set), as in production without
 * DATABASE_URL. For the service tier, which calls the domain services directly.
 */
export async function serviceContext(env: Record<string, string> = {}): Promise<TestingModule> {
  const restoreEnv = applyEnv({ ...env, DATABASE_URL: undefined });
  try {
    return await Test.createTestingModule({ imports: [AppModule] }).compile();
  } finally {
    restoreEnv();
  }
}
