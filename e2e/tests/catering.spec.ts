import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
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
import { openItem } from './ready';

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
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await addItem(page, 'Continental breakfast');

  const cart = await openCart(page);
  await expect(cart.getByRole('button', { name: 'Remove one Continental breakfast' })).toHaveAttribute('aria-disabled', 'true');
  await cart.getByRole('button', { name: 'Add one Continental breakfast' }).click();
  // Breakfast needs 2 days of notice and an hour of preparation, said before checkout.
  await expect(
    cart.getByText(
      /^Catering is made to order: it needs 2 days 1 hour of notice\. The earliest it can be ready is \d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M, if no other order has taken that time: checkout shows the times still open\.$/,
    ),
  ).toBeVisible();
  await cart.getByRole('radio', { name: 'Delivery' }).check();
  await expect(cart.getByText('Delivered within 25 km. Delivery adds $35.00.')).toBeVisible();
  await cart.getByText('Why this price?').click();
  // The summary's line (the breakdown under "Why this price?" names it again).
  await expect(cart.getByText('Delivery charge').first()).toBeVisible();
  await expect(cart.getByText('$35.00', { exact: true }).first()).toBeVisible();
  await expectNoA11yViolations(page);

  const checkout = await continueToCheckout(page);
  await expect(checkout.getByRole('heading', { name: 'Delivery address' })).toBeVisible();
  // Two days of notice and an hour of preparation, in days: never "about 49 h 0 min".
  await expect(checkout.getByText('Preparation time: about 2 days 1 h', { exact: true })).toBeVisible();
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
  await expectNoA11yViolations(page);
  await placeButton(checkout).click();
  await expectConfirmed(page);
  await expect(factOf(page, 'Deliver to')).toHaveText(/^355 Rue Saint-Paul E, H2Y 1H2$/);
  await expect(factOf(page, 'Purchase order')).toHaveText('PO-55120');
  await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
  expect(await cartDialog(page).count()).toBe(0);
});

test.describe('generic catering, in French (the caterer’s default)', () => {
  test.use({ locale: 'fr-CA', viewport: { width: 390, height: 844 } });

  // Harbour Catering's generic catering (?genericCatering=true): a signed-in diner only, no pickup,
  // no card; delivered, or served on site in one of its rooms (catering-location.spec.ts).
  test('a guest signs in and comes back to the cart; the order is delivered, with the guest minimum', async ({ page, request }) => {
    const email = uniqueEmail('generic-catering');
    const password = 'Traiteur1!';
    const registered = await request.post('/api/auth/register-user', {
      data: { firstName: 'Élise', lastName: 'Tremblay', email, password },
    });
    expect(registered.status()).toBe(200);

    await openMenu(page, '/harbour-catering?genericCatering=true');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    const item = await openItem(page, 'Déjeuner continental');
    await expect(item.getByText('Commande minimale : 10')).toBeVisible();
    await item.getByRole('button', { name: 'Ajouter à la commande' }).click();
    await expect(item).toBeHidden();

    await page.getByRole('button', { name: /^Voir le panier/ }).click();
    const cart = page.getByRole('dialog', { name: 'Votre panier' });
    await expect(cart.getByRole('button', { name: 'Un de moins : Déjeuner continental' })).toHaveAttribute('aria-disabled', 'true');
    await cart.getByRole('button', { name: 'Un de plus : Déjeuner continental' }).click();
    // No pickup here: delivered, or brought to one of the caterer's rooms.
    const how = cart.getByRole('group', { name: 'Livraison ou sur place' });
    await expect(how.getByRole('radio', { name: 'Cueillette' })).toHaveCount(0);
    await how.getByRole('radio', { name: 'Livraison' }).check();
    await expect(cart.getByText(/^Livraison dans un rayon de 25 km\. La livraison ajoute 35,00\s\$\.$/)).toBeVisible();
    await how.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('generic-catering-cart.png') });
    await expectNoA11yViolations(page);
    await cart.getByRole('button', { name: 'Passer au paiement' }).click();

    // A guest is sent to sign in, and comes back to the same menu, mode and cart.
    await expect(page).toHaveURL(/\/login\?/);
    const login = new URL(page.url());
    expect(login.searchParams.get('genericCatering')).toBe('true');
    expect(login.searchParams.get('redirect')).toBe('/harbour-catering');
    await page.getByLabel('Courriel').fill(email);
    await page.getByLabel('Mot de passe').fill(password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/harbour-catering\?genericCatering=true$/);
    await page.getByRole('button', { name: /^Voir le panier, 11 articles/ }).click();
    await expect(cart.getByRole('group', { name: 'Livraison ou sur place' }).getByRole('radio', { name: 'Livraison' })).toBeChecked();
    await cart.getByRole('button', { name: 'Passer au paiement' }).click();

    const checkout = page.getByRole('dialog', { name: 'Paiement de la commande' });
    await expect(checkout.getByRole('heading', { name: 'Coordonnées' })).toBeVisible();
    await checkout.getByRole('radio', { name: 'Une adresse civique' }).check();
    await checkout.getByRole('textbox', { name: /^Adresse civique/ }).fill('355 Rue Saint-Paul E');
    await checkout.getByRole('textbox', { name: /^Code postal ou ZIP/ }).fill('H2Y 1H2');
    // Delivered, the street address is where it goes: no room is asked on top (issue 30 defect 4).
    await expect(checkout.getByRole('combobox', { name: /^Salle ou table/ })).toHaveCount(0);
    // The last day offered, so this journey never competes with the other catering ones for a slot.
    const day = checkout.getByRole('combobox', { name: 'Jour' });
    const days = await day
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    await day.selectOption(days[days.length - 1] ?? '');
    await checkout.getByRole('checkbox', { name: 'Aucune' }).check();
    await checkout.getByRole('textbox', { name: /^Numéro de téléphone/ }).fill('5145550101');
    // genericCateringHideCreditCard: the purchase order and the cost centre only.
    await expect(checkout.getByRole('textbox', { name: /^Numéro de carte/ })).toHaveCount(0);
    await expect(checkout.getByRole('radio', { name: /carte/i })).toHaveCount(0);
    await checkout.getByRole('radio', { name: 'Centre de coûts' }).check();
    await checkout.getByRole('textbox', { name: /^Centre de coûts/ }).fill('CC-4410');
    await expectNoA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.screenshot({ path: test.info().outputPath('generic-catering-payment.png') });
    await checkout.getByRole('button', { name: /^Passer la commande/ }).click();

    await expect(page).toHaveURL(/\/order-confirmation$/);
    await expect(page.getByRole('heading', { name: 'Commande confirmée' })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: /^Emplacement$/ })).toHaveCount(0);
    await expect(factOf(page, 'Livrer à')).toHaveText(/^355 Rue Saint-Paul E, H2Y 1H2$/);
    await expect(factOf(page, 'Centre de coûts')).toHaveText('CC-4410');
    await expectNoA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.screenshot({ path: test.info().outputPath('generic-catering-confirmation.png'), fullPage: true });
    await expect.poll(async () => (await receiptsFor(request, email)).length).toBe(1);
  });
});
