import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { firstLoadMessages } from './first-load-messages-plugin';
import { preactAliases } from './preact-aliases';
import { restaurantFallbacks } from './restaurant-fallbacks';

const API_ORIGIN = 'http://localhost:3000';

// The config sits in apps/web; resolve from here so `vite build` works from any working directory.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root,
  base: '/',
  resolve: {
    // React's API on Preact, and React Router's production build (preact-aliases.ts).
    alias: preactAliases(root, { router: 'production' }),
  },
  ssr: {
    // Bundled into the server entry so that React Router's and react-i18next's `react` imports go through the aliases
    // too: left external, Node would load it with the real React beside Preact.
    noExternal: ['react-router', 'react-i18next', 'preact', 'preact-render-to-string'],
  },
  // The JSX compiles to React's automatic runtime (aliased to Preact's); React Fast Refresh is
  // React's own and does not apply to Preact, so no file gets its wrapper.
  plugins: [
    react({ refreshExclude: /./ }),
    firstLoadMessages(),
    restaurantFallbacks(process.env.TENANTS_DIR ?? path.join(root, '../../tenants')),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    // The server reads .vite/manifest.json to preload the menu route's chunks in the pages it renders.
    manifest: true,
    // Font files stay files: the CSP allows fonts from 'self' only, not data: URLs
    // (apps/api/src/plugins/security-headers.ts, src/lib/restaurant-fonts.ts).
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/tenant-images': API_ORIGIN,
      // Restaurant data lives at /{slug}/data.json; a key starting with ^ is a regular expression.
      '^/[^/]+/data\\.json$': API_ORIGIN,
    },
  },
});
