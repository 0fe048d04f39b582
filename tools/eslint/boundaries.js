// Import boundaries, enforced by lint (ARCHITECTURE.md): domain <- contracts <- {api, web}; api and
// web never import each other; inside web, app -> features -> shared, and no feature imports another.
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

/** Where a file sits inside apps/web/src: 'app', 'feature:<name>' or 'shared'. */
function webLayerOf(file) {
  const relative = path.relative(path.join(root, 'apps/web/src'), file).split(path.sep).join('/');
  if (relative.startsWith('..')) return null;
  if (relative.startsWith('app/') || relative === 'main.tsx' || relative === 'entry-server.tsx') return 'app';
  const feature = /^features\/([^/]+)\//.exec(relative);
  if (feature) return `feature:${feature[1]}`;
  return 'shared';
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
      meta: { type: 'problem', schema: [], messages: { forbidden: '{{reason}}' } },
      create(context) {
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
            if (!fromLayer || !toLayer || fromLayer === toLayer || fromLayer === 'app' || toLayer === 'shared') return;
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
