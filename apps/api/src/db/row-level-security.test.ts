/**
 * Tenant isolation as defence in depth on PostgreSQL (migration 0023, docs/decisions/0039-row-level-security.md):
 * the application's connection, as the server opens it, runs as a role that owns nothing and is not a
 * superuser, and a query that forgets its tenant sees only the rows of the scope it runs in.
 * SQLite has no row-level security (one process, one file, the queries' own `where` only).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardDigest } from '../lib/secret-digests';
import { hashToken } from '../lib/session-tokens';
import { asSource, tenantFixture } from '../test/fixtures';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { importTenants } from '../use-cases/platform/import-tenants';
import { APP_ROLE, openDatabase, type Db } from './database';
import { addOrderTokens, addStaffOf, addTenant, asSystem, asTenants, runInNewScope, setScopeUser } from './data-scope';
import { CHILD_TABLES, DIRECTORY_TABLES, PERSON_TABLES, TENANT_TABLES } from './migrations/0023-row-level-security';
import { LIVE_TENANT_TABLES } from './migrations/0025-live-changes';
import { MENU_DRAFT_TABLES } from './migrations/0028-menu-drafts';
import { KITCHEN_PRINTER_TABLES } from './migrations/0029-kitchen-printers';
import { MENU_IMAGE_TABLES } from './migrations/0030-menu-images';
import { ITEM_STOCK_TABLES } from './migrations/0033-item-stock';
import { SUITE_REMINDER_TABLES } from './migrations/0034-suite-reminders';
import { STANDING_ORDER_TABLES } from './migrations/0038-standing-orders';
import { STATION_BUMP_TABLES } from './migrations/0035-station-bumps';
import type { OrderRow } from './placed-orders-repository';
import { bookedSchoolMeals } from './school-orders-repository';

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

/** The tenant columns: a table with one of these holds rows of a restaurant (a marketplace vendor_id is a counter inside its hub's tenant). */
const TENANT_COLUMNS = ['restaurant_id'];

/**
 * Runs `fn` as a request would after naming its tenant, its signed-in person, for staff their verified
 * restaurant, and for a guest the order secret they gave.
 */
function asRequest<T>(scope: { tenant?: number; user?: number; staffOf?: number; tokens?: string[] }, fn: () => Promise<T>): Promise<T> {
  return runInNewScope(() => {
    // As tenantOf (plugins/request-context.ts), requireSession (plugins/session.ts), requireStaff and
    // getOrderForDiner (use-cases/orders/get-order.ts) do.
    if (scope.tenant !== undefined) addTenant(scope.tenant);
    if (scope.user !== undefined) setScopeUser(scope.user);
    if (scope.staffOf !== undefined) addStaffOf(scope.staffOf);
    if (scope.tokens !== undefined) addOrderTokens(scope.tokens);
    return fn();
  });
}

