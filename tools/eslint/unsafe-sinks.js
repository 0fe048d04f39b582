// Two sinks that turn a string into code (docs/decisions/0064-static-checks.md):
//   servery/no-raw-html   React's dangerouslySetInnerHTML (and an iframe's srcDoc) outside the one
//                         component that renders HTML the server has sanitised. The DOM's own sinks
//                         (innerHTML, insertAdjacentHTML, document.write, ...) are eslint-plugin-no-unsanitized's.
//   servery/no-string-sql SQL built from strings in the API: Kysely's sql.raw and sql.lit, sql.id,
//                         sql.ref and sql.table of anything but a literal, `sql` called as a function,
//                         CompiledQuery.raw, and a template with ${} or a concatenation handed to
//                         execute, executeQuery, query, prepare or exec. A `sql` tagged template is fine:
//                         its ${} are parameters.
// Each takes `allow`: the few places that must, each with the calls it may make, optionally the
// function they sit in (`inside`), and the reason (`why`). An exception that names a function which
// no longer makes such a call is reported, so a hole cannot outlive its reason.

const allowSchema = {
  type: 'object',
  properties: {
    allow: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          calls: { type: 'array', items: { type: 'string' } },
          inside: { type: 'string' },
          why: { type: 'string', minLength: 10 },
        },
        required: ['why'],
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

/** The names of the functions, methods and variables holding a function that enclose `node`. */
function enclosingNames(context, node) {
  const names = [];
  for (const ancestor of context.sourceCode.getAncestors(node)) {
    if (ancestor.type === 'FunctionDeclaration' && ancestor.id) names.push(ancestor.id.name);
    else if (ancestor.type === 'VariableDeclarator' && ancestor.id.type === 'Identifier') names.push(ancestor.id.name);
    else if ((ancestor.type === 'MethodDefinition' || ancestor.type === 'Property') && ancestor.key.type === 'Identifier')
      names.push(ancestor.key.name);
  }
  return names;
}

/**
 * Checks a reported call against the `allow` option; reports it when no exception covers it, and at
 * the end of the file each exception with `inside` that covered nothing.
 */
function exceptionsOf(context) {
  const allow = context.options[0]?.allow ?? [];
  const used = new Set();
  return {
    allowed(node, call) {
      const names = enclosingNames(context, node);
      const index = allow.findIndex(
        (entry) =>
          (entry.calls === undefined || entry.calls.includes(call)) && (entry.inside === undefined || names.includes(entry.inside)),
      );
      if (index === -1) return false;
      used.add(index);
      return true;
    },
    reportUnused(program) {
      allow.forEach((entry, index) => {
        if (entry.inside !== undefined && !used.has(index))
          context.report({ node: program, messageId: 'staleException', data: { inside: entry.inside } });
      });
    },
  };
}

const noRawHtml = {
  meta: {
    type: 'problem',
    docs: { description: 'HTML is written into the page only by the component that renders sanitised restaurant HTML.' },
    schema: [allowSchema],
    messages: {
      raw: '{{name}} writes a string into the page as HTML. Render text as children, or restaurant HTML through RestaurantHtml (components/ui/localized.tsx), which the server has sanitised (apps/api/src/lib/sanitize-html.ts; decision 0064).',
      staleException:
        "eslint.config.js allows raw HTML inside '{{inside}}', which writes none here any more: remove the exception (decision 0064).",
    },
  },
  create(context) {
    const exceptions = exceptionsOf(context);
    const check = (node, name) => {
      if (!exceptions.allowed(node, name)) context.report({ node, messageId: 'raw', data: { name } });
    };
    const SINKS = new Set(['dangerouslySetInnerHTML', 'srcDoc']);
    return {
      JSXAttribute(node) {
        if (node.name.type === 'JSXIdentifier' && SINKS.has(node.name.name)) check(node, node.name.name);
      },
      // React.createElement(type, { dangerouslySetInnerHTML }) and props objects spread into JSX.
      Property(node) {
        const key = node.key.type === 'Identifier' ? node.key.name : node.key.type === 'Literal' ? node.key.value : null;
        if (!node.computed && SINKS.has(key) && node.parent.type === 'ObjectExpression') check(node, key);
      },
      'Program:exit': (node) => exceptions.reportUnused(node),
    };
  },
};

/** Whether `node` is text fixed when the code is written: literals, and consts and templates of them. */
function isConstant(context, node, depth = 0) {
  if (depth > 5 || !node) return false;
  switch (node.type) {
    case 'Literal':
      return true;
    case 'TemplateLiteral':
      return node.expressions.every((expression) => isConstant(context, expression, depth + 1));
    case 'BinaryExpression':
      return node.operator === '+' && isConstant(context, node.left, depth + 1) && isConstant(context, node.right, depth + 1);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return isConstant(context, node.expression, depth + 1);
    case 'Identifier': {
      const init = constInit(context, node);
      return init !== null && isConstant(context, init, depth + 1);
    }
    default:
      return false;
  }
}

/** The initialiser of the `const` that `identifier` names, or null (a parameter, a `let`, an import). */
function constInit(context, identifier) {
  for (let scope = context.sourceCode.getScope(identifier); scope; scope = scope.upper) {
    const variable = scope.set.get(identifier.name);
    if (!variable) continue;
    const def = variable.defs[0];
    if (def?.type === 'Variable' && def.parent.kind === 'const' && def.node.init) return def.node.init;
    return null;
  }
  return null;
}

/** Whether `node` is a string put together at run time: a template with ${}, a concatenation, a join. */
function isBuiltString(context, node, depth = 0) {
  if (depth > 5 || !node) return false;
  switch (node.type) {
    case 'TemplateLiteral':
    case 'BinaryExpression':
      return !isConstant(context, node);
    case 'CallExpression':
      return node.callee.type === 'MemberExpression' && ['join', 'concat', 'replace', 'replaceAll'].includes(node.callee.property.name);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return isBuiltString(context, node.expression, depth + 1);
    case 'Identifier': {
      const init = constInit(context, node);
      return init !== null && isBuiltString(context, init, depth + 1);
    }
    default:
      return false;
  }
}

// Methods that run the SQL text they are given: Kysely (executeQuery), pg (query), better-sqlite3
// (prepare, exec), and `execute` for any driver that takes text.
const RUNS_TEXT = new Set(['execute', 'executeQuery', 'query', 'prepare', 'exec']);

const noStringSql = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL is built by Kysely, with values as parameters, never from strings.' },
    schema: [allowSchema],
    messages: {
      raw: '{{call}} puts a string into SQL as it is. Build the query with Kysely, or a `sql` tagged template whose ${} are parameters; DDL that cannot take parameters needs an exception in eslint.config.js with its reason (decision 0064).',
      notLiteral:
        '{{call}} of a value computed at run time names a table or column from data. Name it with a literal, or pick it from a fixed list with a literal per case (decision 0064).',
      built:
        '{{call}} is given SQL put together from strings. Build the query with Kysely, or a `sql` tagged template whose ${} are parameters (decision 0064).',
      staleException:
        "eslint.config.js allows string-built SQL inside '{{inside}}', which builds none here any more: remove the exception (decision 0064).",
    },
  },
  create(context) {
    const exceptions = exceptionsOf(context);
    const fromKysely = { sql: new Set(), CompiledQuery: new Set() };
    const report = (node, messageId, call) => {
      if (!exceptions.allowed(node, call)) context.report({ node, messageId, data: { call } });
    };
    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'kysely') return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.imported.name in fromKysely)
            fromKysely[specifier.imported.name].add(specifier.local.name);
        }
      },
      CallExpression(node) {
        let { callee } = node;
        while (callee.type === 'TSAsExpression' || callee.type === 'TSNonNullExpression' || callee.type === 'TSSatisfiesExpression')
          callee = callee.expression;
        if (callee.type === 'Identifier' && fromKysely.sql.has(callee.name)) {
          report(node, 'raw', 'sql()');
          return;
        }
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (callee.object.type === 'Identifier' && fromKysely.sql.has(callee.object.name)) {
          if (method === 'raw' || method === 'lit') report(node, 'raw', `sql.${method}`);
          else if (['id', 'ref', 'table'].includes(method) && !node.arguments.every((argument) => isConstant(context, argument)))
            report(node, 'notLiteral', `sql.${method}`);
          return;
        }
        if (callee.object.type === 'Identifier' && fromKysely.CompiledQuery.has(callee.object.name)) {
          if (method === 'raw' && !isConstant(context, node.arguments[0])) report(node, 'raw', 'CompiledQuery.raw');
          return;
        }
        if (RUNS_TEXT.has(method) && isBuiltString(context, node.arguments[0])) report(node, 'built', method);
      },
      'Program:exit': (node) => exceptions.reportUnused(node),
    };
  },
};

export const unsafeSinkRules = { 'no-raw-html': noRawHtml, 'no-string-sql': noStringSql };
