import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import noUnsanitized from 'eslint-plugin-no-unsanitized';
import { boundariesPlugin } from './tools/eslint/boundaries.js';
import { unsafeSinkRules } from './tools/eslint/unsafe-sinks.js';

/**
 * The only places where one web feature uses another (ARCHITECTURE.md: features never import each
 * other; what several verticals share is the ordering core, apps/web/src/ordering, reached through its
 * entry ordering/index.ts, or shared code). Each names the modules that are the other feature's
 * public face; everything else in that folder stays private. At most two (issue 28):
 * tools/eslint/boundaries.js fails when a named module no longer exists.
 */
const featureExceptions = [
  {
    from: 'profile-lists',
    to: 'account',
    modules: ['account.css'],
    why: "The diner's lists (scheduled orders, receipts, and the school's students the app puts in their page: app/profile-screens.tsx) are account pages and share its page layout (.account-screen).",
  },
  {
    from: 'suite-operator',
    to: 'suites',
    modules: ['suite-facts', 'tabs/suite-activity', 'tabs/use-live-suite-tabs', 'suites.css'],
    why: "The operator sees a suite's tab (live), its settlement and its activity as the suite's owner does (features/suites), from the same components and the same live tab.",
  },
];

/** The HTTP layer, which nothing below the routes may import (docs/decisions/0060-layers-one-way.md). */
const HTTP_LAYER = {
  group: ['**/plugins/*', '**/routes/*', '**/routes/**'],
  message: 'Use cases, db, ports and lib do not depend on the HTTP layer.',
};
const CALLS_UP = {
  group: ['**/use-cases/*', '**/use-cases/**'],
  message: 'db, ports and lib sit below the use cases and never call them.',
};

/** One layer's import rule: the HTTP layer and the given patterns are off limits to `files` (tests aside). */
function belowRoutes(files, ignores, patterns) {
  return {
    files,
    ignores: ['**/*.test.ts', ...ignores],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [HTTP_LAYER, ...patterns] }] },
  };
}

/** Product code of the two apps: tests and their harnesses only drive jsdom and throwaway databases. */
const TEST_CODE = ['**/*.test.ts', '**/*.test.tsx', 'apps/api/src/test/**', 'apps/web/src/testing/**'];

/**
 * Strings that become HTML or SQL (docs/decisions/0064-static-checks.md). Each exception names the
 * calls it may make, the function they sit in where that is narrower than the file, and why;
 * tools/eslint/unsafe-sinks.js reports an exception whose function no longer needs it.
 */
