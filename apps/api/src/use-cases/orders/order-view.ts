/**
 * What a placed order's row keeps in `data` (StoredOrder) and how it is shown (OrderView): the one
 * reader of that JSON for the confirmation screen, replays and the staff board, and the one naming of
 * its lines (`orderLines`) for every screen and receipt that lists them.
 */
import type {
  OrderLine,
  OrderLineOption,
  OrderRefund,
  OrderStudent,
  OrderView,
  PlaceOrderRequest,
  PlaceOrderResponse,
} from '@servery/contracts/orders';
import type { Locale } from '@servery/contracts/tenant-file';
import type { OrderSuite } from '@servery/contracts/suites';
import type { CartItem, CartOptionGroup } from '@servery/domain/cart';
import type { Costs } from '@servery/domain/pricing';
import { refundableLeft } from '@servery/domain/partial-refunds';
import type { OrderRow } from '../../db/placed-orders-repository';
import { replayedAccessToken } from '../../lib/secret-digests';
import type { MenuLookup } from '../menus/menu-lookup';

/** What the order row's `data` keeps: everything the views and receipts need, no card data. */
export interface StoredOrder {
  items: CartItem[];
  costs: Costs;
  scheduled: boolean;
  tableNum: string | null;
  /** A generic catering order's table location as it reads (plan-order.ts); absent on older rows. */
  tableLocation?: string | null;
  config: PlaceOrderRequest['data']['config'];
  contact: OrderView['contact'];
  delivery: OrderView['delivery'];
  notes: string;
  /** `names`: the question and its answers in both languages as the restaurant wrote them at placement (absent on older rows). */
  questions: Array<{ id: number; question: string; answers: string[]; names?: { question: LocalName; answers: LocalName[] } }>;
  /** A catering order's number of guests (decision 0116); absent on older rows. */
  headCount?: number | null;
  /**
   * `paymentId` is the processor's payment; `captured` is false while an authorisation waits for its
   * capture (an open tab: captured when the order is completed, voided when it is cancelled) and true
   * otherwise, also when no processor payment exists (rows older than saved cards have no field: true).
   */
  payment: StoredPayment;
  /** Dine-in on an open tab: the card is authorised now and captured when the tab closes. */
  tabOwner?: string | null;
  /** A school order (place-k12-order.ts): its school day, the child and the checkout it came from. */
  school?: { date: string; student: OrderStudent; checkoutId: string };
  /** A suite order's event suite, owner and operator (use-cases/suites/suite-orders.ts). */
  suite?: OrderSuite | null;
  /** A marketplace hub's vendor order (place-marketplace-order.ts): its checkout and vendor. */
  marketplace?: NonNullable<OrderView['marketplace']>;
  /** Why staff cancelled or refunded it, as they wrote it (change-order-status.ts). */
  cancelReason?: string;
  /** Partial refunds, oldest first (use-cases/staff/partial-refund.ts; decision 0103); absent until the first. */
  refunds?: StoredRefund[];
}

type LocalName = OrderLine['name'];

/** The custom questions the order answered, in both languages (an older row: its one language for both). */
export function answersOf(questions: StoredOrder['questions']): NonNullable<OrderView['answers']> {
  const same = (text: string): LocalName => ({ 'en-CA': text, 'fr-CA': text });
  return questions.map((entry) => ({
    id: entry.id,
    question: entry.names?.question ?? same(entry.question),
    answers: entry.names?.answers ?? entry.answers.map(same),
  }));
}

/**
 * The planned answers (domain plan-order.ts, in the tenant file's own words) named in both languages
 * from the restaurant's questions, kept with the order so a later edit of the questions does not
 * change what the diner answered.
 */
export function namedAnswers(
  planned: ReadonlyArray<{ id: number; question: string; answers: string[] }>,
  questions: ReadonlyArray<{
    id: number;
    question: string;
    options: string[];
    localization: Partial<Record<Locale, { question: string; options: string[] }>>;
  }>,
): StoredOrder['questions'] {
  return planned.map((entry) => {
    const asked = questions.find((question) => question.id === entry.id);
    if (!asked) return entry;
    const name = (locale: Locale) => asked.localization[locale]?.question || asked.question;
    const option = (answer: string, locale: Locale) => {
      const index = asked.options.indexOf(answer);
      return (index >= 0 ? asked.localization[locale]?.options[index] : undefined) || answer;
    };
    return {
      ...entry,
      names: {
        question: { 'en-CA': name('en-CA'), 'fr-CA': name('fr-CA') },
        answers: entry.answers.map((answer) => ({ 'en-CA': option(answer, 'en-CA'), 'fr-CA': option(answer, 'fr-CA') })),
      },
    };
  });
}

/** A partial refund as the order keeps it: what the views show, who made it and its Idempotency-Key. */
export type StoredRefund = OrderRefund & { by: number | null; key: string | null };

/** The refunds as every view shows them (without who made them nor their keys) and their sum in cents. */
export function refundsOf(data: Pick<StoredOrder, 'refunds'>): { refunds: OrderRefund[]; refundedAmount: number } {
  const refunds = (data.refunds ?? []).map(({ id, amount, reason, lines, at }) => ({ id, amount, reason, lines, at }));
  return { refunds, refundedAmount: refunds.reduce((total, refund) => total + refund.amount, 0) };
}

export type StoredPayment = Omit<OrderView['payment'], 'captured'> & { paymentId: string | null; captured: boolean };

/** The order as it was stored at placement (commit-order.ts writes it). */
export function storedOrderOf(row: Pick<OrderRow, 'data'>): StoredOrder {
  return JSON.parse(row.data) as StoredOrder;
}

