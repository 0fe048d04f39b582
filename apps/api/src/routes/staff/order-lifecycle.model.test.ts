/**
 * The order lifecycle as a model test (issue 29 item 7; docs/decisions/0066-payment-faults-and-lifecycle-model.md).
 * fast-check draws sequences of commands, runs each through the real API (POST /api/orders and
 * POST /api/staff/orders/:id/status) and through a model of a few lines: the lifecycle table of
 * packages/domain (`canTransition`, `needsReason`) and what each move does to the money. After every
 * step the database must agree with the model: each order's status, its payment's state, captured
 * and refunded cents, and the number of orders.
 *
 * Commands: place paid by card (captured now), place on an open tab (authorised; the capture is the
 * "pay" step, at completion), replay a placement (the same Idempotency-Key and body again), and move
 * an order to any status (accept, preparing, ready, complete, cancel, refund, and moves the table
 * forbids), a cancel or refund with or without a reason.
 * Runs on SQLite, and on PostgreSQL when DATABASE_URL is set. FC_SEED=<seed> replays a failure.
 */
import fc from 'fast-check';
import { canTransition, needsReason, ORDER_STATUSES, type OrderStatus } from '@servery/domain/order-lifecycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { staffMember } from '../../test/staff-member';
import { createTestApp, type TestApp } from '../../test/test-app';

const RESTAURANT = 97;
const AMOUNT = 1130; // the bowl, 10.00, and 13 % HST
const cafe = tenantFixture({
  id: RESTAURANT,
  slug: 'model-cafe',
  allow_open_tab: true,
  menu_groups: [
    { id: 9701, name: 'Food', slug: 'food', menus: [{ id: 9702, name: 'All day', items: [{ id: 9703, name: 'Bowl', price: '10.00' }] }] },
  ],
});

let t: TestApp;
let staffToken = '';
beforeAll(async () => {
  t = await createTestApp([asSource(cafe)]);
  staffToken = (await staffMember(t.database.db, { email: 'model-kitchen@example.com', restaurantId: RESTAURANT, role: 'manager' })).token;
});
afterAll(() => t.close());

type PaymentState = 'authorised' | 'captured' | 'voided' | 'refunded';
interface ModelOrder {
  id: string;
  key: string;
  body: object;
  status: OrderStatus;
  payment: { status: PaymentState; captured: number; refunded: number };
}
interface Model {
  orders: ModelOrder[];
  /** Orders in the database before this run (the app is shared by the runs). */
  before: number;
}
interface Real {
  app: TestApp;
}

let calls = 0;
const inject = (method: 'POST', url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { 'x-restaurant-id': 'model-cafe', ...headers },
    remoteAddress: `10.8.${Math.floor((calls += 1) / 250) % 250}.${calls % 250}`,
  });

let keys = 0;

/** The model's money after a move the table allows (change-order-status.ts's rules). */
function moneyAfter(payment: ModelOrder['payment'], to: OrderStatus): ModelOrder['payment'] {
  if (to === 'completed' && payment.status === 'authorised') return { ...payment, status: 'captured', captured: AMOUNT };
  if (to === 'cancelled' || to === 'refunded') {
    if (payment.status === 'authorised') return { ...payment, status: 'voided' };
    if (payment.status === 'captured') return { ...payment, status: 'refunded', refunded: payment.captured };
  }
  return payment;
}

/** The database agrees with the model: orders, statuses and the processor's record of each payment. */
async function agree(model: Model): Promise<void> {
  const db = t.database.db;
  const count = await db
    .selectFrom('orders')
    .select(db.fn.countAll<number>().as('n'))
    .where('restaurant_id', '=', RESTAURANT)
    .executeTakeFirstOrThrow();
  expect(Number(count.n)).toBe(model.before + model.orders.length);
  if (model.orders.length === 0) return;
  const ids = model.orders.map((order) => order.id);
  const rows = await db.selectFrom('orders').select(['id', 'status', 'data']).where('id', 'in', ids).execute();
  const payments = await db
    .selectFrom('payments')
    .select(['id', 'order_id', 'status', 'captured_cents', 'refunded_cents'])
    .where('order_id', 'in', ids)
    .execute();
  for (const order of model.orders) {
    const row = rows.find((candidate) => candidate.id === order.id);
    expect(row?.status, `order ${order.id}`).toBe(order.status);
    const stored = (JSON.parse(row!.data) as { payment: { paymentId: string; captured: boolean } }).payment;
    const mine = payments.filter((payment) => payment.order_id === order.id);
    expect(mine, `payments of ${order.id}`).toHaveLength(1);
    expect(mine[0]!.id).toBe(stored.paymentId);
    expect({ status: mine[0]!.status, captured: mine[0]!.captured_cents, refunded: mine[0]!.refunded_cents }).toEqual(order.payment);
    // Shown paid exactly when the processor holds the capture.
    expect(stored.captured).toBe(order.payment.captured > 0);
  }
}

