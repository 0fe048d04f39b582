// Import boundaries, enforced by lint (ARCHITECTURE.md): domain <- contracts <- {api, web}; api and
// web never import each other; inside web, app -> features -> ordering -> shared. The ordering core
// (apps/web/src/ordering) is reached only through its public entry, ordering/index.ts, and imports no
// feature and not app (docs/decisions/0072-ordering-core-plug-ins.md); no feature imports another
// except through the few modules eslint.config.js names (option `featureExceptions`). Test files may
// reach the core's internals (they test them). Test support (apps/web/src/testing) may use any web
// module and is only for test files.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

const WORKSPACES = {
  domain: 'packages/domain',
  contracts: 'packages/contracts',
  api: 'apps/api',
  web: 'apps/web',
  e2e: 'e2e',
};
const ALLOWED = {
  domain: ['domain'],
  contracts: ['domain', 'contracts'],
  api: ['domain', 'contracts', 'api'],
  web: ['domain', 'contracts', 'web'],
  e2e: ['domain', 'contracts', 'api', 'web', 'e2e'],
};

function workspaceOf(file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return Object.entries(WORKSPACES).find(([, dir]) => relative === dir || relative.startsWith(`${dir}/`))?.[0] ?? null;
}

const webSrc = path.join(root, 'apps/web/src');

/** Where a file sits inside apps/web/src: 'app', 'testing', 'feature:<name>', 'ordering' or 'shared'. */
function webLayerOf(file) {
  const relative = path.relative(webSrc, file).split(path.sep).join('/');
  if (relative.startsWith('..')) return null;
  if (relative.startsWith('app/') || relative === 'main.tsx' || relative === 'entry-server.tsx') return 'app';
  if (relative.startsWith('testing/')) return 'testing';
  const feature = /^features\/([^/]+)\//.exec(relative);
  if (feature) return `feature:${feature[1]}`;
  if (relative === 'ordering' || relative.startsWith('ordering/')) return 'ordering';
  return 'shared';
}

const orderingEntry = path.join(webSrc, 'ordering');
const verticalsEntry = path.join(orderingEntry, 'verticals');
/**
 * `../../ordering` or `../../ordering/index` (with or without its extension): the core's public entry;
 * or `../../ordering/verticals`, its second entry for what only a vertical's screens run (kept off the
 * menu's first load: docs/decisions/0096-menu-first-load-lazy-parts.md).
 */
const isOrderingEntry = (resolved) => {
  const bare = resolved.replace(/(\.[cm]?[jt]sx?)$/, '');
  return bare.replace(/\/index$/, '') === orderingEntry || bare === verticalsEntry;
};

const isTestFile = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

/** A module's name inside its feature folder, without a script extension ('use-cart', 'cart.css'). */
function moduleOf(resolved) {
  const relative = path.relative(webSrc, resolved).split(path.sep).join('/');
  return relative.replace(/^features\/[^/]+\//, '').replace(/\.[cm]?[jt]sx?$/, '');
}

const SCRIPT_EXTENSIONS = ['', '.ts', '.tsx', '.js', '.jsx'];

/** Each exception must name modules that exist, so a rename cannot leave a stale hole in the rule. */
function checkExceptions(exceptions) {
  for (const { from, to, modules, why } of exceptions) {
    if (!why) throw new Error(`servery/imports: the exception ${from} -> ${to} needs a reason (why)`);
    for (const name of modules) {
      const base = path.join(webSrc, 'features', to, name);
      if (!SCRIPT_EXTENSIONS.some((ext) => fs.existsSync(base + ext))) {
        throw new Error(`servery/imports: the exception ${from} -> ${to} names features/${to}/${name}, which does not exist`);
      }
    }
  }
}

function isException(exceptions, fromLayer, toLayer, file, resolved) {
  const from = fromLayer.slice('feature:'.length);
  const to = toLayer.slice('feature:'.length);
  const name = moduleOf(resolved);
  return exceptions.some(
    (exception) =>
      exception.from === from && exception.to === to && exception.modules.includes(name) && (!exception.testsOnly || isTestFile(file)),
  );
}

function targetOf(specifier, file) {
  const workspace = /^@servery\/([^/]+)/.exec(specifier);
  if (workspace) return { workspace: workspace[1], file: null };
  if (!specifier.startsWith('.')) return null;
  const resolved = path.resolve(path.dirname(file), specifier);
  return { workspace: workspaceOf(resolved), file: resolved };
}

export const boundariesPlugin = {
  rules: {
    imports: {
      meta: {
        type: 'problem',
        schema: [
          {
            type: 'object',
            properties: {
              featureExceptions: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    from: { type: 'string' },
                    to: { type: 'string' },
                    modules: { type: 'array', items: { type: 'string' }, minItems: 1 },
                    testsOnly: { type: 'boolean' },
                    why: { type: 'string', minLength: 1 },
                  },
                  required: ['from', 'to', 'modules', 'why'],
                  additionalProperties: false,
                },
              },
            },
            additionalProperties: false,
          },
        ],
        messages: { forbidden: '{{reason}}' },
      },
      create(context) {
        const exceptions = context.options[0]?.featureExceptions ?? [];
        checkExceptions(exceptions);
        const file = context.filename;
        const from = workspaceOf(file);
        if (!from) return {};
        const check = (node, specifier) => {
          if (typeof specifier !== 'string') return;
          const target = targetOf(specifier, file);
          if (!target || !target.workspace) return;
          if (!ALLOWED[from].includes(target.workspace)) {
            context.report({ node, messageId: 'forbidden', data: { reason: `${from} may not import ${target.workspace} (${specifier})` } });
            return;
          }
          if (from === 'web' && target.file) {
            const fromLayer = webLayerOf(file);
            const toLayer = webLayerOf(target.file);
            if (!fromLayer || !toLayer || fromLayer === toLayer) return;
            if (toLayer === 'testing') {
              if (!isTestFile(file))
                context.report({ node, messageId: 'forbidden', data: { reason: `only tests may import testing/ (${specifier})` } });
              return;
            }
            if (fromLayer === 'testing' || toLayer === 'shared') return;
            if (toLayer === 'ordering') {
              if (fromLayer === 'shared')
                context.report({
                  node,
                  messageId: 'forbidden',
                  data: { reason: `shared code sits below the ordering core (${specifier})` },
                });
              else if (!isOrderingEntry(target.file) && !isTestFile(file))
                context.report({
                  node,
                  messageId: 'forbidden',
                  data: {
                    reason: `only the ordering core's public entries, ordering/index.ts and ordering/verticals.ts, may be imported (${specifier})`,
                  },
                });
              return;
            }
            if (fromLayer === 'app') return;
            if (
              fromLayer.startsWith('feature:') &&
              toLayer.startsWith('feature:') &&
              isException(exceptions, fromLayer, toLayer, file, target.file)
            )
              return;
            context.report({ node, messageId: 'forbidden', data: { reason: `${fromLayer} may not import ${toLayer} (${specifier})` } });
          }
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
