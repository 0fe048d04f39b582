/**
 * Issue 30 defect 4: a delivered catering order asks where it goes once. Harbour Catering's generic
 * catering (tenants/harbour-catering.json) delivers to one of its delivery locations or to a street
 * address; its rooms (generic_table_locations, "Room or table") are asked only for an order served on
 * site (docs/decisions/0084-one-delivery-location-question.md), and the room, floor or suite inside a
 * listed location is optional (its amendment). The confirmation names the place once.
 * At 390 px, in English and French, axe clean and without sideways scroll.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { factOf, openMenu, uniqueEmail } from './checkout-journey';
import { apiSignIn, keepSession, openItem } from './ready';

test.use({ viewport: { width: 390, height: 844 } });

const WORDS = {
  'en-CA': {
    item: 'Continental breakfast',
    add: 'Add to order',
    viewCart: /^View cart/,
    more: 'Add one Continental breakfast',
    cart: 'Your cart',
    how: 'Delivery or on site',
    delivery: 'Delivery',
    onSite: 'On site, at a location',
    toCheckout: 'Continue to checkout',
    checkout: 'Checkout',
    deliveryHeading: 'Delivery address',
    street: 'A street address',
    ours: 'One of our delivery locations',
    room: /^Room or table/,
    location: /^Delivery location/,
    neighbourhood: /^Neighbourhood/,
    floor: /^Floor, room or loading dock/,
    roomInside: /^Room, floor or suite/,
    choose: 'Choose…',
    day: 'Day',
    none: 'None',
    phone: /^Phone number/,
    costCentre: 'Cost centre',
    place: /^Place order/,
    confirmed: 'Order confirmed',
    deliverTo: 'Deliver to',
    roomFact: 'Location',
  },
  'fr-CA': {
    item: 'Déjeuner continental',
    add: 'Ajouter à la commande',
    viewCart: /^Voir le panier/,
    more: 'Un de plus : Déjeuner continental',
    cart: 'Votre panier',
    how: 'Livraison ou sur place',
    delivery: 'Livraison',
    onSite: 'Sur place, à un emplacement',
    toCheckout: 'Passer au paiement',
    checkout: 'Paiement de la commande',
    deliveryHeading: 'Adresse de livraison',
    street: 'Une adresse civique',
    ours: 'Un de nos lieux de livraison',
    room: /^Salle ou table/,
    location: /^Lieu de livraison/,
    neighbourhood: /^Quartier/,
    floor: /^Étage, salle ou quai de livraison/,
    roomInside: /^Salle, étage ou bureau/,
    choose: 'Choisir…',
    day: 'Jour',
    none: 'Aucune',
    phone: /^Numéro de téléphone/,
    costCentre: 'Centre de coûts',
    place: /^Passer la commande/,
    confirmed: 'Commande confirmée',
    deliverTo: 'Livrer à',
    roomFact: 'Emplacement',
  },
} as const;

type Locale = keyof typeof WORDS;

const LOCATIONS = ['Palais des congrès de Montréal', 'Marché Bonsecours', 'Centre PHI', 'Gare Windsor'];

/**
 * A new signed-in diner (generic catering is for them: genericCateringRequiresLogin) with eleven
 * breakfasts in the cart (ten is the item's minimum, $145.00 is under the caterer's $150), delivered
 * or on site as `how` says, at checkout; the checkout dialog.
 */
