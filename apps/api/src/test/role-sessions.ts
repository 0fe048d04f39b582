/**
 * The app with every demo tenant, signed in as each role a person can hold (issue 29 items 2 and 5):
 * the sweep of hostile values and the scan of answers per role share it. A second person is planted
 * with contact data and a child nobody else may see, and an order of theirs at the bistro.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { repoRoot } from '../config';
import { insertUser } from '../db/accounts-repository';
import { asSystem } from '../db/data-scope';
import { insertDemoStudent } from '../db/demo-accounts-repository';
import { findRestaurantBySlug } from '../db/restaurants-repository';
import { listTenantFiles, readTenantSources } from '../load-tenant-files';
import { startSession } from '../use-cases/accounts/authenticate';
import { DEMO_PASSWORD, seedDemoAccounts } from '../use-cases/platform/seed-demo-accounts';
import { pickupOrderBody } from './fixtures';
import { createTestApp, openHoursClock, type TestApp } from './test-app';

export interface Role {
  /** What the person is, as issue 29 names them. */
  name: string;
  email: string | null;
  /** The restaurant their requests name (X-Restaurant-Id). */
  tenant: string;
  userId: number | null;
  /** The session token the sign-in answered them; null for a guest. */
  token: string | null;
}

const ROLE_ACCOUNTS: Array<{ name: string; email: string | null; tenant: string }> = [
  { name: 'guest', email: null, tenant: 'maple-bistro' },
  { name: 'diner', email: 'diner@example.com', tenant: 'maple-bistro' },
  { name: 'parent', email: 'parent@example.com', tenant: 'maple-school' },
  { name: 'suite owner', email: 'owner@example.com', tenant: 'northside-arena' },
  { name: 'suite operator', email: 'operator@example.com', tenant: 'northside-arena' },
  { name: 'staff', email: 'kitchen@maple-bistro.example.com', tenant: 'maple-bistro' },
  { name: 'manager', email: 'manager@maple-bistro.example.com', tenant: 'maple-bistro' },
  { name: 'restaurant owner', email: 'staff@maple-bistro.example.com', tenant: 'maple-bistro' },
  { name: 'school staff', email: 'kitchen@maple-school.example.com', tenant: 'maple-school' },
];

/** The second person: their contact and their child must never reach anyone who has no need of them. */
export const PLANTED = {
  email: 'quentin.zephyrkin@planted.example',
  phone: '6135550177',
  firstName: 'Quentin',
  lastName: 'Zephyrkin',
  child: { first_name: 'Zephyrine', last_name: 'Quillfeather', teacher: 'Mx. Vantablack', classroom: '9Z', grade: '9' },
};

export interface RoleApp {
  t: TestApp;
  roles: Role[];
  planted: { userId: number; token: string; studentId: number; order: { id: string; accessToken: string } };
  /** Ids that exist, of every kind the operations take: the sweep tries them on every caller. */
  knownIds: Array<number | string>;
}

const SOUP = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 1, orderPrice: 800, orderOptions: [] };

