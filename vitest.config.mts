import { resolve } from 'node:path';
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

// Local peers that speak HTTPS (the badge providers) present certificates of the tests' own CA, which
// the service trusts as it would in production: through NODE_EXTRA_CA_CERTS, which Node reads when a
// process starts, so it is set here, before the test workers are forked.
process.env.NODE_EXTRA_CA_CERTS = resolve(import.meta.dirname, 'test/support/tls/ca.pem');

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
      // The domain services without HTTP or a database: writable stores in memory, and the content document.
      { extends: true, test: { name: 'service', include: ['test/service/**/*.spec.ts'] } },
      // One contract for every adapter of a storage port, in memory (what the service tier uses) and on PostgreSQL; and the
      // services on PostgreSQL with their real peers. Two files at a time, as the HTTP tier: each has a database and peers of its own.
      { extends: true, test: { name: 'adapters', include: ['test/adapters/**/*.spec.ts'], maxWorkers: 2 } },
      // The published description as the app builds it, without HTTP: what every operation declares.
      { extends: true, test: { name: 'description', include: ['test/description/**/*.spec.ts'] } },
      // The real AppModule over HTTP with real peers. Two files at a time (the machine's two cores):
      // each suite has its own database, Redis, SMTP server and TCP proxies, and its own clients'
      // addresses for the limits it floods, so no two share a peer they stop or a budget they spend.
      { extends: true, test: { name: 'http', include: ['test/http/**/*.spec.ts'], maxWorkers: 2 } },
      // Checks of files: deployment, runtime, the entity registry.
      { extends: true, test: { name: 'static', include: ['test/static/**/*.spec.ts'] } },
    ],
  },
});
