/**
 * The confirmation follows the order's status live (server-sent events, use-cases/orders/watch-order-status.ts):
 * staff mark it ready and the diner's page says so, in English and French, without a reload.
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
import { apiSignIn, openItem } from './ready';

async function staffMove(request: APIRequestContext, orderId: string, status: string) {
  const { token } = await apiSignIn(request, 'staff@maple-bistro.example.com', { restaurant: 'maple-bistro' });
  const moved = await request.post(`/api/staff/orders/${orderId}/status`, {
    headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${token}` },
    data: { status },
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
