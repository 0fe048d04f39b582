/**
 * Issue 30, defect 5: after a scheduled order is cancelled for credit, the diner's profile shows the
 * balance at that restaurant, and that restaurant's cart shows the credit applied, exact to the cent
 * and never more than the total, in English and French. Maple Bistro, where the demo diner's
 * scheduled orders are, does not offer credits itself (`credits_enabled` is off): the credit it gave
 * back must still count there (docs/decisions/0082-credits-given-are-spendable.md).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { addItem, BISTRO_PICKUP, cartDialog, openCart, openMenu } from './checkout-journey';
import { costRows, openSignedIn, placeBistroPickup, registerDiner } from './diner-orders';
import { openPage } from './ready';

const WORDS = {
  'en-CA': { cart: 'Your cart', summary: 'Summary', total: 'Total', credits: 'Account credits', due: 'Amount due' },
  'fr-CA': { cart: 'Votre panier', summary: 'Sommaire', total: 'Total', credits: 'Crédits du compte', due: 'Montant dû' },
} as const;

/** The cart summary's rows by label: the total, the credits applied and what is left to pay. */
async function cartCredits(page: Page, locale: keyof typeof WORDS): Promise<{ total: number; credits: number; due: number }> {
  const words = WORDS[locale];
  const summary: Locator = page.getByRole('dialog', { name: words.cart }).getByRole('region', { name: words.summary });
  await expect(summary.getByRole('term').filter({ hasText: words.credits })).toBeVisible();
  await expect(summary).not.toHaveAttribute('aria-busy', 'true');
  const rows = new Map(await costRows(summary));
  return { total: rows.get(words.total)!, credits: rows.get(words.credits)!, due: rows.get(words.due)! };
}

test('a credit from a cancelled order shows in the profile and is applied in the cart, in English and French', async ({
  page,
  request,
}) => {
  // Two languages, two screens, the cart three times and four accessibility scans: longer than one journey.
  test.slow();
  const diner = await registerDiner(request, 'credits');
  const order = await placeBistroPickup(request, diner);
  const balance = order.costs.totalWithTip;
  const headers = { 'X-Restaurant-Id': 'maple-bistro', Authorization: `Bearer ${diner.token}` };
  const cancelled = await request.put(`/api/auth/orders/cancel-scheduled-order/${order.id}`, { headers });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  // The profile: the balance per restaurant, with its expiry.
  await openSignedIn(page, diner, '/profile');
  const credit = page.getByRole('region', { name: 'Account credit' });
  await expect(credit.getByRole('term')).toHaveText(['Maple Bistro']);
  await expect(credit.getByRole('definition')).toContainText(`$${(balance / 100).toFixed(2)}`);
  await expect(credit.getByRole('definition')).toContainText(/expires \d{2}\/\d{2}\/\d{4}/);
  await expectNoA11yViolations(page);

  // The receipt says where the money went: credit, never "Refunded" (the card's charge stands; decision 0138).
  await openPage(page, '/profile/receipts');
  const receipt = page
    .getByRole('list', { name: 'Past receipts' })
    .getByRole('listitem')
    .filter({ hasText: String(order.number) })
    .first();
  await expect(receipt.getByRole('term').filter({ hasText: 'Credited to your account' })).toBeVisible();
  await expect(
    receipt
      .getByRole('definition')
      .filter({ hasText: `$${(balance / 100).toFixed(2)}` })
      .first(),
  ).toBeVisible();
  await expect(receipt.getByRole('term').filter({ hasText: 'Refunded' })).toHaveCount(0);

  // One soup costs less than the credit: the credit pays it all, and no more than its total.
  await openMenu(page, BISTRO_PICKUP);
  await addItem(page, 'Soup of the day');
  await openCart(page);
  const whole = await cartCredits(page, 'en-CA');
  expect(whole.total).toBeLessThan(balance);
  expect(whole).toEqual({ total: whole.total, credits: -whole.total, due: 0 });
  await expectNoA11yViolations(page);

  // Three soups cost more: the whole balance is applied, and the rest is due.
  await page.keyboard.press('Escape');
  await expect(cartDialog(page)).toBeHidden();
  await addItem(page, 'Soup of the day');
  await addItem(page, 'Soup of the day');
  await openCart(page);
  await expect(cartDialog(page).getByRole('term').filter({ hasText: WORDS['en-CA'].credits })).toBeVisible();
  await expect.poll(async () => (await cartCredits(page, 'en-CA')).total).toBeGreaterThan(balance);
  const part = await cartCredits(page, 'en-CA');
  expect(part).toEqual({ total: part.total, credits: -balance, due: part.total - balance });

  // In French: the profile's balance and the cart's credits.
  await openPage(page, '/profile');
  await page.getByRole('button', { name: 'Français' }).click();
  const creditFr = page.getByRole('region', { name: 'Crédit au compte' });
  await expect(creditFr.getByRole('term')).toHaveText(['Maple Bistro']);
  await expect(creditFr.getByRole('definition')).toContainText(`${(balance / 100).toFixed(2).replace('.', ',')}\u00a0$`);
  await expectNoA11yViolations(page);
  await openMenu(page, BISTRO_PICKUP);
  await page.getByRole('button', { name: /^Voir le panier/ }).click();
  const fr = await cartCredits(page, 'fr-CA');
  expect(fr).toEqual({ total: part.total, credits: -balance, due: part.total - balance });
  await expectNoA11yViolations(page);
});
