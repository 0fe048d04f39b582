import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import {
  addItem,
  cartDialog,
  chooseTime,
  continueToCheckout,
  expectConfirmed,
  factOf,
  fillContact,
  openCart,
  openMenu,
  placeButton,
  receiptsFor,
  uniqueEmail,
} from './checkout-journey';

// Harbour Catering (tenants/harbour-catering.json): from $150 before tax; the continental breakfast
// is $14.50 a person for 10 or more; it delivers within 25 km of Old Montréal for $35.
test('a catering order respects the guest minimum and is delivered, with its charge, radius and PO reference', async ({
  page,
  request,
}) => {
  await openMenu(page, '/harbour-catering?catering=true');
  await page.getByRole('button', { name: 'Continental breakfast', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Continental breakfast' });
  await expect(dialog.getByText('Minimum order: 10')).toBeVisible();
  // Its add-on group's limit of 400 is what its two add-ons allow together: said per add-on instead.
  await expect(dialog.getByRole('group', { name: /^Add-ons \(per person\)/ })).toHaveAccessibleName(/Optional · Up to 200 of each$/);
  await expect(dialog.getByText(/Choose up to 400/)).toHaveCount(0);
  await expect(dialog.getByRole('group', { name: 'Quantity' })).toContainText('10');
  await expect(dialog.getByRole('button', { name: 'Decrease quantity' })).toHaveAttribute('aria-disabled', 'true');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await addItem(page, 'Continental breakfast');

  const cart = await openCart(page);
  await expect(cart.getByRole('button', { name: 'Remove one Continental breakfast' })).toHaveAttribute('aria-disabled', 'true');
  await cart.getByRole('button', { name: 'Add one Continental breakfast' }).click();
  // Breakfast needs 2 days of notice and an hour of preparation, said before checkout.
  await expect(
    cart.getByText(
      /^Catering is made to order: it needs 2 days 1 hour of notice\. The earliest it can be ready is \d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M\.$/,
    ),
  ).toBeVisible();
  await cart.getByRole('radio', { name: 'Delivery' }).check();
  await expect(cart.getByText('Delivered within 25 km. Delivery adds $35.00.')).toBeVisible();
  await cart.getByText('Why this price?').click();
  // The summary's line (the breakdown under "Why this price?" names it again).
  await expect(cart.getByText('Delivery charge').first()).toBeVisible();
  await expect(cart.getByText('$35.00', { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const checkout = await continueToCheckout(page);
  await expect(checkout.getByRole('heading', { name: 'Delivery address' })).toBeVisible();
  await checkout.getByRole('radio', { name: 'A street address' }).check();
  await checkout.getByRole('textbox', { name: /^Street address/ }).fill('355 Rue Saint-Paul E');
  await checkout.getByRole('textbox', { name: /^Postal or ZIP code/ }).fill('H2Y 1H2');
  await chooseTime(checkout);
  // The last day offered: the breakfast menu takes two orders a slot, and the other catering journeys
  // (checkout-methods.spec.ts) take the first day's first slot at the same time.
  const day = checkout.getByRole('combobox', { name: 'Day' });
  const days = await day
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  await day.selectOption(days[days.length - 1] ?? '');
  await checkout.getByRole('checkbox', { name: 'None' }).check();
  const email = uniqueEmail('catering-delivered');
  await fillContact(checkout, email);
  await checkout.getByRole('radio', { name: /Purchase/i }).check();
  await checkout.getByRole('textbox', { name: /Purchase/i }).fill('PO-55120');
  await expectNoSeriousA11yViolations(page);
  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect(factOf(page, 'Deliver to')).toHaveText(/^355 Rue Saint-Paul E, H2Y 1H2$/);
  await expect(factOf(page, 'Purchase order')).toHaveText('PO-55120');
  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
  expect(await cartDialog(page).count()).toBe(0);
});
