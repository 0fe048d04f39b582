/**
 * The receipt e-mail in the diner's language: items with their options, costs,
 * taxes per bracket with their localised labels (TPS/TVQ, TVH, …), the total, what was paid and how,
 * and the pickup time in the restaurant's time zone (12-hour in English, 24-hour in French). A suite
 * order names its event and suite and when it is brought to the suite instead of a pickup time, and a
 * card kept uncaptured (a suite's pre-order, paid when the suite's tab closes) is said to be charged then.
 * The diner's e-mail ends with the link back to the order's status (its access token in the address);
 * a hub's has one under each vendor's order and a school's under each day's order, each order having
 * its own token.
 *
 * One composer (`receiptText`) writes every receipt: an order type says only what heads each of its
 * orders and what its totals are (one order: its costs in full; a school or hub checkout: each order's
 * total, then the checkout's), and the lines are named as every other screen names them
 * (order-view.ts `orderLines`).
 */
import type { OrderView } from '@servery/contracts/orders';
import type { SuiteDeliveryPreference } from '@servery/contracts/suites';
import type { Locale } from '@servery/contracts/tenant-file';
import type { CartItem } from '@servery/domain/cart';
import type { Costs } from '@servery/domain/pricing';
import type { ReorderKind } from '@servery/domain/reorder';
import { dateTimeFormat, moneyFormat, numberFormat, venueDateTime } from '../../lib/intl-formats';
import type { MenuLookup } from '../menus/menu-lookup';
import { optionName, orderLines } from './order-view';

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
    /** The processor's payment reference: says a wallet was charged; never printed, it is the restaurant's (issue 30 defect 8). */
    paymentId?: string | null | undefined;
    /** False while the card is only kept (a suite's pre-order, an open tab): charged when the tab closes. */
    captured?: boolean | undefined;
  };
  /**
   * A suite order's event and suite (get-order.ts `suitePlaceOf`, the event in this receipt's language)
   * and when it is brought to the suite; it then has no pickup time. Absent or null for any other order.
   */
  suite?:
    | {
        event: string;
        startsAt: Date;
        suite: string;
        preference: SuiteDeliveryPreference | null;
        deliverAt: Date | null;
      }
    | null
    | undefined;
  /** The confirmation screen of this order with its access token (config PUBLIC_URL); absent: no link. */
  statusUrl?: string | null | undefined;
  /** Where a delivery goes (address, location, school, seat...), already joined; null for pickup and dine-in. */
  deliverTo?: string | null | undefined;
  /** Where a pickup order is collected: the venue's concourse (`concourse` in the tenant file, "Main concourse"); null elsewhere. */
  pickupPlace?: string | null | undefined;
  lookup: MenuLookup;
  /** The menu address that starts a new cart with this order's lines (domain/reorder.ts), last in the e-mail; absent: none. */
  reorder?: { kind: ReorderKind; url: string } | null | undefined;
  /** A catering order's number of guests (decision 0116); absent or null: none said. */
  headCount?: number | null | undefined;
  /** The diner's answers to the restaurant's custom questions (catering), in both languages. */
  answers?: OrderView['answers'] | undefined;
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
    guests: 'Guests',
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
    deliverTo: 'Deliver to',
    pickupPlace: 'Pick up at',
    schoolSubject: (name: string, count: number) => `Your school meals at ${name}: ${count} ${count === 1 ? 'order' : 'orders'}`,
    marketplaceSubject: (name: string, count: number) => `Your order at ${name}: ${count} ${count === 1 ? 'vendor' : 'vendors'}`,
    forStudent: (student: string, classroom: string, teacher: string) => `For ${student} (classroom ${classroom}, ${teacher})`,
    checkoutTotal: 'Total of this checkout',
    taxes: 'Taxes',
    references: { purchase_order: 'Purchase order', cost_center: 'Cost centre', invoice: 'Invoice' } as Record<string, string>,
    event: 'Event',
    suite: 'Suite',
    suiteDelivery: 'Delivery to the suite',
    suiteAsap: 'As soon as it is ready',
    preferences: {
      before_event: 'Before the event',
      event_start: 'At the start of the event',
      half_time: 'At half-time',
      custom: 'At the time you chose',
    } as Record<SuiteDeliveryPreference, string>,
    yourCard: 'your saved card',
    onSuiteTab: (card: string) => `To be charged to ${card} when the suite's tab closes`,
    onTab: (card: string) => `To be charged to ${card} when the tab closes`,
    status: "See your order's status:",
    reorder: { another_round: 'Another round? The same items in a new cart:', order_again: 'Order this again:' } as Record<
      ReorderKind,
      string
    >,
  },
  'fr-CA': {
    subject: (name: string, number: number) => `Votre commande no ${number} chez ${name}`,
    thanks: (name: string) => `Merci pour votre commande chez ${name}.`,
    order: 'Commande',
    pickup: 'Heure de cueillette',
    deliveryTime: 'Heure de livraison',
    table: 'Table',
    tableLocation: 'Emplacement',
    guests: 'Invités',
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
    deliverTo: 'Livrer à',
    pickupPlace: 'Cueillette à',
    schoolSubject: (name: string, count: number) => `Vos repas scolaires chez ${name} : ${count} commande${count === 1 ? '' : 's'}`,
    marketplaceSubject: (name: string, count: number) => `Votre commande chez ${name} : ${count} comptoir${count === 1 ? '' : 's'}`,
    forStudent: (student: string, classroom: string, teacher: string) => `Pour ${student} (classe ${classroom}, ${teacher})`,
    checkoutTotal: 'Total de ce paiement',
    taxes: 'Taxes',
    references: { purchase_order: 'Bon de commande', cost_center: 'Centre de coûts', invoice: 'Facture' } as Record<string, string>,
    event: 'Événement',
    suite: 'Loge',
    suiteDelivery: 'Livraison à la loge',
    suiteAsap: 'Dès que la commande est prête',
    preferences: {
      before_event: 'Avant l’événement',
      event_start: 'Au début de l’événement',
      half_time: 'À la mi-temps',
      custom: 'À l’heure choisie',
    } as Record<SuiteDeliveryPreference, string>,
    yourCard: 'votre carte enregistrée',
    onSuiteTab: (card: string) => `À débiter de ${card} à la fermeture de l’ardoise de la loge`,
    onTab: (card: string) => `À débiter de ${card} à la fermeture de l’ardoise`,
    status: 'Voir l’état de votre commande :',
    reorder: {
      another_round: 'Une autre tournée? Les mêmes articles dans un nouveau panier :',
      order_again: 'Commander de nouveau :',
    } as Record<ReorderKind, string>,
  },
} as const;