export async function createRoleApp(): Promise<RoleApp> {
  const t = await createTestApp(await readTenantSources(await listTenantFiles(path.join(repoRoot, 'tenants'))), { now: openHoursClock() });
  const db = t.database.db;
  await seedDemoAccounts(db, new Date());
  const roles: Role[] = [];
  for (const account of ROLE_ACCOUNTS) {
    if (!account.email) {
      roles.push({ ...account, userId: null, token: null });
      continue;
    }
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-native',
      headers: { 'x-restaurant-id': account.tenant },
      payload: { email: account.email, password: DEMO_PASSWORD },
    });
    if (signedIn.statusCode !== 200) throw new Error(`${account.email} could not sign in: ${signedIn.body}`);
    const { token } = signedIn.json() as { token: string };
    const user = await asSystem('role sessions', () =>
      db.selectFrom('users').select('id').where('email', '=', account.email!).executeTakeFirstOrThrow(),
    );
    roles.push({ ...account, userId: user.id, token });
  }

  const planted = await asSystem('role sessions', async () => {
    const now = new Date();
    const userId = await insertUser(db, {
      email: PLANTED.email,
      password_hash: 'not-used',
      first_name: PLANTED.firstName,
      last_name: PLANTED.lastName,
      phone_number: PLANTED.phone,
      created_at: now.toISOString(),
    });
    const school = (await findRestaurantBySlug(db, 'maple-school'))!;
    await insertDemoStudent(db, { ...PLANTED.child, restaurant_id: school.id, user_id: userId, school: school.settings.name });
    const student = await db.selectFrom('students').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    return { userId, studentId: student.id, token: await startSession(db, userId, 'user', now) };
  });

  // The planted person's take-out order at the bistro, with their own contact on it.
  const headers = { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${planted.token}` };
  const scheduling = await t.app.inject({
    method: 'POST',
    url: '/api/orders/scheduling',
    headers,
    payload: { type: 'take-out', items: [SOUP] },
  });
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/payment/tokenize',
    headers,
    payload: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' },
  });
  const body = pickupOrderBody([SOUP], (scheduling.json() as { days: never[] }).days[0]!, (card.json() as { token: string }).token);
  body.data.checkout.contact = { full_name: `${PLANTED.firstName} ${PLANTED.lastName}`, email: PLANTED.email, phone_number: PLANTED.phone };
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...headers, 'idempotency-key': 'planted-order' },
    payload: body,
  });
  if (placed.statusCode !== 201) throw new Error(`the planted order was not placed: ${placed.body}`);
  const order = placed.json() as { order: { id: string }; access_token: string };

  const knownIds = await asSystem('role sessions', async () => {
    const ids: Array<number | string> = [];
    for (const table of ['students', 'users', 'restaurants', 'orders', 'items'] as const)
      ids.push(...(await db.selectFrom(table).select('id').execute()).map((row) => row.id));
    return [...new Set(ids)];
  });
  return { t, roles, planted: { ...planted, order: { id: order.order.id, accessToken: order.access_token } }, knownIds };
}

/** A fresh session for `role`'s person, so that one operation signing them out does not blind the next. */
export async function freshToken(app: RoleApp, role: Role): Promise<string | null> {
  if (role.userId === null) return null;
  return asSystem('role sessions', () => startSession(app.t.database.db, role.userId!, 'user', new Date()));
}

/**
 * What a refused request must leave alone, in one query: the rows that money, orders, messages,
 * accounts, children, teams and webhooks are made of, and a checksum of the fields people edit.
 * Rate limits and sign-in records are left out: counting a refused attempt is their job.
 */
export async function fingerprint(app: RoleApp): Promise<string> {
  const result = await asSystem('role sessions', () =>
    sql<Record<string, unknown>>`select
      (select count(*) from orders) as orders,
      (select count(*) from payments) as payments,
      (select count(*) from outbox) as outbox,
      (select count(*) from card_tokens) as card_tokens,
      (select count(*) from payment_methods) as payment_methods,
      (select count(*) from users) as users,
      (select coalesce(sum(length(email) + length(first_name) + length(last_name) + length(coalesce(phone_number, ''))), 0) from users) as user_fields,
      (select count(*) from students) as students,
      (select coalesce(sum(length(first_name) + length(teacher) + length(classroom) + length(grade)), 0) from students) as student_fields,
      (select count(*) from restaurant_staff) as staff,
      (select count(*) from staff_invitations) as invitations,
      (select count(*) from suite_roles) as suite_roles,
      (select count(*) from event_suite_tabs) as tabs,
      (select count(*) from webhook_endpoints) as webhooks,
      (select count(*) from user_subsidy_codes) as subsidy_codes,
      (select count(*) from idempotency_keys) as idempotency_keys,
      (select count(*) from password_resets) as password_resets,
      (select coalesce(sum(balance_cents), 0) from gift_cards) as gift_card_balance,
      (select coalesce(sum(captured_cents + refunded_cents), 0) from payments) as payment_amounts,
      (select coalesce(sum(length(status)), 0) from orders) as order_statuses`.execute(app.t.database.db),
  );
  return JSON.stringify(Object.values(result.rows[0] ?? {}).map(String));
}
