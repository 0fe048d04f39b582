/**
 * Partial refunds (issue 31 item 3; docs/decisions/0103-partial-refunds.md): a manager refunds one
 * line of a paid order from its card on the board, with the keyboard, in a dialog that shows the
 * server's amount; the card and the sales show the refund; the kitchen's role has no refund; the
 * dialog reads in French too. At 390 px, axe clean, no sideways scroll.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { placeDineInByApi } from './checkout-journey';
import { apiSignIn, openStaffScreen, staffSignIn } from './ready';

const SOUP = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] };
const SALMON = { id: 1108, menu_id: 1010, section_id: 1051, orderId: 2, quantity: 1, orderPrice: 2800, orderOptions: [] };

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

test('a manager refunds one soup of a paid order: the card and the sales show it; the kitchen cannot refund', async ({
  page,
  browser,
  request,
}) => {
  const order = await placeDineInByApi<{ id: string; number: number; payment: { amount: number } }>(request, {
    items: [SOUP, SALMON],
    tableNum: '6',
  });
  const dollars = (cents: number) => new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100);
  await page.setViewportSize({ width: 390, height: 844 });
  await staffSignIn(page, 'manager@maple-bistro.example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
  const card = page.getByRole('article', { name: new RegExp(`^Order #${order.number}\\b`) });
  await expect(card).toBeVisible();

  // Keyboard only: the card's "Refund…" button opens the dialog.
  const open = card.getByRole('button', { name: `Refund part of order #${order.number}` });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Refund part of order #${order.number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Left to refund on the card: ${dollars(order.payment.amount)}.`);
  await expect(dialog.getByRole('radio', { name: 'Items' })).toBeChecked();
  await dialog.getByLabel('Soup of the day ($16.00): how many to refund, of 2 left').fill('1');
  // The server's amount: one soup of $8.00 and its 13 % HST.
  await expect(dialog.getByText('To refund: $9.04, tax included')).toBeVisible();
  await dialog.getByLabel('Reason (the diner may see it)').fill('Soup was cold');
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/staff-shots/refund-dialog-en-390.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Refund $9.04' }).focus();
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Refunded $9.04 on order #${order.number}.` })).toBeVisible();
  await expect(card.getByRole('list', { name: `Refunds of order #${order.number}` })).toHaveText('Refunded $9.04: Soup was cold');
  // Focus went back to the button that opened the dialog.
  await expect(open).toBeFocused();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/staff-shots/refund-card-en-390.png', fullPage: true });

  // The sales count it among the refunds, as the API does at the same moment.
  const { token } = await apiSignIn(request, 'manager@maple-bistro.example.com', { restaurant: 'maple-bistro' });
  await openStaffScreen(page, 'Sales');
  const totals = page.getByRole('region', { name: /^Sales of / });
  await expect(async () => {
    await page.reload();
    const sales = await (
      await request.get('/api/staff/sales', { headers: { 'X-Restaurant-Id': 'maple-bistro', Authorization: `Bearer ${token}` } })
    ).json();
    expect(sales.refunds.amount).toBeGreaterThanOrEqual(904);
    const shown = totals.getByRole('term').filter({ hasText: /^Refunds \(/ });
    await expect(shown).toHaveText(`Refunds (${sales.refunds.orders} ${sales.refunds.orders === 1 ? 'order' : 'orders'})`, {
      timeout: 2000,
    });
    await expect(shown.locator('xpath=following-sibling::dd[1]')).toContainText(dollars(sales.refunds.amount), { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/staff-shots/refund-sales-en-390.png', fullPage: true });

  // In French: the dialog again, one soup left.
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Order board' }).click();
  await page.getByRole('button', { name: 'Français' }).click();
  const carte = page.getByRole('article', { name: new RegExp(`^Commande no ${order.number}\\b`) });
  await expect(carte.getByRole('list', { name: `Remboursements de la commande no ${order.number}` })).toContainText('Remboursé 9,04');
  await carte.getByRole('button', { name: `Rembourser une partie de la commande no ${order.number}` }).click();
  const dialogue = page.getByRole('dialog', { name: `Rembourser une partie de la commande no ${order.number}` });
  await expect(dialogue.getByLabel(/^Soupe du jour \(16,00\s\$\) : combien en rembourser, sur 1 restant$/)).toBeVisible();
  await dialogue.getByRole('radio', { name: 'Un montant' }).check();
  await dialogue.getByLabel('Montant à rembourser, en dollars').fill('2,50');
  await expect(dialogue.getByText(/^À rembourser : 2,50\s\$, taxes comprises$/)).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/staff-shots/refund-dialog-fr-390.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(dialogue).toBeHidden();
  await page.getByRole('button', { name: 'English' }).click();

  // The kitchen's role, on the order once it is completed: its refunds shown, no refund of any kind.
  for (const status of ['accepted', 'ready', 'completed']) {
    const moved = await request.post(`/api/staff/orders/${order.id}/status`, {
      headers: { 'X-Restaurant-Id': 'maple-bistro', Authorization: `Bearer ${token}` },
      data: { status },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const kitchen = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await staffSignIn(kitchen, 'kitchen@maple-bistro.example.com');
  const kitchenCard = kitchen.getByRole('article', { name: new RegExp(`^Order #${order.number}\\b`) });
  await expect(kitchenCard.getByRole('list', { name: `Refunds of order #${order.number}` })).toBeVisible();
  await expect(kitchenCard.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
  await kitchenCard.focus();
  await kitchen.keyboard.press('f');
  await expect(kitchen.getByRole('status').filter({ hasText: 'Only the restaurant’s owners and managers can refund.' })).toBeVisible();
  await kitchen.close();
});