/** Building an Intl formatter costs more than the rest of a receipt: kept (lib/intl-formats.ts). */
const rateFormat = (locale: Locale) => numberFormat(locale, { maximumFractionDigits: 3 });
const timeFormat = (locale: Locale, zone: string) => venueDateTime(locale, zone);

type Text = (typeof TEXT)[Locale];

/** "Label: 12,34 $", or "Label: -12,34 $" for what comes off. */
export type Row = readonly [label: string, amount: number, sign?: '-'];

/** One order of a receipt: what heads it, its lines, and the rows under them. */
interface ReceiptPart {
  heading: readonly string[];
  /** A lone order's lines stand apart from its heading; a checkout's orders are compact. */
  gap: boolean;
  items: readonly CartItem[];
  costs: Costs;
  rows: readonly Row[];
  /** Lines after the rows (a hub's vendor order: the link to its status). */
  notes?: readonly string[] | undefined;
}

/**
 * The receipt's text: the thanks, each order (heading, lines with their options, rows), then the
 * totals (under their heading where the receipt has several orders) and the notes after them.
 */
function receiptText(
  input: { locale: Locale; restaurantName: string; lookup: MenuLookup },
  parts: readonly ReceiptPart[],
  totals: { heading: string | null; rows: readonly Row[]; notes: readonly string[] },
): string {
  const { locale } = input;
  const money = moneyFormat(locale);
  const cents = (amount: number) => money.format(amount / 100);
  const row = ([label, amount, sign]: Row) => `${label}: ${sign ?? ''}${cents(amount)}`;
  const lines: string[] = [TEXT[locale].thanks(input.restaurantName)];
  for (const part of parts) {
    lines.push('', ...part.heading);
    if (part.gap) lines.push('');
    for (const line of orderLines(part, input.lookup)) {
      lines.push(`${line.quantity} × ${line.name[locale]}  ${cents(line.amount)}`);
      // A choice's own choices sit two spaces deeper than it.
      for (const option of line.options) lines.push(`    ${'  '.repeat(option.depth)}${optionName(option, locale)}`);
    }
    lines.push(...part.rows.map(row), ...(part.notes ?? []));
  }
  lines.push('');
  if (totals.heading) lines.push(totals.heading);
  lines.push(...totals.rows.map(row), ...totals.notes);
  return `${lines.join('\n')}\n`;
}

