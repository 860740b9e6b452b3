// ESLint (flat config): TypeScript rules everywhere, Temporal's workflow rules in workflows/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    files: ['*.js', '*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' } },
  },
  {
    files: ['scripts/**/*.mjs', 'jest/**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Workflow code is replayed deterministically in Temporal's sandbox: no Node built-ins, and every
    // promise must be awaited or explicitly handled.
    files: ['workflows/src/**/*.ts'],
    ignores: ['workflows/src/**/*.test.ts'],
    languageOptions: { parserOptions: { project: './workflows/tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      'no-restricted-imports': ['error', { paths: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)] }],
    },
  },
);
