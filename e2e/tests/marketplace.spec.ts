/**
 * A marketplace hub (market-hall): one cart across two vendors, grouped by vendor, placed with one
 * payment as two vendor orders, each with its own number; the confirmation shows the split in
 * English and French, axe clean, with no sideways scroll from 320 to 412 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import {
  APPROVED,
  cartDialog,
  chooseTime,
  continueToCheckout,
  fillCard,
  fillContact,
  openMenu,
  placeButton,
  uniqueEmail,
} from './checkout-journey';

const MENU = '/market-hall?takeout=true&takeoutType=pickup';

async function quickAdd(page: Page, label: string) {
  await expect(async () => {
    await page.getByRole('button', { name: label, exact: true }).click();
    await expect(page.getByRole('button', { name: /^(View cart|Voir le panier)/ })).toBeVisible({ timeout: 1500 });
  }).toPass();
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  for (const width of [320, 390, 412]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `sideways scroll at ${width} px`).toBe(0);
  }
}

interface Placed {
  order: { id: string; number: number; payment: { amount: number }; marketplace?: { vendor: { id: number } } };
}

test('a two-vendor cart becomes two vendor orders with one charge, shown split in English and French', async ({ page, request }) => {
  await openMenu(page, MENU);
  await quickAdd(page, 'Add Salted edamame');
  await quickAdd(page, 'Add Clam chowder');
  await page.getByRole('button', { name: /^View cart, 2 items/ }).click();
  const cart = cartDialog(page);

  // The cart lists each vendor's items under its name, in the hub's order of vendors.
  const vendors = cart.locator('.cart-vendor__name');
  await expect(vendors).toHaveText(['Tidewater Fish & Chips', 'Kits Noodle House']);
  await expect(
    cart.getByRole('list', { name: 'Items from Tidewater Fish & Chips' }).getByRole('heading', { name: 'Clam chowder' }),
  ).toBeVisible();
  await expect(
    cart.getByRole('list', { name: 'Items from Kits Noodle House' }).getByRole('heading', { name: 'Salted edamame' }),
  ).toBeVisible();
  // The cart's total, the sum of the two vendor orders, is what the one payment will charge.
  const summary = cart.getByRole('region', { name: 'Summary' });
  await expect(summary).not.toHaveAttribute('aria-busy', 'true');
  const cartTotal = Number(
    (await summary
      .getByRole('term')
      .filter({ hasText: /^Total$/ })
      .locator('xpath=following-sibling::dd[1]')
      .textContent())!.replace(/[^\d]/g, ''),
  );
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('market-cart-en.png') });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 412, height: 915 });

  const checkout = await continueToCheckout(page);
  await chooseTime(checkout);
  const email = uniqueEmail('market');
  await fillContact(checkout, email);
  await fillCard(checkout, APPROVED);
  await placeButton(checkout).click();

  await expect(page).toHaveURL(/\/market-hall\/order-confirmation$/);
  await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible();
  await expect(page.getByText('Your cart became 2 orders, one per vendor.', { exact: false })).toBeVisible();
  const fish = page.getByRole('heading', { name: /^Tidewater Fish & Chips: order #\d+$/ });
  const noodles = page.getByRole('heading', { name: /^Kits Noodle House: order #\d+$/ });
  await expect(fish).toBeVisible();
  await expect(noodles).toBeVisible();
  const [fishTitle, noodleTitle] = [await fish.textContent(), await noodles.textContent()];
  expect(fishTitle!.match(/#(\d+)/)![1]).not.toBe(noodleTitle!.match(/#(\d+)/)![1]);
  await expect(page.getByRole('list', { name: 'Items from Tidewater Fish & Chips' })).toHaveText('1 × Clam chowder');
  await expect(page.getByRole('list', { name: 'Items from Kits Noodle House' })).toHaveText('1 × Salted edamame');
  const paid = page.getByText(/^Paid once: \$\d+\.\d\d for all your orders\.$/);
  await expect(paid).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('market-confirmation-en.png'), fullPage: true });
  await expectNoSidewaysScroll(page);

  // Two orders from the server, one per vendor, whose shares add up to the one amount charged.
  const ref = await page.evaluate(() => JSON.parse(sessionStorage.getItem('servery-order:market-hall') ?? '{}'));
  const orders = ref.split.orders as Array<{ orderId: string; token: string }>;
  expect(orders).toHaveLength(2);
  const placed = await Promise.all(
    orders.map(async ({ orderId, token }) => {
      const response = await request.get(`/api/orders/${orderId}?token=${token}`, { headers: { 'x-restaurant-id': 'market-hall' } });
      expect(response.status()).toBe(200);
      return (await response.json()) as Placed;
    }),
  );
  expect(placed.map((one) => one.order.marketplace?.vendor.id)).toEqual([6940, 6941]);
  expect(placed[0]!.order.payment.amount + placed[1]!.order.payment.amount).toBe(ref.split.paid);
  const paidText = (await paid.textContent())!.match(/\$(\d+\.\d\d)/)![1]!;
  expect(Math.round(Number(paidText) * 100)).toBe(ref.split.paid);
  expect(ref.split.paid).toBe(cartTotal);
  // One receipt for the checkout.
  const outbox = await request.get('/api/dev/outbox?limit=200');
  const { messages } = (await outbox.json()) as { messages: Array<{ channel: string; recipient: string; subject?: string }> };
  const receipts = messages.filter((message) => message.channel === 'email' && message.recipient === email);
  expect(receipts).toHaveLength(1);

  // In French.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Commande confirmée' })).toBeVisible();
  await expect(page.getByText('Votre panier est devenu 2 commandes, une par comptoir.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Tidewater Fish & Chips : commande no \d+$/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Articles de Kits Noodle House' })).toHaveText('1 × Edamames salés');
  await expect(page.getByText(/^Payé une seule fois : /)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('market-confirmation-fr.png'), fullPage: true });
  await expectNoSidewaysScroll(page);
});

test('en français, le panier du marché regroupe les articles par comptoir', async ({ page }) => {
  await openMenu(page, MENU);
  await page.getByRole('button', { name: 'Français' }).click();
  await quickAdd(page, 'Ajouter Chaudrée de palourdes');
  await quickAdd(page, 'Ajouter Edamames salés');
  await page.getByRole('button', { name: /^Voir le panier, 2 articles/ }).click();
  const cart = page.getByRole('dialog', { name: 'Votre panier' });
  await expect(cart.locator('.cart-vendor__name')).toHaveText(['Tidewater Fish & Chips', 'Kits Noodle House']);
  await expect(
    cart.getByRole('list', { name: 'Articles de Kits Noodle House' }).getByRole('heading', { name: 'Edamames salés' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('market-cart-fr.png') });
  await expectNoSidewaysScroll(page);
});
