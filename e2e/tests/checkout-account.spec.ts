import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import {
  APPROVED,
  checkoutOf,
  chooseTime,
  expectConfirmed,
  factOf,
  fillCard,
  fillContact,
  placeButton,
  uniqueEmail,
} from './checkout-journey';
import { dinerSignIn } from './ready';

async function pickupCheckout(page: Page) {
  const checkout = await checkoutOf(page, 'Soup of the day');
  await chooseTime(checkout);
  await checkout.getByRole('radio', { name: 'Social media' }).check();
  return checkout;
}

test('a guest creates an account at checkout: an e-mail already used is refused on its field, then the order is theirs', async ({
  page,
}) => {
  const checkout = await pickupCheckout(page);
  await fillContact(checkout, 'diner@example.com');
  await fillCard(checkout, APPROVED);
  await checkout.getByRole('checkbox', { name: 'Create an account with these details' }).check();
  const password = checkout.getByLabel(/^Password/);
  await expect(password).toHaveAccessibleDescription(/^At least 8 characters with one uppercase letter/);
  await password.fill('weakpass');
  await placeButton(checkout).click();
  await expect(password).toHaveAccessibleDescription(/Use at least one uppercase letter/);
  await password.fill('Checkout1!');
  await expectNoA11yViolations(page);
  await placeButton(checkout).click();
  const email = checkout.getByRole('textbox', { name: /^Email/ });
  await expect(email).toHaveAccessibleDescription('An account already uses this e-mail. Please log in or reset your password.');
  await expect(email).toBeFocused();

  const fresh = uniqueEmail('register');
  await email.fill(fresh);
  await placeButton(checkout).click();
  await expectConfirmed(page);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('servery.session') ?? 'null') as { userId: number } | null);
  expect(stored?.userId).toBeGreaterThan(0);
  // The account exists: logging in with it works.
  const login = await page.request.post('/api/auth/login-native', { data: { email: fresh, password: 'Checkout1!' } });
  expect(login.status()).toBe(200);
});

test('diner@example.com: the contact comes from the account; a new card saved at checkout is preselected next time', async ({ page }) => {
  await dinerSignIn(page);
  const checkout = await pickupCheckout(page);
  await expect(checkout.getByRole('textbox', { name: /^Full name/ })).toHaveValue('Dana Diner');
  await expect(checkout.getByRole('textbox', { name: /^Email/ })).toHaveValue('diner@example.com');
  await expect(checkout.getByText('Signed in as diner@example.com: this order is saved to your account.')).toBeVisible();
  await expect(checkout.getByRole('checkbox', { name: /Create an account/ })).toHaveCount(0);
  // The demo diner may already have a saved card (from an earlier test in this run): use a new one.
  const newCard = checkout.getByRole('radio', { name: 'Use a new card' });
  if (await newCard.isVisible()) await newCard.check();
  await fillCard(checkout, '5555555555554444');
  await checkout.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  await placeButton(checkout).click();
  await expectConfirmed(page);

  // Next order: the saved card is there, the default one chosen, nothing to type.
  const again = await pickupCheckout(page);
  const saved = again.getByRole('radio', { name: /^Mastercard ending in 4444/ });
  await expect(saved).toBeVisible();
  await expect(again.getByRole('radio', { checked: true, name: /ending in/ })).toHaveCount(1);
  await saved.check();
  await expect(again.getByRole('textbox', { name: /^Card number/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await placeButton(again).click();
  await expectConfirmed(page);
  await expect(factOf(page, 'Total charged')).toHaveText(/^\$\d+\.\d\d$/);
});
