/**
 * The operations of the API's own OpenAPI document, and plausible values made from their schemas: what
 * the hostile sweep mutates (routes/hostile-sweep.test.ts) and the answers scan sends as is
 * (routes/answers-by-role.test.ts).
 */
import type { RoleApp } from './role-sessions';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** The document's named schemas, which `$ref`s point to (one document per test file). */
let components: Record<string, JsonSchema> = {};

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
};
export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

/** A place a value goes: a path or query parameter, or a field of the body (path [] is the body itself). */
export interface Field {
  where: 'path' | 'query' | 'body';
  path: Array<string | number>;
  schema: JsonSchema;
}

export interface Request {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** The body as sent, when it is not the JSON of `body` (malformed, oversized, raw numbers). */
  rawBody?: string;
  contentType?: string;
  /** What this request tries, for the failure message. */
  label: string;
}

export async function readOperations(app: RoleApp): Promise<Operation[]> {
  const document = (await app.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        method,
        path: route,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      })),
  );
  components = document.components?.schemas ?? {};
  return operations;
}

export function resolve(schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {};
  for (let hops = 0; current.$ref && hops < 10; hops++) current = components[current.$ref.split('/').pop()!] ?? {};
  if (current.allOf?.length === 1) return resolve(current.allOf[0]);
  return current;
}

export const typeOf = (schema: JsonSchema): string | undefined => {
  const resolved = resolve(schema);
  if (Array.isArray(resolved.type)) return resolved.type.find((type) => type !== 'null');
  if (resolved.type) return resolved.type;
  const first = resolved.anyOf?.[0] ?? resolved.oneOf?.[0];
  return first ? typeOf(first) : undefined;
};

/** A plausible value of `schema`: its default, its first choice, the least it allows. */
export function baseline(schema: JsonSchema | undefined, depth = 0): unknown {
  const resolved = resolve(schema);
  if (resolved.default !== undefined) return resolved.default;
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum?.length) return resolved.enum[0];
  const choice = resolved.anyOf?.[0] ?? resolved.oneOf?.[0];
  if (choice && !resolved.type) return baseline(choice, depth);
  switch (typeOf(resolved)) {
    case 'string':
      if (resolved.format === 'email') return 'sweep@example.com';
      if (resolved.format === 'uuid') return '7c9e6679-7425-40de-944b-e07fc1f90ae7';
      if (resolved.format === 'date') return '2026-12-01';
      if (resolved.format === 'date-time') return '2026-12-01T12:00:00.000Z';
      return 'a'.repeat(Math.max(1, resolved.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, resolved.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return depth < 6 && (resolved.minItems ?? 0) > 0 ? [baseline(resolved.items, depth + 1)] : [];
    case 'object': {
      if (depth >= 6) return {};
      const value: Record<string, unknown> = {};
      for (const name of resolved.required ?? []) value[name] = baseline(resolved.properties?.[name], depth + 1);
      return value;
    }
    default:
      return null;
  }
}

/** Every place a value goes in the body, optional fields and array items included. */
export function bodyFields(schema: JsonSchema, path: Array<string | number> = [], depth = 0, out: Field[] = []): Field[] {
  const resolved = resolve(schema);
  out.push({ where: 'body', path, schema: resolved });
  if (depth >= 5) return out;
  const type = typeOf(resolved);
  if (type === 'object')
    for (const [name, property] of Object.entries(resolved.properties ?? {})) bodyFields(property, [...path, name], depth + 1, out);
  if (type === 'array' && resolved.items) bodyFields(resolved.items, [...path, 0], depth + 1, out);
  const choices = resolved.anyOf ?? resolved.oneOf;
  if (choices && !resolved.properties)
    for (const choice of choices.slice(0, 3)) if (typeOf(choice) === 'object') bodyFields(choice, path, depth + 1, out);
  return out;
}

export function fieldsOf(operation: Operation): Field[] {
  return [
    ...operation.parameters
      .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
      .map((parameter) => ({ where: parameter.in as 'path' | 'query', path: [parameter.name], schema: resolve(parameter.schema) })),
    ...(operation.body ? bodyFields(operation.body) : []),
  ];
}

export function baselineRequest(operation: Operation): Request {
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') path[parameter.name] = baseline(parameter.schema);
    if (parameter.in === 'query' && parameter.required) query[parameter.name] = baseline(parameter.schema);
  }
  return { path, query, body: operation.body ? baseline(operation.body) : undefined, label: 'baseline' };
}

/** `request` with `value` at `field` (objects and arrays made on the way). */
export function withValue(request: Request, field: Field, value: unknown, label: string): Request {
  const next = structuredClone({ path: request.path, query: request.query, body: request.body }) as Omit<Request, 'label'>;
  if (field.where !== 'body') {
    next[field.where][String(field.path[0])] = value;
    return { ...next, label: `${label} in ${field.where} ${String(field.path[0])}` };
  }
  if (field.path.length === 0) return { ...next, body: value, label: `${label} as the body` };
  if (typeof next.body !== 'object' || next.body === null) next.body = {};
  let node = next.body as Record<string | number, unknown>;
  field.path.slice(0, -1).forEach((key, index) => {
    const wantsArray = typeof field.path[index + 1] === 'number';
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = wantsArray ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  node[field.path.at(-1)!] = value;
  return { ...next, label: `${label} at body.${field.path.join('.')}` };
}

/** A path segment; a lone surrogate, which has no UTF-8, goes as the bytes a careless client would send. */
export function segment(value: unknown): string {
  const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
  }
}

export function urlOf(operation: Operation, request: Request): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => segment(request.path[name] ?? '1'));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    if (Array.isArray(value)) for (const item of value) query.append(name, String(item));
    else query.append(name, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export function bodyOf(request: Request): string {
  if (request.rawBody !== undefined) return request.rawBody;
  return JSON.stringify(request.body ?? {}).replace(/"__raw:([^"]+)"/g, '$1');
}
