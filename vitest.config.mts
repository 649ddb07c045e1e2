import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC rather than esbuild: Nest's dependency injection needs the decorator metadata only SWC emits.
const typescriptWithDecoratorMetadata = swc.vite({
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    keepClassNames: true,
  },
});

export default defineConfig({
  plugins: [typescriptWithDecoratorMetadata],
  resolve: { tsconfigPaths: true },
  test: {
    globals: true,
    setupFiles: ['test/support/setup-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The tiers, each named for what it tests.
    projects: [
      // Rules that need no I/O, beside the code.
      { extends: true, test: { name: 'unit', include: ['src/**/*.spec.ts', 'test/support/**/*.spec.ts'] } },
      // The pure domain services over the content-document adapter: no HTTP, no database.
      { extends: true, test: { name: 'service', include: ['test/service/**/*.spec.ts'] } },
      // The real AppModule over HTTP with real peers; one file at a time: these suites start
      // servers, flood rate limits and stop shared peers.
      { extends: true, test: { name: 'http', include: ['test/http/**/*.spec.ts'], fileParallelism: false } },
      // Checks of files: deployment, runtime, the entity registry.
      { extends: true, test: { name: 'static', include: ['test/static/**/*.spec.ts'] } },
    ],
  },
});
