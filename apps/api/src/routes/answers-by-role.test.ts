/**
 * Issue 29 item 5: answers show only what the caller's role needs. Every operation of
 * /api/openapi.json is called as each role (and as a guest) with the values its schema suggests and
 * with ids of the caller's own and of other people's things, and every answer, accepted or refused,
 * is scanned for what no answer may carry: a password hash, a token hash, a session token that is not
 * the caller's own, a card number (a 13-19 digit run that passes Luhn), a CVD; and what only some
 * roles may see: another person's e-mail or phone (planted: a second person's order at the bistro,
 * which its team needs and nobody else), and a child's details (only their parent and the school's
 * staff). docs/decisions/0067-answers-by-role.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@servery/domain/test-cards';
import { asSystem } from '../db/data-scope';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../use-cases/platform/seed-demo-accounts';
import {
  baselineRequest,
  bodyOf,
  fieldsOf,
  type Operation,
  readOperations,
  type Request,
  urlOf,
  withValue,
} from '../test/openapi-operations';
import { createRoleApp, freshToken, PLANTED, type Role, type RoleApp } from '../test/role-sessions';

let app: RoleApp;
let operations: Operation[] = [];

beforeAll(async () => {
  app = await createRoleApp();
  operations = await readOperations(app);
  // What ends a session or an account goes last.
  const last = /logout|delete-account|reset-password|members|role|delete-student/;
  operations.sort((a, b) => Number(last.test(a.path)) - Number(last.test(b.path)));
}, 120_000);
afterAll(() => app?.t.close());

const BISTRO_TEAM = ['staff', 'manager', 'restaurant owner'];
const ARENA = ['suite owner', 'suite operator'];

/** Whose contact details `role` may see besides their own: their team's, and the orders' at their restaurant. */
function contactsAllowed(role: Role, other: string): boolean {
  if (BISTRO_TEAM.includes(role.name)) return BISTRO_TEAM.includes(other) || other === 'planted';
  if (ARENA.includes(role.name)) return ARENA.includes(other);
  return false;
}

/** The operations whose answer holds a restaurant's whole tenant file: what it wrote, whatever keys it holds. */
const TENANT_FILE_ANSWERS = new Set(['/api/staff/tenant-file', '/api/staff/menu/draft', '/api/staff/menu/history/{version}']);

