import { expect, test, type Page } from '@playwright/test';
import { localDate } from '../../packages/domain/src/school-days';
import { zonedInstant } from '../../packages/domain/src/price-schedule';
import { expectNoA11yViolations } from './axe';
import {
  cartDialog,
  chooseTime,
  continueToCheckout,
  expectConfirmed,
  addItem,
  openCart,
  placeButton,
  receiptsFor,
  uniqueEmail,
} from './checkout-journey';
import { openPage } from './ready';

// The server's clock starts at today's 1 p.m. in Toronto (e2e/server.mjs); the browser's is pinned to
// the same moment, so the landing's "today" is the server's and its pickup slots are real.
const ZONE = 'America/Toronto';
const [year, month, day] = localDate(new Date(), ZONE).split('-').map(Number) as [number, number, number];
const SERVER_NOW = zonedInstant(ZONE, year, month, day, 13, 0);

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a canteen order end to end from /cantine: the week, the subsidy, a pickup slot, paid by cost centre', async ({ page, request }) => {
  await page.clock.setFixedTime(SERVER_NOW);
  await openPage(page, '/cantine');
  await expect(page.locator('#app-cantine')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Cantine Laurier — Staff canteen' })).toBeVisible();
  const subsidy = page.getByRole('region', { name: 'Your meals, subsidised by Laurier Group' });
  await expect(subsidy).toContainText(
    'Every price is a suggestion: at checkout you choose what you pay, and Laurier Group covers the rest.',
  );
  await expect(page.getByRole('heading', { level: 2, name: /^Today, / })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'The week ahead' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(6);
  await expect(page.getByRole('list', { name: /^Dishes of the day, / }).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'canteen-landing-en');

  // The first day still open: today on a weekday before 2:30 p.m., else the next open day.
  const order = page.getByRole('link', { name: /^Order (ahead )?for pickup/ }).first();
  const href = (await order.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/cantine\?takeout=true&takeoutType=pickup&takeoutSpecificDates=\d{4}-\d\d-\d\d$/);
  await order.click();
  await expect(page.getByRole('link', { name: 'Back to the canteen’s week' })).toBeVisible();
  await addItem(page, 'Turkey club');
  await openCart(page);
  await expectNoA11yViolations(page);
  const checkout = await continueToCheckout(page);
  await chooseTime(checkout);
  const email = uniqueEmail('canteen');
  await checkout.getByRole('textbox', { name: /^Full name/ }).fill('Dana Diner');
  await checkout.getByRole('textbox', { name: /^Email/ }).fill(email);
  await checkout.getByRole('radio', { name: /Cost centre/ }).check();
  await checkout.getByRole('textbox', { name: /Cost centre/ }).fill('CC-7781');
  await expectNoA11yViolations(page);
  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect(page).toHaveURL(/\/cantine\/order-confirmation$/);
  await expect(page.locator('#app-cantine')).toHaveCount(1);
  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
  expect(await cartDialog(page).count()).toBe(0);
});

test('the canteen landing in French, axe clean', async ({ page }) => {
  await page.clock.setFixedTime(SERVER_NOW);
  await openPage(page, '/cantine');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('region', { name: 'Vos repas, subventionnés par Groupe Laurier' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'La semaine à venir' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Aujourd’hui, / })).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'canteen-landing-fr');
});
