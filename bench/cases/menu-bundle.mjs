// The menu route's initial JS and CSS, in gzip bytes (goal ≤ 120 kB, issue 25), next to React's own share: the bare
// framework (react + react-dom/client + react-router) bundled by the same Vite in the same run. A second row
// prints the stack's floor: the framework plus the libraries every screen stands on (TanStack Query, i18next
// with react-i18next), no product code (bench/fixtures/stack-floor; docs/decisions/0086-menu-bundle-floor.md).
//
// "Initial" = what a first visit to /:slug loads before the menu is interactive: the entry chunk and
// its static imports (recursively) with their CSS, plus the lazy chunk the Menu route loads (the
// module its entry in apps/web/src/app/routes.tsx imports) and, when the MenuScreen module is a lazy
// chunk of its own, that chunk too, each with its static imports and CSS. Read from the Vite manifest
// (apps/web/dist/.vite/manifest.json); without one, from dist/index.html's tags and the chunks'
// import statements (reported as approximate). The route's chunk counts because the page hydrates
// only once it is loaded (apps/web/src/main.tsx preloads it): looking for the MenuScreen module
// alone missed everything the route's own chunk adds whenever MenuScreen is not its own chunk.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const order = 10;
export const title = 'Menu route initial JS + CSS (gzip -9)';

const KB = 1000;
const GOAL_BYTES = 120 * KB;
const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;

export async function run(context) {
  const build = await context.webBuild();
  if (!build.ok) throw new Error(`no web build to measure (${build.message.split('\n')[0]})`);
  const webDir = path.join(context.root, 'apps/web');
  const dist = build.distDir;

  const menuSource = findMenuScreenSource(webDir);
  const routeSource = findMenuRouteSource(webDir);
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const route = fs.existsSync(manifestFile)
    ? fromManifest(JSON.parse(fs.readFileSync(manifestFile, 'utf8')), menuSource, routeSource)
    : fromHtml(dist, context);
  if (!fs.existsSync(manifestFile)) {
    context.note(
      'no Vite manifest (apps/web/dist/.vite/manifest.json; set build.manifest: true): files found from index.html and import statements, the menu chunk by its file name, its CSS by chunk name — approximate',
    );
  }

  const files = [...route.files.entries()].map(([file, groups]) => {
    const bytes = fs.readFileSync(path.join(dist, file));
    return { file, groups: groups.has('entry') ? 'entry' : 'menu', raw: bytes.length, gzip: gzipSize(bytes) };
  });
  files.sort((a, b) => b.gzip - a.gzip);
  const sum = (list) => list.reduce((total, f) => total + f.gzip, 0);
  const js = sum(files.filter((f) => f.file.endsWith('.js')));
  const css = sum(files.filter((f) => f.file.endsWith('.css')));
  const total = js + css;
  // What the server actually sends a browser that takes Brotli: the .br files the build writes beside
  // each one (apps/web/compressed-assets-plugin.ts, decision 0098); a file too small for one goes as it is.
  const served = files.reduce((sum, f) => {
    const br = path.join(dist, `${f.file}.br`);
    return sum + (fs.existsSync(br) ? fs.statSync(br).size : f.raw);
  }, 0);

  context.log(
    `menu chunk: ${route.menuChunk ?? 'NOT FOUND'} (route source ${routeSource ?? 'not found'}, MenuScreen source ${menuSource ?? 'not found'}; ${route.method})`,
  );
  context.log('files on the menu route, largest first (gzip -9 / raw; entry = the entry and its imports, menu = added by the Menu chunk):');
  for (const f of files)
    context.log(
      `  ${(f.gzip / KB).toFixed(1).padStart(7)} kB  ${(f.raw / KB).toFixed(1).padStart(7)} kB  ${f.groups.padEnd(10)} ${f.file}`,
    );
  context.log(
    `  ${(total / KB).toFixed(1).padStart(7)} kB  total (${files.length} files: JS ${(js / KB).toFixed(1)} kB, CSS ${(css / KB).toFixed(1)} kB)`,
  );
  if (!route.menuChunk) context.note('no Menu screen chunk found in the build: the total holds only the entry and its static imports');

  const framework = await buildFixture(context, 'bare-framework');
  context.log(`bare framework build: ${framework.files.map((f) => `${f.file} ${(f.gzip / KB).toFixed(1)} kB`).join(', ')}`);
  const floor = await buildFixture(context, 'stack-floor');
  context.log(
    `stack floor build (framework + TanStack Query + i18next + react-i18next, no product code): ${(floor.total / KB).toFixed(1)} kB; the menu's own code and CSS: ${((total - floor.total) / KB).toFixed(1)} kB`,
  );

  const frameworkName = "React's own share (react+react-dom+react-router, bare)";
  const caveats = [];
  if (!fs.existsSync(manifestFile)) caveats.push('no Vite manifest: files found from index.html and import statements (approximate)');
  if (!build.built && !build.clientFresh) caveats.push('the web build did not run or failed: this is the previous build');
  return [
    {
      name: 'initial JS + CSS, gzip',
      value: total / KB,
      unit: 'kB',
      baseline: framework.total / KB,
      baselineName: frameworkName,
      ratio: total / framework.total,
      goal: '≤ 120 kB',
      met: total <= GOAL_BYTES,
      caveat: caveats.join('; ') || undefined,
    },
    {
      name: '  of which JS',
      value: js / KB,
      unit: 'kB',
      baseline: framework.js / KB,
      baselineName: frameworkName,
      ratio: js / framework.js,
      goal: null,
      met: null,
    },
    { name: '  of which CSS', value: css / KB, unit: 'kB', baseline: null, baselineName: null, ratio: null, goal: null, met: null },
    {
      name: 'as served (Brotli, precompressed)',
      value: served / KB,
      unit: 'kB',
      baseline: null,
      baselineName: null,
      ratio: null,
      goal: null,
      met: null,
    },
    {
      name: 'floor: + Query, i18next, no app',
      value: floor.total / KB,
      unit: 'kB',
      baseline: null,
      baselineName: null,
      ratio: null,
      goal: null,
      met: null,
    },
  ];
}

