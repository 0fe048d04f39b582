/**
 * Closing and settling a suite's tab (docs/decisions/0029-suite-tab-closing.md; event-suites.ts
 * readings 6 and 7 in packages/domain).
 *
 * When: the server's clock passing the event's end closes the tab. Each API process sweeps every
 * TAB_SWEEP_MS for open tabs whose closing time has come (`closeEndedTabs`); an order for a tab
 * whose event is over is refused before the sweep comes (suite-orders.ts), so the sweep's delay only
 * delays the settlement. The venue's operator can close a tab earlier, from event day on
 * (operator-events.ts closeTabByOperator), and settle a tab again after a failed charge.
 *
 * How: one transaction on the tab's row lock (the one every suite order takes, so no order slips in
 * between): close the row once (`closed_at is null` guards it, so two processes or two clicks close
 * it once), then settle what the suite's live orders left to pay by its event-day preference:
 * - charge: the owner's saved card (their default, else the newest, of this processor) through the
 *   payment port, authorised and captured for the tab's total under the processor reference
 *   `tab-{eventSuiteId}`; every order keeps that payment (a later refund of one order refunds its part);
 * - invoice: the invoice `INV-{eventSuiteId}` for the total, kept on the tab and on every order;
 * - nothing due, or no preference yet (the operator submits one, which settles the tab then).
 * The owner is e-mailed the statement (the invoice, the charge, or the failed charge with what to do).
 * A failed charge leaves the tab closed and `failed`: the operator settles again once the owner has a
 * card, or switches the preference to invoice.
 */
import { asSystem } from '../../db/data-scope';
import type { Locale } from '@servery/contracts/tenant-file';
import { displayFullName, normaliseEmail } from '@servery/domain/card';
import { eventEnd, hasEventEnded, planTabSettlement, tabInvoiceNumber } from '@servery/domain/event-suites';
import { findUserByEmail, findUserById } from '../../db/accounts-repository';
import type { Db } from '../../db/database';
import {
  closeTabRow,
  findTabsToClose,
  liveSuiteOrders,
  lockTab,
  recordTabSettlement,
  setOrderData,
  setTabClosesAt,
  type TabRow,
} from '../../db/event-suites-repository';
import { findRestaurantById, type Restaurant } from '../../db/restaurants-repository';
import type { TabSettlementStatus } from '../../kernel/schema';
import type { Mailer } from '../../ports/mailer';
import type { Executor } from '../../kernel/executor';
import type { PaymentProcessor } from '../../ports/payments';
import { composeTabStatement, type StatementLine } from './compose-tab-statement';
import { type EventSuiteFacts, findEventSuite } from './event-suites';
import { storedOrderOf } from '../orders/order-view';
import { listPaymentMethods } from '../accounts/payment-methods';
import { eventNameIn, suiteIn } from './suite-name';

export interface TabServices {
  payments: PaymentProcessor;
  mailer: Mailer;
}

/** How often each process looks for tabs to close. */
export const TAB_SWEEP_MS = 60_000;
/** Tabs closed per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 50;

/** A settlement that is done: closing again changes nothing. */
const SETTLED: ReadonlySet<TabSettlementStatus> = new Set(['charged', 'invoiced', 'nothing_due']);

export function isSettled(tab: Pick<TabRow, 'settlement_status'>): boolean {
  return tab.settlement_status !== null && SETTLED.has(tab.settlement_status);
}

/**
 * Closes the event suite's tab if it is open and settles it if it is not settled yet. `closedBy` is
 * the operator, or null for the server's clock. Returns the settlement's status.
 */