/**
 * The order as the diner sees it. `data` is what the row's `data` holds; the placement that has just
 * written it passes the object it wrote instead of reading the JSON back. `forStaff`: the restaurant's
 * view, which also carries the processor's payment reference.
 */
export function orderView(row: OrderRow, data: StoredOrder = storedOrderOf(row), { forStaff = false } = {}): OrderView {
  const { paymentId, captured, ...stored } = data.payment;
  // A card kept for the tab's close is not said to be charged (the confirmation reads `captured: false`).
  const payment = { ...stored, ...(captured === false && { captured: false as const }) };
  return {
    id: row.id,
    number: row.number ?? 0,
    status: row.status as OrderView['status'],
    type: row.order_type,
    placed_at: row.placed_at,
    pickup_time: row.pickup_time,
    scheduled: data.scheduled,
    items: data.items,
    costs: data.costs,
    contact: data.contact,
    // The processor's reference (`pay_…`) is the restaurant's, to match with its processor; a diner
    // has the order number and the card's last four for that, and is never shown it (issue 30 defect 8).
    payment: forStaff ? { ...payment, transaction: paymentId ?? null } : payment,
    delivery: data.delivery,
    tableNum: data.tableNum,
    tableLocation: data.tableLocation ?? null,
    notes: data.notes ?? '',
    tabOwner: data.tabOwner ?? null,
    ...(data.school && { school: data.school }),
    suite: data.suite ?? null,
    ...(data.marketplace && { marketplace: data.marketplace }),
    headCount: data.headCount ?? null,
    answers: answersOf(data.questions ?? []),
    // Staff write it for the diner ("the diner may see it"): a cancelled or refunded order says why.
    cancelReason: data.cancelReason ?? null,
    ...refundsOf(data),
  };
}

/**
 * Cents a partial refund may still give back: the card's charge less the refunds so far, when a card
 * was charged (captured: not an open tab's authorisation) and the order is neither cancelled nor
 * refunded as a whole; 0 otherwise.
 */
export function refundableOf(status: string, data: Pick<StoredOrder, 'payment' | 'refunds'>): number {
  const payment = data.payment as Partial<StoredPayment> | undefined;
  if (status === 'cancelled' || status === 'refunded' || !payment?.paymentId || payment.captured === false) return 0;
  return refundableLeft(payment.amount ?? 0, refundsOf(data).refundedAmount);
}

/** The answer to a request whose Idempotency-Key already placed this order. */
export function replayedOrder(row: OrderRow): PlaceOrderResponse {
  const view = orderView(row);
  return { order: view, access_token: replayedAccessToken(row), paymentNotRequired: view.payment.method === null, replayed: true };
}

function bothNames(name: (locale: Locale) => string): OrderLine['name'] {
  return { 'en-CA': name('en-CA'), 'fr-CA': name('fr-CA') };
}

/** Every chosen option value, a choice's own choices after it one level deeper, in the order chosen. */
function lineOptions(groups: readonly CartOptionGroup[] | undefined, lookup: MenuLookup, depth: number): OrderLineOption[] {
  const out: OrderLineOption[] = [];
  for (const group of groups ?? [])
    for (const value of group.values) {
      out.push({ name: bothNames((locale) => lookup.valueName(value.id, locale)), quantity: value.quantity, depth });
      out.push(...lineOptions(value.options, lookup, depth + 1));
    }
  return out;
}

/** What an order's lines are named from: its items and, where kept, each line's amount (`costs.lines`). */
export interface LinesSource {
  items: readonly CartItem[];
  /** Absent on a row older than line costs: each line then shows its own price. */
  costs?: Pick<Costs, 'lines'> | undefined;
}

/**
 * The order's lines named, in both languages: each item with its chosen options, the line's amount
 * before order-wide reductions (as the cart shows it) and the diner's note. The one naming of an
 * order's lines: the confirmation (get-order.ts), the receipts (compose-receipt.ts), the staff board
 * (list-staff-orders.ts) and the profile (account-orders.ts) all read them from here, each in its
 * own shape (`inLocale`).
 */
export function orderLines(order: LinesSource, lookup: MenuLookup): OrderLine[] {
  const lineCosts = new Map((order.costs?.lines ?? []).map((line) => [line.orderId, line.subtotal]));
  return order.items.map((item) => ({
    orderId: item.orderId,
    quantity: item.quantity,
    name: bothNames((locale) => lookup.itemName(item.id, locale)),
    options: lineOptions(item.orderOptions, lookup, 0),
    amount: lineCosts.get(item.orderId) ?? item.orderPrice,
    instructions: item.specialInstructions?.trim() ? item.specialInstructions.trim() : null,
  }));
}

/** "2 × Extra cheese", or "Extra cheese" when chosen once: how every list and receipt names a choice. */
export function optionName(option: OrderLineOption, locale: Locale): string {
  const name = option.name[locale];
  return option.quantity > 1 ? `${option.quantity} × ${name}` : name;
}

/** A line's chosen options in one language, a choice's own choices after it (the profile and the staff board). */
export function optionNames(line: Pick<OrderLine, 'options'>, locale: Locale): string[] {
  return line.options.map((option) => optionName(option, locale));
}

/** A named line in one language: what the profile and the staff board show of it. */
export interface LineInLocale {
  quantity: number;
  name: string;
  options: string[];
  amount: number;
  instructions: string | null;
}

export function inLocale(line: OrderLine, locale: Locale): LineInLocale {
  return {
    quantity: line.quantity,
    name: line.name[locale],
    options: optionNames(line, locale),
    amount: line.amount,
    instructions: line.instructions,
  };
}
