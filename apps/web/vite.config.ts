import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { compressedAssets } from './compressed-assets-plugin';
import { firstLoadMessages } from './first-load-messages-plugin';
import { restaurantFallbacks } from './restaurant-fallbacks';

const API_ORIGIN = 'http://localhost:3000';

// The config sits in apps/web; resolve from here so `vite build` works from any working directory.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root,
  base: '/',
  resolve: {
    alias: [
      // React Router's package exports point at its development build only (warnings, checks and
      // their messages); its production build sits beside it (docs/decisions/0044-menu-lighter-first-load.md).
      { find: /^react-router$/, replacement: path.join(root, '../../node_modules/react-router/dist/production/index.mjs') },
    ],
  },
  plugins: [
    react(),
    firstLoadMessages(),
    restaurantFallbacks(process.env.TENANTS_DIR ?? path.join(root, '../../tenants')),
    compressedAssets(),
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
    rolldownOptions: {
      output: {
        // Every module the entry loads statically goes into the entry's chunk. Without this group
        // Rolldown split modules the entry already loads (the session, query keys, i18n, the API
        // client) into eight chunks of their own as soon as a lazy screen imported one of them
        // (rolldown issue 10731): nothing loaded later, but the menu's first load grew 6.5 kB gzip
        // from the lost compression and the chunks' imports (decision 0096, amended 2026-12-03).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
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
