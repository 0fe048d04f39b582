/**
 * Catering by head count (decision 0116): at Harbour Catering (tenants/harbour-catering.json) the
 * Montréal smoked meat box is $21.50 a guest (per_person). A client says 12 guests, the box line
 * follows, the order is placed by purchase order, and the confirmation shows the guests, the
 * catering answers and a PDF receipt whose text has the total. In English and in French, at 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../../apps/api/src/test/pdf-text';
import { expectNoA11yViolations } from './axe';
import { factOf, openMenu, uniqueEmail } from './checkout-journey';
import { openItem } from './ready';

// 12 boxes: $258.00, GST 5 % $12.90, QST 9.975 % $25.74: $296.64.
const TEXT = {
  en: {
    item: 'Montréal smoked meat box',
    add: 'Add to order',
    viewCart: /^View cart/,
    cart: 'Your cart',
    guests: 'Number of guests',
    perLine: '12, one per guest',
    lineTotal: '$258.00',
    total: '$296.64',
    continue: 'Continue to checkout',
    checkout: 'Checkout',
    day: 'Day',
    none: 'None',
    name: /^Full name/,
    email: /^Email/,
    phone: /^Phone number/,
    po: /Purchase/i,
    place: /^Place order/,
    confirmed: 'Order confirmed',
    guestsFact: 'Guests',
    question: 'Dietary restrictions?',
    poFact: 'Purchase order',
    pdf: 'Download receipt (PDF)',
    pdfGuests: 'Guests: 12',
    pdfLine: '12 × Montréal smoked meat box',
  },
  fr: {
    item: 'Boîte smoked meat de Montréal',
    add: 'Ajouter à la commande',
    viewCart: /^Voir le panier/,
    cart: 'Votre panier',
    guests: 'Nombre d’invités',
    perLine: '12, un par invité',
    lineTotal: '258,00 $',
    total: '296,64 $',
    continue: 'Passer au paiement',
    checkout: 'Paiement de la commande',
    day: 'Jour',
    none: 'Aucune',
    name: /^Nom complet/,
    email: /^Courriel/,
    phone: /^Numéro de téléphone/,
    po: /bon de commande/i,
    place: /^Passer la commande/,
    confirmed: 'Commande confirmée',
    guestsFact: 'Invités',
    question: 'Restrictions alimentaires?',
    poFact: 'Bon de commande',
    pdf: 'Télécharger le reçu (PDF)',
    pdfGuests: 'Invités: 12',
    pdfLine: '12 × Boîte smoked meat de Montréal',
  },
} as const;

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function journey(page: Page, text: (typeof TEXT)[keyof typeof TEXT], shot: string) {
  await openMenu(page, '/harbour-catering?catering=true');
  const dialog = await openItem(page, text.item);
  await dialog.getByRole('button', { name: text.add }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: text.viewCart }).click();
  const cart = page.getByRole('dialog', { name: text.cart });

  // The first per-person item set the number of guests to its quantity; 12 guests make it 12 boxes.
  const guests = cart.getByRole('spinbutton', { name: text.guests });
  await expect(guests).toHaveValue('1');
  await guests.fill('12');
  await expect(cart.getByText(text.perLine, { exact: true })).toBeVisible();
  await expect(cart.getByText(text.lineTotal, { exact: true }).first()).toBeVisible();
  await expect(cart.getByText(text.total, { exact: true }).first()).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await sideways(page)).toBe(0);
  await page.screenshot({ path: test.info().outputPath(`${shot}-cart.png`) });

  await cart.getByRole('button', { name: text.continue }).click();
  const checkout = page.getByRole('dialog', { name: text.checkout });
  // The last day offered: the other catering journeys take the first days' slots.
  const day = checkout.getByRole('combobox', { name: text.day });
  await expect(day).toBeVisible();
  const days = await day
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  await day.selectOption(days[days.length - 1] ?? '');
  await checkout.getByRole('checkbox', { name: text.none }).check();
  await checkout.getByRole('textbox', { name: text.name }).fill('Élise Tremblay');
  await checkout.getByRole('textbox', { name: text.email }).fill(uniqueEmail(`head-count-${shot}`));
  await checkout.getByRole('textbox', { name: text.phone }).fill('5145550101');
  await checkout.getByRole('radio', { name: text.po }).check();
  await checkout.getByRole('textbox', { name: text.po }).fill('PO-1212');
  await checkout.getByRole('button', { name: text.place }).click();

  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByRole('heading', { name: text.confirmed })).toBeVisible();
  await expect(factOf(page, text.guestsFact)).toHaveText('12');
  await expect(factOf(page, text.question)).toHaveText(text.none);
  await expect(factOf(page, text.poFact)).toHaveText('PO-1212');
  const link = page.getByRole('link', { name: text.pdf });
  await expect(link).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await sideways(page)).toBe(0);
  await page.screenshot({ path: test.info().outputPath(`${shot}-confirmation.png`), fullPage: true });

  // The link downloads the PDF; its text has the guests, the line and the total.
  const href = await link.getAttribute('href');
  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="re(ceipt|cu)-\d+\.pdf"$/);
  const pdf = pdfText(await response.body());
  for (const expected of [text.pdfGuests, text.pdfLine, text.total, 'PO-1212']) expect(pdf).toContain(expected);
  const download = page.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
}

test.describe('catering by head count', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('12 guests make 12 boxes; the confirmation and the PDF receipt say so', async ({ page }) => {
    await journey(page, TEXT.en, 'head-count-en');
  });

  test.describe('in French', () => {
    test.use({ locale: 'fr-CA' });

    test('12 invités font 12 boîtes; la confirmation et le reçu PDF le disent', async ({ page }) => {
      await journey(page, TEXT.fr, 'head-count-fr');
    });
  });
});