const unsafeSinks = [
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/api/**/*.ts'],
    ignores: TEST_CODE,
    plugins: { 'no-unsanitized': noUnsanitized },
    rules: {
      'no-unsanitized/property': 'error',
      'no-unsanitized/method': 'error',
      'servery/no-raw-html': 'error',
    },
  },
  {
    files: ['apps/web/src/components/ui/localized.tsx'],
    rules: {
      'servery/no-raw-html': [
        'error',
        {
          allow: [
            {
              inside: 'RestaurantHtml',
              why: "Restaurant HTML (descriptions, announcements, banners) arrives sanitised by the server's sanitize-html (apps/api/src/lib/sanitize-html.ts) in the mode its field names; this is the one component that renders it.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server render loads the web's own server build, from the path the server was started with
    // (main.ts, WEB_SSR_ENTRY): a module of our build, not text from a request. Every HTML sink stays checked.
    files: ['apps/api/src/plugins/ssr.ts'],
    rules: { 'no-unsanitized/method': ['error', {}, { import: { properties: [] } }] },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: TEST_CODE,
    rules: { 'servery/no-string-sql': 'error' },
  },
  {
    files: ['apps/api/src/db/compiled-queries.ts'],
    rules: {
      'servery/no-string-sql': [
        'error',
        {
          allow: [
            {
              calls: ['CompiledQuery.raw'],
              inside: 'runCompiled',
              why: 'The SQL is the text Kysely compiled from the query builder, kept per dialect; compiledSql checks its parameters are the ones passed, so values stay parameters.',
            },
            { calls: ['CompiledQuery.raw'], inside: 'writeCompiled', why: "As runCompiled: the text is Kysely's own compiled SQL." },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/db/placed-orders-repository.ts'],
    rules: {
      'servery/no-string-sql': [
        'error',
        {
          allow: [
            {
              calls: ['sql.id', 'sql.lit'],
              inside: 'takeOrderNumberFromSequence',
              why: "CREATE SEQUENCE takes no parameters: the name is order_numbers_ and an integer (Math.trunc of the restaurant's id), quoted by sql.id, and the start a Number from our own counter.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/db/migrations/*.ts'],
    rules: {
      'servery/no-string-sql': [
        'error',
        {
          allow: [
            {
              calls: ['sql.raw', 'sql.table', 'sql.id', 'sql.lit'],
              why: 'Migrations write DDL (row-level security policies, triggers, grants), which takes no parameters; its tables and expressions are constants of the migration itself, never input.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { servery: { ...boundariesPlugin, rules: { ...boundariesPlugin.rules, ...unsafeSinkRules } } },
    rules: {
      'servery/imports': ['error', { featureExceptions }],
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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // An effect that leaves out what it reads goes stale; one that means to must say why beside it.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // No component or hook over about 200 lines (issue 28 item 4): past that a screen does several
    // things, and its parts belong in hooks and components of their own (e.g. ordering/checkout:
    // checkout-panel.tsx, checkout-setup.ts, checkout-place.ts). Folders stay at 25 files (src/layout.test.ts).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/testing/**'],
    rules: { 'max-lines-per-function': ['error', { max: 200, skipBlankLines: true, skipComments: true }] },
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
    // No import cycles in the API, the packages and the web app: a cycle makes module order matter and
    // hides a layer that should be split (docs/decisions/0020-order-pipeline.md; the web's ordering
    // core and its plug-ins, docs/decisions/0072-ordering-core-plug-ins.md).
    files: ['apps/api/src/**/*.ts', 'packages/*/src/**/*.ts', 'bench/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
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
  // Layers one way below the use cases (docs/decisions/0060-layers-one-way.md). Each block names all
  // its patterns (`belowRoutes` adds the two every layer below the routes shares): in a flat config a
  // later block's options for a rule replace an earlier block's.
  belowRoutes(['apps/api/src/use-cases/**/*.ts'], [], []),
  // db/ is storage: it imports no port and never calls up; kernel/ (the executor, the table types,
  // the order event kinds) sits below both db/ and ports/ and imports neither.
  belowRoutes(
    ['apps/api/src/db/**/*.ts'],
    [],
    [
      CALLS_UP,
      {
        group: ['**/ports/*'],
        message:
          'db/ imports no port (decision 0060): a type both need lives in apps/api/src/kernel; an event is sent by the use case or read by the hub, never by a repository.',
      },
    ],
  ),
  belowRoutes(
    ['apps/api/src/kernel/**/*.ts'],
    [],
    [
      CALLS_UP,
      { group: ['**/db/*', '**/ports/*'], message: 'kernel/ sits below every layer of the API and imports none (decision 0060).' },
    ],
  ),
  // A port reaches our database only through a repository handed to it (app.ts, ports/services.ts).
  belowRoutes(
    ['apps/api/src/ports/**/*.ts'],
    ['apps/api/src/ports/services.ts'],
    [
      CALLS_UP,
      {
        group: ['**/db/*'],
        message:
          'A port imports nothing from db/ (decision 0060): take the repository as an argument (see ports/order-events.ts, ports/sandbox-processor.ts) and wire it in app.ts or ports/services.ts.',
      },
    ],
  ),
  // ports/services.ts builds the default ports and is the one port module that wires db/ in.
  belowRoutes(['apps/api/src/ports/services.ts', 'apps/api/src/lib/**/*.ts'], [], [CALLS_UP]),
  {
    // No SQL outside db/ (decision 0060): no query builder call and no raw `sql` anywhere else in the
    // API. A use case may open a transaction (`db.transaction()`) and hand its `trx` to repositories.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/db/**', 'apps/api/src/kernel/**', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', importNames: ['sql'], message: 'Raw SQL lives in a repository in apps/api/src/db (decision 0060).' }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee[property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: 'Queries are built in a repository in apps/api/src/db (decision 0060); pass it the executor or the transaction.',
        },
      ],
    },
  },
  ...unsafeSinks,
);
