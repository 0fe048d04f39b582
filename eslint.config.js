import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { boundariesPlugin } from './tools/eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { servery: boundariesPlugin },
    rules: {
      'servery/imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Business rules are pure: no I/O, no clock, no environment; `now` is passed in.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'fs', 'path', 'kysely', 'fastify', 'react', 'zod'], message: 'domain is pure TypeScript.' }] },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass `now` in.' },
        { object: 'Math', property: 'random', message: 'Pass randomness in.' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'No environment in domain.' },
        { name: 'fetch', message: 'No I/O in domain.' },
      ],
    },
  },
  {
    // No import cycles in the API and the packages: a cycle makes module order matter and hides a
    // layer that should be split (docs/decisions/0015-order-pipeline.md).
    files: ['apps/api/src/**/*.ts', 'packages/*/src/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // API layering (ARCHITECTURE.md "Conventions" 1): routes -> use-cases -> db and ports. A route
    // parses, calls a use case and maps its answer; it may name a row's type, not query for one.
    files: ['apps/api/src/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/*', '**/ports/*', 'kysely'],
              allowTypeImports: true,
              message: 'A route calls a use case (apps/api/src/use-cases); repositories, ports and SQL live below it.',
            },
            {
              group: ['**/plugins/*', '!**/plugins/request-context', '!**/plugins/session'],
              message: 'A route reaches a plugin only through its request helpers (request-context, session), never its internals.',
            },
          ],
        },
      ],
    },
  },
  {
    // Below the routes nothing knows about HTTP plugins or routes; db and ports do not call use cases.
    files: ['apps/api/src/use-cases/**/*.ts', 'apps/api/src/db/**/*.ts', 'apps/api/src/ports/**/*.ts', 'apps/api/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/plugins/*', '**/routes/*'], message: 'Use cases, db, ports and lib do not depend on the HTTP layer.' }],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/db/**/*.ts', 'apps/api/src/ports/**/*.ts', 'apps/api/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/plugins/*', '**/routes/*'], message: 'Use cases, db, ports and lib do not depend on the HTTP layer.' },
            { group: ['**/use-cases/*'], message: 'db, ports and lib sit below the use cases and never call them.' },
          ],
        },
      ],
    },
  },
);
