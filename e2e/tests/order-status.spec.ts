/**
 * The confirmation follows the order's status live (server-sent events, use-cases/orders/watch-order-status.ts):
 * staff mark it ready and the diner's page says so, in English and French, without a reload. Opened
 * later from the receipt's status link, it is titled by what became of the order (ordering/order/order-headline.ts).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import {
  addItem,
  APPROVED,
  chooseTime,
  continueToCheckout,
  expectConfirmed,
  factOf,
  fillCard,
  fillContact,
  openCart,
  openMenu,
  placeButton,
  uniqueEmail,
} from './checkout-journey';
import { apiSignIn, openItem, openPage } from './ready';

async function staffMove(request: APIRequestContext, orderId: string, status: string, reason?: string) {
  const { token } = await apiSignIn(request, 'staff@maple-bistro.example.com', { restaurant: 'maple-bistro' });
  const moved = await request.post(`/api/staff/orders/${orderId}/status`, {
    headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${token}` },
    data: { status, ...(reason && { reason }) },
  });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** Scrolled sideways at the current width, in pixels (0 when the page fits). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the confirmation lists the items, options, costs and payment method (not the processor’s reference), says "Ready" when staff mark the order ready, and "Prête" in French', async ({
  page,
  request,
}, testInfo) => {
  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  await addItem(page, 'Soup of the day');
  const burger = await openItem(page, 'Maple Burger');
  await burger.getByRole('radio', { name: 'Swiss' }).check();
  await burger.getByRole('radio', { name: /^Fries/ }).check();
  await burger.getByRole('radio', { name: 'Maple-chipotle' }).check();
  await burger.getByRole('button', { name: 'Add to order' }).click();
  await expect(burger).toBeHidden();
  await openCart(page);
  const checkout = await continueToCheckout(page);
  await chooseTime(checkout);
  const notes = checkout.getByRole('textbox', { name: 'Special instructions' });
  await notes.fill('Ring the side door');
  await expect(notes).toHaveAccessibleDescription('482 characters left');
  await checkout.getByRole('radio', { name: 'Social media' }).check();
  await fillContact(checkout, uniqueEmail('status'));
  await fillCard(checkout, APPROVED);
  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect(factOf(page, 'Status')).toHaveText('Placed');

  // What was ordered, with its choices, and every line of the costs as the cart showed them.
  const items = page.getByRole('region', { name: 'Your order' });
  await expect(items.getByText('1 × Soup of the day')).toBeVisible();
  await expect(items.getByText('1 × Maple Burger')).toBeVisible();
  for (const option of ['Swiss', 'Fries', 'Maple-chipotle']) await expect(items.getByText(option, { exact: true })).toBeVisible();
  const costs = page.getByRole('region', { name: 'Costs' });
  await expect(factOf(costs, 'Subtotal')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(
    costs
      .getByRole('term')
      .filter({ hasText: /HST|Taxes/ })
      .first(),
  ).toBeVisible();
  await expect(
    costs
      .getByRole('term')
      .filter({ hasText: /^Total$/ })
      .locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(await factOf(page, 'Total charged').innerText());
  await expect(factOf(page, 'Payment method')).toHaveText('VISA ending in 4242');
  // The processor's transaction id is the restaurant's, not the diner's (issue 30 item 8).
  await expect(page.getByText(/\bpay_[0-9a-f-]{36}\b/)).toHaveCount(0);
  await expect(factOf(page, 'Special instructions')).toHaveText('Ring the side door');

  const placed = await page.evaluate(() => JSON.parse(sessionStorage.getItem('servery-order:maple-bistro') ?? '{}') as { orderId: string });
  await staffMove(request, placed.orderId, 'accepted');
  await expect(factOf(page, 'Status')).toHaveText('Accepted');
  await staffMove(request, placed.orderId, 'ready');
  await expect(factOf(page, 'Status')).toHaveText('Ready');
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 1400 });
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.screenshot({ path: testInfo.outputPath('confirmation-en-390.png'), fullPage: true });

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(factOf(page, 'État')).toHaveText('Prête');
  await expect(page.getByRole('region', { name: 'Votre commande' }).getByText('1 × Burger Maple')).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.screenshot({ path: testInfo.outputPath('confirmation-fr-390.png'), fullPage: true });
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await sidewaysOverflow(page)).toBe(0);
});

/**
 * A guest's table order placed through the API, as the diner's phone would, and the link its receipt
 * carries to the status screen (use-cases/checkout/status-link.ts: the e2e server has no public URL
 * to put in the e-mail, so the test builds the same path from the order's id and secret).
 */