class Place implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tab: boolean) {}
  check = () => true;
  async run(model: Model): Promise<void> {
    const card = await inject('POST', '/api/payment/tokenize', {
      number: '4242424242424242',
      expiry: '1230',
      cvd: '123',
      postal_code: 'K1K1Y1',
    });
    expect(card.statusCode, card.body).toBe(200);
    const body = {
      type: 'dine_in',
      data: {
        config: { tableNum: '3' },
        items: [{ id: 9703, menu_id: 9702, section_id: null, orderId: 1, quantity: 1, orderPrice: 1000, orderOptions: [] }],
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          contact: { full_name: 'Mo Model', email: 'mo@example.com', phone_number: '416-555-0123' },
          card: { token: card.json().token },
          ...(this.tab && { tab: { owner: 'Mo' } }),
        },
      },
    };
    const key = `model-order-${Date.now()}-${(keys += 1)}`;
    const placed = await inject('POST', '/api/orders', body, { 'idempotency-key': key });
    expect(placed.statusCode, placed.body).toBe(201);
    model.orders.push({
      id: placed.json().order.id,
      key,
      body,
      status: 'placed',
      payment: this.tab ? { status: 'authorised', captured: 0, refunded: 0 } : { status: 'captured', captured: AMOUNT, refunded: 0 },
    });
    await agree(model);
  }
  toString = () => (this.tab ? 'place on a tab' : 'place and pay');
}

class Replay implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.orders.length > 0;
  async run(model: Model): Promise<void> {
    const order = pickOrder(model, this.pick);
    const again = await inject('POST', '/api/orders', order.body, { 'idempotency-key': order.key });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order.id).toBe(order.id);
    await agree(model);
  }
  toString = () => `replay #${this.pick}`;
}

/** The next step of the usual day (a terminal order is asked to go back to "accepted": refused). */
const NEXT: Record<OrderStatus, OrderStatus> = {
  placed: 'accepted',
  accepted: 'preparing',
  preparing: 'ready',
  ready: 'completed',
  completed: 'refunded',
  cancelled: 'accepted',
  refunded: 'accepted',
};

/** The order `pick` names, counted from the newest: sequences keep working on the same few orders. */
const pickOrder = (model: Model, pick: number) => model.orders[model.orders.length - 1 - (pick % model.orders.length)]!;

class Move implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    /** 'next': the order's next status on the usual path (NEXT), so sequences reach "ready" and beyond. */
    readonly target: OrderStatus | 'next',
    readonly withReason: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0;
  async run(model: Model): Promise<void> {
    const order = pickOrder(model, this.pick);
    const to = this.target === 'next' ? NEXT[order.status] : this.target;
    this.to = to;
    const response = await inject(
      'POST',
      `/api/staff/orders/${order.id}/status`,
      { status: to, ...(this.withReason && { reason: 'Model says so' }) },
      { authorization: `Bearer ${staffToken}` },
    );
    if (needsReason(to) && !this.withReason) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toBe('ORDER_STATUS_REASON_REQUIRED');
    } else if (order.status === to) {
      // Not a transition: a retried click answers the order as it is and changes nothing.
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().payment_action).toBe('none');
    } else if (canTransition(order.status, to)) {
      expect(response.statusCode, response.body).toBe(200);
      const payment = moneyAfter(order.payment, to);
      const action = payment.status === order.payment.status ? 'none' : payment.status === 'captured' ? 'captured' : payment.status;
      expect(response.json()).toMatchObject({ order: { status: to }, payment_action: action });
      order.status = to;
      order.payment = payment;
    } else {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error).toBe('ORDER_STATUS_CHANGE_NOT_ALLOWED');
    }
    await agree(model);
  }
  /** What it moved to, once run (a 'next' is known only then), for the counterexample's listing. */
  private to: OrderStatus | null = null;
  toString = () => {
    const to = this.to ?? this.target;
    return `move #${this.pick} to ${to}${to !== 'next' && needsReason(to) && !this.withReason ? ' without a reason' : ''}`;
  };
}

const pick = fc.nat({ max: 3 });
const reason = fc.oneof({ arbitrary: fc.constant(true), weight: 5 }, { arbitrary: fc.constant(false), weight: 1 });
// Listed more than once to be drawn more often: the usual path ("next") gets sequences past "placed".
const next = fc.tuple(pick, reason).map(([which, withReason]) => new Move(which, 'next', withReason));
const anyMove = fc
  .tuple(pick, fc.constantFrom<OrderStatus>(...ORDER_STATUSES), reason)
  .map(([which, to, withReason]) => new Move(which, to, withReason));
const place = fc.boolean().map((tab) => new Place(tab));
// fc.commands draws mostly short sequences (a few commands); these start with an order and run 6 to 14 steps.
const commands = fc
  .tuple(
    place,
    fc.array(
      fc.oneof(
        place,
        pick.map((which) => new Replay(which)),
        next,
        next,
        next,
        anyMove,
        anyMove,
      ),
      { minLength: 5, maxLength: 13 },
    ),
  )
  .map(([first, rest]) => [first, ...rest]);

describe('the order lifecycle against its model', () => {
  it('lets only the table’s transitions through, and the database agrees with the model after every step', async () => {
    const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Date.now() ^ (Math.random() * 0x7fffffff);
    await fc.assert(
      fc.asyncProperty(commands, async (sequence) => {
        const db = t.database.db;
        const count = await db
          .selectFrom('orders')
          .select(db.fn.countAll<number>().as('n'))
          .where('restaurant_id', '=', RESTAURANT)
          .executeTakeFirstOrThrow();
        await fc.asyncModelRun(() => ({ model: { orders: [], before: Number(count.n) }, real: { app: t } }), sequence);
      }),
      // fast-check's failure message names the seed and the shrunk path; FC_SEED replays it.
      { numRuns: 25, seed, endOnFailure: true },
    );
  }, 120_000);
});