/** The web source file that exports MenuScreen, relative to apps/web (the manifest's `src`). */
export function findMenuScreenSource(webDir) {
  const preferred = 'src/features/menu/menu-screen.tsx';
  const exportsMenu = (file) => /export\s+(?:default\s+)?(?:function|const|class)\s+MenuScreen\b/.test(fs.readFileSync(file, 'utf8'));
  if (fs.existsSync(path.join(webDir, preferred)) && exportsMenu(path.join(webDir, preferred))) return preferred;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        const found = walk(full);
        if (found) return found;
      } else if (/\.(tsx?|jsx?)$/.test(entry.name) && !/\.test\./.test(entry.name) && exportsMenu(full)) {
        return path.relative(webDir, full).split(path.sep).join('/');
      }
    }
    return null;
  };
  return walk(path.join(webDir, 'src'));
}

/**
 * The module the Menu route of apps/web/src/app/routes.tsx imports lazily (`route('Menu', () =>
 * import('./x')...)`), relative to apps/web like the manifest's `src`; null when not found.
 */
export function findMenuRouteSource(webDir) {
  const routesFile = path.join(webDir, 'src/app/routes.tsx');
  if (!fs.existsSync(routesFile)) return null;
  const spec = /route\(\s*'Menu'\s*,\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/.exec(fs.readFileSync(routesFile, 'utf8'))?.[1];
  if (!spec) return null;
  const base = path.join(path.dirname(routesFile), spec);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, `${base}.jsx`, `${base}.js`, path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return path.relative(webDir, candidate).split(path.sep).join('/');
  }
  return null;
}

/** → { files: Map<file, Set<'entry'|'menu'>>, menuChunk, method } */
export function fromManifest(manifest, menuSource, routeSource = null) {
  const files = new Map();
  const add = (file, group) => {
    if (!files.has(file)) files.set(file, new Set());
    files.get(file).add(group);
  };
  const visit = (key, group, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    add(chunk.file, group);
    for (const css of chunk.css ?? []) add(css, group);
    for (const imported of chunk.imports ?? []) visit(imported, group, seen);
  };
  const keys = Object.keys(manifest);
  const entryKey =
    keys.find((k) => manifest[k].isEntry && (manifest[k].src ?? k) === 'index.html') ?? keys.find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry (isEntry)');
  visit(entryKey, 'entry');
  const dynamic = keys.filter((k) => manifest[k].isDynamicEntry);
  const routeKey = routeSource ? dynamic.find((k) => (manifest[k].src ?? k) === routeSource) : undefined;
  const menuKey =
    dynamic.find((k) => (manifest[k].src ?? k) === menuSource) ??
    dynamic.find((k) => (manifest[k].src ?? k).includes('menu-screen')) ??
    keys.find((k) => (manifest[k].src ?? k) === menuSource);
  if (routeKey) visit(routeKey, 'menu');
  if (menuKey) visit(menuKey, 'menu');
  const chunks = [routeKey, menuKey].filter((k, i, all) => k && all.indexOf(k) === i).map((k) => manifest[k].file);
  return { files, menuChunk: chunks.length ? chunks.join(' + ') : null, method: 'from the Vite manifest' };
}

