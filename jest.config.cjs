/** Jest runs in ESM mode: Nest 12 packages are ESM-only and CommonJS Jest cannot load them on Node 20. */
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '.*\\.(spec|e2e-spec)\\.ts$',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.test.json' }] },
  setupFiles: ['<rootDir>/test/support/setup-env.ts'],
  testTimeout: 30000,
};
