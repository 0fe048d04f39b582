/**
 * The confirmation follows the order's status live (server-sent events, use-cases/watch-order-status.ts):
 * staff mark it ready and the diner's page says so, in English and French, without a reload.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
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

async function staffMove(request: APIRequestContext, orderId: string, status: string) {
  const headers = { 'x-restaurant-id': 'maple-bistro' };
  const login = await request.post('/api/auth/login-native', {
    headers,
    data: { email: 'staff@maple-bistro.example.com', password: 'Demo1234!' },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const moved = await request.post(`/api/staff/orders/${orderId}/status`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
    data: { status },
  });
  expect(moved.status(), await moved.text()).toBe(200);
}

test('the confirmation says "Ready" when staff mark the order ready, and "Prête" in French', async ({ page, request }) => {
  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  await addItem(page, 'Soup of the day');
  await openCart(page);
  const checkout = await continueToCheckout(page);
  await chooseTime(checkout);
  await checkout.getByRole('radio', { name: 'Social media' }).check();
  await fillContact(checkout, uniqueEmail('status'));
  await fillCard(checkout, APPROVED);
  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect(factOf(page, 'Status')).toHaveText('Placed');

  const placed = await page.evaluate(() => JSON.parse(sessionStorage.getItem('servery-order:maple-bistro') ?? '{}') as { orderId: string });
  await staffMove(request, placed.orderId, 'accepted');
  await expect(factOf(page, 'Status')).toHaveText('Accepted');
  await staffMove(request, placed.orderId, 'ready');
  await expect(factOf(page, 'Status')).toHaveText('Ready');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(factOf(page, 'État')).toHaveText('Prête');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
});
