// What we install, checked offline before anything else in npm test (docs/decisions/0064-static-checks.md):
//   1. package-lock.json: every package comes from the registry npm is configured with and is pinned
//      by a sha512 integrity hash, which npm ci checks each downloaded tarball against. No git, file or
//      other-host sources. (Registry entries carry no `resolved` URL: .npmrc omits it, so the lockfile
//      names no host and npm fetches from the configured registry.)
//   2. Install scripts by name only: every package the lockfile marks `hasInstallScript` is named in
//      package.json's `allowScripts`, and every name there still has one. npm itself refuses an
//      unlisted one before running anything (.npmrc: strict-allow-scripts); this check also holds
//      on review, before an install, and names the package.
//   3. The lint rules for unsafe HTML and string-built SQL are not switched off by inline comments:
//      their exceptions live in eslint.config.js, each with its reason.
// Exits 1 and names each problem; prints one line per check when all hold.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const problems = [];
const passed = [];
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

const manifest = JSON.parse(read('package.json'));
const lock = JSON.parse(read('package-lock.json'));
const npmrc = read('.npmrc');

/** npm's effective settings (project .npmrc, user, defaults): the registry, and which settings this npm knows. */
function npmConfig() {
  try {
    return JSON.parse(
      execFileSync('npm', ['config', 'ls', '-l', '--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    );
  } catch (error) {
    problems.push(`could not read npm's configuration (npm config ls -l --json): ${error.message.split('\n')[0]}`);
    return {};
  }
}
const config = npmConfig();

// --- 1. Where every package comes from, and its integrity hash ---
const registry = typeof config.registry === 'string' ? config.registry.replace(/\/?$/, '/') : null;
if (registry && !registry.startsWith('https://')) problems.push(`npm's registry is not served over https: ${registry}`);
if (!(lock.lockfileVersion >= 2))
  problems.push(`package-lock.json is lockfileVersion ${lock.lockfileVersion}; npm 7 or later writes 2 or 3`);

const SHA512 = /^sha512-[A-Za-z0-9+/]{86}==$/;
const workspaces = new Set(manifest.workspaces ?? []);
/** The name a lockfile entry is installed under: its `name` (an alias's real name) or its folder. */
const nameOf = (key, entry) => entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
let packages = 0;
for (const [key, entry] of Object.entries(lock.packages ?? {})) {
  if (key === '') continue;
  if (!key.includes('node_modules/')) {
    if (!workspaces.has(key))
      problems.push(`package-lock.json has ${key}, which is neither installed from the registry nor a workspace of package.json`);
    continue;
  }
  if (entry.link) {
    if (!workspaces.has(entry.resolved)) problems.push(`${key} links to ${entry.resolved}, which is not a workspace of package.json`);
    continue;
  }
  // A bundled dependency ships inside its parent's tarball, which the parent's hash covers.
  if (entry.inBundle) continue;
  packages += 1;
  const name = nameOf(key, entry);
  const hashes = (entry.integrity ?? '').split(/\s+/).filter(Boolean);
  if (hashes.length === 0 || !hashes.every((hash) => SHA512.test(hash)))
    problems.push(`${key} (${name}@${entry.version}) has no sha512 integrity hash: ${entry.integrity ?? 'none'}`);
  if (entry.resolved !== undefined) {
    const tarball = `${name}/-/${name.split('/').pop()}-${entry.version}.tgz`;
    if (!registry || entry.resolved !== registry + tarball)
      problems.push(
        `${key} (${name}@${entry.version}) is resolved from ${entry.resolved}, not from npm's registry (${registry ?? 'unknown'}) by name and version`,
      );
  }
}
passed.push(`package-lock.json: ${packages} packages, each from the registry by name and version with a sha512 hash`);

// --- 2. Install scripts by name only ---
const allowed = manifest.allowScripts ?? {};
const withScripts = new Map();
for (const [key, entry] of Object.entries(lock.packages ?? {})) {
  if (!key.includes('node_modules/') || !entry.hasInstallScript) continue;
  const name = nameOf(key, entry);
  withScripts.set(name, [...(withScripts.get(name) ?? []), `${key}@${entry.version}`]);
}
for (const [name, where] of withScripts) {
  if (allowed[name] !== true)
    problems.push(
      `${name} runs an install script (${where.join(', ')}) and is not allowed by name in package.json's allowScripts: review the script, then add "${name}": true, or drop the dependency`,
    );
}
for (const [key, value] of Object.entries(allowed)) {
  if (value === true && !withScripts.has(key))
    problems.push(
      `package.json's allowScripts allows ${key}, which the lockfile installs without an install script (or not at all): remove it`,
    );
}
if (!/^\s*strict-allow-scripts\s*=\s*true\s*$/m.test(npmrc))
  problems.push('.npmrc must set strict-allow-scripts=true, so that npm refuses an install script not in allowScripts before it runs');
// Node 20 ships npm 10, which does not know the setting: the check above still holds the list by
// name, so the README's two commands keep working there; npm's own refusal is a second line.
const warnings = [];
if (config['strict-allow-scripts'] === undefined)
  warnings.push(
    `npm ${config['npm-version'] ?? ''} does not know strict-allow-scripts, so npm itself would run an unlisted install script; the lockfile check above still names every one (npm 11.19 or later refuses them too)`,
  );
passed.push(`install scripts: only ${[...withScripts.keys()].sort().join(', ') || 'none'}, each allowed by name`);

// --- 3. No inline switch-off of the unsafe HTML and SQL rules ---
const GUARDED = /eslint-disable[^\n]*(no-unsanitized\/|servery\/no-raw-html|servery\/no-string-sql)/;
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const SKIP = new Set(['node_modules', 'dist', 'dist-ssr']);
function* sources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}
let scanned = 0;
for (const file of sources(path.join(root, 'apps'))) {
  scanned += 1;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    if (GUARDED.test(line))
      problems.push(
        `${path.relative(root, file)}:${index + 1} switches off an unsafe HTML or SQL rule inline; name the exception and its reason in eslint.config.js instead`,
      );
  });
}
passed.push(`lint exceptions: none inline in ${scanned} files of apps/`);

if (problems.length > 0) {
  console.error(`Dependency and lint-exception checks failed (docs/decisions/0064-static-checks.md):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
for (const line of passed) console.log(`ok  ${line}`);
for (const line of warnings) console.warn(`note  ${line}`);