/** Without a manifest: index.html's module script, modulepreloads and stylesheets, then static imports. */
function fromHtml(dist, context) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Map();
  const add = (file, group) => {
    if (!files.has(file)) files.set(file, new Set());
    files.get(file).add(group);
  };
  const local = (url) => url.replace(/^\//, '').split('?')[0];
  const tags = [...html.matchAll(/<(script|link)\b[^>]*>/g)].map((m) => m[0]);
  const attr = (tag, name) => tag.match(new RegExp(`\\b${name}=["']([^"']+)["']`))?.[1];
  const roots = [];
  for (const tag of tags) {
    if (tag.startsWith('<script') && attr(tag, 'type') === 'module' && attr(tag, 'src')) roots.push(local(attr(tag, 'src')));
    if (tag.startsWith('<link') && /modulepreload|stylesheet/.test(attr(tag, 'rel') ?? '') && attr(tag, 'href')?.startsWith('/'))
      add(local(attr(tag, 'href')), 'entry');
  }
  const visit = (file, group, seen = new Set()) => {
    if (seen.has(file) || !fs.existsSync(path.join(dist, file))) return;
    seen.add(file);
    add(file, group);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    // Static imports and re-exports only: `import x from"./a.js"`, `import"./a.js"`, `export{a}from"./a.js"`.
    for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      visit(path.posix.join(path.posix.dirname(file), m[1]), group, seen);
    }
  };
  for (const file of roots) visit(file, 'entry');
  const assets = fs.readdirSync(path.join(dist, 'assets'));
  const menuFile = assets.find((f) => /^menu-screen-[\w-]+\.js$/.test(f));
  if (menuFile) visit(`assets/${menuFile}`, 'menu');
  // CSS of lazy chunks: the stylesheet named like a chunk on the route (Vite names CSS after its chunk).
  const chunkNames = new Set([...files.keys()].filter((f) => f.endsWith('.js')).map((f) => path.basename(f).replace(/-[\w-]{8}\.js$/, '')));
  for (const cssFile of assets.filter((f) => f.endsWith('.css'))) {
    if (chunkNames.has(cssFile.replace(/-[\w-]{8}\.css$/, '')) && !files.has(`assets/${cssFile}`)) add(`assets/${cssFile}`, 'menu');
  }
  context.log('no Vite manifest: reading index.html and import statements instead');
  return { files, menuChunk: menuFile ? `assets/${menuFile}` : null, method: 'from index.html and import statements (approximate)' };
}

/**
 * Builds a fixture of bench/fixtures with the project's Vite into the temp dir; gzip sizes. React Router
 * resolves to its production build as in apps/web/vite.config.ts, so the fixture and the menu weigh the same router.
 */
async function buildFixture(context, name) {
  const { build } = await import('vite');
  const fixture = path.join(context.root, 'bench/fixtures', name);
  const outDir = path.join(context.tmpDir, name);
  const router = path.join(context.root, 'node_modules/react-router/dist/production/index.mjs');
  await build({
    configFile: false,
    root: fixture,
    base: '/',
    mode: 'production',
    logLevel: 'silent',
    resolve: { alias: [{ find: /^react-router$/, replacement: router }] },
    // The fixture's script is the entry: there is no page to serve, only bytes to weigh.
    build: { outDir, emptyOutDir: true, target: 'es2022', assetsDir: 'assets', rollupOptions: { input: path.join(fixture, 'main.js') } },
  });
  const assets = path.join(outDir, 'assets');
  const files = fs
    .readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => ({ file: f, gzip: gzipSize(fs.readFileSync(path.join(assets, f))) }));
  const js = files.filter((f) => f.file.endsWith('.js')).reduce((t, f) => t + f.gzip, 0);
  const css = files.filter((f) => f.file.endsWith('.css')).reduce((t, f) => t + f.gzip, 0);
  return { files, js, total: js + css };
}
