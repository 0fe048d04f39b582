/**
 * The receipt e-mail as the diner reads it from the outbox: the link back to the order's status (its
 * confirmation screen with the order's id and access token, at config PUBLIC_URL, never the request's
 * Host) in both languages, for one order, for each vendor's order of a hub's checkout and for each
 * day's order of a school's checkout (whose tokens leave the outbox once it is sent); and a suite
 * pre-order's receipt, which names its event,
 * suite and delivery and says the owner's kept card is charged when the suite's tab closes, never
 * "Charged" or a pickup time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { ARENA, SLIDERS, suitePreOrder } from '../../test/arena';
import { asSource, tenantFixture } from '../../test/fixtures';
import { placeGuestPickup } from '../../test/guest-pickup';
import { GYOZA, HUB_CARD, hubCart, hubFile, hubOrderBody, KITS, SALMON, TIDEWATER } from '../../test/market-hall';
import { CHILI, MILK, PIZZA, schoolLine } from '../../test/maple-school-menu';
import { createTestApp, type TestApp } from '../../test/test-app';
import { relayDueMessages } from '../platform/relay-deliveries';
import { DEMO_PASSWORD, seedDemoAccounts } from '../platform/seed-demo-accounts';

// The demo arena's owner@example.com owns suite 1 at the Prairie Lights Holiday Concert (event suite
// 3982), Saturday 12 December 2026 at 19:30 in Edmonton; pre-orders are open until the 9th.
const now = new Date('2026-11-24T18:00:00Z');
const menu = [
  {
    id: 9701,
    name: 'Food',
    slug: 'food',
    menus: [{ id: 9702, name: 'Lunch', items: [{ id: 9703, name: 'Bowl', price: '10.00', localization: { 'fr-CA': { name: 'Bol' } } }] }],
  },
];
const links = tenantFixture({ id: 97, slug: 'links', menu_groups: menu });

let t: TestApp;
beforeAll(async () => {
  const arena = { name: 'northside-arena.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/northside-arena.json'), 'utf8') };
  const school = { name: 'maple-school.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-school.json'), 'utf8') };
  t = await createTestApp([arena, asSource(links), hubFile(), school], { now: () => now });
  await seedDemoAccounts(t.database.db, now);
});
afterAll(() => t.close());

/** Sends what the outbox holds (as the relay does), and answers the texts sent. */
async function relayOutbox(): Promise<string[]> {
  const sent: string[] = [];
  const transport = { name: 'test', send: async (message: { text: string }) => void sent.push(message.text), close: () => undefined };
  const quiet = { info: () => undefined, warn: () => undefined };
  const policy = { maxAttempts: 3, baseDelaySeconds: 30, maxDelaySeconds: 600 };
  await relayDueMessages(t.database.db, { email: transport, sms: null }, { policy, leaseSeconds: 60, batch: 100 }, quiet, now);
  return sent;
}

const receiptOf = async (orderId: string) =>
  (await t.database.db.selectFrom('outbox').select(['body', 'subject']).where('order_id', '=', orderId).executeTakeFirstOrThrow()).body;

