import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import {
  addItem,
  APPROVED,
  chooseTime,
  continueToCheckout,
  DECLINED,
  expectConfirmed,
  factOf,
  fillCard,
  fillContact,
  openCart,
  openMenu,
  placeButton,
  receiptsFor,
  uniqueEmail,
} from './checkout-journey';

const MENU = '/maple-bistro?takeout=true&takeoutType=pickup';

/** Adds one soup and goes from the cart to checkout; returns the checkout dialog. */
async function openCheckout(page: Page): Promise<Locator> {
  await openMenu(page, MENU);
  await addItem(page, 'Soup of the day');
  await openCart(page);
  const checkout = await continueToCheckout(page);
  await expect(checkout.getByRole('heading', { name: 'Pickup time' })).toBeVisible();
  return checkout;
}

async function fillForm(checkout: Locator, email: string, card: string) {
  await checkout.getByRole('radio', { name: 'Social media' }).check();
  await fillContact(checkout, email);
  await expect(checkout.getByRole('textbox', { name: /^Phone number/ })).toHaveValue('416-555-0101');
  await fillCard(checkout, card);
  await expect(checkout.getByRole('textbox', { name: /^Expiry date/ })).toHaveValue('12/30');
}

test('a guest places a takeout pickup order with the approved test card and sees the confirmation, which survives a reload', async ({
  page,
  request,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => void sent.push(request.url()));
  const checkout = await openCheckout(page);
  await chooseTime(checkout);
  // The server's ASAP time, the kitchen queue's wait included (decision 0131), as a clock time and a wait.
  await expect(checkout.getByText(/^Earliest: about \d{1,2}:\d\d [AP]M \(in about \d/)).toBeVisible();
  const email = uniqueEmail('guest');
  await fillForm(checkout, email, APPROVED);
  await expect(checkout.getByRole('textbox', { name: /^Card number/ })).toHaveValue('4242-4242-4242-4242');
  await expect(checkout.getByText('Card type: Visa')).toBeVisible();
  // Headless Chromium has neither Apple Pay nor Google Pay: they are not offered.
  await expect(checkout.getByRole('radio', { name: /Apple Pay|Google Pay/ })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await placeButton(checkout).click();
  const number = await expectConfirmed(page);
  await expect(factOf(page, 'Total charged')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(page.getByRole('term').filter({ hasText: 'Pickup time' })).toBeVisible();
  await expect(page.getByText(`A receipt is on its way to ${email}.`)).toBeVisible();
  await expectNoA11yViolations(page);

  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
  // The cart is empty, and so is its stored copy.
  expect(await page.evaluate(() => localStorage.getItem('servery-cart:maple-bistro'))).toBeNull();

  // A reload reads the order again from the server.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible();
  await expect(factOf(page, 'Order number')).toHaveText(number);

  // In French too.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Commande confirmée' })).toBeVisible();
  await expect(factOf(page, 'Numéro de commande')).toHaveText(number);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'English' }).click();

  await page.getByRole('link', { name: 'Back to the menu' }).click();
  await expect(page).toHaveURL(/\/maple-bistro\?takeout=true&takeoutType=pickup$/);
  await expect(page.getByRole('button', { name: 'Soup of the day', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^View cart/ })).toHaveCount(0);

  // The whole journey asked nothing of another host: no font service, no wallet manifest, no analytics.
  const ours = new URL(page.url()).host;
  expect(sent.filter((url) => /^https?:/.test(url) && new URL(url).host !== ours)).toEqual([]);
});

test('the checkout has no accessibility violations in French, and says its messages in French', async ({ page }) => {
  await openMenu(page, MENU);
  await addItem(page, 'Soup of the day');
  await page.getByRole('button', { name: 'Français' }).click();
  await page.getByRole('button', { name: /^Voir le panier/ }).click();
  await page.getByRole('button', { name: 'Passer au paiement' }).click();
  const checkout = page.getByRole('dialog', { name: 'Paiement de la commande' });
  await expect(checkout.getByRole('heading', { name: 'Coordonnées' })).toBeVisible();
  await expect(checkout.getByRole('heading', { name: 'Heure de cueillette' })).toBeVisible();
  await checkout.getByRole('button', { name: /^Passer la commande/ }).click();
  await expect(checkout.getByText('Ce champ est obligatoire.').first()).toBeVisible();
  await expectNoA11yViolations(page);
});

test('at 360 px the phone’s Back closes the cart and checkout over the menu, and checkout offers the language switch: by keyboard, what was typed kept, axe-clean', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openMenu(page, MENU);
  await addItem(page, 'Soup of the day');
  const cart = await openCart(page);
  await expect(cart).toBeVisible();
  await page.goBack();
  await expect(cart).toBeHidden();
  await expect(page).toHaveURL(/\/maple-bistro\?takeout=true&takeoutType=pickup$/);

  await openCart(page);
  const checkout = await continueToCheckout(page);
  const email = uniqueEmail('switch');
  await checkout.getByRole('radio', { name: 'Social media' }).check();
  await fillContact(checkout, email);
  // The page's switch is behind the dialog; checkout's header has its own, before its close button.
  await checkout.getByRole('button', { name: 'Close checkout' }).focus();
  await page.keyboard.press('Shift+Tab');
  const toFrench = checkout.getByRole('button', { name: 'Français' });
  await expect(toFrench).toBeFocused();
  await expect(toFrench).toHaveAttribute('lang', 'fr');
  await page.keyboard.press('Enter');

  const paiement = page.getByRole('dialog', { name: 'Paiement de la commande' });
  await expect(paiement.getByRole('heading', { name: 'Coordonnées' })).toBeVisible();
  const toEnglish = paiement.getByRole('button', { name: 'English' });
  await expect(toEnglish).toBeFocused();
  await expect(toEnglish).toHaveAttribute('lang', 'en');
  await expect(paiement.getByRole('radio', { name: 'Réseaux sociaux' })).toBeChecked();
  await expect(paiement.getByRole('textbox', { name: /^Nom complet/ })).toHaveValue('Dana Diner');
  await expect(paiement.getByRole('textbox', { name: /^Courriel/ })).toHaveValue(email);
  await expect(paiement.getByRole('textbox', { name: /^Numéro de téléphone/ })).toHaveValue('416-555-0101');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('checkout-switch-fr-360.png') });
  await expectNoA11yViolations(page);

  await page.keyboard.press('Enter');
  await expect(checkout.getByRole('heading', { name: 'Contact' })).toBeVisible();
  await expect(toFrench).toBeFocused();
  await expect(checkout.getByRole('textbox', { name: /^Full name/ })).toHaveValue('Dana Diner');
  await page.screenshot({ path: test.info().outputPath('checkout-switch-en-360.png') });
  await expectNoA11yViolations(page);

  // Back closes checkout (not the menu), the cart as it was.
  await page.goBack();
  await expect(checkout).toBeHidden();
  await expect(cart).toBeHidden();
  await expect(page).toHaveURL(/\/maple-bistro\?takeout=true&takeoutType=pickup$/);
  await expect(page.getByRole('button', { name: /^View cart, 1 item/ })).toBeVisible();
});