/** What was charged to a card: the one payment row every receipt has. */
function cardRow(t: Text, payment: { method: string | null; brand: string | null; last4: string | null }, amountDue: number): Row[] {
  return payment.method === 'credit_card' && payment.brand && payment.last4
    ? [[`${t.paid} (${t.card(payment.brand, payment.last4)})`, amountDue]]
    : [];
}

/**
 * A card kept, not charged (captured false): a suite's pre-order, or an order on an open tab, is
 * charged when the tab closes, so the receipt says so, never "Charged". Null when the card was charged.
 */
function keptCardRow(t: Text, payment: ReceiptInput['payment'], amountDue: number, suite: boolean): Row | null {
  if (payment.method !== 'credit_card' || payment.captured !== false || amountDue <= 0) return null;
  const card = payment.brand && payment.last4 ? t.card(payment.brand, payment.last4) : t.yourCard;
  return [suite ? t.onSuiteTab(card) : t.onTab(card), amountDue];
}

/**
 * One order's receipt, before it is written out: the e-mail (`composeReceipt`) and the PDF
 * (receipt-pdf.ts) both write this model, so a receipt's totals are worked out once.
 */
export interface ReceiptModel {
  subject: string;
  thanks: string;
  /** "Order #12", the time, where it goes, the guests. */
  heading: string[];
  /** Subtotal, reductions, charges, taxes per bracket, tip, total and what paid it. */
  rows: Row[];
  /** The purchase order or other reference, the catering answers, the reorder link. */
  notes: string[];
  /** Formats cents in the receipt's language ("12,34 $"). */
  cents: (amount: number) => string;
}