const CHILDREN = {
  parent: ['Tremblay', 'Mr. Singh'],
  planted: [PLANTED.child.first_name, PLANTED.child.last_name, PLANTED.child.teacher],
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The sandbox processor's published test cards (its payment configuration lists them to try): nobody's card. */
const SANDBOX_NUMBERS = new Set<string>(Object.values(TEST_CARDS).map((card) => card.number));

const FORBIDDEN_KEYS = /"(password|password_hash|passwordHash|token_hash|tokenHash|cvd|cvc|cvv|card_number|cardNumber|pan)"\s*:/;

/** Everything `answer` (to `role`) carries that it should not. */
function leaks(role: Role, answer: string, ownTokens: Set<string>, tokens: Map<string, string>, path = ''): string[] {
  const found: string[] = [];
  const key = FORBIDDEN_KEYS.exec(answer);
  if (key) found.push(`the key ${key[1]}`);
  for (const [token, whose] of tokens) if (!ownTokens.has(token) && answer.includes(token)) found.push(`the session token of ${whose}`);
  // A card number stands alone; a digit run inside a random hex id (`pm_…`, `tok_sandbox_…`, a
  // digest) is not one, and one in a few hundred such ids holds a run that passes Luhn (CI once failed so).
  for (const run of answer.match(/(?<!\w)[2-6]\d{12,18}(?!\w)/g) ?? [])
    if (luhn(run) && !SANDBOX_NUMBERS.has(run)) found.push(`a card number ${run}`);
  for (const account of contacts) {
    if (account.role === role.name || contactsAllowed(role, account.role)) continue;
    for (const value of [
      account.email,
      account.phone,
      `${account.phone.slice(0, 3)}-${account.phone.slice(3, 6)}-${account.phone.slice(6)}`,
    ])
      if (answer.includes(value)) found.push(`${account.role}'s contact ${value}`);
  }
  for (const [whose, details] of Object.entries(CHILDREN)) {
    if (role.name === 'school staff' || role.name === whose) continue;
    // A restaurant's own tenant file holds what it wrote, its members' names among them (maple-bistro's
    // member Amélie Tremblay shares the parent's child's last name); no tenant file holds a child.
    if (TENANT_FILE_ANSWERS.has(path)) continue;
    for (const detail of details) if (answer.includes(detail)) found.push(`${whose}'s child's detail ${detail}`);
  }
  return found;
}

const CARD = { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' };

/** Inputs the schema alone does not suggest, that make an operation answer what it holds. */
const VALID: Record<string, (role: Role) => Array<Partial<Pick<Request, 'path' | 'query' | 'body'>>>> = {
  'get /{slug}/data.json': (role) => [{ path: { slug: role.tenant } }],
  'get /api/restaurants/{id}/menus': (role) => [{ path: { id: role.tenant } }],
  'get /api/restaurants/{id}/announcements': (role) => [{ path: { id: role.tenant } }],
  'get /api/restaurants/chains/{group}': () => [{ path: { group: 'bowlero' } }],
  'post /api/payment/tokenize': () => [{ body: CARD }],
  'post /api/auth/payment-method': () => [{ body: { card: CARD } }],
  'post /api/staff/webhooks': () => [{ body: { url: 'https://hooks.example.com/sweep', description: 'sweep' } }],
  'post /api/staff/invitations': () => [{ body: { email: 'invitee@example.com', role: 'staff' } }],
  'get /api/orders/{id}': () => [{ path: { id: app.planted.order.id }, query: { token: 'not-the-order-token-at-all' } }],
};

let contacts: Array<{ role: string; email: string; phone: string }> = [];

describe('answers by role', () => {
  it('carry no secret, no other person’s contact and no child’s details to whoever has no need of them', async () => {
    const started = Date.now();
    contacts = [
      ...app.roles.flatMap((role) => {
        const account = DEMO_ACCOUNTS.find((each) => each.email === role.email);
        return account ? [{ role: role.name, email: account.email, phone: account.phone_number }] : [];
      }),
      { role: 'planted', email: PLANTED.email, phone: PLANTED.phone },
    ];
    const tokens = new Map<string, string>(app.roles.flatMap((role) => (role.token ? [[role.token, role.name] as [string, string]] : [])));
    tokens.set(app.planted.token, 'planted');
    const found: string[] = [];
    const accepted = new Set<string>();
    let sent = 0;
    const seen = new Set<string>();

    // A sign-in answers the caller's own token and nothing else of theirs.
    for (const role of app.roles.filter((each) => each.email)) {
      const signedIn = await app.t.app.inject({
        method: 'POST',
        url: '/api/auth/login-native',
        headers: { 'x-restaurant-id': role.tenant },
        payload: { email: role.email, password: DEMO_PASSWORD },
      });
      const own = new Set([(signedIn.json() as { token: string }).token, role.token!]);
      for (const leak of leaks(role, signedIn.body, own, tokens)) found.push(`${role.name}: POST /api/auth/login-native: ${leak}`);
    }

    const ownStudents = new Map<string, number[]>();
    for (const role of app.roles) {
      if (role.userId === null) continue;
      const userId = role.userId;
      const rows = await asSystem('answers by role', () =>
        app.t.database.db.selectFrom('students').select('id').where('user_id', '=', userId).execute(),
      );
      ownStudents.set(
        role.name,
        rows.map((row) => row.id),
      );
    }

    for (const operation of operations) {
      // A stream is scanned by its own tests (it stays open when let in). The developer's outbox
      // reader shows every queued message by design: it exists only with DEV_ROUTES, never in
      // production, and answers only this machine (routes/dev/outbox.ts).
      if (operation.path.endsWith('/events') || operation.path.startsWith('/api/dev/')) continue;
      for (const role of app.roles) {
        const token = await freshToken(app, role);
        if (token) tokens.set(token, role.name);
        const own = new Set([role.token, token].filter((each): each is string => each !== null));
        const start = baselineRequest(operation);
        const requests: Request[] = [start];
        for (const valid of VALID[`${operation.method} ${operation.path}`]?.(role) ?? [])
          requests.push({
            path: { ...start.path, ...valid.path },
            query: { ...start.query, ...valid.query },
            body: valid.body ?? start.body,
            label: 'valid values',
          });
        // Ids of the caller's own things and of other people's: the planted person's order and child.
        for (const field of fieldsOf(operation).filter(
          (each) => /(^id$|Id$|^orderId$)/.test(String(each.path.at(-1))) && each.path.length === 1,
        ))
          for (const id of [...(ownStudents.get(role.name) ?? []), app.planted.studentId, app.planted.order.id])
            requests.push(withValue(start, field, id, `id ${id}`));
        for (const request of requests) {
          const withBody = operation.method !== 'get';
          const answer = await app.t.app.inject({
            method: operation.method.toUpperCase() as 'GET',
            url: urlOf(operation, request),
            headers: {
              'x-restaurant-id': role.tenant,
              ...(token && { authorization: `Bearer ${token}` }),
              ...(withBody && { 'content-type': 'application/json' }),
            },
            ...(withBody && { payload: bodyOf(request) }),
          });
          sent++;
          if (answer.statusCode < 300) accepted.add(`${operation.method} ${operation.path}`);
          // The scan finds what is there: the planted data reaches those who need it.
          // (Léa, the demo parent's child: use-cases/platform/seed-demo-accounts.ts; no tenant file names her.)
          if (role.name === 'parent' && answer.body.includes('Léa')) seen.add('the parent sees their child');
          if (BISTRO_TEAM.includes(role.name) && answer.body.includes(PLANTED.lastName)) seen.add('the bistro sees the planted order');
          for (const leak of leaks(role, answer.body, own, tokens, operation.path))
            found.push(
              `${role.name}: ${operation.method.toUpperCase()} ${operation.path} (${request.label}) ${answer.statusCode}: ${leak}`,
            );
        }
      }
    }
    console.info(
      `answers by role: ${operations.length} operations x ${app.roles.length} roles, ${sent} answers scanned in ${Math.round((Date.now() - started) / 1000)} s; ${accepted.size} operations answered 2xx at least once; never: ${operations
        .filter((operation) => !operation.path.endsWith('/events') && !accepted.has(`${operation.method} ${operation.path}`))
        .map((operation) => `${operation.method.toUpperCase()} ${operation.path}`)
        .join(', ')}`,
    );
    expect([...new Set(found)], [...new Set(found)].join('\n')).toEqual([]);
    expect([...seen].sort()).toEqual(['the bistro sees the planted order', 'the parent sees their child']);
  }, 300_000);

  it('come from a response schema on every operation, and no schema lets unnamed keys through', async () => {
    const document = (await app.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const undeclared: string[] = [];
    const open: string[] = [];
    /** Where `schema` takes keys it does not name whatever their value (a record of typed values is a map, not a hole). */
    const holes = (schema: unknown, where: string, seen: Set<string>): void => {
      if (typeof schema !== 'object' || schema === null) return;
      const node = schema as Record<string, unknown>;
      if (typeof node.$ref === 'string') {
        const name = node.$ref.split('/').pop()!;
        if (!seen.has(name)) holes(document.components.schemas[name], `${where}->${name}`, new Set([...seen, name]));
        return;
      }
      const extra = node.additionalProperties;
      if (extra === true || (typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0)) open.push(where);
      for (const [key, value] of Object.entries(node))
        if (key !== 'additionalProperties') {
          if (Array.isArray(value)) value.forEach((item, index) => holes(item, `${where}.${key}[${index}]`, seen));
          else holes(value, key === 'properties' ? where : `${where}.${key}`, seen);
        }
    };
    for (const [route, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const answers = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
        // A stream's events are written to the socket (lib/event-stream.ts); each event has its own tests.
        if (route.endsWith('/events')) continue;
        // A browser navigation that only redirects (social sign-in's start and callback) answers with a Location, no body.
        if (answers.length === 0 && Object.keys(operation.responses ?? {}).every((status) => status.startsWith('3'))) continue;
        if (!answers.some(([, answer]) => Object.values(answer.content ?? {}).some((content) => content.schema)))
          undeclared.push(`${method} ${route}`);
        // /{slug}/data.json is sent as text made once per menu version; its allowlist is PUBLIC_KEYS
        // of contracts/restaurant.ts, which the typecheck holds to every key of the tenant file.
        if (route === '/{slug}/data.json') continue;
        // The staff console's tenant file is the file tenants:import takes, whatever keys it holds:
        // contracts/tenant-file.ts names them and encodeTenantFile writes them (use-cases/menus/tenant-file-io.ts).
        // So are the menu editor's draft and a published version's file, which are that file too (use-cases/menus/menu-drafts.ts).
        if (TENANT_FILE_ANSWERS.has(route)) continue;
        for (const [status, answer] of answers)
          for (const content of Object.values(answer.content ?? {})) holes(content.schema, `${method} ${route} ${status}`, new Set());
      }
    expect(undeclared).toEqual([]);
    expect(open).toEqual([]);
  });
});
