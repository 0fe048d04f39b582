/**
 * What leaves the restaurant, checked at the far end, against a server this spec starts for itself
 * (tests/own-server.ts): only this spec orders there, so its day's sales are exactly the orders it
 * placed, and it relays e-mail to a real SMTP server the spec runs (smtp-server as the sink).
 *
 * - the sales screen and its CSV add up to the orders placed here, to the cent;
 * - a diner's receipt arrives at the SMTP server, and the board shows it sent;
 * - a webhook receiver that fails every event's first attempt still gets each event once, signed
 *   with the key the screen showed, while staff move the order with the keyboard.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { expectNoA11yViolations } from './axe';
import { BISTRO_PICKUP, checkoutOf, placeAsGuest, placeDineInByApi, uniqueEmail } from './checkout-journey';
import { startOwnServer, type OwnServer } from './own-server';
import { apiSignIn, openStaffScreen, staffSignIn } from './ready';

test.describe.configure({ mode: 'serial' });

const SOUP = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] };
const MAINS = { id: 1108, menu_id: 1010, section_id: 1051, orderId: 2, quantity: 1, orderPrice: 2800, orderOptions: [] };

interface Mail {
  to: string[];
  raw: string;
}

/** The SMTP sink: every message the server's relay delivers. */
const sink: Mail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      sink.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
      callback();
    });
  },
});

let own: OwnServer;

