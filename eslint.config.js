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
