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
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.spec.ts', 'test/support/**/*.spec.ts'] },
      },
      {
        extends: true,
        // One at a time: these suites start servers, flood rate limits and stop shared peers.
        test: { name: 'e2e', include: ['test/**/*.e2e-spec.ts'], fileParallelism: false },
      },
    ],
  },
});
