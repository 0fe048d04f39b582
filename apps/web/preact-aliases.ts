import path from 'node:path';

/**
 * The app is written against React's API (react, react-dom and their entry points) and runs on
 * Preact through `preact/compat`: the browser build, the server-rendering build and the web unit
 * tests all resolve these imports to Preact, so the tests test what ships and the server renders
 * with the library the browser hydrates with (docs/decisions/0047-preact.md). React Router is
 * resolved through the same aliases, so it runs on compat too (and on the server, where it is
 * bundled: see vite.config.ts).
 *
 * `root` is apps/web. React Router is named by path: its package exports name its development build
 * only (docs/decisions/0044-menu-lighter-first-load.md), and under Node they name the CommonJS file,
 * which would be loaded by Node, outside the aliases; the ES module build goes through them.
 */
export function preactAliases(root: string, { router }: { router: 'production' | 'development' }) {
  return [
    { find: /^react$/, replacement: 'preact/compat' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
    { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
    { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
    // react-i18next's hook reads through React's useSyncExternalStore shim, a CommonJS module that
    // would require the real React; compat has the hook itself.
    { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
    { find: /^react-router$/, replacement: path.join(root, `../../node_modules/react-router/dist/${router}/index.mjs`) },
  ];
}
