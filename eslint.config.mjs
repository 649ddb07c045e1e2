import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/, and what each may import besides packages and its own folder. Imports
 * point down: main.ts, bootstrap.ts and app.module.ts -> domain modules -> content-domain/ -> content-store/, shared-cache/ -> read-model/, mail/
 * -> database/, content/ -> common/, config/. A domain reaches another only through its
 * exported service, never its entities or persistence.
 */
const LAYERS = {
  config: [],
  common: ['config'],
  content: [],
  database: ['common', 'config'],
  'read-model': ['common', 'config', 'content'],
  'shared-cache': ['common', 'config', 'content', 'read-model'],
  mail: ['common', 'config'],
  'content-store': ['common', 'config', 'content', 'database'],
  'content-domain': ['common', 'config', 'content', 'content-store'],
};
/** The domain modules: every other folder of src/ (but cli/, the app's own entry points). */
const DOMAINS = readdirSync(join(import.meta.dirname, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !(entry.name in LAYERS) && entry.name !== 'cli')
  .map((entry) => entry.name);

const relativeParents = { group: ['../*', '../../*'], message: 'Import through the @/ alias: relative imports stay within a folder.' };

/** src/source-root.ts names where the code runs from (bundled or not): every layer may start a file's path there. */
const EVERY_LAYER = ['!@/source-root'];

const onlyFrom = (folder, allowed) => ({
  group: ['@/*', ...[folder, ...allowed].flatMap((layer) => [`!@/${layer}`, `!@/${layer}/*`]), ...EVERY_LAYER],
  message: `src/${folder}/ is a lower layer: it may import only from ${[folder, ...allowed].join(', ') || 'itself'}.`,
});

const domainRules = (domain) => [
  { group: ['@/app.*', '@/main', '@/bootstrap', '@/cli/*'], message: 'Nothing imports the app itself.' },
  {
    group: ['@/*/entities/*', '@/*/persistence/*', `!@/${domain}/entities/*`, `!@/${domain}/persistence/*`],
    message: 'A domain reaches another through its exported service, never its entities or persistence.',
  },
];

const importRules = (patterns) => ({ 'no-restricted-imports': ['error', { patterns: [relativeParents, ...patterns] }] });

export default tseslint.config(
  // clients/typescript/src/schema.ts is generated (npm run client:generate).
  { ignores: ['**/dist/', 'coverage/', 'node_modules/', '**/*.cjs', '**/*.mjs', 'clients/typescript/src/schema.ts'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        emitDecoratorMetadata: true,
        experimentalDecorators: true,
      },
    },
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports', disallowTypeAnnotations: false },
      ],
      // `{ skills: _skills, ...category }` leaves a field out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      ...importRules([]),
    },
  },
  ...Object.entries(LAYERS).map(([folder, allowed]) => ({
    files: [`src/${folder}/**/*.ts`],
    rules: importRules([onlyFrom(folder, allowed)]),
  })),
  ...DOMAINS.map((domain) => ({ files: [`src/${domain}/**/*.ts`], rules: importRules(domainRules(domain)) })),
  // The typed client is a package of its own: its imports follow its own layout.
  { files: ['clients/**/*.ts'], rules: { 'no-restricted-imports': 'off' } },
  // Scripts that run in the browser (the explorer page): plain JavaScript, no type information.
  {
    files: ['src/**/*.browser.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'script',
      globals: { window: 'readonly', document: 'readonly', fetch: 'readonly', setTimeout: 'readonly', MutationObserver: 'readonly' },
    },
  },
  // Formatting is Prettier's (npm run format); no ESLint rule competes with it.
  prettier,
  {
    files: ['test/**/*.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