test.beforeAll(async () => {
  // Starting a server (its build checked, its tenant imported) takes a while on a busy machine.
  test.setTimeout(150_000);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  own = await startOwnServer({
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    SMTP_FROM: 'Maple Bistro <orders@servery.example>',
    WEBHOOK_PRIVATE_TARGETS: 'allow',
    // Only the bistro: quicker to import, and nothing else to order at.
    E2E_TENANT_SETTINGS: JSON.stringify({ 'maple-bistro': {} }),
  });
});
test.afterAll(async () => {
  await own?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const url = (path: string) => `${own.baseURL}${path}`;

/** Staff signed in on this spec's server, on the order board. */
async function boardSignIn(page: Page, email: string) {
  await staffSignIn(page, email, url('/maple-bistro/staff'));
  await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
}

interface Placed {
  id: string;
  number: number;
  items: number;
  costs: {
    subtotal: number;
    taxBrackets: Array<{ amount: number }>;
    tip: { amount: number };
    totalWithTip: number;
    discount: { amount: number };
    serviceCharge: { amount: number };
    deliveryCharge: { amount: number };
  };
  payment: { amount: number };
}

/** A dine-in order placed through the API at table 5, as a second diner's phone would; its stored costs come back. */
async function placeByApi(request: APIRequestContext, items: object[], tip: string): Promise<Placed> {
  const order = await placeDineInByApi<Omit<Placed, 'items'> & { items: Array<{ quantity: number }> }>(request, {
    items,
    tip,
    tableNum: '5',
    origin: own.baseURL,
  });
  return {
    id: order.id,
    number: order.number,
    items: order.items.reduce((sum, item) => sum + item.quantity, 0),
    costs: order.costs,
    payment: order.payment,
  };
}

/** Staff moves through the API, with a manager's session (a cancel and a refund say why). */
async function moveByApi(request: APIRequestContext, token: string, orderId: string, ...statuses: string[]) {
  for (const status of statuses) {
    const moved = await request.post(url(`/api/staff/orders/${orderId}/status`), {
      headers: { 'X-Restaurant-Id': 'maple-bistro', Authorization: `Bearer ${token}` },
      data: { status, ...((status === 'cancelled' || status === 'refunded') && { reason: 'Spilled at the pass' }) },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/** Cents as the CSV writes them: "1234.50" dollars. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

test("the day's sales CSV adds up to the orders this spec placed, to the cent", async ({ page, request }) => {
  const { token } = await apiSignIn(request, 'manager@maple-bistro.example.com', { origin: own.baseURL, restaurant: 'maple-bistro' });

  const kept = await placeByApi(request, [SOUP], '15');
  const large = await placeByApi(request, [SOUP, MAINS], '18');
  const refunded = await placeByApi(request, [MAINS], '0');
  const cancelled = await placeByApi(request, [SOUP], '10');
  await moveByApi(request, token, kept.id, 'accepted', 'ready', 'completed');
  await moveByApi(request, token, refunded.id, 'accepted', 'ready', 'completed', 'refunded');
  await moveByApi(request, token, cancelled.id, 'cancelled');

  // What the orders say, summed here: the sales are the orders that were not cancelled.
  const sold = [kept, large, refunded];
  const sum = (pick: (order: Placed) => number, orders = sold) => orders.reduce((total, order) => total + pick(order), 0);
  const total = sum((order) => order.costs.totalWithTip);
  const expected = new Map<string, string>([
    ['summary,items', `${sum((order) => order.items)},`],
    ['summary,subtotal', `,${dollars(sum((order) => order.costs.subtotal))}`],
    ['summary,discounts', `,${dollars(sum((order) => order.costs.discount.amount))}`],
    ['summary,service_charges', `,${dollars(sum((order) => order.costs.serviceCharge.amount))}`],
    ['summary,delivery_charges', `,${dollars(sum((order) => order.costs.deliveryCharge.amount))}`],
    ['summary,taxes', `,${dollars(sum((order) => order.costs.taxBrackets.reduce((taxes, bracket) => taxes + bracket.amount, 0)))}`],
    ['summary,tips', `,${dollars(sum((order) => order.costs.tip.amount))}`],
    ['summary,total', `3,${dollars(total)}`],
    ['tender,payment:credit_card', `,${dollars(sum((order) => order.payment.amount))}`],
    ['summary,refunds', `1,${dollars(refunded.payment.amount)}`],
    ['summary,net', `,${dollars(total - refunded.payment.amount)}`],
    ['summary,cancelled', `1,${dollars(cancelled.costs.totalWithTip)}`],
    ['type,dine_in', `3,${dollars(total)}`],
  ]);
  // A tip makes the sums uneven cents: the check means something only if they are not all round.
  expect(sold.some((order) => order.costs.tip.amount % 100 !== 0)).toBe(true);

  await boardSignIn(page, 'manager@maple-bistro.example.com');
  await openStaffScreen(page, 'Sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  const totals = page.getByRole('region', { name: /^Sales of / });
  await expect(totals.locator('.staff-sales__line--total').first().locator('dd')).toHaveText(
    new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(total / 100),
  );
  await expect(
    totals
      .getByRole('term')
      .filter({ hasText: /^Orders$/ })
      .locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('3');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the CSV' }).click()]);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const rows = new Map<string, string>(
    csv
      .trim()
      .split('\r\n')
      .map((line) => {
        const [section, name, ...rest] = line.split(',');
        return [`${section},${name}`, rest.join(',')] as const;
      }),
  );
  for (const [row, value] of expected) expect(rows.get(row), `${row}\n${csv}`).toBe(value);
  expect([...rows.keys()].find((row) => row.startsWith('day,'))).toMatch(/^day,\d{4}-\d{2}-\d{2}$/);
  expect([...rows.entries()].find(([row]) => row.startsWith('day,'))?.[1]).toBe(`3,${dollars(total)}`);
});

/** A message as sent: its headers unfolded, its subject's encoded words and its quoted-printable body decoded. */
function readMail(raw: string): { subject: string; messageId: string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
  const bytes = (text: string) =>
    Buffer.from(
      text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  const subject = header('Subject')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : bytes(text.replace(/_/g, ' ')),
    );
  let body = raw.slice(split + 4);
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') body = bytes(body.replace(/=\r\n/g, ''));
  else if (encoding === 'base64') body = Buffer.from(body, 'base64').toString('utf8');
  return { subject, messageId: header('Message-ID'), body: body.replace(/\r\n/g, '\n') };
}

test("a diner's receipt arrives at the SMTP server the test started, and the board shows it sent", async ({ page, browser }) => {
  const email = uniqueEmail('smtp-receipt');
  const number = await placeAsGuest(page, await checkoutOf(page, 'Soup of the day', url(BISTRO_PICKUP)), email);

  // The relay polls every second: the receipt is at the SMTP server within a few.
  await expect.poll(() => sink.filter((mail) => mail.to.includes(email)).length, { timeout: 15_000 }).toBe(1);
  const mail = readMail(sink.find((mail) => mail.to.includes(email))!.raw);
  expect(mail.subject).toBe(`Your order #${number} at Maple Bistro — Distillery District`);
  expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@servery>$/);
  expect(mail.body).toContain(`Order #${number}\n`);
  expect(mail.body).toMatch(/^1 × Soup of the day {2}\$\d+\.\d{2}$/m);
  const charged = /^Charged \(.+\): (\$\d+\.\d{2})$/m.exec(mail.body)?.[1];
  expect(charged).toBeDefined();

  // Staff see where it stands: sent, and the amount the receipt says was charged.
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const board = await staff.newPage();
  await boardSignIn(board, 'kitchen@maple-bistro.example.com');
  const card = board.getByRole('article', { name: new RegExp(`^Order #${number}\\b`) });
  await expect(card).toContainText('Messages: E-mail: sent');
  await expect(card).toContainText(`Dana Diner · ${charged}`);
  await staff.close();
});

test('a webhook receiver that fails each first attempt still gets every event once, signed, while staff move the order by keyboard', async ({
  page,
  request,
}) => {
  // The first attempts fail at once and their retries come 30 s later (decision 0034's backoff).
  test.setTimeout(150_000);
  const attempts: Array<{ eventId: string; timestamp: string; signature: string; body: string; answer: number }> = [];
  /** What the point of sale applied: each event id once, in the order applied. */
  const applied: string[] = [];
  const receiver = http.createServer((incoming, answer) => {
    let body = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (body += chunk));
    incoming.on('end', () => {
      const eventId = String(incoming.headers['servery-event-id']);
      const seen = attempts.some((attempt) => attempt.eventId === eventId);
      // Down for the first attempt of every event; up for the next one.
      const status = seen ? 204 : 503;
      attempts.push({
        eventId,
        timestamp: String(incoming.headers['servery-timestamp']),
        signature: String(incoming.headers['servery-signature']),
        body,
        answer: status,
      });
      if (status === 204 && !applied.includes(eventId)) applied.push(eventId);
      answer.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/pos`;

  try {
    await boardSignIn(page, 'manager@maple-bistro.example.com');
    await openStaffScreen(page, 'Webhooks');
    await page.getByLabel('URL (https://…)').fill(hook);
    await page.getByRole('button', { name: 'Add the endpoint' }).click();
    const secret = await page.getByLabel(`Signing key for ${hook}`).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    const order = await placeByApi(request, [SOUP], '15');
    await openStaffScreen(page, 'Order board');
    const card = page.getByRole('article', { name: new RegExp(`^Order #${order.number}\\b`) });
    const inColumn = (column: RegExp) =>
      page.getByRole('region', { name: column }).getByRole('article', { name: new RegExp(`^Order #${order.number}\\b`) });
    // The board lists its keys; F refunds, after asking why.
    await page.getByText('Keyboard shortcuts').click();
    await expect(page.locator('.staff-shortcuts__keys')).toContainText('Frefund (asks why)');
    // Each card names only the keys that act on it now (issue 31, defect 7).
    await card.focus();
    await expect(card).toHaveAttribute('aria-keyshortcuts', 'A X T');
    for (const [key, column, keys] of [
      ['a', /^Accepted/, 'P R X T'],
      ['r', /^Ready/, 'C T'],
    ] as const) {
      await card.focus();
      await page.keyboard.press(key);
      await expect(inColumn(column)).toBeVisible();
      await expect(card).toHaveAttribute('aria-keyshortcuts', keys);
    }
    // A ready order cannot be refunded yet: F says so and opens no form.
    await card.focus();
    await page.keyboard.press('f');
    await expect(page.getByRole('status').filter({ hasText: 'This order cannot move to that status' })).toBeVisible();
    await expect(card.getByRole('form')).toHaveCount(0);
    await card.focus();
    await page.keyboard.press('c');
    await expect(inColumn(/^Done/)).toBeVisible();
    await expect(card).toHaveAttribute('aria-keyshortcuts', 'F T');
    await card.focus();
    await page.keyboard.press('f');
    await expect(card.getByRole('form', { name: `Refund order #${order.number}` })).toBeVisible();
    await page.keyboard.type('Wrong table');
    await page.keyboard.press('Enter');
    await expect(card).toContainText('Reason: Wrong table');
    await expectNoA11yViolations(page);
    await page.screenshot({ path: '/tmp/staff-shots/board-refund-keys-en-phone.png', fullPage: true });

    // Every event of the order arrives: first refused, then taken, each applied once.
    const ours = () =>
      attempts.filter((attempt) => (JSON.parse(attempt.body) as { data: { order_id: string } }).data.order_id === order.id);
    await expect.poll(() => ours().filter((attempt) => attempt.answer === 204).length, { timeout: 90_000, intervals: [1000] }).toBe(5);
    const byEvent = new Map<string, typeof attempts>();
    for (const attempt of ours()) byEvent.set(attempt.eventId, [...(byEvent.get(attempt.eventId) ?? []), attempt]);
    const events = [...byEvent.values()].map((tries) => JSON.parse(tries[0]!.body) as { id: string; type: string; created_at: string });
    expect(events.sort((a, b) => a.created_at.localeCompare(b.created_at)).map((event) => event.type)).toEqual([
      'order.placed',
      'order.accepted',
      'order.ready',
      'order.completed',
      'order.refunded',
    ]);
    for (const [eventId, tries] of byEvent) {
      expect(tries.map((attempt) => attempt.answer)).toEqual([503, 204]);
      // The same id and body on the retry, signed anew with its own timestamp, by the key shown once.
      expect(new Set(tries.map((attempt) => attempt.body)).size).toBe(1);
      expect((JSON.parse(tries[0]!.body) as { id: string }).id).toBe(eventId);
      for (const attempt of tries) {
        const expected = `sha256=${createHmac('sha256', secret).update(`${attempt.timestamp}.${attempt.body}`).digest('hex')}`;
        expect(timingSafeEqual(Buffer.from(expected), Buffer.from(attempt.signature))).toBe(true);
      }
    }
    expect(applied.filter((id) => byEvent.has(id))).toHaveLength(5);

    // The delivery log says the same: every event sent, at the second attempt.
    await openStaffScreen(page, 'Webhooks');
    await page.getByRole('button', { name: `Delivery log of ${hook}` }).click();
    const log = page.getByRole('table', { name: 'Delivery log' });
    for (const type of ['placed', 'accepted', 'ready', 'completed', 'refunded']) {
      const row = log.getByRole('row').filter({ has: page.getByRole('cell', { name: new RegExp(`^${type} [0-9a-f-]{36}$`) }) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('sent');
      await expect(row.getByRole('cell').nth(3)).toHaveText('2');
      await expect(row.getByRole('cell').nth(4)).toHaveText('204');
    }
    await page.screenshot({ path: '/tmp/staff-shots/webhooks-retried-log-en-phone.png', fullPage: true });
    await page.getByRole('button', { name: `Remove ${hook}` }).click();
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${hook} was removed.` })).toBeVisible();
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