describe('the receipt’s link to the order’s status', () => {
  it('opens the confirmation screen of that order with its token, at PUBLIC_URL, in English and in French', async () => {
    const english = await placeGuestPickup(t, 'links', { itemId: 9703, menuId: 9702 }, { host: 'evil.example' });
    const url = `http://localhost:3000/links/order-confirmation?order=${english.id}&token=${english.token}`;
    const body = await receiptOf(english.id);
    expect(body).toContain(`See your order's status: ${url}`);
    expect(body).not.toContain('evil.example');

    const french = await placeGuestPickup(t, 'links', { itemId: 9703, menuId: 9702 }, { 'accept-language': 'fr-CA' });
    expect(await receiptOf(french.id)).toContain(
      `Voir l’état de votre commande : http://localhost:3000/links/order-confirmation?order=${french.id}&token=${french.token}`,
    );

    // The link's token is the one the order answers to (what the screen asks with).
    const token = new URL(url).searchParams.get('token')!;
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${english.id}?token=${encodeURIComponent(token)}`,
      headers: { 'x-restaurant-id': 'links' },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().order.id).toBe(english.id);
  });
});

describe('a suite pre-order’s receipt', () => {
  let address = 0;
  const call = (method: 'POST' | 'GET', url: string, payload: object | undefined, token: string, extra: Record<string, string> = {}) => {
    address += 1;
    return t.app.inject({
      method,
      url,
      headers: { 'x-restaurant-id': ARENA, authorization: `Bearer ${token}`, ...extra },
      ...(payload && { payload }),
      remoteAddress: `10.41.0.${address}`,
    });
  };

  async function ownerWithCard(): Promise<{ token: string; card: string }> {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-native',
      headers: { 'x-restaurant-id': ARENA },
      payload: { email: 'owner@example.com', password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().token as string;
    const saved = await call(
      'POST',
      '/api/auth/payment-method',
      { card: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'T5B 0P1' } },
      token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    return { token, card: saved.json().paymentMethod.paymentCardId as string };
  }

  async function placePreOrder(locale: string) {
    const owner = await ownerWithCard();
    const body = suitePreOrder(3982, owner.card, { items: [{ ...SLIDERS }] });
    const placed = await call('POST', '/api/orders', body, owner.token, {
      'idempotency-key': `receipt-suite-${locale}-${address}`,
      'accept-language': locale,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return { id: placed.json().order.id as string, token: placed.json().access_token as string };
  }

  it('names the event, the suite and the delivery, and says the kept card is charged when the tab closes (English)', async () => {
    const order = await placePreOrder('en-CA');
    const body = await receiptOf(order.id);
    expect(body).toContain('Event: Prairie Lights Holiday Concert, Saturday, December 12, 2026 at 7:30 p.m.');
    expect(body).toContain('Suite: Suite 1 — Centre ice');
    expect(body).toContain('Delivery to the suite: At the start of the event, Saturday, December 12, 2026 at 7:30 p.m.');
    expect(body).toMatch(/To be charged to VISA ending in 4242 when the suite's tab closes: \$[\d,.]+/);
    expect(body).not.toContain('Pickup time');
    expect(body).not.toContain('Charged');
    expect(body).toContain(`See your order's status: http://localhost:3000/${ARENA}/order-confirmation?order=${order.id}&token=`);

    // The confirmation reads the same: the card kept, not captured.
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}?token=${encodeURIComponent(order.token)}`,
      headers: { 'x-restaurant-id': ARENA },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().order.payment).toMatchObject({ method: 'credit_card', brand: 'VISA', last4: '4242', captured: false });
  });

  it('says the same in French', async () => {
    const order = await placePreOrder('fr-CA');
    const body = await receiptOf(order.id);
    expect(body).toContain('Loge: Loge 1 — Centre de la glace');
    expect(body).toMatch(/Événement: .+, samedi 12 décembre 2026 à 19 h 30/);
    expect(body).toMatch(/Livraison à la loge: Au début de l’événement, samedi 12 décembre 2026/);
    expect(body).toMatch(/À débiter de VISA se terminant par 4242 à la fermeture de l’ardoise de la loge: [\d\s,\u00a0\u202f]+\$/);
    expect(body).not.toContain('Heure de cueillette');
    expect(body).not.toContain('Montant débité');
    expect(body).toContain(`Voir l’état de votre commande : http://localhost:3000/${ARENA}/order-confirmation?order=${order.id}&token=`);
  });
});

