/**
 * A restaurant's sales for one calendar day or a range of days (the staff "Sales" screen and its CSV), from the orders
 * as they were stored: every amount is a sum of stored cents, nothing is priced again, so the totals
 * match the orders to the cent.
 *
 * Which orders count: those placed on those days (in the restaurant's zone). A cancelled order was voided
 * or refunded before it was served, or its charge became account credit: it is not a sale, and is
 * counted apart, with those cancelled for credit counted again on their own. A refunded order was a
 * sale whose card payment went back: it stays in the sales and its refund is a line of its own, so
 * `net` is what the restaurant keeps. A partial refund (by item or amount) counts its order among the
 * refunds with the cents it gave back.
 *
 * Lines, each a sum over the sales: subtotal (before discounts), discounts (code, member and subsidy
 * discounts), service and delivery charges, each tax by its bracket, tips, total (what the diner owed,
 * tip included), then the tenders that paid that total: the payment method's amount, gift cards and
 * account credits (so the tenders add up to the total).
 */
import { localDateTime } from './price-schedule';

export interface SaleTaxBracket {
  key: string;
  label: { 'en-CA': string; 'fr-CA': string };
  rate: string;
  amount: number;
}

/** What a stored order says about money: its status, type, time, item count and stored costs. */
export interface SaleOrder {
  status: string;
  type: string;
  /** ISO instant. */
  placedAt: string;
  /** Units ordered (line quantities). */
  items: number;
  costs: {
    subtotal: number;
    discount: { amount: number };
    memberDiscount: { amount: number };
    subsidyDiscount: { amount: number };
    serviceCharge: { amount: number };
    deliveryCharge: { amount: number };
    taxBrackets: readonly SaleTaxBracket[];
    tip: { amount: number };
    voucher: { amount: number };
    credits: { amount: number };
    totalWithTip: number;
  };
  payment: { method: string | null; amount: number };
  /** Cents of partial refunds given back to its card (docs/decisions/0103-partial-refunds.md); absent: none. */
  refunded?: number;
  /** Cents it became as account credit when it was cancelled for credit (its card's charge stands); absent: none. */
  credited?: number;
}

export interface SalesCount {
  orders: number;
  /** Cents. */
  amount: number;
}

export interface SalesSummary {
  orders: number;
  items: number;
  subtotal: number;
  discounts: number;
  serviceCharges: number;
  deliveryCharges: number;
  /** By bracket, in the order they first appear. */
  taxes: SaleTaxBracket[];
  taxTotal: number;
  tips: number;
  total: number;
  /** `payment:<method>`, `gift_card`, `credits`: what paid the total. */
  tenders: Array<{ tender: string; amount: number }>;
  refunds: SalesCount;
  /** total - refunds. */
  net: number;
  cancelled: SalesCount;
  /**
   * Of the cancelled orders, those cancelled for account credit (money-back.ts): their card charges were
   * kept, and are owed to the diners as credit. The card's deposits include them; the sales do not.
   */
  credited: SalesCount;
  byType: Array<{ type: string } & SalesCount>;
  /** Local hours with a sale, 0-23, in order (over every day summed). */
  byHour: Array<{ hour: number } & SalesCount>;
  /** Local days (yyyy-MM-dd) with a sale, in order. */
  byDay: Array<{ date: string } & SalesCount>;
}

/** Tender names in the order they are listed. */
export const GIFT_CARD_TENDER = 'gift_card';
export const CREDITS_TENDER = 'credits';

export function summariseSales(orders: readonly SaleOrder[], zone: string): SalesSummary {
  const summary: SalesSummary = {
    orders: 0,
    items: 0,
    subtotal: 0,
    discounts: 0,
    serviceCharges: 0,
    deliveryCharges: 0,
    taxes: [],
    taxTotal: 0,
    tips: 0,
    total: 0,
    tenders: [],
    refunds: { orders: 0, amount: 0 },
    net: 0,
    cancelled: { orders: 0, amount: 0 },
    credited: { orders: 0, amount: 0 },
    byType: [],
    byHour: [],
    byDay: [],
  };
  const taxes = new Map<string, SaleTaxBracket>();
  const tenders = new Map<string, number>();
  const byType = new Map<string, SalesCount>();
  const byHour = new Map<number, SalesCount>();
  const byDay = new Map<string, SalesCount>();
  const count = <K>(map: Map<K, SalesCount>, key: K, amount: number) => {
    const entry = map.get(key) ?? { orders: 0, amount: 0 };
    map.set(key, { orders: entry.orders + 1, amount: entry.amount + amount });
  };
  const tender = (name: string, amount: number) => {
    if (amount !== 0) tenders.set(name, (tenders.get(name) ?? 0) + amount);
  };

  for (const order of orders) {
    const { costs } = order;
    if (order.status === 'cancelled') {
      summary.cancelled.orders += 1;
      summary.cancelled.amount += costs.totalWithTip;
      if ((order.credited ?? 0) > 0) {
        summary.credited.orders += 1;
        summary.credited.amount += order.credited ?? 0;
      }
      continue;
    }
    summary.orders += 1;
    summary.items += order.items;
    summary.subtotal += costs.subtotal;
    summary.discounts += costs.discount.amount + costs.memberDiscount.amount + costs.subsidyDiscount.amount;
    summary.serviceCharges += costs.serviceCharge.amount;
    summary.deliveryCharges += costs.deliveryCharge.amount;
    for (const bracket of costs.taxBrackets) {
      const known = taxes.get(bracket.key);
      taxes.set(bracket.key, known ? { ...known, amount: known.amount + bracket.amount } : { ...bracket });
      summary.taxTotal += bracket.amount;
    }
    summary.tips += costs.tip.amount;
    summary.total += costs.totalWithTip;
    if (order.payment.method !== null) tender(`payment:${order.payment.method}`, order.payment.amount);
    tender(GIFT_CARD_TENDER, costs.voucher.amount);
    tender(CREDITS_TENDER, costs.credits.amount);
    // Refunded whole: the card's charge went back (partial refunds before it included); else what
    // partial refunds gave back. Either way `net` is what the restaurant keeps.
    const refunded = order.status === 'refunded' ? order.payment.amount : (order.refunded ?? 0);
    if (refunded > 0) {
      summary.refunds.orders += 1;
      summary.refunds.amount += refunded;
    }
    count(byType, order.type, costs.totalWithTip);
    const local = localDateTime(new Date(order.placedAt), zone);
    count(byHour, local.hour, costs.totalWithTip);
    count(byDay, `${local.year}-${pad(local.month)}-${pad(local.day)}`, costs.totalWithTip);
  }

  summary.taxes = [...taxes.values()];
  summary.tenders = [...tenders].map(([name, amount]) => ({ tender: name, amount }));
  summary.net = summary.total - summary.refunds.amount;
  summary.byType = [...byType].map(([type, entry]) => ({ type, ...entry })).sort((a, b) => a.type.localeCompare(b.type));
  summary.byHour = [...byHour].map(([hour, entry]) => ({ hour, ...entry })).sort((a, b) => a.hour - b.hour);
  summary.byDay = [...byDay].map(([date, entry]) => ({ date, ...entry })).sort((a, b) => a.date.localeCompare(b.date));
  return summary;
}

const pad = (value: number) => String(value).padStart(2, '0');
