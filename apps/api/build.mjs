// The API's production build: `npm run build --workspace apps/api` (npm start runs it when a source is
// newer than the build, scripts/lib.mjs). esbuild bundles each entry point with what it imports from
// apps/api/src and the workspace packages (@servery/domain and @servery/contracts, which are published
// as TypeScript source) into one JavaScript file in apps/api/dist, so the server runs on plain Node
// with no TypeScript loader. npm packages stay external: Node loads them from node_modules as usual
// (native better-sqlite3, @fastify/swagger-ui's static assets read relative to its own files).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const apiDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(apiDir, '../..');
export const distDir = path.join(apiDir, 'dist');

/** dist/<name>.js ← src/<file>. main.js is the server; import-tenants.js the tenant import CLI. */
const ENTRY_POINTS = { main: 'src/main.ts', 'import-tenants': 'src/cli/import-tenants.ts' };

// Our workspaces are compiled in; any other bare import (an npm package) is left to Node at run time.
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@servery/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Code that finds files from its own location (config.ts: the repo root is '../../..' from
 * apps/api/src) runs from apps/api/dist after bundling, so it only finds them when its source folder
 * sits as deep in the repo as dist does. Fail the build, naming the file, rather than start a server
 * that looks for the tenants or the web build in the wrong place.
 */
function checkImportMetaDepth(metafile) {
  const depth = (dir) => path.relative(repoRoot, dir).split(path.sep).length;
  const problems = [];
  for (const input of Object.keys(metafile.inputs)) {
    const file = path.resolve(apiDir, input);
    if (file.includes(`${path.sep}node_modules${path.sep}`) || !/\.[cm]?[jt]sx?$/.test(file)) continue;
    if (/import\.meta\.(url|dirname|filename)/.test(fs.readFileSync(file, 'utf8')) && depth(path.dirname(file)) !== depth(distDir)) {
      problems.push(`${path.relative(repoRoot, file)} reads import.meta but is not ${depth(distDir)} folders deep like apps/api/dist`);
    }
  }
  if (problems.length > 0) throw new Error(`The API bundle would resolve paths from the wrong folder:\n  ${problems.join('\n  ')}`);
}

/**
 * Builds in memory, then writes each file beside its old self and renames it into place: a server
 * starting meanwhile, or a second build running at once (the browser tests and `npm start`), reads a
 * whole old file or a whole new one, never half of one.
 */
export async function buildApi() {
  const started = Date.now();
  const result = await esbuild.build({
    absWorkingDir: apiDir,
    entryPoints: ENTRY_POINTS,
    outdir: distDir,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Source maps so a stack trace (node --enable-source-maps) names the TypeScript file and line.
    sourcemap: 'linked',
    sourcesContent: false,
    // process.env.NODE_ENV stays a run-time read: the same build serves development and production.
    logLevel: 'warning',
    metafile: true,
    plugins: [externalNpmPackages],
  });
  checkImportMetaDepth(result.metafile);
  fs.mkdirSync(distDir, { recursive: true });
  // The build's time is when it started: a source saved while it ran is newer, and triggers the next one.
  const startedAt = new Date(started);
  const written = new Set();
  for (const output of result.outputFiles) {
    const temporary = `${output.path}.tmp-${process.pid}`;
    fs.writeFileSync(temporary, output.contents);
    fs.utimesSync(temporary, startedAt, startedAt);
    fs.renameSync(temporary, output.path);
    written.add(path.basename(output.path));
  }
  // Files of an entry point that is gone; another build's temporary files are left to it.
  for (const name of fs.readdirSync(distDir)) {
    if (!written.has(name) && !name.includes('.tmp-')) fs.rmSync(path.join(distDir, name), { recursive: true, force: true });
  }
  console.log(`API built into ${path.relative(process.cwd(), distDir) || '.'} in ${Date.now() - started} ms`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await buildApi();
  } catch (error) {
    // esbuild has printed its own errors already; ours is a message, not a stack.
    if (!(error instanceof Error && 'errors' in error)) console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
