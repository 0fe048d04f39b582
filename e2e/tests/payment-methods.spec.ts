import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openPage } from './ready';

const PASSWORD = 'Secret12!';

/** A new account made through the API, then signed in through the login screen. */
async function signInAsNewDiner(page: Page, label: string): Promise<string> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await page.request.post('/api/auth/register-user', {
    data: { firstName: 'Carla', lastName: 'Cards', email, password: PASSWORD },
    headers: { 'X-Restaurant-Id': 'maple-bistro' },
  });
  expect(registered.ok()).toBe(true);
  await openPage(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  return email;
}

/** With no card yet the form is already open; otherwise "Add a card" opens it. */
async function addCard(page: Page, number: string, expiry: string, makeDefault = false) {
  const add = page.getByRole('button', { name: 'Add a card' });
  if (await add.isVisible()) await add.click();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(expiry);
  await page.getByLabel('Security code (CVD)').fill('123');
  if (makeDefault) await page.getByRole('checkbox', { name: 'Make it my default card' }).check();
  await page.getByRole('button', { name: 'Save card' }).click();
}

const notice = (page: Page) => page.getByRole('status').filter({ hasText: /ending in/ });
const card = (page: Page, name: RegExp) => page.getByRole('listitem').filter({ has: page.getByRole('radio', { name }) });

test('a diner adds two cards, moves the default, deletes one after confirming, and the list survives a reload', async ({ page }) => {
  await signInAsNewDiner(page, 'cards');
  await openPage(page, '/profile/user-payment-methods');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
  await expect(page.getByText('You have no saved card yet.')).toBeVisible();

  // A card brand the processor does not take is refused on its field, and nothing is saved.
  await addCard(page, '6011111111111117', '1230');
  await expect(page.getByText('Enter a valid credit card number.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page.getByText('You have no saved card yet.')).toBeVisible();

  await page.getByLabel('Card number').fill('');
  await addCard(page, '4242424242424242', '1230');
  await expect(notice(page)).toHaveText('Visa ending in 4242 is saved.');
  // The first card is the default without asking.
  await expect(card(page, /Visa ending in 4242/).getByText('Default', { exact: true })).toBeVisible();

  await addCard(page, '5555555555554444', '0129', true);
  await expect(notice(page)).toHaveText('Mastercard ending in 4444 is saved.');
  await expect(card(page, /Mastercard ending in 4444/).getByText('Default', { exact: true })).toBeVisible();
  await expect(card(page, /Visa ending in 4242/).getByText('Default', { exact: true })).toHaveCount(0);
  await expect(card(page, /Mastercard ending in 4444/).getByText('Expires 01/29')).toBeVisible();

  await page.getByRole('button', { name: 'Make Visa ending in 4242 my default card' }).click();
  await expect(notice(page)).toHaveText('Visa ending in 4242 is now your default card.');
  await expect(card(page, /Visa ending in 4242/).getByText('Default', { exact: true })).toBeVisible();

  // Deleting asks first; "Keep it" keeps the card.
  await page.getByRole('button', { name: 'Delete Mastercard ending in 4444' }).click();
  await expect(page.getByRole('button', { name: 'Yes, delete' })).toBeFocused();
  await page.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByRole('radio', { name: /Mastercard ending in 4444/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Mastercard ending in 4444' }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(notice(page)).toHaveText('Mastercard ending in 4444 is deleted.');
  await expect(page.getByRole('radio', { name: /Mastercard ending in 4444/ })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.reload();
  await expect(page.getByRole('radio', { name: /Visa ending in 4242/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Mastercard/ })).toHaveCount(0);

  // The same screen in French.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modes de paiement' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('payment-methods-fr.png'), fullPage: true });
});

test('Continue needs a chosen card; Skip goes on without one', async ({ page }) => {
  await signInAsNewDiner(page, 'skip');
  await openPage(page, '/profile/user-payment-methods');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose a card, or add one, to continue.');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
