import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { boundariesPlugin } from './tools/eslint/boundaries.js';

/**
 * The only places where one web feature uses another (ARCHITECTURE.md: features never import each
 * other). Each names the modules that are the other feature's public face; there are no barrel
 * files, so the module itself is the entry, and everything else in that folder stays private.
 * tools/eslint/boundaries.js fails when a named module no longer exists.
 */
const featureExceptions = [
  {
    from: 'school',
    to: 'cart',
    modules: ['cart-count'],
    why: "The header's cart count (features/cart/cart-count.ts) counts the school cart too: the school cart's storage key lives there and its writes announce themselves to it.",
  },
  {
    from: 'menu',
    to: 'cart',
    modules: ['use-cart', 'cart-bar', 'cart-panel'],
    why: "The menu screen (features/menu/menu-screen.tsx) holds the diner's cart, shows its bar and opens its panel over the menu.",
  },
  {
    from: 'menu',
    to: 'checkout',
    modules: ['checkout-panel'],
    why: 'Checkout opens over the menu screen, from the cart panel, as a lazily loaded chunk.',
  },
  {
    from: 'menu',
    to: 'order',
    modules: ['use-another-round'],
    why: "A menu address with ?round= loads a placed order's lines into the cart (another round at the table).",
  },
  {
    from: 'checkout',
    to: 'cart',
    modules: ['use-cart', 'cart-api', 'cart-model', 'cost-breakdown', 'cart-extras', 'cart.css'],
    why: "Checkout places the cart: its state, its calls and choices, the same cost summary and catering minimum the cart shows, and the cart's section styles.",
  },
  {
    from: 'order',
    to: 'cart',
    modules: ['use-cart', 'cost-breakdown', 'cart.css'],
    why: "Another round (features/order/use-another-round.ts) fills the menu screen's cart; the confirmation shows the placed order's costs with the cart's summary rows and styles.",
  },
  {
    from: 'order',
    to: 'checkout',
    modules: ['checkout-storage', 'checkout.css'],
    why: "The confirmation reads the order that checkout saved in this tab, and is styled as checkout's last page.",
  },
  {
    from: 'cart',
    to: 'marketplace',
    modules: ['vendor-groups', 'vendor-state', 'held-vendor-notice'],
    why: "A marketplace hub's cart lists its lines under each vendor, split as the server will split the order, and marks a vendor's lines it cannot take now, with the reason and their removal.",
  },
  {
    from: 'checkout',
    to: 'marketplace',
    modules: ['use-hub-checkout', 'held-vendor-notice'],
    why: "A hub's take-out checkout (features/marketplace/use-hub-checkout.ts) is placed as one order per vendor (POST /orders/create-marketplace-order), at times every vendor can take; a vendor that cannot take its lines is named with its reason, and its items come out in one action.",
  },
  {
    from: 'menu',
    to: 'marketplace',
    modules: ['vendor-groups', 'vendor-state'],
    why: "A hub's menu says each vendor's state under its name and adds none of its items while it cannot take them.",
  },
  {
    from: 'order',
    to: 'marketplace',
    modules: ['marketplace-confirmation'],
    why: "The confirmation of a hub's checkout shows each vendor's order and the one payment.",
  },
  {
    from: 'profile-lists',
    to: 'account',
    modules: ['account.css'],
    why: "The diner's lists (students, scheduled orders, receipts) are account pages and share its page layout (.account-screen).",
  },
  {
    from: 'suite-operator',
    to: 'suites',
    modules: ['suite-facts', 'suite-activity', 'suites.css'],
    why: "The operator sees a suite's tab, its settlement and its activity as the suite's owner does (features/suites), from the same components.",
  },
  {
    from: 'cart',
    to: 'menu',
    modules: ['menu-screen'],
    testsOnly: true,
    why: 'Cart tests drive the cart through the menu screen, the way a diner reaches it.',
  },
  {
    from: 'order',
    to: 'menu',
    modules: ['menu-screen'],
    testsOnly: true,
    why: 'Another round is tested through the menu screen, where its address lands.',
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

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { servery: boundariesPlugin },
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
    // layer that should be split (docs/decisions/0020-order-pipeline.md).
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
);