async function placeTableOrder(request: APIRequestContext, label: string): Promise<{ id: string; link: string }> {
  const headers = { 'X-Restaurant-Id': 'maple-bistro' };
  const card = await request.post('/api/payment/tokenize', {
    headers,
    data: { number: APPROVED, expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' },
  });
  expect(card.status(), await card.text()).toBe(200);
  const placed = await request.post('/api/orders', {
    headers: { ...headers, 'Idempotency-Key': `status-link-${label}-${Date.now()}` },
    data: {
      type: 'dine_in',
      data: {
        config: { tableNum: '7' },
        items: [{ id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 1, orderPrice: 800, orderOptions: [] }],
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          contact: { full_name: 'Sam Status', email: uniqueEmail(label), phone_number: '416-555-0177' },
          card: { token: ((await card.json()) as { token: string }).token },
          questions: [{ id: 1920, answers: [0] }],
        },
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, access_token } = (await placed.json()) as { order: { id: string }; access_token: string };
  return { id: order.id, link: `/maple-bistro/order-confirmation?${new URLSearchParams({ order: order.id, token: access_token })}` };
}

const DONE_WORDS = {
  'en-CA': {
    language: 'English',
    served: 'Order served',
    servedLead: 'Thank you for ordering with us.',
    cancelled: 'Order cancelled',
    cancelledLead: 'This order will not be prepared.',
    refund: /^\$\d+\.\d\d was refunded to VISA ending in 4242\.$/,
    thanksForPlacing: 'Thank you! Your order has been placed.',
    notify: 'Text me when it’s ready',
  },
  'fr-CA': {
    language: 'Français',
    served: 'Commande servie',
    servedLead: 'Merci d’avoir commandé chez nous.',
    cancelled: 'Commande annulée',
    cancelledLead: 'Cette commande ne sera pas préparée.',
    refund: /^\d+,\d\d\s\$ a été remboursé sur VISA se terminant par 4242\.$/,
    thanksForPlacing: 'Merci! Votre commande a été passée.',
    notify: 'M’écrire quand elle est prête',
  },
} as const;

test('a receipt’s status link opened once the order is done says what became of it (served; cancelled with the refund), never "thank you, placed", in English and French at 360 px', async ({
  page,
  request,
}, testInfo) => {
  const served = await placeTableOrder(request, 'served');
  for (const status of ['accepted', 'ready', 'completed']) await staffMove(request, served.id, status);
  const cancelled = await placeTableOrder(request, 'cancelled');
  await staffMove(request, cancelled.id, 'cancelled', 'Kitchen closed early.');
  await page.setViewportSize({ width: 360, height: 900 });

  // The language chosen stays for the next page: the served order is read in English then French,
  // the cancelled one in French then English.
  const visits = [
    { order: served, locales: ['en-CA', 'fr-CA'], kind: 'served' },
    { order: cancelled, locales: ['fr-CA', 'en-CA'], kind: 'cancelled' },
  ] as const;
  for (const { order, locales, kind } of visits) {
    await openPage(page, order.link);
    for (const [index, locale] of locales.entries()) {
      const words = DONE_WORDS[locale];
      if (index > 0) await page.getByRole('button', { name: words.language }).click();
      const heading = page.getByRole('heading', { level: 2, name: kind === 'served' ? words.served : words.cancelled });
      await expect(heading).toBeVisible();
      const status = page.getByRole('status').filter({ has: page.locator('.checkout-confirmation__lead') });
      await expect(status.locator('.checkout-confirmation__lead').first()).toHaveText(
        kind === 'served' ? words.servedLead : words.cancelledLead,
      );
      if (kind === 'cancelled') await expect(status.getByText(words.refund)).toBeVisible();
      await expect(page.getByText(words.thanksForPlacing)).toHaveCount(0);
      await expect(page.getByRole('link', { name: words.notify })).toHaveCount(0);
      await expectNoA11yViolations(page);
      expect(await sidewaysOverflow(page)).toBe(0);
      await page.screenshot({ path: testInfo.outputPath(`status-link-${kind}-${locale}-360.png`), fullPage: true });
    }
  }
});
