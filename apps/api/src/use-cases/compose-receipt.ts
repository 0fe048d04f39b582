/**
 * The receipt e-mail in the diner's language: items with their options, costs,
 * taxes per bracket with their localised labels (TPS/TVQ, TVH, …), the total, what was paid and how,
 * and the pickup time in the restaurant's time zone (12-hour in English, 24-hour in French).
 */
import type { Locale } from '@servery/contracts/tenant-file';
import type { CartItem, CartOptionGroup } from '@servery/domain/cart';
import type { Costs } from '@servery/domain/pricing';
import { dateTimeFormat, numberFormat } from '../lib/intl-formats';
import type { MenuLookup } from './menu-lookup';

export interface ReceiptInput {
  restaurantName: string;
  zone: string;
  locale: Locale;
  number: number;
  items: readonly CartItem[];
  costs: Costs;
  /** null for dine-in. */
  pickupTime: Date | null;
  delivery: boolean;
  tableNum: string | null;
  /** A generic catering order's table location ("Salle Champlain 2"), where the order goes. */
  tableLocation?: string | null | undefined;
  /** `reference`: the purchase order, cost centre or invoice the diner gave, shown so accounts can match it. */
  payment: {
    method: string | null;
    brand: string | null;
    last4: string | null;
    reference?: string | null | undefined;
    /** The processor's payment reference, for the diner to quote to support or match on a statement. */
    paymentId?: string | null | undefined;
  };
  /** Where a delivery goes (address, location, school, seat...), already joined; null for pickup and dine-in. */
  deliverTo?: string | null | undefined;
  lookup: MenuLookup;
}

const TEXT = {
  'en-CA': {
    subject: (name: string, number: number) => `Your order #${number} at ${name}`,
    thanks: (name: string) => `Thank you for your order at ${name}.`,
    order: 'Order',
    pickup: 'Pickup time',
    deliveryTime: 'Delivery time',
    table: 'Table',
    tableLocation: 'Location',
    subtotal: 'Subtotal',
    discount: 'Discount',
    memberDiscount: 'Member discount',
    subsidy: 'Subsidy',
    delivery: 'Delivery',
    tip: 'Tip',
    total: 'Total',
    giftCard: 'Gift card',
    credits: 'Credits',
    paid: 'Charged',
    card: (brand: string, last4: string) => `${brand} ending in ${last4}`,
    payAtRestaurant: 'To pay at the restaurant',
    wallets: { apple_pay: 'Apple Pay', google_pay: 'Google Pay' } as Record<string, string>,
    paymentReference: 'Payment reference',
    deliverTo: 'Deliver to',
    schoolSubject: (name: string, count: number) => `Your school meals at ${name}: ${count} ${count === 1 ? 'order' : 'orders'}`,
    marketplaceSubject: (name: string, count: number) => `Your order at ${name}: ${count} ${count === 1 ? 'vendor' : 'vendors'}`,
    forStudent: (student: string, classroom: string, teacher: string) => `For ${student} (classroom ${classroom}, ${teacher})`,
    checkoutTotal: 'Total of this checkout',
    taxes: 'Taxes',
    references: { purchase_order: 'Purchase order', cost_center: 'Cost centre', invoice: 'Invoice' } as Record<string, string>,
  },
  'fr-CA': {
    subject: (name: string, number: number) => `Votre commande no ${number} chez ${name}`,
    thanks: (name: string) => `Merci pour votre commande chez ${name}.`,
    order: 'Commande',
    pickup: 'Heure de cueillette',
    deliveryTime: 'Heure de livraison',
    table: 'Table',
    tableLocation: 'Emplacement',
    subtotal: 'Sous-total',
    discount: 'Rabais',
    memberDiscount: 'Rabais de membre',
    subsidy: 'Subvention',
    delivery: 'Livraison',
    tip: 'Pourboire',
    total: 'Total',
    giftCard: 'Carte-cadeau',
    credits: 'Crédits',
    paid: 'Montant débité',
    card: (brand: string, last4: string) => `${brand} se terminant par ${last4}`,
    payAtRestaurant: 'À payer au restaurant',
    wallets: { apple_pay: 'Apple Pay', google_pay: 'Google Pay' } as Record<string, string>,
    paymentReference: 'Référence du paiement',
    deliverTo: 'Livrer à',
    schoolSubject: (name: string, count: number) => `Vos repas scolaires chez ${name} : ${count} commande${count === 1 ? '' : 's'}`,
    marketplaceSubject: (name: string, count: number) => `Votre commande chez ${name} : ${count} comptoir${count === 1 ? '' : 's'}`,
    forStudent: (student: string, classroom: string, teacher: string) => `Pour ${student} (classe ${classroom}, ${teacher})`,
    checkoutTotal: 'Total de ce paiement',
    taxes: 'Taxes',
    references: { purchase_order: 'Bon de commande', cost_center: 'Centre de coûts', invoice: 'Facture' } as Record<string, string>,
  },
} as const;

