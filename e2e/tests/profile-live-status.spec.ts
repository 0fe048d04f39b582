/**
 * The profile follows a signed-in diner's orders in progress live (issue 30 item 3): one stream per
 * page (GET /api/auth/orders/events, docs/decisions/0113-diner-order-status-stream.md). Staff move the
 * order and the diner's list says so within a second, without a reload, in the confirmation's words,
 * announced once in the page's status region; in English and French.
 */
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { factOf } from './checkout-journey';
import { openSignedIn, placeBistroPickup, registerDiner } from './diner-orders';
import { apiSignIn } from './ready';

const SHOTS = process.env.PROFILE_SHOTS_DIR ?? path.join(os.tmpdir(), 'servery-profile-live-status-shots');

async function staffMove(request: APIRequestContext, orderId: string, status: string): Promise<number> {
  const { token } = await apiSignIn(request, 'staff@maple-bistro.example.com', { restaurant: 'maple-bistro' });
  const moved = await request.post(`/api/staff/orders/${orderId}/status`, {
    headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${token}` },
    data: { status },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  return Date.now();
}

/** Scrolled sideways at the current width, in pixels (0 when the page fits). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the profile’s receipts show a placed order move to preparing and ready within a second, without a reload, in English and French', async ({
  page,
  request,
}) => {
  // Registered through the page's own requests: the browser keeps the session cookie the stream is signed in by.
  const diner = await registerDiner(page.request, 'live-status');
  const order = await placeBistroPickup(request, diner);
  await openSignedIn(page, diner, '/profile/receipts');
  await expect(page.getByRole('heading', { level: 1, name: 'Past receipts' })).toBeVisible();
  const card = page
    .getByRole('list', { name: 'Past receipts' })
    .getByRole('listitem')
    .filter({ hasText: String(order.number) });
  const status = factOf(card, 'Status');
  await expect(status).toHaveText('Placed');
  // A reload would lose this mark: the page must change in place.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const announced = page.getByRole('status').filter({ hasText: `Order #${order.number} at Maple Bistro` });

  const timings: Record<string, number> = {};
  for (const [to, words] of [
    ['accepted', 'Accepted'],
    ['preparing', 'Being prepared'],
  ] as const) {
    const moved = await staffMove(request, order.id, to);
    await expect(status).toHaveText(words, { timeout: 1000 });
    timings[to] = Date.now() - moved;
    await expect(announced).toHaveText(`Order #${order.number} at Maple Bistro: ${words}`);
  }
  // Only the order that moved is announced, not the list again.
  await expect(page.getByRole('status').filter({ hasText: 'Past receipts' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reçus antérieurs' })).toBeVisible();
  const statut = factOf(
    page
      .getByRole('list', { name: 'Reçus antérieurs' })
      .getByRole('listitem')
      .filter({ hasText: String(order.number) }),
    'État',
  );
  await expect(statut).toHaveText('En préparation');
  const moved = await staffMove(request, order.id, 'ready');
  await expect(statut).toHaveText('Prête', { timeout: 1000 });
  timings.ready = Date.now() - moved;
  await expect(page.getByRole('status').filter({ hasText: `Commande #${order.number} chez Maple Bistro` })).toHaveText(
    `Commande #${order.number} chez Maple Bistro\u00a0: Prête`,
  );
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await expectNoA11yViolations(page);
  console.info(`ms from the staff move's answer to the diner's page: ${JSON.stringify(timings)}`);

  for (const width of [320, 390, 412]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBe(0);
    if (width === 390) await page.screenshot({ path: path.join(SHOTS, 'receipts-live-fr-390.png'), fullPage: true });
  }

  // The order's detail says where it stands too, and follows it to the end.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/profile/scheduled-orders/${order.id}`);
  await expect(factOf(page, 'État')).toHaveText('Prête');
  await staffMove(request, order.id, 'completed');
  await expect(factOf(page, 'État')).toHaveText('Terminée', { timeout: 1000 });
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'detail-live-fr-390.png'), fullPage: true });
});

test('the scheduled orders list follows an order to accepted, on one stream for the page', async ({ page, request }) => {
  const diner = await registerDiner(page.request, 'live-scheduled');
  const [first, second] = [await placeBistroPickup(request, diner), await placeBistroPickup(request, diner)];
  const streams: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/auth/orders/events')) streams.push(sent.url());
  });
  await openSignedIn(page, diner, '/profile/scheduled-orders');
  const list = page.getByRole('list', { name: 'Scheduled orders' });
  const cardOf = (number: number) =>
    list.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order #${number} at Maple Bistro` }) });
  await expect(factOf(cardOf(first.number), 'Status')).toHaveText('Placed');
  await expect(factOf(cardOf(second.number), 'Status')).toHaveText('Placed');
  await staffMove(request, second.id, 'accepted');
  await expect(factOf(cardOf(second.number), 'Status')).toHaveText('Accepted', { timeout: 1000 });
  await expect(factOf(cardOf(first.number), 'Status')).toHaveText('Placed');
  expect(streams).toHaveLength(1);
  await expectNoA11yViolations(page);
});

test('an order placed in another tab shows on coming back to the receipts, and is followed live from then on', async ({
  page,
  request,
}) => {
  const diner = await registerDiner(page.request, 'live-new-order');
  const first = await placeBistroPickup(request, diner);
  await openSignedIn(page, diner, '/profile/receipts');
  const list = page.getByRole('list', { name: 'Past receipts' });
  // A receipt by its order number fact (a number alone would also match a price or a time).
  const cardOf = (number: number) =>
    list.locator(':scope > li').filter({ has: page.locator(`dt:text-is("Order number") + dd:text-is("${number}")`) });
  await expect(factOf(cardOf(first.number), 'Status')).toHaveText('Placed');

  // Placed elsewhere while this page is open; the diner comes back to this tab.
  const second = await placeBistroPickup(request, diner);
  await expect(cardOf(second.number)).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(factOf(cardOf(second.number), 'Status')).toHaveText('Placed');

  // The new order is followed as the first one is: the staff's move shows within a second.
  await staffMove(request, second.id, 'accepted');
  await expect(factOf(cardOf(second.number), 'Status')).toHaveText('Accepted', { timeout: 1000 });
  await expect(page.getByRole('status').filter({ hasText: `Order #${second.number} at Maple Bistro` })).toHaveText(
    `Order #${second.number} at Maple Bistro: Accepted`,
  );
  await expect(factOf(cardOf(first.number), 'Status')).toHaveText('Placed');
  await expectNoA11yViolations(page);
});

test('an order that ends while the page opens its stream still shows its end: the page reads it again', async ({ page, request }) => {
  const diner = await registerDiner(page.request, 'live-race');
  const order = await placeBistroPickup(request, diner);
  for (const status of ['accepted', 'preparing', 'ready']) await staffMove(request, order.id, status);
  // The stream's request is held until the kitchen has marked the order done: the server then follows
  // no order in progress and says `done` at once, without the last move (live-statuses.tsx `reload`).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/orders/events*', async (route) => {
    await released;
    await route.continue();
  });
  await openSignedIn(page, diner, `/profile/scheduled-orders/${order.id}`);
  await expect(factOf(page, 'Status')).toHaveText('Ready');
  await staffMove(request, order.id, 'completed');
  release();
  await expect(factOf(page, 'Status')).toHaveText('Completed', { timeout: 2000 });
  await expectNoA11yViolations(page);
});