export async function closeAndSettleTab(
  database: Db,
  restaurant: Restaurant,
  services: TabServices,
  facts: EventSuiteFacts,
  closedBy: number | null,
  now: Date,
): Promise<TabSettlementStatus | null> {
  const eventSuiteId = facts.eventSuite.id;
  let captured: { paymentId: string; amount: number } | null = null;
  try {
    return await database.db.transaction().execute(async (trx) => {
      const tab = await lockTab(trx, restaurant.id, eventSuiteId, now);
      if (!tab) return null;
      if (tab.closed_at === null) await closeTabRow(trx, restaurant.id, eventSuiteId, { closedAt: now, closedBy });
      if (isSettled(tab)) return tab.settlement_status;
      const orders = await liveSuiteOrders(trx, restaurant.id, [eventSuiteId]);
      const stored = orders.map((row) => ({ row, data: storedOrderOf(row) }));
      const plan = planTabSettlement(
        tab.payment_preference,
        stored.map(({ data }) => data.payment.amount ?? 0),
      );
      const owner = facts.eventSuite.owner_email ? await findUserByEmail(trx, normaliseEmail(facts.eventSuite.owner_email)) : null;
      const statement = async (settlement: Parameters<typeof composeTabStatement>[0]['settlement']) => {
        const to = facts.eventSuite.owner_email;
        if (!to) return;
        const locale = statementLocale(restaurant, orders);
        const message = composeTabStatement({
          locale,
          zone: restaurant.settings.zone,
          venue: restaurant.settings.name,
          // Both in the statement's language, as its other words are.
          event: eventNameIn(facts.event, locale),
          suite: suiteIn(facts.suite, locale).name,
          lines: await statementLines(trx, stored, owner ? (displayFullName(owner) ?? owner.email) : to),
          total: plan.amount,
          settlement,
        });
        await services.mailer.send(trx, { restaurantId: restaurant.id, to, ...message, locale, orderId: null }, now);
      };
      const record = (status: TabSettlementStatus, reference: string | null, detail: unknown) =>
        recordTabSettlement(trx, restaurant.id, eventSuiteId, { status, cents: plan.amount, reference, detail, at: now });

      if (plan.action === 'nothing_due' || plan.action === 'awaiting_preference') {
        await record(plan.action, null, null);
        return plan.action;
      }
      if (plan.action === 'invoice') {
        const invoice = tabInvoiceNumber(eventSuiteId);
        await record('invoiced', invoice, null);
        for (const { row, data } of stored) {
          data.payment = { ...data.payment, method: 'invoice', reference: invoice, captured: true };
          await setOrderData(trx, restaurant.id, row.id, JSON.stringify(data), now);
        }
        await statement({ kind: 'invoiced', invoiceNumber: invoice });
        return 'invoiced';
      }

      const card = owner
        ? (await listPaymentMethods(trx, owner.id)).find((method) => method.processor === services.payments.name)
        : undefined;
      const fail = async (reason: string) => {
        await record('failed', null, { reason });
        await statement({ kind: 'failed' });
        return 'failed' as const;
      };
      if (!card) return fail('no_card');
      const charge = { restaurantId: restaurant.id, orderId: `tab-${eventSuiteId}`, token: card.reference, amount: plan.amount, now };
      const authorised = await services.payments.authorise(trx, charge);
      if (!authorised.ok) return fail(authorised.reason);
      const taken = await services.payments.capture(trx, restaurant.id, authorised.paymentId, plan.amount, now);
      if (!taken.ok) {
        await services.payments.void(trx, restaurant.id, authorised.paymentId, now);
        return fail('capture_failed');
      }
      captured = { paymentId: authorised.paymentId, amount: plan.amount };
      const brand = authorised.brand ?? card.brand;
      const last4 = authorised.last4 ?? card.last4;
      await record('charged', authorised.paymentId, { brand, last4 });
      for (const { row, data } of stored) {
        data.payment = { ...data.payment, method: 'credit_card', brand, last4, paymentId: authorised.paymentId, captured: true };
        await setOrderData(trx, restaurant.id, row.id, JSON.stringify(data), now);
      }
      await statement({ kind: 'charged', brand, last4 });
      return 'charged';
    });
  } catch (error) {
    // A processor outside our database has really taken the money: give it back (checkout/commit-checkout.ts does the same).
    const taken = captured as { paymentId: string; amount: number } | null;
    if (taken && !services.payments.recordsInDatabase) {
      await services.payments.refund(database.db, restaurant.id, taken.paymentId, taken.amount, new Date()).catch(() => undefined);
    }
    throw error;
  }
}

/** The language the owner reads: the one their own latest order was placed in, else the venue's default. */
function statementLocale(
  restaurant: Restaurant,
  orders: ReadonlyArray<{ operator_user_id: number | null; locale: string | null }>,
): Locale {
  const own = orders.filter((row) => row.operator_user_id === null).at(-1)?.locale;
  if (own === 'en-CA' || own === 'fr-CA') return own;
  const fallback = restaurant.settings.locales.find((locale) => locale.is_default)?.locale_long;
  return fallback === 'fr-CA' ? 'fr-CA' : 'en-CA';
}

async function statementLines(
  db: Executor,
  stored: ReadonlyArray<{
    row: { number: number | null; placed_at: string; operator_user_id: number | null };
    data: ReturnType<typeof storedOrderOf>;
  }>,
  ownerName: string,
): Promise<StatementLine[]> {
  const operators = new Map<number, string>();
  for (const { row } of stored) {
    if (row.operator_user_id === null || operators.has(row.operator_user_id)) continue;
    const user = await findUserById(db, row.operator_user_id);
    operators.set(row.operator_user_id, user ? (displayFullName(user) ?? user.email) : '');
  }
  return stored.map(({ row, data }) => ({
    number: row.number ?? 0,
    placedAt: row.placed_at,
    forWhom: data.suite?.guestName ?? ownerName,
    placedBy: row.operator_user_id === null ? null : (operators.get(row.operator_user_id) ?? null),
    amount: data.payment.amount ?? 0,
  }));
}

/**
 * The sweep: closes and settles every open tab whose event is over, at every venue. The closing time
 * on the row is the event's end when the row was made; the tenant file may have moved the event
 * since, so the event is read again and the row corrected before anything closes.
 */
/** Work across every restaurant: named privileged work on the owner's connection (db/data-scope.ts). */
export function closeEndedTabs(database: Db, services: TabServices, now: Date): Promise<number> {
  return asSystem('suite tab sweep', () => closeEndedTabsAcrossTenants(database, services, now));
}

async function closeEndedTabsAcrossTenants(database: Db, services: TabServices, now: Date): Promise<number> {
  const due = await findTabsToClose(database.db, now, SWEEP_BATCH);
  const restaurants = new Map<number, Restaurant | null>();
  let closed = 0;
  for (const row of due) {
    if (!restaurants.has(row.restaurant_id)) restaurants.set(row.restaurant_id, await findRestaurantById(database.db, row.restaurant_id));
    const restaurant = restaurants.get(row.restaurant_id);
    const facts = restaurant ? findEventSuite(restaurant.settings, row.event_suite_id) : null;
    if (!restaurant || !facts) {
      // The event left the tenant file: nothing can be ordered for it any more; the row stops being looked at.
      await closeTabRow(database.db, row.restaurant_id, row.event_suite_id, { closedAt: now, closedBy: null });
      continue;
    }
    const end = eventEnd(facts.event);
    if (row.closes_at !== end.toISOString()) await setTabClosesAt(database.db, restaurant.id, row.event_suite_id, end);
    if (!hasEventEnded(facts.event, now)) continue;
    await closeAndSettleTab(database, restaurant, services, facts, null, now);
    closed += 1;
  }
  return closed;
}
