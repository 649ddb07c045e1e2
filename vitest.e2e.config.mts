import { defineConfig } from 'vitest/config';

/**
 * `npm run test:e2e`: the black-box suite in test/e2e/, against the running stack E2E_BASE_URL
 * names. One file at a time: the owner's journey changes content the visitor's reads.
 */
export default defineConfig({
  test: {
    globals: true,
    include: ['test/e2e/**/*.e2e.spec.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
