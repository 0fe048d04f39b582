/**
 * Ordering ahead before opening time (docs/decisions/0027-ordering-ahead.md): against the second
 * server, whose clock starts at today's 9 a.m. in Toronto (playwright.config.ts), with the browser's
 * clock pinned to the same instant. Maple Bistro opens at 10 or 11 (tenants/maple-bistro.json).
 */
import { expect, test, type Page } from '@playwright/test';
import { earlyBaseURL, earlyClockStart } from '../playwright.config';
import { expectNoA11yViolations } from './axe';
import {
  addItem,
  expectConfirmed,
  factOf,
  fillCard,
  fillContact,
  openCart,
  continueToCheckout,
  placeButton,
  uniqueEmail,
  APPROVED,
} from './checkout-journey';
import { openItem, openPage } from './ready';

test.use({ baseURL: earlyBaseURL });

const MENU = '/maple-bistro?takeout=true&takeoutType=pickup';

async function openEarly(page: Page, url: string): Promise<void> {
  await page.clock.setFixedTime(earlyClockStart);
  await openPage(page, url);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
}

test('at 9 a.m., before opening, a guest orders a pickup for the first slot the server offers, and gets it', async ({ page }) => {
  await openEarly(page, MENU);
  const notices = page.getByRole('region', { name: 'Notices' });
  await expect(notices.getByText('Closed right now')).toBeVisible();
  await expect(notices.getByText(/^Order ahead: the earliest time you can choose is today at (10|11):00 AM\.$/)).toBeVisible();
  await expect(notices.getByText(/ordering is closed/)).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 320, height: 740 });
  await expectNoSidewaysScroll(page);

  await addItem(page, 'Soup of the day');
  await openCart(page);
  const checkout = await continueToCheckout(page);
  await expect(checkout.getByRole('heading', { name: 'Pickup time' })).toBeVisible();
  // ASAP is not offered before opening; the first slot of today is chosen.
  await expect(checkout.getByRole('radio', { name: 'As soon as possible' })).toHaveCount(0);
  await expect(checkout.getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
  const time = checkout.getByRole('combobox', { name: 'Time' });
  await expect(time.locator('option:checked')).toHaveText(/^(10|11):00 a\.m\./);
  await checkout.getByRole('radio', { name: 'Social media' }).check();
  await fillContact(checkout, uniqueEmail('ahead'));
  await fillCard(checkout, APPROVED);
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);

  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect(factOf(page, 'Pickup time')).toHaveText(/(10|11):00\sAM/);
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
});

test('en français, avant l’ouverture, un traiteur peut commander pour plus tard', async ({ page }) => {
  await openEarly(page, '/maple-bistro?catering=true');
  await page.getByRole('button', { name: 'Français' }).click();
  const notices = page.getByRole('region', { name: 'Avis' });
  await expect(notices.getByText('Fermé en ce moment')).toBeVisible();
  await expect(notices.getByText(/^Commandez à l’avance : le premier moment offert est aujourd’hui à (10|11) h 00\.$/)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 320, height: 740 });
  await expectNoSidewaysScroll(page);

  const name = 'Crêpes au babeurre';
  const dialog = await openItem(page, name);
  await expect(dialog.getByText(/Le restaurant est fermé/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Ajouter à la commande' }).click();
  await expect(dialog).toBeHidden();
});

test('a table’s order is still refused before opening: the item dialog says the restaurant is closed', async ({ page }) => {
  await openEarly(page, '/maple-bistro?tableNum=12');
  await expect(page.getByText('You can browse the menu, but ordering is closed.', { exact: false })).toBeVisible();
  const dialog = await openItem(page, 'Soup of the day');
  await expect(dialog.getByText('The restaurant is closed: you can’t order right now.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add to order' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});