describe('a marketplace hub’s receipt', () => {
  // Tuesday 24 November 2026 at 10:00 in Vancouver: the demo hub and its vendors are open.
  let address = 0;
  const hubCall = (method: 'POST' | 'GET', url: string, payload?: object, headers: Record<string, string> = {}) => {
    address += 1;
    return t.app.inject({
      method,
      url,
      headers: { 'x-restaurant-id': 'market-hall', ...headers },
      remoteAddress: `10.43.0.${address}`,
      ...(payload && { payload }),
    });
  };

  /** Salmon at Tidewater and gyoza at Kits: one checkout, two vendor orders, one receipt. */
  async function placeHubCheckout(headers: Record<string, string>) {
    const card = await hubCall('POST', '/api/payment/tokenize', HUB_CARD);
    expect(card.statusCode, card.body).toBe(200);
    const body = hubOrderBody(hubCart(SALMON, GYOZA), card.json().token as string);
    const placed = await hubCall('POST', '/api/orders/create-marketplace-order', body, {
      'idempotency-key': `receipt-hub-${address}`,
      ...headers,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orders = placed.json().orders as Array<{ order: { id: string; number: number }; vendor: { id: number }; access_token: string }>;
    expect(orders.map((entry) => entry.vendor.id)).toEqual([TIDEWATER, KITS]);
    return orders.map((entry) => ({ id: entry.order.id, number: entry.order.number, token: entry.access_token }));
  }
  const linkOf = (order: { id: string; token: string }) =>
    `http://localhost:3000/market-hall/order-confirmation?order=${order.id}&token=${order.token}`;

  it('links each vendor’s order to its own status under that vendor, at PUBLIC_URL, and each link opens its order', async () => {
    const [fish, noodles] = await placeHubCheckout({ host: 'evil.example' });
    const body = await receiptOf(fish!.id);
    expect(body).not.toContain('evil.example');
    // Under each vendor's order, after its total, before the next vendor's.
    const tidewater = body.indexOf(`Tidewater Fish & Chips · Order #${fish!.number}`);
    const kits = body.indexOf(`Kits Noodle House · Order #${noodles!.number}`);
    const fishLink = body.indexOf(`See your order's status: ${linkOf(fish!)}\n`);
    const noodlesLink = body.indexOf(`See your order's status: ${linkOf(noodles!)}\n`);
    expect([tidewater, kits, fishLink, noodlesLink].every((index) => index >= 0)).toBe(true);
    expect(tidewater < fishLink && fishLink < kits && kits < noodlesLink).toBe(true);
    expect(body.indexOf('Total of this checkout')).toBeGreaterThan(noodlesLink);

    // What the confirmation screen asks with: each link's token opens that order, with its vendor.
    for (const [order, vendor] of [
      [fish!, TIDEWATER],
      [noodles!, KITS],
    ] as const) {
      const token = new URL(linkOf(order)).searchParams.get('token')!;
      const shown = await hubCall('GET', `/api/orders/${order.id}?token=${encodeURIComponent(token)}`);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().order.marketplace.vendor.id).toBe(vendor);
    }
  });

  it('opens one vendor’s order with its vendor’s name, its part, and what the whole hub order charged once', async () => {
    const card = await hubCall('POST', '/api/payment/tokenize', HUB_CARD);
    const placed = await hubCall(
      'POST',
      '/api/orders/create-marketplace-order',
      hubOrderBody(hubCart(SALMON, GYOZA), card.json().token as string),
      { 'idempotency-key': `receipt-hub-part-${address}` },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const answer = placed.json() as {
      total: { amountDue: number };
      orders: Array<{ order: { id: string; payment: { amount: number } }; access_token: string }>;
    };
    const parts = answer.orders.map((entry) => entry.order.payment.amount);
    expect(parts.every((part) => part > 0)).toBe(true);
    expect(parts[0]! + parts[1]!).toBe(answer.total.amountDue);
    const noodles = answer.orders[1]!;
    // As the status link asks: that order alone, by its own token.
    const shown = await hubCall('GET', `/api/orders/${noodles.order.id}?token=${encodeURIComponent(noodles.access_token)}`);
    expect(shown.json().order).toMatchObject({
      payment: { amount: parts[1] },
      marketplace: {
        vendor: { id: KITS, name: 'Kits Noodle House' },
        checkoutAmount: answer.total.amountDue,
        orderCount: 2,
      },
    });
  });

  it('says the same in French, and the tokens leave the outbox once the e-mail is sent', async () => {
    const [fish, noodles] = await placeHubCheckout({ 'accept-language': 'fr-CA' });
    const body = await receiptOf(fish!.id);
    expect(body).toContain(`Voir l’état de votre commande : ${linkOf(fish!)}\n`);
    expect(body).toContain(`Voir l’état de votre commande : ${linkOf(noodles!)}\n`);

    const sent = await relayOutbox();
    expect(sent.some((text) => text.includes(linkOf(fish!)) && text.includes(linkOf(noodles!)))).toBe(true);
    const kept = await receiptOf(fish!.id);
    for (const token of [fish!.token, noodles!.token]) expect(kept).not.toContain(token);
    expect(kept).toContain(`order-confirmation?order=${noodles!.id}&token=(sent)`);
  });
});

describe('a school’s receipt', () => {
  // Tuesday 24 November 2026, 1 p.m. in Toronto: the demo school's first day open to order is Friday 27
  // (pizza, menu 2014); Monday 30 is week 2 of its rotation (chili, menu 2015).
  let address = 0;
  const schoolCall = (method: 'POST' | 'GET', url: string, payload?: object, headers: Record<string, string> = {}) => {
    address += 1;
    return t.app.inject({
      method,
      url,
      headers: { 'x-restaurant-id': 'maple-school', ...headers },
      remoteAddress: `10.44.0.${address}`,
      ...(payload && { payload }),
    });
  };

  /** A parent's checkout of two days for two children: one payment, one order per day and child, one receipt. */
  async function placeSchoolCheckout(locale: string) {
    const email = `receipt-parent-${locale}-${address}@example.com`;
    const registered = await schoolCall('POST', '/api/auth/register-user', {
      firstName: 'Pat',
      lastName: 'Parent',
      email,
      password: 'Secret12!',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const auth = { authorization: `Bearer ${registered.json().token as string}` };
    const student = async (firstName: string, grade: string, classroom: string, teacher: string) => {
      const body = { firstName, lastName: 'Parent', school: 'Maple Grove Public School', grade, classroom, teacher };
      const added = await schoolCall('POST', '/api/auth/students', body, auth);
      expect(added.statusCode, added.body).toBe(200);
      return added.json().student.id as number;
    };
    const lea = await student('Léa', '2', '102', 'Mr. Dubois');
    const noah = await student('Noah', '5', '105', 'Ms. Williams');
    const card = await schoolCall('POST', '/api/payment/tokenize', {
      number: '4242424242424242',
      expiry: '1230',
      cvd: '123',
      postal_code: 'M2N5N8',
    });
    expect(card.statusCode, card.body).toBe(200);
    const day = (date: string, studentId: number, orderId: number, ...items: Array<ReturnType<typeof schoolLine>>) => ({
      date,
      orderId,
      studentId,
      items: items.map((item, index) => ({ ...item, orderId: index + 1 })),
    });
    const placed = await schoolCall(
      'POST',
      '/api/orders/create-k12-order',
      {
        data: {
          rotationalMenuOrders: [
            day('2026-11-27', lea, 1, schoolLine(PIZZA)),
            day('2026-11-30', noah, 2, schoolLine(CHILI), schoolLine(MILK)),
          ],
          costs: {},
          checkout: {
            paymentMethod: 'credit_card',
            card: { token: card.json().token as string },
            contact: { full_name: 'Pat Parent', email, phone_number: '416-555-0102' },
          },
        },
      },
      { ...auth, 'idempotency-key': `receipt-school-${locale}-${address}`, 'accept-language': locale, host: 'evil.example' },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orders = placed.json().orders as Array<{ order: { id: string; number: number }; date: string; access_token: string }>;
    expect(orders.map((entry) => entry.date)).toEqual(['2026-11-27', '2026-11-30']);
    const body = (await t.database.db.selectFrom('outbox').select('body').where('recipient', '=', email).executeTakeFirstOrThrow()).body;
    return { body, orders: orders.map((entry) => ({ id: entry.order.id, number: entry.order.number, token: entry.access_token })) };
  }

  /** Every status link of a receipt, in its order: the order's id and token as the address holds them. */
  const linksIn = (body: string) =>
    [...body.matchAll(/(http:\/\/localhost:3000\/maple-school\/order-confirmation\?\S+)\n/g)].map((match) => {
      const url = new URL(match[1]!);
      return { order: url.searchParams.get('order')!, token: url.searchParams.get('token')! };
    });

  it('links each day’s order to its own status under that day, at PUBLIC_URL, and each link opens its order', async () => {
    const { body, orders } = await placeSchoolCheckout('en-CA');
    const [friday, monday] = orders as [(typeof orders)[number], (typeof orders)[number]];
    expect(body).not.toContain('evil.example');
    // Under each day's order, after its total, before the next day's; the checkout's total after them.
    const fridayHeading = body.indexOf(`Friday, November 27, 2026 · Order #${friday.number}`);
    const mondayHeading = body.indexOf(`Monday, November 30, 2026 · Order #${monday.number}`);
    const fridayLink = body.indexOf(
      `See your order's status: http://localhost:3000/maple-school/order-confirmation?order=${friday.id}&token=`,
    );
    const mondayLink = body.indexOf(
      `See your order's status: http://localhost:3000/maple-school/order-confirmation?order=${monday.id}&token=`,
    );
    expect([fridayHeading, mondayHeading, fridayLink, mondayLink].every((index) => index >= 0)).toBe(true);
    expect(fridayHeading < fridayLink && fridayLink < mondayHeading && mondayHeading < mondayLink).toBe(true);
    expect(body.indexOf('Total of this checkout')).toBeGreaterThan(mondayLink);

    // What the confirmation screen asks with: each link's order and token open that day's order, for its child.
    const links = linksIn(body);
    expect(links.map((link) => link.order)).toEqual([friday.id, monday.id]);
    for (const [link, date, child] of [
      [links[0]!, '2026-11-27', 'Léa'],
      [links[1]!, '2026-11-30', 'Noah'],
    ] as const) {
      const shown = await schoolCall('GET', `/api/orders/${link.order}?token=${encodeURIComponent(link.token)}`);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().order).toMatchObject({ id: link.order, type: 'school', school: { date, student: { firstName: child } } });
    }
    // One day's token does not open the other day's order.
    const crossed = await schoolCall('GET', `/api/orders/${links[1]!.order}?token=${encodeURIComponent(links[0]!.token)}`);
    expect(crossed.statusCode).toBe(404);
  });

  it('says the same in French, and the tokens leave the outbox once the e-mail is sent', async () => {
    const { body, orders } = await placeSchoolCheckout('fr-CA');
    for (const order of orders)
      expect(body).toContain(
        `Voir l’état de votre commande : http://localhost:3000/maple-school/order-confirmation?order=${order.id}&token=${order.token}\n`,
      );
    expect(linksIn(body).map((link) => link.token)).toEqual(orders.map((order) => order.token));

    const sent = await relayOutbox();
    expect(sent.some((text) => orders.every((order) => text.includes(`order=${order.id}&token=${order.token}`)))).toBe(true);
    const kept = await receiptOf(orders[0]!.id);
    for (const order of orders) {
      expect(kept).not.toContain(order.token);
      expect(kept).toContain(`order-confirmation?order=${order.id}&token=(sent)`);
    }
  });
});