test('a declined card shows the error, keeps the cart and the form, and places no order', async ({ page, request }) => {
  const checkout = await openCheckout(page);
  await chooseTime(checkout);
  const email = uniqueEmail('declined');
  await fillForm(checkout, email, DECLINED);
  await placeButton(checkout).click();

  await expect(checkout.getByRole('alert').filter({ hasText: 'Your card was declined. Please use another card.' })).toBeVisible();
  // The card number and CVD are to be typed again; the rest of the form stays.
  await expect(checkout.getByRole('textbox', { name: /^Card number/ })).toHaveValue('');
  await expect(checkout.getByRole('textbox', { name: /^Security code/ })).toHaveValue('');
  await expect(checkout.getByRole('textbox', { name: /^Email/ })).toHaveValue(email);
  await expect(checkout.getByRole('textbox', { name: /^Expiry date/ })).toHaveValue('12/30');
  expect(await page.evaluate(() => localStorage.getItem('servery-cart:maple-bistro'))).not.toBeNull();
  expect(await receiptsFor(request, email)).toHaveLength(0);

  // The same form with the approved card goes through: one order.
  await checkout.getByRole('textbox', { name: /^Card number/ }).fill(APPROVED);
  await checkout.getByRole('textbox', { name: /^Security code/ }).fill('123');
  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
});

test('a double click on "Place order" places one order', async ({ page, request }) => {
  const checkout = await openCheckout(page);
  await chooseTime(checkout);
  const email = uniqueEmail('double');
  await fillForm(checkout, email, APPROVED);
  await placeButton(checkout).dblclick();

  await expectConfirmed(page);
  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
  const receipts = await receiptsFor(request, email);
  expect(new Set(receipts.map((message) => message.order_id)).size).toBe(1);
});

test('a guest who asks to be remembered finds the next checkout filled in on this device, nothing of the card but its postal code; unticked, it is forgotten', async ({
  page,
}) => {
  const email = uniqueEmail('remembered');
  let checkout = await openCheckout(page);
  const remember = () => checkout.getByRole('checkbox', { name: 'Remember my details on this device for my next order' });
  await expect(remember()).not.toBeChecked();
  await chooseTime(checkout);
  await fillForm(checkout, email, APPROVED);
  await remember().check();
  await placeButton(checkout).click();
  await expectConfirmed(page);
  const kept = await page.evaluate(() => localStorage.getItem('servery.contact') ?? '');
  expect(kept).not.toContain(APPROVED);
  expect(kept).not.toContain('1230');

  // The next order on this device: the contact and the card's postal code are there, the card's number is not.
  checkout = await openCheckout(page);
  await expect(remember()).toBeChecked();
  await expect(checkout.getByRole('textbox', { name: /^Full name/ })).toHaveValue('Dana Diner');
  await expect(checkout.getByRole('textbox', { name: /^Email/ })).toHaveValue(email);
  await expect(checkout.getByRole('textbox', { name: /^Phone number/ })).toHaveValue('416-555-0101');
  await expect(checkout.getByRole('textbox', { name: /^Postal code/ })).toHaveValue('K1K1Y1');
  await expect(checkout.getByRole('textbox', { name: /^Card number/ })).toHaveValue('');
  await expectNoA11yViolations(page);

  // Unticked: placed, and forgotten.
  await chooseTime(checkout);
  await checkout.getByRole('radio', { name: 'Social media' }).check();
  await fillCard(checkout, APPROVED);
  await remember().uncheck();
  await placeButton(checkout).click();
  await expectConfirmed(page);
  checkout = await openCheckout(page);
  await expect(remember()).not.toBeChecked();
  await expect(checkout.getByRole('textbox', { name: /^Email/ })).toHaveValue('');
});
