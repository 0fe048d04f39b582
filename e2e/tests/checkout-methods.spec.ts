import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import {
  addItem,
  APPROVED,
  cartDialog,
  chooseTime,
  continueToCheckout,
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

test('dine-in with ?tableNum=: the table is in the review and the confirmation, and no pickup time is asked', async ({ page, request }) => {
  await openMenu(page, '/maple-bistro?tableNum=12');
  await addItem(page, 'Soup of the day');
  await openCart(page);
  const checkout = await continueToCheckout(page);
  const review = checkout.getByRole('region', { name: 'Review your order' });
  await expect(review.getByText('Table 12', { exact: true })).toBeVisible();
  await expect(checkout.getByRole('heading', { name: 'Pickup time' })).toHaveCount(0);
  // Maple Bistro keeps no tabs.
  await expect(checkout.getByRole('checkbox', { name: 'Put this order on a tab' })).toHaveCount(0);
  const email = uniqueEmail('dine-in');
  await checkout.getByRole('radio', { name: 'Social media' }).check();
  await fillContact(checkout, email);
  await fillCard(checkout, APPROVED);
  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect(factOf(page, 'Table')).toHaveText('12');
  await expect(page.getByRole('term').filter({ hasText: 'Pickup time' })).toHaveCount(0);
  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
});

async function arenaCheckout(page: Page) {
  await openMenu(page, '/northside-arena?tableNum=A12');
  await addItem(page, 'Classic hot dog');
  await openCart(page);
  return continueToCheckout(page);
}

test('an open tab at the arena: the owner is the contact’s name unless changed, and the confirmation says whose tab', async ({ page }) => {
  const checkout = await arenaCheckout(page);
  await fillContact(checkout, uniqueEmail('tab'));
  await checkout.getByRole('checkbox', { name: 'Put this order on a tab' }).check();
  const owner = checkout.getByRole('textbox', { name: /^Name on the tab/ });
  await expect(owner).toHaveValue('Dana Diner');
  await owner.fill('Sam Lee');
  await checkout.getByRole('radio', { name: 'Credit card' }).check();
  await fillCard(checkout, APPROVED);
  await expectNoA11yViolations(page);
  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect(factOf(page, 'On the tab of')).toHaveText('Sam Lee');
  await expect(factOf(page, 'Table')).toHaveText('A12');
});

test('invoice at the arena: its reference is required, and the order is placed without a card', async ({ page, request }) => {
  const checkout = await arenaCheckout(page);
  const email = uniqueEmail('invoice');
  await fillContact(checkout, email);
  const invoice = checkout.getByRole('radio', { name: /invoice/i });
  await invoice.check();
  await expect(checkout.getByRole('textbox', { name: /^Card number/ })).toHaveCount(0);
  await placeButton(checkout).click();
  const reference = checkout.getByRole('textbox', { name: /invoice/i });
  await expect(reference).toHaveAccessibleDescription('This field is required.');
  await reference.fill('INV-2026-114');
  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect(factOf(page.locator('.checkout-confirmation__facts'), 'Total')).toHaveText(/^\$\d+\.\d\d$/);
  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
});

/** Harbour Catering: catering orders from $150; a continental breakfast is $14.50 a person, for 10 or more. */
async function harbourCheckout(page: Page) {
  await openMenu(page, '/harbour-catering?catering=true');
  await addItem(page, 'Continental breakfast');
  const cart = await openCart(page);
  await expect(cart.getByText(/^Add \$5\.00 to reach the \$150\.00 minimum\.$/)).toBeVisible();
  const next = cart.getByRole('button', { name: 'Continue to checkout' });
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expect(next).toHaveAccessibleDescription('Add $5.00 to reach the $150.00 minimum.');
  await cart.getByRole('button', { name: 'Add one Continental breakfast' }).click();
  await expect(cart.getByText(/to reach the \$150\.00 minimum/)).toHaveCount(0);
  const checkout = await continueToCheckout(page);
  await expect(checkout.getByText('Catering orders start at $150.00 before tax.')).toBeVisible();
  await chooseTime(checkout);
  return checkout;
}

for (const [method, reference] of [
  ['Purchase order', 'PO-88812'],
  ['Cost centre', 'CC-4410'],
] as const) {
  test(`catering below its minimum cannot go on; at the minimum it is placed, paid by ${method.toLowerCase()} with its reference`, async ({
    page,
    request,
  }) => {
    const checkout = await harbourCheckout(page);
    const email = uniqueEmail('catering');
    await checkout.getByRole('checkbox', { name: 'None' }).check();
    await fillContact(checkout, email);
    const radio = checkout.getByRole('radio', { name: new RegExp(method.split(' ')[0] ?? method, 'i') });
    await radio.check();
    await checkout.getByRole('textbox', { name: new RegExp(method.split(' ')[0] ?? method, 'i') }).fill(reference);
    await placeButton(checkout).click();
    await expectConfirmed(page);
    await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
    expect(await cartDialog(page).count()).toBe(0);
  });
}

test('a pickup at the arena: the confirmation and the receipt say to collect it at the concourse', async ({ page, request }) => {
  await openMenu(page, '/northside-arena?takeout=true&takeoutType=pickup');
  await addItem(page, 'Classic hot dog');
  await openCart(page);
  const checkout = await continueToCheckout(page);
  await chooseTime(checkout);
  const email = uniqueEmail('concourse');
  await fillContact(checkout, email);
  await checkout.getByRole('radio', { name: 'Credit card' }).check();
  await fillCard(checkout, APPROVED);
  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect(factOf(page, 'Pick up at')).toHaveText('Main concourse');
  await expectNoA11yViolations(page);
  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
  const [receipt] = await receiptsFor(request, email);
  expect(receipt!.body).toMatch(/\nPickup time: [^\n]+\nPick up at: Main concourse\n/);
});
