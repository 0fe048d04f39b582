/**
 * GET /api/restaurants/:restaurantId/orders/:id/receipt.pdf: the order's receipt as a PDF
 * (issue 30 item 3; docs/decisions/0116-catering-head-count-and-pdf-receipt.md). It writes the same
 * receipt model as the e-mail (compose-receipt.ts `receiptModel`): the rows, the totals and the notes
 * are never worked out twice. Only the order's owner (a signed-in diner) or the holder of its secret
 * (the guest's confirmation token) gets it; anything else is the same ORDER_NOT_FOUND.
 *
 * pdfkit with its built-in Helvetica: no font file to ship, and its WinAnsi encoding holds every
 * letter French needs (é, è, à, ç, ô, œ, «»). The narrow no-break space fr-CA puts in numbers is not
 * in it: it becomes a no-break space. The content is not compressed: a receipt is a few kilobytes,
 * and its text stays readable to the tests (test/pdf-text.ts) on a machine with Node alone.
 */
import PDFDocument from 'pdfkit';
import type { Locale } from '@servery/contracts/tenant-file';
import { deliverySummary } from '@servery/domain/delivery-summary';
import { pickupPlace } from '@servery/domain/pickup-place';
import { findOrder, type OrderRow } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Executor } from '../../kernel/executor';
import { AppError } from '../../lib/app-error';
import { dateTimeFormat } from '../../lib/intl-formats';
import { publishedMenuLookup, type MenuLookup } from '../menus/menu-lookup';
import { receiptModel, type ReceiptInput, type Row } from './compose-receipt';
import { dinerOrderRow } from './get-order';
import { answersOf, optionName, orderLines, storedOrderOf } from './order-view';

const TEXT = {
  'en-CA': {
    receipt: 'Receipt',
    placed: 'Placed',
    customer: 'Customer',
    file: (number: number) => `receipt-${number}.pdf`,
  },
  'fr-CA': {
    receipt: 'Reçu',
    placed: 'Passée le',
    customer: 'Client',
    file: (number: number) => `recu-${number}.pdf`,
  },
} as const;

/**
 * The order the caller may have the receipt of: with `token`, the guest's secret (as the
 * confirmation reads it); else the signed-in diner's own order at this restaurant.
 */
export async function receiptOrderRow(
  db: Executor,
  restaurant: Restaurant,
  orderId: string,
  caller: { token: string | undefined; userId: number | null },
): Promise<OrderRow> {
  if (caller.token) return dinerOrderRow(db, restaurant, orderId, caller.token);
  if (caller.userId === null) throw new AppError('ORDER_NOT_FOUND');
  const row = await findOrder(db, restaurant.id, orderId);
  // Another user's order, another restaurant's or none: the same answer, so ids cannot be probed.
  if (!row || row.user_id !== caller.userId) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

/** The receipt e-mail's input for a stored order, as the placement wrote it (single-order.ts). */
export function receiptInputOf(row: OrderRow, restaurant: Restaurant, locale: Locale, lookup: MenuLookup): ReceiptInput {
  const data = storedOrderOf(row);
  const settings = restaurant.settings;
  const delivered = data.delivery !== null && data.delivery !== undefined;
  const { paymentId, captured: _captured, ...payment } = data.payment;
  return {
    restaurantName: settings.display_name ?? settings.name,
    zone: settings.zone,
    locale,
    number: row.number ?? 0,
    items: data.items,
    costs: data.costs,
    pickupTime: row.pickup_time ? new Date(row.pickup_time) : null,
    delivery: delivered,
    tableNum: data.tableNum,
    tableLocation: data.tableLocation ?? null,
    deliverTo: data.delivery ? deliverySummary(data.delivery) : null,
    pickupPlace: pickupPlace(settings.concourse, { delivered, tableNum: data.tableNum, suite: Boolean(data.suite) }),
    payment: { ...payment, paymentId },
    lookup,
    headCount: data.headCount ?? null,
    answers: answersOf(data.questions ?? []),
  };
}

/** WinAnsi (the standard fonts' encoding) has no narrow no-break space; anything else outside it shows as "?". */
function winAnsi(text: string): string {
  return text.replace(/[\u202f\u2009]/g, '\u00a0');
}

export interface ReceiptPdf {
  fileName: string;
  document: PDFKit.PDFDocument;
}

/** The order's receipt as a PDF stream in the diner's language. */
export async function receiptPdf(db: Executor, restaurant: Restaurant, row: OrderRow, locale: Locale, now: Date): Promise<ReceiptPdf> {
  const lookup = await publishedMenuLookup(db, restaurant.id, now);
  const input = receiptInputOf(row, restaurant, locale, lookup);
  const model = receiptModel(input);
  const t = TEXT[locale];
  const data = storedOrderOf(row);
  const placed = dateTimeFormat(locale, {
    timeZone: restaurant.settings.zone,
    dateStyle: 'long',
    timeStyle: 'short',
    hour12: locale === 'en-CA',
  }).format(new Date(row.placed_at));

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    compress: false,
    lang: locale,
    info: { Title: winAnsi(model.subject), Author: winAnsi(input.restaurantName) },
  });
  const width = doc.page.width - 108;
  const line = (text: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(winAnsi(text), options);
  const amountRow = (label: string, amount: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const y = doc.y;
    doc.text(winAnsi(label), 54, y, { width: width - 110 });
    const after = doc.y;
    doc.text(winAnsi(amount), 54 + width - 110, y, { width: 110, align: 'right' });
    doc.x = 54;
    doc.y = Math.max(after, doc.y);
  };

  doc.font('Helvetica-Bold').fontSize(18);
  line(input.restaurantName);
  doc.font('Helvetica').fontSize(12);
  line(t.receipt);
  doc.moveDown(0.5).fontSize(10);
  for (const text of model.heading) line(text);
  line(`${t.placed}: ${placed}`);
  const customer = [data.contact.full_name, data.contact.email, data.contact.phone_number].filter(Boolean).join(' · ');
  if (customer) line(`${t.customer}: ${customer}`);
  doc.moveDown();

  for (const orderLine of orderLines(input, lookup)) {
    amountRow(`${orderLine.quantity} × ${orderLine.name[locale]}`, model.cents(orderLine.amount));
    doc.font('Helvetica').fillColor('#444444');
    for (const option of orderLine.options) line(`${'  '.repeat(option.depth + 1)}${optionName(option, locale)}`, { indent: 12 });
    doc.fillColor('#000000');
  }
  doc.moveDown(0.5);
  doc
    .moveTo(54, doc.y)
    .lineTo(54 + width, doc.y)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown(0.5);
  const total = model.rows.findIndex(([label]) => label === 'Total');
  model.rows.forEach(([label, amount, sign]: Row, index) => amountRow(label, `${sign ?? ''}${model.cents(amount)}`, index === total));
  doc.font('Helvetica');
  const notes = model.notes.filter((note) => note !== '');
  if (notes.length > 0) {
    doc.moveDown();
    for (const note of notes) line(note);
  }
  doc.end();
  return { fileName: t.file(input.number), document: doc };
}
