/**
 * A person's own data (docs/decisions/0038-account-export-and-erasure.md): the export holds what we
 * keep about them and no secret; deleting the account removes them and their students and keeps the
 * restaurants' orders, totals intact, without name, e-mail, phone or address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../db/accounts-repository';
import { startSession } from '../../use-cases/accounts/authenticate';
import { NO_PASSWORD } from '../../use-cases/accounts/social-sign-in';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';

const place = tenantFixture({
  id: 76,
  slug: 'privacy-place',
  menu_groups: [
    { id: 7601, name: 'Food', slug: 'food', menus: [{ id: 7602, name: 'Lunch', items: [{ id: 7603, name: 'Bowl', price: '10.00' }] }] },
  ],
});
const PASSWORD = 'Secret12!';
const VISA = '4242424242424242';

let t: TestApp;
beforeAll(async () => {
  // Pinned clock: the order books the first offered slot, which the real clock can pass mid-test.
  t = await createTestApp([asSource(place)], { now: openHoursClock() });
});
afterAll(() => t.close());

let people = 0;
function call(method: 'GET' | 'POST', url: string, payload?: object, token?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { 'x-restaurant-id': 'privacy-place', ...(token && { authorization: `Bearer ${token}` }), ...headers },
    remoteAddress: `10.76.0.${(people % 200) + 1}`,
    ...(payload && { payload }),
  });
}

interface Person {
  token: string;
  email: string;
  id: number;
}
async function register(firstName = 'Grace'): Promise<Person> {
  people += 1;
  const email = `privacy${people}-${Date.now()}@example.com`;
  const response = await call('POST', '/api/auth/register-user', {
    firstName,
    lastName: 'Hopper',
    email,
    password: PASSWORD,
    phoneNumber: '416-555-0101',
  });
  expect(response.statusCode, response.body).toBe(200);
  return { token: response.json().token as string, email, id: response.json().user.id as number };
}

const sam = {
  firstName: 'Sam',
  lastName: 'Hopper',
  school: 'Maple Grove',
  grade: '3',
  classroom: '103',
  teacher: 'Mme Roy',
  allergens: ['Peanuts'],
};

async function addStudent(person: Person, fields: object = sam): Promise<number> {
  const response = await call('POST', '/api/auth/students', fields, person.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().student.id as number;
}

async function placeOrder(person: Person, contactName: string): Promise<string> {
  const bowl = { id: 7603, menu_id: 7602, section_id: null, orderId: 1, quantity: 2, orderPrice: 2000, orderOptions: [] };
  const scheduling = await call('POST', '/api/orders/scheduling', { type: 'take-out', items: [bowl] });
  expect(scheduling.statusCode, scheduling.body).toBe(200);
  const day = scheduling.json().days[0];
  const card = await call('POST', '/api/payment/tokenize', { number: VISA, expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' });
  expect(card.statusCode, card.body).toBe(200);
  const placed = await call(
    'POST',
    '/api/orders',
    {
      type: 'take-out',
      data: {
        config: { takeout: true, takeoutType: 'pickup' },
        items: [bowl],
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          pickup: {
            delivery: false,
            scheduled: true,
            dueByDate: day.date,
            dueByTime: day.slots[0].startTime,
            notes: `Call ${contactName}`,
          },
          contact: { full_name: contactName, email: person.email, phone_number: '416-555-0101' },
          card: { token: card.json().token },
        },
      },
    },
    person.token,
    { 'idempotency-key': `privacy-${Date.now()}-${people}-${contactName.length}` },
  );
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().order.id as string;
}

async function saveCard(person: Person): Promise<void> {
  const response = await call(
    'POST',
    '/api/auth/payment-method',
    { card: { number: VISA, expiry: '12/30', cvd: '123', postal_code: 'K1K 1Y1' } },
    person.token,
  );
  expect(response.statusCode, response.body).toBe(200);
}

async function signedIn(person: Person): Promise<boolean> {
  const response = await call('POST', '/api/auth/get-user-snapshot', {}, person.token);
  if (response.statusCode === 200) return true;
  expect(response.statusCode, response.body).toBe(401);
  return false;
}

const db = () => t.database.db;

describe('export-account', () => {
  it('is a JSON file of the profile, students with allergens, cards as brand/last4/expiry, orders with items and costs, and no secret', async () => {
    const grace = await register();
    await addStudent(grace);
    await saveCard(grace);
    const orderId = await placeOrder(grace, 'Grace Hopper');

    const response = await call('GET', '/api/auth/export-account', undefined, grace.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="servery-account-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.profile).toMatchObject({
      email: grace.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber: '4165550101',
      hasPassword: true,
    });
    expect(data.students).toEqual([
      expect.objectContaining({ firstName: 'Sam', classroom: '103', allergens: ['Peanuts'], restaurantName: 'Restaurant privacy-place' }),
    ]);
    expect(data.savedCards).toEqual([expect.objectContaining({ brand: 'VISA', last4: '4242', expiry: '1230', isDefault: true })]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0].order).toMatchObject({
      id: orderId,
      contact: { full_name: 'Grace Hopper' },
      costs: { total: expect.any(Number) },
    });
    expect(data.orders[0].order.items[0]).toMatchObject({ id: 7603, quantity: 2 });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);

    // No card number, no processor reference, no session or order secret, no password hash.
    const reference = await db()
      .selectFrom('payment_methods')
      .select(['id', 'reference'])
      .where('user_id', '=', grace.id)
      .executeTakeFirstOrThrow();
    const order = await db().selectFrom('orders').select('access_token_hash').where('id', '=', orderId).executeTakeFirstOrThrow();
    for (const secret of [VISA, reference.reference, reference.id, grace.token, order.access_token_hash!, 'scrypt$'])
      expect(response.body).not.toContain(secret);
  });

  it('holds only the signed-in person’s data and needs a session', async () => {
    const grace = await register();
    const ada = await register('Ada');
    await addStudent(ada, { ...sam, firstName: 'Lovelace' });
    const mine = (await call('GET', '/api/auth/export-account', undefined, grace.token)).json();
    expect(mine.students).toEqual([]);
    expect(JSON.stringify(mine)).not.toContain(ada.email);
    expect((await call('GET', '/api/auth/export-account')).statusCode).toBe(401);
  });
});

describe('delete-account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const grace = await register();
    await addStudent(grace);
    for (const body of [{ password: 'Wrong12!x' }, {}, { password: '' }]) {
      const refused = await call('POST', '/api/auth/delete-account', body, grace.token);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error).toBe('ACCOUNT_DELETE_NOT_CONFIRMED');
    }
    const french = await call('POST', '/api/auth/delete-account', { password: 'Wrong12!x' }, grace.token, { 'accept-language': 'fr-CA' });
    expect(french.json().message).toContain('pas été supprimé');
    expect(await signedIn(grace)).toBe(true);
    expect(await db().selectFrom('students').select('id').where('user_id', '=', grace.id).execute()).toHaveLength(1);
    expect(await db().selectFrom('users').select('id').where('id', '=', grace.id).execute()).toHaveLength(1);
  });

  it('removes the person, their students, cards and sessions; keeps the restaurant’s orders with totals and no personal fields; leaves others alone', async () => {
    const grace = await register();
    const ada = await register('Ada');
    const student = await addStudent(grace);
    await addStudent(ada, { ...sam, firstName: 'Lovelace' });
    await saveCard(grace);
    await saveCard(ada);
    const orderId = await placeOrder(grace, 'Grace Hopper');
    const adaOrder = await placeOrder(ada, 'Ada Lovelace');
    // A school order for Grace's child (as place-k12-order.ts stores it), to see what the books keep of it.
    const now = new Date().toISOString();
    const schoolData = {
      items: [],
      costs: { total: 650 },
      contact: { full_name: 'Grace Hopper', email: grace.email, phone_number: '4165550101' },
      delivery: { type: 'school', student: 'Sam Hopper', school: 'Maple Grove', classroom: '103' },
      school: { date: '2026-12-01', checkoutId: 'chk_privacy', student: { id: student, ...sam, allergens: undefined } },
    };
    await db()
      .insertInto('orders')
      .values({
        id: `privacy-school-${people}`,
        restaurant_id: 76,
        user_id: grace.id,
        status: 'placed',
        order_type: 'school',
        total_cents: 650,
        data: JSON.stringify(schoolData),
        placed_at: now,
        updated_at: now,
        number: null,
        pickup_slot: null,
        pickup_time: null,
        idempotency_key: null,
        request_hash: null,
        access_token_hash: 'secret-link',
        locale: 'en-CA',
        checkout_id: 'chk_privacy',
        school_date: '2026-12-01',
        student_id: student,
        meal_count: 1,
      })
      .execute();
    const before = await db().selectFrom('orders').select(['id', 'total_cents']).where('user_id', '=', grace.id).orderBy('id').execute();
    const reference = (
      await db().selectFrom('payment_methods').select('reference').where('user_id', '=', grace.id).executeTakeFirstOrThrow()
    ).reference;

    const deleted = await call('POST', '/api/auth/delete-account', { password: PASSWORD }, grace.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(String(deleted.headers['set-cookie'])).toContain('Max-Age=0');

    // The person is gone: no session, no sign-in, no students, cards or rows of theirs.
    expect(await signedIn(grace)).toBe(false);
    const login = await call('POST', '/api/auth/login-native', { email: grace.email, password: PASSWORD });
    expect(login.statusCode).toBe(401);
    expect(await db().selectFrom('users').select('id').where('id', '=', grace.id).execute()).toEqual([]);
    for (const table of ['students', 'payment_methods', 'sessions', 'sign_in_addresses', 'user_credits', 'user_subsidy_codes'] as const) {
      expect(await db().selectFrom(table).select('user_id').where('user_id', '=', grace.id).execute(), table).toEqual([]);
    }
    expect(await db().selectFrom('sandbox_saved_cards').select('reference').where('reference', '=', reference).execute()).toEqual([]);

    // The restaurant keeps both orders with the same totals, and nothing that names Grace.
    const kept = await db()
      .selectFrom('orders')
      .selectAll()
      .where(
        'id',
        'in',
        before.map((row) => row.id),
      )
      .orderBy('id')
      .execute();
    expect(kept.map((row) => ({ id: row.id, total_cents: row.total_cents }))).toEqual(before);
    for (const row of kept) {
      expect(row.user_id).toBeNull();
      expect(row.access_token_hash).toBeNull();
      expect(row.student_id).toBeNull();
      for (const personal of ['Grace', grace.email, '416', 'Sam']) expect(row.data).not.toContain(personal);
    }
    const pickup = JSON.parse(kept.find((row) => row.id === orderId)!.data);
    expect(pickup.contact).toEqual({ full_name: '', email: '', phone_number: '' });
    expect(pickup.items[0]).toMatchObject({ id: 7603, quantity: 2 });
    const school = JSON.parse(kept.find((row) => row.id !== orderId)!.data);
    expect(school.school).toMatchObject({
      date: '2026-12-01',
      student: { firstName: 'Deleted', lastName: 'student', classroom: '103', school: 'Maple Grove' },
    });
    expect(kept.find((row) => row.id !== orderId)!.school_date).toBe('2026-12-01');

    // Another person's order, account, student and card are untouched.
    const theirs = await db().selectFrom('orders').select(['user_id', 'data']).where('id', '=', adaOrder).executeTakeFirstOrThrow();
    expect(theirs.user_id).toBe(ada.id);
    expect(theirs.data).toContain('Ada Lovelace');
    expect(await signedIn(ada)).toBe(true);
    expect(await db().selectFrom('students').select('id').where('user_id', '=', ada.id).execute()).toHaveLength(1);
    expect(await db().selectFrom('payment_methods').select('id').where('user_id', '=', ada.id).execute()).toHaveLength(1);

    // The e-mail is free again: a new account is a new person with nothing of the old one.
    const again = await call('POST', '/api/auth/register-user', {
      firstName: 'Grace',
      lastName: 'Again',
      email: grace.email,
      password: PASSWORD,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await call('GET', '/api/auth/export-account', undefined, again.json().token)).json()).toMatchObject({
      students: [],
      orders: [],
      savedCards: [],
    });
  });

  it('refuses the last owner of a restaurant’s team, and lets an owner go once another owner is there', async () => {
    const owner = await register('Olive');
    const at = new Date().toISOString();
    await db().insertInto('restaurant_staff').values({ restaurant_id: 76, user_id: owner.id, role: 'owner', created_at: at }).execute();
    const refused = await call('POST', '/api/auth/delete-account', { password: PASSWORD }, owner.token);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toBe('ACCOUNT_LAST_OWNER');
    expect(await signedIn(owner)).toBe(true);

    const partner = await register('Pat');
    await db().insertInto('restaurant_staff').values({ restaurant_id: 76, user_id: partner.id, role: 'owner', created_at: at }).execute();
    expect((await call('POST', '/api/auth/delete-account', { password: PASSWORD }, owner.token)).statusCode).toBe(200);
    const team = await db().selectFrom('restaurant_staff').select(['user_id', 'role']).where('restaurant_id', '=', 76).execute();
    expect(team).toEqual([{ user_id: partner.id, role: 'owner' }]);
    await db().deleteFrom('restaurant_staff').where('user_id', '=', partner.id).execute();
  });

  it('confirms an account from social sign-in (no password) by its e-mail typed again', async () => {
    const email = `social-${Date.now()}@example.com`;
    const id = await insertUser(db(), {
      email,
      password_hash: NO_PASSWORD,
      first_name: 'So',
      last_name: 'Cial',
      phone_number: null,
      created_at: new Date().toISOString(),
    });
    const token = await startSession(db(), id, 'user', new Date());
    const wrong = await call('POST', '/api/auth/delete-account', { email: 'someone@example.com' }, token);
    expect(wrong.statusCode).toBe(403);
    expect((await call('POST', '/api/auth/delete-account', { password: 'anything1A!' }, token)).statusCode).toBe(403);
    expect((await call('POST', '/api/auth/delete-account', { email: email.toUpperCase() }, token)).statusCode).toBe(200);
    expect(await db().selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);
  });
});
