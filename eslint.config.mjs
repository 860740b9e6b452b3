// ESLint (flat config): TypeScript rules everywhere; the layer table of docs/CONTRIBUTING.md as
// import rules per package; no file-level import cycles; type-aware promise rules on the Node
// packages; Temporal's workflow rules in workflows/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const NODE_BUILTINS = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const PACKAGES = ['domain', 'persistence', 'adapters', 'workflows', 'activities', 'worker', 'api', 'server'];
/** The "may import" column of docs/CONTRIBUTING.md: the @grain packages each folder may use. */
const MAY_IMPORT = {
  domain: [],
  persistence: ['domain'],
  adapters: ['domain', 'persistence'],
  workflows: ['domain'],
  activities: ['domain', 'persistence', 'adapters'],
  worker: ['domain', 'persistence', 'adapters', 'workflows', 'activities'],
  api: ['domain', 'persistence', 'adapters', 'workflows'],
  server: [...PACKAGES],
  ui: ['domain'],
};
/** Test code may use fixtures and harnesses across layers; the table governs what ships. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/*.test-harness.ts', '**/*-test-harness.ts', '**/src/testing/**', '**/src/testing.ts'];

function boundaries(folder, extra = {}) {
  const allowed = new Set([...MAY_IMPORT[folder], folder]);
  const forbidden = [...PACKAGES, 'ui'].filter((p) => !allowed.has(p));
  return {
    ...extra,
    patterns: [
      ...(extra.patterns ?? []),
      {
        group: forbidden.flatMap((p) => [`@grain/${p}`, `@grain/${p}/*`]),
        message: `${folder}/ may import only ${MAY_IMPORT[folder].join(', ') || 'zod'} (docs/CONTRIBUTING.md, layer table).`,
      },
      {
        group: ['@grain/*/testing', '@grain/*/src/*', '@grain/*/dist/*'],
        message: 'Production code imports packages by their main entry; fixtures are for tests.',
      },
      { group: PACKAGES.map((p) => `**/../${p}/src/*`), message: 'Import another package by its name (@grain/...), not by a relative path into it.' },
    ],
  };
}

/** The modules of api/src/http that work on Express requests and answers (a use case imports none). */
const EXPRESS_MODULES = [
  'auth-middleware',
  'errors',
  'feature',
  'input-guards',
  'lang',
  'listen',
  'params',
  'place',
  'request-id',
  'scope',
  'security-headers',
  'security',
  'stored-file',
  'uploads',
];

const SOURCE = (p) => [`${p}/src/**/*.ts`, ...(p === 'ui' ? ['ui/src/**/*.tsx'] : [])];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'jest/**', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['ui/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Pages and modules are built from small named parts (issue 30 item 6): no function over 100 lines.
    // Tests, migrations and the i18n tables are long by nature (a case list, a schema, a dictionary).
    // An error, with no exceptions left (35 functions over 100 lines before issue 30, none after).
    files: ['*/src/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, '**/migrations/**', '**/i18n.ts', 'ui/src/i18n/common.ts', 'ui/src/i18n/tables.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['*.js', '*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' } },
  },
  {
    files: ['scripts/**/*.mjs', 'jest/**/*.js', 'bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  // The layer table: what each package's production code may import.
  ...[...PACKAGES, 'ui']
    .filter((p) => p !== 'workflows' && p !== 'domain')
    .map((p) => ({
      files: SOURCE(p),
      ignores: TEST_FILES,
      rules: { 'no-restricted-imports': ['error', boundaries(p)] },
    })),
  {
    // A store does not see the set of stores (that made stores.ts -> a store's folder -> stores.ts a circle,
    // issue 30 item 4): what reads several stores is a service above them, in persistence/src/services.
    files: ['persistence/src/*/**/*.ts'],
    ignores: [...TEST_FILES, 'persistence/src/services/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        boundaries('persistence', {
          patterns: [{ group: ['../stores', '../../stores'], message: 'Cross-store logic is a service in persistence/src/services, above the stores.' }],
        }),
      ],
    },
  },
  {
    // Use cases (api/src/<feature>/commands, one verb a file) and their helpers (support/) run outside
    // Express: a route parses, calls one command and answers its view (docs/CONTRIBUTING.md, "Use cases").
    files: ['api/src/*/commands/**/*.ts', 'api/src/*/support/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        boundaries('api', {
          paths: [{ name: 'express', message: 'A use case runs outside Express: the route parses the request and answers.' }],
          patterns: [
            {
              group: EXPRESS_MODULES.map((m) => `**/http/${m}`),
              message: 'A use case runs outside Express: the route parses the request and answers.',
            },
          ],
        }),
      ],
    },
  },
  {
    // The domain runs in workflows and in the browser: no Node built-ins either.
    files: SOURCE('domain'),
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': ['error', boundaries('domain', { paths: NODE_BUILTINS })] },
  },
  {
    // Workflow code is replayed deterministically in Temporal's sandbox: no Node built-ins, and every
    // promise must be awaited or explicitly handled.
    files: ['workflows/src/**/*.ts'],
    ignores: ['workflows/src/**/*.test.ts'],
    languageOptions: { parserOptions: { project: './workflows/tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      'no-restricted-imports': ['error', boundaries('workflows', { paths: NODE_BUILTINS })],
    },
  },
  {
    // Type-aware promise rules for the Node packages' production code: a forgotten await or a promise
    // handed where a callback's result is ignored (an Express handler, an event) loses its error.
    files: PACKAGES.filter((p) => p !== 'workflows').map((p) => `${p}/src/**/*.ts`),
    ignores: TEST_FILES,
    languageOptions: {
      parserOptions: { project: PACKAGES.filter((p) => p !== 'workflows').map((p) => `./${p}/tsconfig.json`), tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/unbound-method': 'error',
      '@typescript-eslint/no-redundant-type-constituents': 'error',
      '@typescript-eslint/no-duplicate-type-constituents': 'error',
      '@typescript-eslint/no-array-delete': 'error',
    },
  },
  {
    // Every API route is built on featureRouter (api/src/http/params.ts), which answers a malformed
    // path id 404 before any handler runs; a bare Router() would skip that check.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/http/params.ts', ...TEST_FILES],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='Router']", message: 'Build routes on featureRouter() from api/src/http/params.ts.' },
        {
          selector: "CallExpression[callee.object.name='express'][callee.property.name='Router']",
          message: 'Build routes on featureRouter() from api/src/http/params.ts.',
        },
      ],
    },
  },
  {
    // File-level import cycles, inside each package (packages themselves are acyclic by the table).
    files: ['*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/ignore': ['node_modules', '\\.json$'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