export function receiptModel(input: ReceiptInput): ReceiptModel {
  const { locale, costs, payment } = input;
  const t = TEXT[locale];
  const heading = [`${t.order} #${input.number}`];
  const suite = input.suite ?? null;
  if (suite) {
    // A suite order is brought to the suite, never picked up: its event, its suite, and when.
    const time = timeFormat(locale, input.zone);
    heading.push(`${t.event}: ${suite.event}, ${time.format(suite.startsAt)}`, `${t.suite}: ${suite.suite}`);
    const at = suite.deliverAt ?? input.pickupTime;
    const when = suite.preference && suite.preference !== 'custom' ? t.preferences[suite.preference] : null;
    // No instant: an event-day order placed during the event, brought as soon as it is ready (decision 0130).
    const delivery = [when, at ? time.format(at) : null].filter(Boolean).join(', ') || t.suiteAsap;
    heading.push(`${t.suiteDelivery}: ${delivery}`);
  } else if (input.pickupTime) {
    const when = timeFormat(locale, input.zone).format(input.pickupTime);
    heading.push(`${input.delivery ? t.deliveryTime : t.pickup}: ${when}`);
  }
  if (input.deliverTo) heading.push(`${t.deliverTo}: ${input.deliverTo}`);
  if (input.pickupPlace) heading.push(`${t.pickupPlace}: ${input.pickupPlace}`);
  if (input.tableNum) heading.push(`${t.table}: ${input.tableNum}`);
  if (input.tableLocation) heading.push(`${t.tableLocation}: ${input.tableLocation}`);
  if (input.headCount) heading.push(`${t.guests}: ${input.headCount}`);

  const rows: Row[] = [[t.subtotal, costs.subtotal]];
  if (costs.memberDiscount.amount > 0) rows.push([t.memberDiscount, costs.memberDiscount.amount, '-']);
  if (costs.discount.amount > 0)
    rows.push([costs.discount.code ? `${t.discount} (${costs.discount.code})` : t.discount, costs.discount.amount, '-']);
  if (costs.subsidyDiscount.amount > 0) rows.push([t.subsidy, costs.subsidyDiscount.amount, '-']);
  if (costs.serviceCharge.amount > 0) rows.push([costs.serviceCharge.label[locale], costs.serviceCharge.amount]);
  if (costs.deliveryCharge.amount > 0) rows.push([t.delivery, costs.deliveryCharge.amount]);
  // A tax of $0.00 (BC's PST on food) is no line (issue 30 defect 6).
  for (const bracket of costs.taxBrackets.filter((entry) => entry.amount !== 0)) {
    const rate = `${rateFormat(locale).format(Number(bracket.rate) * 100)} %`;
    rows.push([`${bracket.label[locale]} (${rate})`, bracket.amount]);
  }
  if (costs.tip.amount > 0) rows.push([t.tip, costs.tip.amount]);
  rows.push([t.total, costs.totalWithTip]);
  if (costs.voucher.amount > 0) rows.push([t.giftCard, costs.voucher.amount, '-']);
  if (costs.credits.amount > 0) rows.push([t.credits, costs.credits.amount, '-']);
  const kept = keptCardRow(t, payment, costs.amountDue, suite !== null);
  const charged = kept ? [] : cardRow(t, payment, costs.amountDue);
  if (kept) rows.push(kept);
  else if (charged.length > 0) rows.push(...charged);
  else if (payment.method && t.wallets[payment.method] && payment.paymentId)
    rows.push([`${t.paid} (${t.wallets[payment.method]})`, costs.amountDue]);
  else if (payment.method === 'pay_on_premise' && costs.amountDue > 0) rows.push([t.payAtRestaurant, costs.amountDue]);

  const notes: string[] = [];
  const referenceLabel = payment.method ? t.references[payment.method] : undefined;
  if (referenceLabel && payment.reference) notes.push(`${referenceLabel}: ${payment.reference}`);
  for (const answer of input.answers ?? [])
    notes.push(`${answer.question[locale]}: ${answer.answers.map((chosen) => chosen[locale]).join(', ')}`);
  if (input.statusUrl) notes.push('', `${t.status} ${input.statusUrl}`);
  if (input.reorder) notes.push('', `${t.reorder[input.reorder.kind]} ${input.reorder.url}`);
  const money = moneyFormat(locale);
  return {
    subject: t.subject(input.restaurantName, input.number),
    thanks: t.thanks(input.restaurantName),
    heading,
    rows,
    notes,
    cents: (amount) => money.format(amount / 100),
  };
}