/** Building an Intl formatter costs more than the rest of a receipt: kept (lib/intl-formats.ts). */
const moneyFormat = (locale: Locale) => numberFormat(locale, { style: 'currency', currency: 'CAD' });
const rateFormat = (locale: Locale) => numberFormat(locale, { maximumFractionDigits: 3 });
const timeFormat = (locale: Locale, zone: string) =>
  dateTimeFormat(locale, { timeZone: zone, dateStyle: 'full', timeStyle: 'short', hour12: locale === 'en-CA' });

export function composeReceipt(input: ReceiptInput): { subject: string; text: string } {
  const { locale, costs, lookup } = input;
  const t = TEXT[locale];
  const money = moneyFormat(locale);
  const cents = (amount: number) => money.format(amount / 100);
  const lines: string[] = [t.thanks(input.restaurantName), '', `${t.order} #${input.number}`];
  if (input.pickupTime) {
    const when = timeFormat(locale, input.zone).format(input.pickupTime);
    lines.push(`${input.delivery ? t.deliveryTime : t.pickup}: ${when}`);
  }
  if (input.deliverTo) lines.push(`${t.deliverTo}: ${input.deliverTo}`);
  if (input.tableNum) lines.push(`${t.table}: ${input.tableNum}`);
  if (input.tableLocation) lines.push(`${t.tableLocation}: ${input.tableLocation}`);
  lines.push('');

  const lineCosts = new Map(costs.lines.map((line) => [line.orderId, line]));
  for (const item of input.items) {
    const amount = lineCosts.get(item.orderId)?.subtotal ?? item.orderPrice;
    lines.push(`${item.quantity} × ${lookup.itemName(item.id, locale)}  ${cents(amount)}`);
    for (const option of optionNames(item.orderOptions, lookup, locale, '    ')) lines.push(option);
  }
  lines.push('');

  const row = (label: string, amount: number, sign = '') => lines.push(`${label}: ${sign}${cents(amount)}`);
  row(t.subtotal, costs.subtotal);
  if (costs.memberDiscount.amount > 0) row(t.memberDiscount, costs.memberDiscount.amount, '-');
  if (costs.discount.amount > 0)
    row(costs.discount.code ? `${t.discount} (${costs.discount.code})` : t.discount, costs.discount.amount, '-');
  if (costs.subsidyDiscount.amount > 0) row(t.subsidy, costs.subsidyDiscount.amount, '-');
  if (costs.serviceCharge.amount > 0) row(costs.serviceCharge.label[locale], costs.serviceCharge.amount);
  if (costs.deliveryCharge.amount > 0) row(t.delivery, costs.deliveryCharge.amount);
  for (const bracket of costs.taxBrackets) {
    const rate = `${rateFormat(locale).format(Number(bracket.rate) * 100)} %`;
    row(`${bracket.label[locale]} (${rate})`, bracket.amount);
  }
  if (costs.tip.amount > 0) row(t.tip, costs.tip.amount);
  row(t.total, costs.totalWithTip);
  if (costs.voucher.amount > 0) row(t.giftCard, costs.voucher.amount, '-');
  if (costs.credits.amount > 0) row(t.credits, costs.credits.amount, '-');
  if (input.payment.method === 'credit_card' && input.payment.brand && input.payment.last4) {
    row(`${t.paid} (${t.card(input.payment.brand, input.payment.last4)})`, costs.amountDue);
  } else if (input.payment.method && t.wallets[input.payment.method] && input.payment.paymentId) {
    row(`${t.paid} (${t.wallets[input.payment.method]})`, costs.amountDue);
  } else if (input.payment.method === 'pay_on_premise' && costs.amountDue > 0) {
    row(t.payAtRestaurant, costs.amountDue);
  }
  if (input.payment.paymentId) lines.push(`${t.paymentReference}: ${input.payment.paymentId}`);
  const referenceLabel = input.payment.method ? t.references[input.payment.method] : undefined;
  if (referenceLabel && input.payment.reference) lines.push(`${referenceLabel}: ${input.payment.reference}`);
  return { subject: t.subject(input.restaurantName, input.number), text: `${lines.join('\n')}\n` };
}

function optionNames(groups: readonly CartOptionGroup[] | undefined, lookup: MenuLookup, locale: Locale, indent: string): string[] {
  const out: string[] = [];
  for (const group of groups ?? [])
    for (const value of group.values) {
      out.push(`${indent}${value.quantity > 1 ? `${value.quantity} × ` : ''}${lookup.valueName(value.id, locale)}`);
      out.push(...optionNames(value.options, lookup, locale, `${indent}  `));
    }
  return out;
}

