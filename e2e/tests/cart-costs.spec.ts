/**
 * The cart shows every line that changes the total (features/cart/cost-breakdown.tsx `summaryRows`),
 * and they add up; an item without a required choice is added from its card.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { cartDialog, openMenu } from './checkout-journey';

/** The summary's rows as [label, cents], a reduction negative ("-$1.60" or "-1,60 $"). */
async function summaryRows(cart: Locator): Promise<Array<[string, number]>> {
  const summary = cart.getByRole('region', { name: /^(Summary|Sommaire)$/ });
  await expect(summary).not.toHaveAttribute('aria-busy', 'true');
  const rows = await summary
    .locator(':scope > dl > div')
    .evaluateAll((elements) =>
      elements.map((row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? '']),
    );
  return rows.map(([label, amount]) => {
    const digits = (amount ?? '').replace(/[^\d-]/g, '');
    return [label ?? '', Number(digits)];
  });
}

function expectRowsAddUp(rows: Array<[string, number]>, totalLabel: string) {
  const totalAt = rows.findIndex(([label]) => label === totalLabel);
  expect(totalAt).toBeGreaterThan(1);
  const before = rows.slice(0, totalAt).reduce((sum, [, cents]) => sum + cents, 0);
  expect(before).toBe(rows[totalAt]?.[1]);
}

async function quickAdd(page: Page, label: string) {
  await expect(async () => {
    await page.getByRole('button', { name: label, exact: true }).click();
    await expect(page.getByRole('button', { name: /^(View cart|Voir le panier)/ })).toBeVisible({ timeout: 1500 });
  }).toPass();
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
}

test('a delivery cart shows subtotal, service and delivery charges, tax, tip and total, and they add up', async ({ page }) => {
  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=delivery');
  await quickAdd(page, 'Add Soup of the day');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: /^View cart, 1 item, \$/ }).click();
  const cart = cartDialog(page);
  const rows = await summaryRows(cart);
  const labels = rows.map(([label]) => label);
  expect(labels[0]).toBe('Subtotal');
  expect(labels).toContain('Total');
  expect(labels.some((label) => /^Delivery charge \(10\s%\)$/.test(label))).toBe(true);
  expect(labels.some((label) => /^Service charge/.test(label))).toBe(true);
  expect(labels.some((label) => /^(HST|Taxes)/.test(label))).toBe(true);
  expect(labels.some((label) => /^Tip/.test(label))).toBe(true);
  expectRowsAddUp(rows, 'Total');
  await expectNoA11yViolations(page);
  for (const width of [320, 390, 412]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page);
  }
});

test('en français, l’ajout rapide et un sommaire dont les lignes font le total', async ({ page }) => {
  await openMenu(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  await page.getByRole('button', { name: 'Français' }).click();
  await quickAdd(page, 'Ajouter Soupe du jour');
  await page.getByRole('button', { name: /^Voir le panier, 1 article, / }).click();
  const cart = page.getByRole('dialog', { name: 'Votre panier' });
  const rows = await summaryRows(cart);
  expect(rows[0]?.[0]).toBe('Sous-total');
  expectRowsAddUp(rows, 'Total');
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page);
});