export function composeReceipt(input: ReceiptInput): { subject: string; text: string } {
  const { heading, rows, notes, subject } = receiptModel(input);
  return {
    subject,
    text: receiptText(input, [{ heading, gap: true, items: input.items, costs: input.costs, rows: [] }], { heading: null, rows, notes }),
  };
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
    /** This day's order's confirmation screen with its access token (config PUBLIC_URL); absent: no link. */
    statusUrl?: string | null | undefined;
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

/**
 * One e-mail for a school checkout: each date with its child, order number, meals and the link to
 * that day's order's status (each has its own token), then the one payment.
 */
export function composeSchoolReceipt(input: SchoolReceiptInput): { subject: string; text: string } {
  const t = TEXT[input.locale];
  const day = dateTimeFormat(input.locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const parts = input.orders.map((order) => {
    const student = `${order.student.firstName} ${order.student.lastName}`.trim();
    return {
      ...checkoutPart(t, order, [
        `${day.format(new Date(`${order.date}T00:00:00Z`))} · ${t.order} #${order.number}`,
        t.forStudent(student, order.student.classroom, order.student.teacher),
      ]),
      notes: statusNotes(t, order.statusUrl),
    };
  });
  return { subject: t.schoolSubject(input.restaurantName, input.orders.length), text: checkoutText(input, parts) };
}

export interface MarketplaceReceiptInput extends Omit<SchoolReceiptInput, 'orders'> {
  zone: string;
  orders: Array<{
    number: number;
    vendor: string;
    pickupTime: Date | null;
    items: readonly CartItem[];
    costs: Costs;
    /** This vendor order's confirmation screen with its access token (config PUBLIC_URL); absent: no link. */
    statusUrl?: string | null | undefined;
  }>;
}

/**
 * One e-mail for a marketplace hub's checkout: each vendor with its order number, pickup time, items
 * and the link to that order's status, then the one payment.
 */
export function composeMarketplaceReceipt(input: MarketplaceReceiptInput): { subject: string; text: string } {
  const t = TEXT[input.locale];
  const time = dateTimeFormat(input.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: input.zone });
  const parts = input.orders.map((order) => ({
    ...checkoutPart(t, order, [
      `${order.vendor} · ${t.order} #${order.number}`,
      ...(order.pickupTime ? [`${t.pickup}: ${time.format(order.pickupTime)}`] : []),
    ]),
    notes: statusNotes(t, order.statusUrl),
  }));
  return { subject: t.marketplaceSubject(input.restaurantName, input.orders.length), text: checkoutText(input, parts) };
}

/** Under one order of a checkout of several (school, hub): the link to that order's status, when there is one. */
function statusNotes(t: Text, statusUrl: string | null | undefined): string[] {
  return statusUrl ? [`${t.status} ${statusUrl}`] : [];
}

/** One order of a checkout of several (school, hub): its heading, its lines, its subsidy and its total. */
function checkoutPart(t: Text, order: { items: readonly CartItem[]; costs: Costs }, heading: string[]): ReceiptPart {
  const rows: Row[] = [];
  if (order.costs.subsidyDiscount.amount > 0) rows.push([t.subsidy, order.costs.subsidyDiscount.amount, '-']);
  rows.push([t.total, order.costs.totalWithTip]);
  return { heading, gap: false, items: order.items, costs: order.costs, rows };
}

/** A checkout of several orders and one payment: each order, then the checkout's total and what was charged. */
function checkoutText(
  input: Pick<SchoolReceiptInput, 'locale' | 'lookup' | 'total' | 'payment' | 'restaurantName'>,
  parts: ReceiptPart[],
): string {
  const { total } = input;
  const t = TEXT[input.locale];
  const rows: Row[] = [[t.subtotal, total.subtotal]];
  if (total.discount > 0) rows.push([t.discount, total.discount, '-']);
  if (total.subsidyDiscount > 0) rows.push([t.subsidy, total.subsidyDiscount, '-']);
  if (total.taxes > 0) rows.push([t.taxes, total.taxes]);
  if (total.tip > 0) rows.push([t.tip, total.tip]);
  rows.push([t.total, total.totalWithTip]);
  if (total.voucher > 0) rows.push([t.giftCard, total.voucher, '-']);
  if (total.credits > 0) rows.push([t.credits, total.credits, '-']);
  // A checkout's e-mail names a card charge only: its payment carries no wallet or processor reference.
  rows.push(...cardRow(t, input.payment, total.amountDue));
  return receiptText(input, parts, { heading: t.checkoutTotal, rows, notes: [] });
}