export interface SchoolReceiptInput {
  restaurantName: string;
  locale: Locale;
  /** One per school day and child, in date order. */
  orders: ReadonlyArray<{
    number: number;
    date: string;
    student: { firstName: string; lastName: string; classroom: string; teacher: string };
    items: readonly CartItem[];
    costs: Costs;
  }>;
  total: {
    subtotal: number;
    discount: number;
    subsidyDiscount: number;
    taxes: number;
    tip: number;
    totalWithTip: number;
    voucher: number;
    credits: number;
    amountDue: number;
  };
  payment: { method: string | null; brand: string | null; last4: string | null };
  lookup: MenuLookup;
}

/** One e-mail for a school checkout: each date with its child, order number and meals, then the one payment. */
export function composeSchoolReceipt(input: SchoolReceiptInput): { subject: string; text: string } {
  const t = TEXT[input.locale];
  const day = dateTimeFormat(input.locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const parts = input.orders.map((order) => {
    const student = `${order.student.firstName} ${order.student.lastName}`.trim();
    return {
      heading: `${day.format(new Date(`${order.date}T00:00:00Z`))} · ${t.order} #${order.number}`,
      detail: t.forStudent(student, order.student.classroom, order.student.teacher),
      items: order.items,
      costs: order.costs,
    };
  });
  return { subject: t.schoolSubject(input.restaurantName, input.orders.length), text: splitReceiptText(input, parts) };
}

export interface MarketplaceReceiptInput extends Omit<SchoolReceiptInput, 'orders'> {
  zone: string;
  orders: Array<{ number: number; vendor: string; pickupTime: Date | null; items: readonly CartItem[]; costs: Costs }>;
}

/** One e-mail for a marketplace hub's checkout: each vendor with its order number, pickup time and items, then the one payment. */
export function composeMarketplaceReceipt(input: MarketplaceReceiptInput): { subject: string; text: string } {
  const t = TEXT[input.locale];
  const time = dateTimeFormat(input.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: input.zone });
  const parts = input.orders.map((order) => ({
    heading: `${order.vendor} · ${t.order} #${order.number}`,
    detail: order.pickupTime ? `${t.pickup}: ${time.format(order.pickupTime)}` : null,
    items: order.items,
    costs: order.costs,
  }));
  return { subject: t.marketplaceSubject(input.restaurantName, input.orders.length), text: splitReceiptText(input, parts) };
}

/** A checkout of several orders and one payment: each order's heading, detail and lines, then the checkout's total. */
function splitReceiptText(
  input: Pick<SchoolReceiptInput, 'locale' | 'lookup' | 'total' | 'payment' | 'restaurantName'>,
  parts: ReadonlyArray<{ heading: string; detail: string | null; items: readonly CartItem[]; costs: Costs }>,
): string {
  const { locale, lookup, total } = input;
  const t = TEXT[locale];
  const money = moneyFormat(locale);
  const cents = (amount: number) => money.format(amount / 100);
  const lines: string[] = [t.thanks(input.restaurantName)];
  for (const part of parts) {
    lines.push('', part.heading);
    if (part.detail) lines.push(part.detail);
    const lineCosts = new Map(part.costs.lines.map((line) => [line.orderId, line]));
    for (const item of part.items) {
      lines.push(
        `${item.quantity} × ${lookup.itemName(item.id, locale)}  ${cents(lineCosts.get(item.orderId)?.subtotal ?? item.orderPrice)}`,
      );
      for (const option of optionNames(item.orderOptions, lookup, locale, '    ')) lines.push(option);
    }
    if (part.costs.subsidyDiscount.amount > 0) lines.push(`${t.subsidy}: -${cents(part.costs.subsidyDiscount.amount)}`);
    lines.push(`${t.total}: ${cents(part.costs.totalWithTip)}`);
  }
  lines.push('', t.checkoutTotal);
  const row = (label: string, amount: number, sign = '') => lines.push(`${label}: ${sign}${cents(amount)}`);
  row(t.subtotal, total.subtotal);
  if (total.discount > 0) row(t.discount, total.discount, '-');
  if (total.subsidyDiscount > 0) row(t.subsidy, total.subsidyDiscount, '-');
  if (total.taxes > 0) row(t.taxes, total.taxes);
  if (total.tip > 0) row(t.tip, total.tip);
  row(t.total, total.totalWithTip);
  if (total.voucher > 0) row(t.giftCard, total.voucher, '-');
  if (total.credits > 0) row(t.credits, total.credits, '-');
  if (input.payment.method === 'credit_card' && input.payment.brand && input.payment.last4) {
    row(`${t.paid} (${t.card(input.payment.brand, input.payment.last4)})`, total.amountDue);
  }
  return `${lines.join('\n')}\n`;
}