async function cateringCheckout(page: Page, request: APIRequestContext, locale: Locale, how: 'delivery' | 'onSite'): Promise<Locator> {
  const words = WORDS[locale];
  const email = uniqueEmail(`catering-location-${locale}`);
  const registered = await request.post('/api/auth/register-user', {
    data: { firstName: 'Élise', lastName: 'Tremblay', email, password: 'Demo1234!' },
  });
  expect(registered.status()).toBe(200);
  await keepSession(page, await apiSignIn(request, email));
  await openMenu(page, '/harbour-catering?genericCatering=true');
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  const item = await openItem(page, words.item);
  await item.getByRole('button', { name: words.add }).click();
  await expect(item).toBeHidden();
  await page.getByRole('button', { name: words.viewCart }).click();
  const cart = page.getByRole('dialog', { name: words.cart });
  await cart.getByRole('button', { name: words.more }).click();
  await cart.getByRole('group', { name: words.how }).getByRole('radio', { name: words[how] }).check();
  await cart.getByRole('button', { name: words.toCheckout }).click();
  return page.getByRole('dialog', { name: words.checkout });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const locale of ['en-CA', 'fr-CA'] as const) {
  test.describe(locale, () => {
    test.use({ locale });
    test(`generic catering delivered to one of the caterer's locations asks for it once, and the confirmation names it once (${locale})`, async ({
      page,
      request,
    }) => {
      const words = WORDS[locale];
      const checkout = await cateringCheckout(page, request, locale, 'delivery');
      await expect(checkout.getByRole('heading', { name: words.deliveryHeading })).toBeVisible();
      // Delivered: the rooms are not asked, neither before a choice nor after.
      await expect(checkout.getByRole('combobox', { name: words.room })).toHaveCount(0);
      await checkout.getByRole('radio', { name: words.ours }).check();
      const location = checkout.getByRole('combobox', { name: words.location });
      await expect(location.locator('option')).toHaveText([words.choose, ...LOCATIONS]);
      await expect(checkout.getByRole('combobox', { name: words.room })).toHaveCount(0);
      await expect(checkout.getByRole('combobox', { name: words.neighbourhood })).toHaveCount(0);
      await expect(checkout.getByRole('textbox', { name: words.floor })).toHaveCount(0);
      await location.selectOption('Marché Bonsecours');
      // Inside the building, optional: the room, floor or suite (decision 0084's amendment).
      const roomInside = checkout.getByRole('textbox', { name: words.roomInside });
      await roomInside.fill('Salle 3');
      // A street address asks for the street, the floor or room (optional) and the postal code, and no room list.
      await checkout.getByRole('radio', { name: words.street }).check();
      await expect(checkout.getByRole('textbox', { name: words.floor })).toBeVisible();
      await expect(checkout.getByRole('combobox', { name: words.room })).toHaveCount(0);
      await checkout.getByRole('radio', { name: words.ours }).check();
      await expect(location).toHaveValue('Marché Bonsecours');
      await expect(roomInside).toHaveValue('Salle 3');
      await location.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`catering-location-${locale}-390.png`) });
      await expectNoA11yViolations(page);
      expect(await sideways(page)).toBe(0);

      // The last day offered, so this journey never competes with the other catering ones for a slot.
      const day = checkout.getByRole('combobox', { name: words.day });
      const days = await day
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
      await day.selectOption(days[days.length - (locale === 'en-CA' ? 2 : 3)] ?? '');
      await checkout.getByRole('checkbox', { name: words.none }).check();
      await checkout.getByRole('textbox', { name: words.phone }).fill('5145550101');
      await checkout.getByRole('radio', { name: words.costCentre }).check();
      await checkout.getByRole('textbox', { name: new RegExp(`^${words.costCentre}`) }).fill('CC-4410');
      await checkout.getByRole('button', { name: words.place }).click();

      await expect(page).toHaveURL(/\/order-confirmation$/);
      await expect(page.getByRole('heading', { name: words.confirmed })).toBeVisible();
      await expect(factOf(page, words.deliverTo)).toHaveText('Marché Bonsecours, Salle 3');
      await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${words.roomFact}$`) })).toHaveCount(0);
      await expectNoA11yViolations(page);
      expect(await sideways(page)).toBe(0);
    });
  });
}

test.describe('on site', () => {
  test.use({ locale: 'en-CA' });
  test('generic catering served on site asks for the room only, and the confirmation names it once', async ({ page, request }) => {
    const words = WORDS['en-CA'];
    const checkout = await cateringCheckout(page, request, 'en-CA', 'onSite');
    await expect(checkout.getByRole('combobox', { name: words.room })).toBeVisible();
    await expect(checkout.getByRole('heading', { name: words.deliveryHeading })).toHaveCount(0);
    await checkout.getByRole('combobox', { name: words.room }).selectOption({ label: 'Atrium 1' });
    const day = checkout.getByRole('combobox', { name: words.day });
    const days = await day
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    await day.selectOption(days[days.length - 4] ?? '');
    await checkout.getByRole('checkbox', { name: words.none }).check();
    await checkout.getByRole('textbox', { name: words.phone }).fill('5145550101');
    await checkout.getByRole('radio', { name: words.costCentre }).check();
    await checkout.getByRole('textbox', { name: /^Cost centre/ }).fill('CC-4411');
    await checkout.getByRole('button', { name: words.place }).click();
    await expect(page.getByRole('heading', { name: words.confirmed })).toBeVisible();
    await expect(factOf(page, 'Location')).toHaveText('Atrium 1');
    await expect(page.getByRole('term').filter({ hasText: /^Deliver to$/ })).toHaveCount(0);
  });
});
