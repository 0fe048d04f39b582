/**
 * Guest order cancellation (issue 30): maple-school lets guests cancel their own orders
 * (`guest_order_cancellation`); its copy that takes guests' orders, maple-school-guests on the school
 * server (playwright.config.ts), shows each day's "Cancel order" on the confirmation. A dialog asks
 * (focus in it, Escape keeps the order), then the order is cancelled and the money goes back to the
 * card. In English and French, at 360 px without sideways scroll, axe clean.
 */
import { expect, test } from '@playwright/test';
import { schoolBaseURL } from '../playwright.config';
import { expectNoA11yViolations } from './axe';
import { openPage } from './ready';
import {
  dayHeading,
  fillGuestPayment,
  firstMeal,
  GUEST_FORM,
  nameGuestChild,
  noSidewaysScrollDownTo320,
  openWeek,
  SERVER_NOW,
  takeChoices,
  type SchoolDay,
} from './school-journey';

test.use({ baseURL: schoolBaseURL });
test.describe.configure({ timeout: 180_000 });

const SCHOOL = { slug: 'maple-school-guests', id: 1102 };

const WORDS = {
  'en-CA': {
    language: 'English',
    add: (meal: string, date: string) => `Add ${meal}, ${dayHeading(date, 'en-CA')}`,
    addInDialog: 'Add',
    cart: 'Your lunch orders',
    review: 'Review and check out',
    place: /^Place the order and pay/,
    placed: 'Your lunch orders are placed',
    cancel: (number: string) => `Cancel order #${number}`,
    dialog: (number: string) => `Cancel order #${number}?`,
    keep: 'Keep my order',
    confirm: 'Yes, cancel it',
    done: /^Your order is cancelled\. \$\d+\.\d\d goes back to ((VISA|Visa) ending in 4242|the card you paid with)\.$/,
  },
  'fr-CA': {
    language: 'Français',
    add: (meal: string, date: string) => `Ajouter ${meal}, ${dayHeading(date, 'fr-CA')}`,
    addInDialog: 'Ajouter',
    cart: 'Vos commandes de dîners',
    review: 'Vérifier et passer à la caisse',
    place: /^Passer la commande et payer/,
    placed: 'Vos commandes de dîners sont passées',
    cancel: (number: string) => `Annuler la commande no ${number}`,
    dialog: (number: string) => `Annuler la commande no ${number}?`,
    keep: 'Garder ma commande',
    confirm: 'Oui, l’annuler',
    done: /^Votre commande est annulée\. \d+,\d\d\s\$ sera remboursé sur ((VISA|Visa) se terminant par 4242|la carte utilisée pour payer)\.$/,
  },
} as const;

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(SERVER_NOW);
  await page.setViewportSize({ width: 360, height: 800 });
});

// Children of their own, on the last open day of the weeks the school-guest journeys use.
for (const [locale, child, skip] of [
  ['en-CA', { first: 'Camille', last: 'Cancel' }, 0],
  ['fr-CA', { first: 'Léa', last: 'Annule' }, 1],
] as const) {
  test(`a guest cancels a school day from the confirmation, after a dialog, and is told the refund (${locale})`, async ({
    page,
    request,
  }) => {
    const words = WORDS[locale];
    const { monday, days } = await openWeek(request, SCHOOL, skip);
    const day = days.at(-1) as SchoolDay;
    const meal = locale === 'fr-CA' ? firstMeal(day.menu_ids).fr : firstMeal(day.menu_ids).en;

    await openPage(page, `/${SCHOOL.slug}?selectedWeek=${monday}`);
    if (locale === 'fr-CA') await page.getByRole('button', { name: words.language }).click();
    await page
      .getByRole('article', { name: dayHeading(day.date, locale) })
      .getByRole('button', { name: words.add(meal, day.date) })
      .click();
    await takeChoices(page, new RegExp(`^${words.addInDialog}$`));
    await page.getByRole('region', { name: words.cart }).getByRole('button', { name: words.review }).click();
    const childPart = await nameGuestChild(page, locale, child);
    await childPart.getByRole('button', { name: GUEST_FORM[locale].continue }).click();
    await fillGuestPayment(page, locale, `cancel.${locale}.${Date.now()}@example.com`);
    await page.getByRole('button', { name: words.place }).click();

    const confirmation = page.getByRole('region', { name: words.placed });
    await expect(confirmation.getByRole('heading', { level: 2 })).toBeFocused();
    const number = /(\d+)/.exec(
      (await confirmation
        .getByText(/#\d+|no \d+/)
        .first()
        .textContent()) ?? '',
    )![1]!;
    const cancel = confirmation.getByRole('button', { name: words.cancel(number) });
    await expect(cancel).toBeVisible();
    await expectNoA11yViolations(page);
    await noSidewaysScrollDownTo320(page);

    // The dialog takes focus on the safe answer; Escape keeps the order and gives focus back.
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: words.dialog(number) });
    await expect(dialog.getByRole('button', { name: words.keep })).toBeFocused();
    await expectNoA11yViolations(page);
    await noSidewaysScrollDownTo320(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(cancel).toBeFocused();

    await cancel.click();
    await dialog.getByRole('button', { name: words.confirm }).click();
    await expect(confirmation.getByRole('status').filter({ hasText: words.done })).toBeVisible();
    await expect(confirmation.getByRole('button', { name: words.cancel(number) })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await noSidewaysScrollDownTo320(page);
  });
}
