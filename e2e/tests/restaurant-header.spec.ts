/**
 * The header of a restaurant's screens (components/restaurant-shell/restaurant-header.tsx): brand,
 * cart count, sign in or the account, language; signing in and registering come back to the same
 * restaurant, ordering mode (every query parameter) and cart; the profile keeps the restaurant.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { addItem, cartDialog, openMenu } from './checkout-journey';
import { openItem } from './ready';

const MENU = '/maple-bistro?takeout=true&takeoutType=delivery&menuList=1010';
const NAME = 'Maple Bistro — Distillery District';

const header = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: /^Restaurant$/ });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
}

test('a guest fills a cart, signs in from the header, and is back on the same menu, mode and cart', async ({ page }) => {
  await openMenu(page, MENU);
  await expect(header(page).getByRole('link', { name: NAME })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await addItem(page, 'Soup of the day');
  await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expectNoA11yViolations(page);
  for (const width of [320, 390, 412]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page);
  }

  await header(page).getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  // The login page keeps the restaurant's header, without a second way to sign in.
  await expect(header(page).getByRole('link', { name: `Back to ${NAME}` })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.getByLabel('Email').fill('diner@example.com');
  await page.getByLabel('Password').fill('Demo1234!');
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/maple-bistro' && url.search === MENU.slice('/maple-bistro'.length));
  await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await header(page).getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(cartDialog(page).getByText('Soup of the day').first()).toBeVisible();
  await expect(cartDialog(page).getByRole('radio', { name: 'Delivery', exact: true })).toBeChecked();
  await expectNoA11yViolations(page);
  await cartDialog(page).getByRole('button', { name: 'Close' }).first().click();

  // The account keeps the restaurant's colours and leads back to the menu as it was.
  await header(page).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/profile\?restaurant=maple-bistro$/);
  await header(page)
    .getByRole('link', { name: `Back to ${NAME}` })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/maple-bistro' && url.search === MENU.slice('/maple-bistro'.length));
  await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});

test('en français, une personne s’inscrit depuis l’en-tête et revient au même menu, au même mode et au même panier', async ({ page }) => {
  await openMenu(page, '/maple-bistro?catering=true');
  await page.getByRole('button', { name: 'Français' }).click();
  const name = 'Crêpes au babeurre';
  const dialog = await openItem(page, name);
  await dialog.getByRole('button', { name: 'Ajouter à la commande' }).click();
  await expect(dialog).toBeHidden();
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Restaurant' });
  await expect(nav.getByRole('link', { name: 'Panier, 1 article' })).toBeVisible();
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);

  await nav.getByRole('link', { name: 'Se connecter' }).click();
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await page.getByLabel('Prénom').fill('Ada');
  await page.getByLabel('Nom de famille').fill('Lovelace');
  await page.getByLabel('Courriel').fill(`header-${Date.now()}@example.com`);
  await page.getByLabel('Numéro de téléphone').fill('4165550199');
  await page.getByLabel('Mot de passe').fill('Secret12!');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/maple-bistro' && url.search === '?catering=true');
  await expect(nav.getByRole('link', { name: 'Compte' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Panier, 1 article' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
});