describe.skipIf(!onPostgres)('row-level security on PostgreSQL', () => {
  let database: TestDatabase;
  /** The server's connection: outside a scope it sees no tenant row. */
  let app: Db;
  const now = new Date('2026-11-25T15:00:00Z');
  const SCHOOL = 951;
  const OTHER = 952;
  let parentA: number;
  let parentB: number;
  let studentOfA: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const imported = await importTenants(
      database.db,
      [asSource(tenantFixture({ id: SCHOOL, slug: 'rls-school' })), asSource(tenantFixture({ id: OTHER, slug: 'rls-other' }))],
      now,
    );
    expect(imported.ok).toBe(true);
    const user = async (email: string) =>
      (
        await database.db
          .insertInto('users')
          .values({ email, password_hash: 'x', first_name: 'P', last_name: 'Q', phone_number: null, created_at: now.toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    parentA = await user('parent-a@example.com');
    parentB = await user('parent-b@example.com');
    const student = {
      restaurant_id: SCHOOL,
      last_name: 'Child',
      school: 'North',
      grade: '3',
      classroom: '3B',
      teacher: 'Ms T',
      allergens: 'peanuts',
    };
    studentOfA = (
      await database.db
        .insertInto('students')
        .values({ ...student, user_id: parentA, first_name: 'Ada' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await database.db
      .insertInto('students')
      .values({ ...student, user_id: parentB, first_name: 'Ben' })
      .execute();
    app = openDatabase(database.url);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('runs the application as a role that is neither superuser nor owner and cannot bypass the policies', async () => {
    const role = await runInNewScope(() =>
      sql<{ user: string; rolsuper: boolean; rolbypassrls: boolean; owned: string }>`
        select current_user as user, r.rolsuper, r.rolbypassrls,
          (select count(*) from pg_tables where schemaname = 'public' and tableowner = current_user) as owned
        from pg_roles r where r.rolname = current_user`.execute(app.db),
    );
    expect(role.rows).toEqual([{ user: APP_ROLE, rolsuper: false, rolbypassrls: false, owned: '0' }]);
  });

  it('guards every table with a tenant column with forced row-level security and a policy for the application', async () => {
    const { rows } = await sql<{ table_name: string; rls: boolean; forced: boolean; policies: string }>`
      select c.relname as table_name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
        (select count(*) from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname and ${APP_ROLE} = any (p.roles)) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select from information_schema.columns k where k.table_schema = 'public' and k.table_name = c.relname
          and k.column_name in (${sql.join(TENANT_COLUMNS)}))
      order by 1`.execute(database.db);
    // A new table with a tenant column fails here until migration 0023's lists (or a later migration) guard it.
    expect(rows.filter((row) => !row.rls || !row.forced || row.policies !== '1').map((row) => row.table_name)).toEqual([]);
    const listed = [
      ...TENANT_TABLES,
      ...LIVE_TENANT_TABLES,
      ...MENU_DRAFT_TABLES,
      ...KITCHEN_PRINTER_TABLES,
      ...MENU_IMAGE_TABLES,
      ...ITEM_STOCK_TABLES,
      ...SUITE_REMINDER_TABLES,
      ...STANDING_ORDER_TABLES,
      ...STATION_BUMP_TABLES,
      ...PERSON_TABLES,
      ...DIRECTORY_TABLES,
      ...CHILD_TABLES,
    ].sort();
    expect(rows.map((row) => row.table_name)).toEqual(listed);
    expect(rows.length).toBeGreaterThan(25);
  });

  it('shows a query that forgets its tenant only the rows of its own restaurant, and nothing outside a scope', async () => {
    const items = () => app.db.selectFrom('items').select('restaurant_id').distinct().orderBy('restaurant_id').execute();
    expect(await asSystem('test: every restaurant', items)).toEqual([{ restaurant_id: SCHOOL }, { restaurant_id: OTHER }]);
    expect(await asRequest({ tenant: SCHOOL }, items)).toEqual([{ restaurant_id: SCHOOL }]);
    expect(await asRequest({ tenant: OTHER }, items)).toEqual([{ restaurant_id: OTHER }]);
    // No scope at all (background work that forgot to name itself), and a request that named no tenant.
    expect(await items()).toEqual([]);
    expect(await runInNewScope(items)).toEqual([]);
    expect(await app.db.selectFrom('gift_cards').selectAll().execute()).toEqual([]);
    // The connection a tenant used is told again when another scope takes it: nothing carries over.
    for (let round = 0; round < 5; round += 1) {
      expect(await asRequest({ tenant: SCHOOL }, items)).toEqual([{ restaurant_id: SCHOOL }]);
      expect(await items()).toEqual([]);
    }
  });

  it('refuses to write a row of another restaurant, and does not touch another restaurant’s rows', async () => {
    const insert = () =>
      app.db
        .insertInto('gift_cards')
        .values({
          restaurant_id: OTHER,
          number_hash: giftCardDigest(OTHER, '6000999988887777'),
          last_four: '7777',
          balance_cents: 100000,
          updated_at: now.toISOString(),
        })
        .execute();
    await expect(asRequest({ tenant: SCHOOL }, insert)).rejects.toMatchObject({ code: '42501' });
    await expect(insert()).rejects.toMatchObject({ code: '42501' });
    const drain = () => app.db.updateTable('gift_cards').set({ balance_cents: 0 }).executeTakeFirst();
    const drained = await asRequest({ tenant: SCHOOL }, drain);
    expect(Number(drained.numUpdatedRows)).toBe(1);
    const balances = await database.db
      .selectFrom('gift_cards')
      .select(['restaurant_id', 'balance_cents'])
      .orderBy('restaurant_id')
      .execute();
    expect(balances).toEqual([
      { restaurant_id: SCHOOL, balance_cents: 0 },
      { restaurant_id: OTHER, balance_cents: 2500 },
    ]);
    // Moving one's own row into another restaurant is refused too.
    await expect(
      asRequest({ tenant: SCHOOL }, () => app.db.updateTable('gift_cards').set({ restaurant_id: OTHER }).execute()),
    ).rejects.toMatchObject({
      code: '42501',
    });
  });

  it('shows a child only to their parent and to the verified staff of their school', async () => {
    const names = () => app.db.selectFrom('students').select('first_name').orderBy('first_name').execute();
    expect(await asRequest({ tenant: SCHOOL, user: parentA }, names)).toEqual([{ first_name: 'Ada' }]);
    expect(await asRequest({ tenant: SCHOOL, user: parentB }, names)).toEqual([{ first_name: 'Ben' }]);
    // The school's page alone (a guest, or a diner without children there) opens no child.
    expect(await asRequest({ tenant: SCHOOL }, names)).toEqual([]);
    // Staff of another restaurant, even signed in and naming the school as their tenant.
    expect(await asRequest({ tenant: SCHOOL, staffOf: OTHER }, names)).toEqual([]);
    expect(await asRequest({ tenant: SCHOOL, staffOf: SCHOOL }, names)).toEqual([{ first_name: 'Ada' }, { first_name: 'Ben' }]);
    // Another parent cannot change or remove a child that is not theirs.
    const rename = () => app.db.updateTable('students').set({ first_name: 'Eve' }).where('id', '=', studentOfA).executeTakeFirst();
    expect(Number((await asRequest({ tenant: SCHOOL, user: parentB }, rename)).numUpdatedRows)).toBe(0);
    const remove = () => app.db.deleteFrom('students').where('id', '=', studentOfA).executeTakeFirst();
    expect(Number((await asRequest({ tenant: SCHOOL, user: parentB }, remove)).numDeletedRows)).toBe(0);
    // Nor add one to another parent's account.
    const adopt = () =>
      app.db
        .insertInto('students')
        .values({
          restaurant_id: SCHOOL,
          user_id: parentA,
          first_name: 'Zed',
          last_name: 'Q',
          school: 'N',
          grade: '1',
          classroom: '1',
          teacher: 'T',
        })
        .execute();
    await expect(asRequest({ tenant: SCHOOL, user: parentB }, adopt)).rejects.toMatchObject({ code: '42501' });
    expect(await database.db.selectFrom('students').select('first_name').orderBy('first_name').execute()).toEqual([
      { first_name: 'Ada' },
      { first_name: 'Ben' },
    ]);
  });

  describe('school orders, which copy the child’s name, grade and classroom into the order', () => {
    const DAY = '2026-12-01';
    const token = (name: string) => `${name}-${'x'.repeat(30)}`;
    const ids = { ofA: randomUUID(), ofB: randomUUID(), guest1: randomUUID(), guest2: randomUUID(), takeout: randomUUID() };
    const tokens = { ofA: token('a'), ofB: token('b'), guest1: token('g1'), guest2: token('g2'), takeout: token('t') };
    let studentOfB: number;
    const row = (id: string, number: number, fields: Partial<OrderRow>): OrderRow => ({
      id,
      restaurant_id: SCHOOL,
      user_id: null,
      status: 'placed',
      order_type: 'school',
      total_cents: 750,
      data: '{}',
      placed_at: now.toISOString(),
      updated_at: now.toISOString(),
      number,
      pickup_slot: null,
      pickup_time: null,
      idempotency_key: null,
      request_hash: null,
      access_token_hash: null,
      locale: 'en-CA',
      checkout_id: null,
      school_date: DAY,
      student_id: null,
      meal_count: 1,
      event_suite_id: null,
      suite_order_kind: null,
      operator_user_id: null,
      vendor_id: null,
      ...fields,
    });
    const child = (name: string) => JSON.stringify({ delivery: { type: 'school', student: name, grade: '3', classroom: '3B' } });
    /** Every order the scope shows, as a query that forgot its person (and its restaurant) would read them. */
    const visible = () => app.db.selectFrom('orders').select(['id', 'data']).orderBy('number').execute();
    const idsOf = async (rows: Promise<Array<{ id: string }>>) => (await rows).map((order) => order.id);

    beforeAll(async () => {
      studentOfB = (await database.db.selectFrom('students').select('id').where('user_id', '=', parentB).executeTakeFirstOrThrow()).id;
      await database.db
        .insertInto('orders')
        .values([
          row(ids.ofA, 9001, {
            user_id: parentA,
            student_id: studentOfA,
            meal_count: 2,
            access_token_hash: hashToken(tokens.ofA),
            data: child('Ada Child'),
          }),
          row(ids.ofB, 9002, {
            user_id: parentB,
            student_id: studentOfB,
            access_token_hash: hashToken(tokens.ofB),
            data: child('Ben Child'),
          }),
          row(ids.guest1, 9003, { access_token_hash: hashToken(tokens.guest1), data: child('Gus Guest') }),
          row(ids.guest2, 9004, { access_token_hash: hashToken(tokens.guest2), data: child('Gia Guest') }),
          row(ids.takeout, 9005, {
            order_type: 'takeout',
            school_date: null,
            meal_count: null,
            access_token_hash: hashToken(tokens.takeout),
          }),
        ])
        .execute();
      const message = (orderId: string | null, body: string) => ({
        id: randomUUID(),
        restaurant_id: SCHOOL,
        channel: 'email' as const,
        recipient: 'family@example.com',
        subject: 'Your school meals',
        body,
        locale: 'en-CA',
        order_id: orderId,
        created_at: now.toISOString(),
        sent_at: null,
        next_attempt_at: null,
        lease_until: null,
        last_error: null,
      });
      await database.db
        .insertInto('outbox')
        .values([
          message(ids.ofA, 'For Ada Child (classroom 3B)'),
          message(ids.guest1, 'For Gus Guest (classroom 3B)'),
          message(ids.takeout, 'Your takeout order'),
          message(null, 'Welcome'),
        ])
        .execute();
    });

    it('shows another parent of the same school none of the first parent’s school orders, even to a query that forgot its person', async () => {
      expect(await idsOf(asRequest({ tenant: SCHOOL, user: parentB }, visible))).toEqual([ids.ofB, ids.takeout]);
      expect(await idsOf(asRequest({ tenant: SCHOOL, user: parentA }, visible))).toEqual([ids.ofA, ids.takeout]);
      const seenByB = await asRequest({ tenant: SCHOOL, user: parentB }, visible);
      expect(seenByB.some((order) => /Ada|Gus|Gia/.test(order.data))).toBe(false);
      // Looked up by its id, as a forgotten person filter on the order detail would.
      const byId = () => app.db.selectFrom('orders').selectAll().where('id', '=', ids.ofA).executeTakeFirst();
      expect(await asRequest({ tenant: SCHOOL, user: parentB }, byId)).toBeUndefined();
      // The school's own scope (its menu page, a diner with no order there) opens no school order.
      expect(await idsOf(asRequest({ tenant: SCHOOL }, visible))).toEqual([ids.takeout]);
      expect(await idsOf(runInNewScope(visible))).toEqual([]);
    });

    it('does not let another parent change, cancel or take over the first parent’s school order', async () => {
      const cancel = () => app.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', ids.ofA).executeTakeFirst();
      expect(Number((await asRequest({ tenant: SCHOOL, user: parentB }, cancel)).numUpdatedRows)).toBe(0);
      const remove = () => app.db.deleteFrom('orders').where('id', '=', ids.ofA).executeTakeFirst();
      expect(Number((await asRequest({ tenant: SCHOOL, user: parentB }, remove)).numDeletedRows)).toBe(0);
      // Nor hand their own order to the other parent, nor write one in the other parent's name.
      const handOver = () => app.db.updateTable('orders').set({ user_id: parentA }).where('id', '=', ids.ofB).execute();
      await expect(asRequest({ tenant: SCHOOL, user: parentB }, handOver)).rejects.toMatchObject({ code: '42501' });
      const forge = () =>
        app.db
          .insertInto('orders')
          .values(row(randomUUID(), 9100, { user_id: parentA, student_id: studentOfA }))
          .execute();
      await expect(asRequest({ tenant: SCHOOL, user: parentB }, forge)).rejects.toMatchObject({ code: '42501' });
      const stored = await database.db
        .selectFrom('orders')
        .select(['id', 'user_id', 'status'])
        .where('number', '>=', 9001)
        .orderBy('number')
        .execute();
      expect(stored.slice(0, 2)).toEqual([
        { id: ids.ofA, user_id: parentA, status: 'placed' },
        { id: ids.ofB, user_id: parentB, status: 'placed' },
      ]);
      expect(stored).toHaveLength(5);
    });

    it('shows a guest’s school order to the holder of its token, and another guest’s token opens only theirs', async () => {
      expect(await idsOf(asRequest({ tenant: SCHOOL, tokens: [tokens.guest1] }, visible))).toEqual([ids.guest1, ids.takeout]);
      expect(await idsOf(asRequest({ tenant: SCHOOL, tokens: [tokens.guest2] }, visible))).toEqual([ids.guest2, ids.takeout]);
      // A made-up token, two tokens smuggled as one comma list, the right token at another restaurant.
      expect(await idsOf(asRequest({ tenant: SCHOOL, tokens: [token('made-up')] }, visible))).toEqual([ids.takeout]);
      expect(await idsOf(asRequest({ tenant: SCHOOL, tokens: [`${tokens.guest1},${tokens.guest2}`] }, visible))).toEqual([ids.takeout]);
      expect(await idsOf(asRequest({ tenant: OTHER, tokens: [tokens.guest1] }, visible))).toEqual([]);
      // A guest's checkout writes (and reads back) the school orders whose secrets it made, and no other.
      const placed = randomUUID();
      const place = (secret: string) => () =>
        app.db
          .insertInto('orders')
          .values(row(placed, 9101, { access_token_hash: hashToken(secret), data: child('Noa Guest') }))
          .returning('id')
          .execute();
      await expect(asRequest({ tenant: SCHOOL }, place(token('new')))).rejects.toMatchObject({ code: '42501' });
      expect(await asRequest({ tenant: SCHOOL, tokens: [token('new')] }, place(token('new')))).toEqual([{ id: placed }]);
      expect(await idsOf(asRequest({ tenant: SCHOOL, tokens: [tokens.guest1] }, visible))).toEqual([ids.guest1, ids.takeout]);
      await database.db.deleteFrom('orders').where('id', '=', placed).execute();
    });

    it('shows the school’s verified staff every school order, and another restaurant’s staff none', async () => {
      const all = [ids.ofA, ids.ofB, ids.guest1, ids.guest2, ids.takeout];
      expect(await idsOf(asRequest({ tenant: SCHOOL, staffOf: SCHOOL }, visible))).toEqual(all);
      expect(await idsOf(asRequest({ tenant: SCHOOL, staffOf: OTHER }, visible))).toEqual([ids.takeout]);
      // Staff move a school order on (the production day), which the parent then sees.
      const prepare = () => app.db.updateTable('orders').set({ status: 'preparing' }).where('id', '=', ids.ofA).executeTakeFirst();
      expect(Number((await asRequest({ tenant: SCHOOL, staffOf: SCHOOL }, prepare)).numUpdatedRows)).toBe(1);
      const status = () => app.db.selectFrom('orders').select('status').where('id', '=', ids.ofA).executeTakeFirst();
      expect(await asRequest({ tenant: SCHOOL, user: parentA }, status)).toEqual({ status: 'preparing' });
      await database.db.updateTable('orders').set({ status: 'placed' }).where('id', '=', ids.ofA).execute();
    });

    it('keeps a message about a school order (the receipt names the child) to those who may see that order', async () => {
      const bodies = () => app.db.selectFrom('outbox').select('body').orderBy('body').execute();
      const texts = async (scope: Parameters<typeof asRequest>[0]) => (await asRequest(scope, bodies)).map((message) => message.body);
      expect(await texts({ tenant: SCHOOL, user: parentB })).toEqual(['Welcome', 'Your takeout order']);
      expect(await texts({ tenant: SCHOOL, user: parentA })).toEqual(['For Ada Child (classroom 3B)', 'Welcome', 'Your takeout order']);
      expect(await texts({ tenant: SCHOOL, tokens: [tokens.guest1] })).toEqual([
        'For Gus Guest (classroom 3B)',
        'Welcome',
        'Your takeout order',
      ]);
      expect(await texts({ tenant: SCHOOL, staffOf: SCHOOL })).toHaveLength(4);
      expect(await texts({ tenant: OTHER, user: parentA })).toEqual([]);
    });

    it('counts a student’s booked meals for the day’s cap whoever placed them, only at a restaurant in scope', async () => {
      const day = [{ date: DAY, studentId: studentOfA }];
      // Read plainly, another parent's scope sees none of the meals; the cap's count sees them all.
      const plain = () =>
        app.db
          .selectFrom('orders')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('meal_count'), eb.val(0)).as('meals'))
          .where('student_id', '=', studentOfA)
          .executeTakeFirstOrThrow();
      expect(Number((await asRequest({ tenant: SCHOOL, user: parentB }, plain)).meals)).toBe(0);
      const counted = await asRequest({ tenant: SCHOOL, user: parentB }, () => bookedSchoolMeals(app.db, SCHOOL, day));
      expect([...counted]).toEqual([[`${DAY}/${studentOfA}`, 2]]);
      // A restaurant outside the scope answers nothing, nor does work that named no scope.
      expect([...(await asRequest({ tenant: OTHER, user: parentB }, () => bookedSchoolMeals(app.db, SCHOOL, day)))]).toEqual([]);
      expect([...(await runInNewScope(() => bookedSchoolMeals(app.db, SCHOOL, day)))]).toEqual([]);
      // The owner's named work counts too.
      expect([...(await asSystem('test: every restaurant', () => bookedSchoolMeals(app.db, SCHOOL, day)))]).toEqual([
        [`${DAY}/${studentOfA}`, 2],
      ]);
      // Only sums come back, never a row: the function's answer has no name in it.
      const { rows } = await asRequest({ tenant: SCHOOL, user: parentB }, () =>
        sql`select * from servery_booked_school_meals(${SCHOOL}, ${[DAY]}::text[], ${[studentOfA]}::integer[], ${['placed']}::text[])`.execute(
          app.db,
        ),
      );
      expect(rows).toEqual([{ school_date: DAY, student_id: studentOfA, meals: '2' }]);
    });
  });

  it('with two URLs, the application login cannot leave its role for the rows of another restaurant', async () => {
    // The production set-up (README, "Security settings"): DATABASE_URL a login that is only a member
    // of servery_app, DATABASE_OWNER_URL the owner.
    const login = `servery_web_${Math.random().toString(36).slice(2, 10)}`;
    await sql`create role ${sql.id(login)} login noinherit`.execute(database.db);
    await sql`grant servery_app to ${sql.id(login)}`.execute(database.db);
    const url = new URL(database.url);
    url.username = login;
    const server = openDatabase(url.toString(), { ownerUrl: database.url });
    try {
      const items = () => server.db.selectFrom('items').select('restaurant_id').distinct().orderBy('restaurant_id').execute();
      expect(await asRequest({ tenant: OTHER }, items)).toEqual([{ restaurant_id: OTHER }]);
      expect(await items()).toEqual([]);
      expect(await asSystem('test: every restaurant', items)).toEqual([{ restaurant_id: SCHOOL }, { restaurant_id: OTHER }]);
      // Undoing the role leaves the login itself, which holds no table at all.
      const escaped = asRequest({ tenant: OTHER }, () =>
        server.db.transaction().execute(async (trx) => {
          await sql`reset role`.execute(trx);
          return trx.selectFrom('items').select('restaurant_id').execute();
        }),
      );
      await expect(escaped).rejects.toMatchObject({ code: '42501' });
    } finally {
      await server.close();
      await sql`drop owned by ${sql.id(login)}`.execute(database.db);
      await sql`drop role ${sql.id(login)}`.execute(database.db);
    }
  });

  it('lets the named work across tenants through, and a tenant-scoped sweep only into its own', async () => {
    const count = async () =>
      Number(
        (
          await app.db
            .selectFrom('menus')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const all = await asSystem('test: every restaurant', count);
    const one = await asTenants([SCHOOL], count);
    expect(one).toBeGreaterThan(0);
    expect(all).toBe(one * 2);
    expect(await asTenants([SCHOOL, OTHER], count)).toBe(all);
  });
});
