import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { firstLoadMessages } from './first-load-messages-plugin';
import { preactAliases } from './preact-aliases';

// Resolve from apps/web so the project runs the same from the repository root or from here.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

const INLINED = ['@testing-library/react', 'react-router', 'react-i18next'];

export default defineConfig({
  root,
  // The tests run what ships: React's API on Preact (preact-aliases.ts). React Router runs its
  // development build here (its checks and warnings).
  resolve: {
    alias: [
      ...preactAliases(root, { router: 'development' }),
      // Testing Library's `act` (src/testing/act.ts: Preact's, waiting as React's does).
      { find: /^react-dom\/test-utils$/, replacement: path.join(root, 'src/testing/act.ts') },
      // Testing Library's package has no exports map: Node would take its CommonJS build, outside the
      // aliases; its ES module build goes through them and so renders with Preact.
      {
        find: /^@testing-library\/react$/,
        replacement: path.join(root, '../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js'),
      },
    ],
  },
  // Dependencies that import react or react-dom go through the aliases above instead of Node's
  // resolution, which would load the real React beside Preact: in the tests without a DOM (here)
  // and in the jsdom ones (server.deps below).
  ssr: { noExternal: INLINED },
  plugins: [react({ refreshExclude: /./ }), firstLoadMessages()],
  test: {
    name: 'web',
    testTimeout: 20_000,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    server: { deps: { inline: INLINED } },
  },
});
