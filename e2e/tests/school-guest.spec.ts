import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addDays } from '../../packages/domain/src/school-days';
import { schoolBaseURL } from '../playwright.config';
import { expectNoA11yViolations } from './axe';
import { openPage } from './ready';
import {
  dayCard,
  dayHeading,
  fillGuestPayment,
  firstMeal,
  firstWeek,
  GUEST_FORM,
  nameGuestChild,
  noSidewaysScroll,
  openWeek,
  schoolWeek,
  seedCartWithClosedDay,
  SERVER_NOW,
  SHOTS,
  weekWithClosedDay,
  type SchoolDay,
} from './school-journey';

// A school that lets guests order (k12RequiresLogin false): maple-school-guests, the copy of
// maple-school on the school server of playwright.config.ts. Its clock starts at Tuesday 24 November
// 2026, 1 p.m. in Toronto, and decides the cut-off; the browser's clock is pinned to the same
// instant, so both agree on the weeks whatever day the tests run.
test.use({ baseURL: schoolBaseURL });
// These journeys cross a dozen pages with an axe check and a screenshot on most; on React they take
// 55-80 s on a quiet CI machine, too near the 90 s default (docs/decisions/0053-react.md).
test.describe.configure({ timeout: 180_000 });

const SCHOOL = { slug: 'maple-school-guests', id: 1102 };

const WORDS = {
  'en-CA': {
    ...GUEST_FORM['en-CA'],
    next: 'Next week',
    closedNotice: 'Ordering is now closed for',
    closedDay: 'Ordering closed for this day',
    addAny: /^Add /,
    dismiss: 'Dismiss notification',
    add: (meal: string, date: string) => `Add ${meal}, ${dayHeading(date, 'en-CA')}`,
    addInDialog: 'Add',
    cart: 'Your lunch orders',
    review: 'Review and check out',
    guestLead: 'You are ordering as a guest.',
    summary: (name: string) => `${name}: Maple Grove Public School, grade 2, classroom 103, Mme Roy.`,
    forChild: (name: string) => `For ${name}`,
    place: /^Place 2 orders and pay (\$\d+\.\d\d)$/,
    placed: 'Your lunch orders are placed',
    headerCart: 'Cart, 2 items',
    headerEmpty: 'Cart, 0 items',
    scheduled: 'See your scheduled orders',
    receiptSent: (email: string) => `We e-mailed the receipt to ${email}. Keep it: it lists each day’s order.`,
    paid: (amount: string) => new RegExp(`^Paid ${amount.replace('$', '\\$')} with (Visa ending in 4242|credit card)\\.$`),
    day: /^Day$/,
    pickupTime: /^Pickup time$/,
    textMe: 'Text me when it’s ready',
  },
  'fr-CA': {
    ...GUEST_FORM['fr-CA'],
    next: 'Semaine suivante',
    closedNotice: 'Les commandes sont maintenant fermées pour',
    closedDay: 'Commandes fermées pour cette journée',
    addAny: /^Ajouter /,
    dismiss: 'Fermer la notification',
    add: (meal: string, date: string) => `Ajouter ${meal}, ${dayHeading(date, 'fr-CA')}`,
    addInDialog: 'Ajouter',
    cart: 'Vos commandes de dîners',
    review: 'Vérifier et passer à la caisse',
    guestLead: 'Vous commandez en tant qu’invité.',
    summary: (name: string) => `${name} : Maple Grove Public School, niveau 2, classe 103, Mme Roy.`,
    forChild: (name: string) => `Pour ${name}`,
    place: /^Passer 2 commandes et payer (\d+,\d\d\s\$)$/,
    placed: 'Vos commandes de dîners sont passées',
    headerCart: 'Panier, 2 articles',
    headerEmpty: 'Panier, 0 article',
    scheduled: 'Voir vos commandes planifiées',
    receiptSent: (email: string) => `Nous avons envoyé le reçu à ${email}. Gardez-le : il liste la commande de chaque journée.`,
    paid: (amount: string) =>
      new RegExp(`^${amount.replace(/\s/u, '\\s').replace('$', '\\$')} payé avec (Visa se terminant par 4242|carte de crédit)\\.$`),
    day: /^Jour$/,
    pickupTime: /^Heure de cueillette$/,
    textMe: 'M’écrire quand elle est prête',
  },
} as const;

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(SERVER_NOW);
  await page.setViewportSize({ width: 390, height: 844 });
});

for (const [locale, child, skip] of [
  ['en-CA', { first: 'Rosalie', last: 'Guest' }, 0],
  ['fr-CA', { first: 'Félix', last: 'Invité' }, 1],
] as const) {
  test(`a guest orders two school days for a child named at checkout, with a new card (${locale})`, async ({ page, request }) => {
    const words = WORDS[locale];
    const name = `${child.first} ${child.last}`;
    const email = `sam.guest.${locale}@example.com`;
    const first = await firstWeek(request, SCHOOL);
    const { monday, days } = await openWeek(request, SCHOOL, skip);
    const [day1, day2] = days as [SchoolDay, SchoolDay];
    const meal1 = locale === 'fr-CA' ? firstMeal(day1.menu_ids).fr : firstMeal(day1.menu_ids).en;
    const meal2 = locale === 'fr-CA' ? firstMeal(day2.menu_ids).fr : firstMeal(day2.menu_ids).en;
    // The screen opens on this week, whose first days are past the cut-off.
    const closed = await weekWithClosedDay(request, SCHOOL);
    expect(closed.monday).toBe(first);
    await seedCartWithClosedDay(page, SCHOOL.slug, closed.closed.date, false);

    // No sign-in asked: the week shows to a guest.
    await openPage(page, `/${SCHOOL.slug}`);
    await expect(page).toHaveURL(new RegExp(`/${SCHOOL.slug}$`));
    if (locale === 'fr-CA') await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A day past the cut-off is refused: a cart kept from before drops it with a notice, and the day
    // offers nothing to add.
    await expect(page.getByRole('alert').filter({ hasText: words.closedNotice })).toContainText(dayHeading(closed.closed.date, locale));
    await expect(dayCard(page, closed.closed.date, locale).getByText(words.closedDay)).toBeVisible();
    await expect(dayCard(page, closed.closed.date, locale).getByRole('button', { name: words.addAny })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: path.join(SHOTS, `school-guest-closed-${locale}-390.png`), fullPage: true });
    await page.getByRole('button', { name: words.dismiss }).first().click();
    // The guest picks the week with the week picker.
    for (let week = first; week < monday; week = addDays(week, 7)) {
      await page.getByRole('button', { name: words.next }).click();
      await expect(page).toHaveURL(new RegExp(`selectedWeek=${addDays(week, 7)}$`));
    }
    await expect(page.getByRole('article')).not.toHaveCount(0);

    for (const [entry, meal] of [
      [day1, meal1],
      [day2, meal2],
    ] as const) {
      await page
        .getByRole('article', { name: dayHeading(entry.date, locale) })
        .getByRole('button', { name: words.add(meal, entry.date) })
        .click();
      // A meal opens its choices (drink, side) with the defaults picked: take them.
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: words.addInDialog, exact: true }).click();
      await expect(dialog).toHaveCount(0);
    }
    const cart = page.getByRole('region', { name: words.cart });
    await expect(cart.getByRole('heading', { level: 4 })).toHaveText([dayHeading(day1.date, locale), dayHeading(day2.date, locale)]);
    // The header counts the school cart's meals, across its dates.
    await expect(page.getByRole('link', { name: words.headerCart })).toBeVisible();
    await expectNoA11yViolations(page);
    await noSidewaysScroll(page);
    await page.screenshot({ path: path.join(SHOTS, `school-guest-cart-${locale}-390.png`), fullPage: true });

    await cart.getByRole('button', { name: words.review }).click();
    await expect(page).toHaveURL(/step=checkout/);
    await expect(page.getByText(words.guestLead)).toBeVisible();
    const childPart = await nameGuestChild(page, locale, child);
    await expectNoA11yViolations(page);
    await noSidewaysScroll(page);
    await page.screenshot({ path: path.join(SHOTS, `school-guest-child-${locale}-390.png`), fullPage: true });
    await childPart.getByRole('button', { name: words.continue }).click();
    await expect(childPart.getByText(words.summary(name))).toBeVisible();
    // Both days are now for the named child.
    const forChild = page.getByRole('region', { name: words.forChild(name) });
    await expect(forChild.getByRole('heading', { level: 4 })).toHaveText([dayHeading(day1.date, locale), dayHeading(day2.date, locale)]);

    await fillGuestPayment(page, locale, email);
    const place = page.getByRole('button', { name: words.place });
    await expect(place).toBeVisible();
    const amount = words.place.exec((await place.textContent()) ?? '')![1]!;
    await expectNoA11yViolations(page);
    await noSidewaysScroll(page);
    await page.screenshot({ path: path.join(SHOTS, `school-guest-checkout-${locale}-390.png`), fullPage: true });
    await place.click();

    const confirmation = page.getByRole('region', { name: words.placed });
    await expect(confirmation.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(confirmation.getByRole('heading', { level: 3 })).toHaveText([
      dayHeading(day1.date, locale),
      dayHeading(day2.date, locale),
    ]);
    const orders = confirmation.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(orders.nth(0)).toContainText(words.forChild(name));
    await expect(orders.nth(0)).toContainText(`1 × ${meal1}`);
    await expect(orders.nth(1)).toContainText(words.forChild(name));
    await expect(orders.nth(1)).toContainText(`1 × ${meal2}`);
    await expect(confirmation.getByText(words.paid(amount))).toBeVisible();
    // Placed, the cart is empty again, in the header too.
    await expect(page.getByRole('link', { name: words.headerEmpty })).toBeVisible();
    // A guest has no scheduled orders to see: the receipt e-mailed to the contact is what they keep.
    await expect(confirmation.getByRole('link', { name: words.scheduled })).toHaveCount(0);
    await expect(confirmation.getByText(words.receiptSent(email))).toBeVisible();
    await expectNoA11yViolations(page);
    await noSidewaysScroll(page);
    await page.screenshot({ path: path.join(SHOTS, `school-guest-confirmation-${locale}-390.png`), fullPage: true });

    // The one receipt lists each date with its order, the child and the meals, in the guest's language.
    const outbox = await request.get('/api/dev/outbox?limit=200');
    expect(outbox.status()).toBe(200);
    const { messages } = (await outbox.json()) as { messages: Array<{ channel: string; recipient: string; body: string }> };
    const receipts = messages.filter((message) => message.channel === 'email' && message.recipient === email);
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!.body;
    for (const [entry, meal] of [
      [day1, meal1],
      [day2, meal2],
    ] as const) {
      const date = new Intl.DateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
      expect(receipt).toContain(date.format(new Date(`${entry.date}T00:00:00Z`)));
      expect(receipt).toContain(meal);
    }
    expect(receipt).toContain(name);

    // Under each day's order, the link to its own status (its id and token): the first opens that day's order.
    const links = [...receipt.matchAll(/https?:\/\/\S+\/order-confirmation\?order=[\w-]+&token=[\w-]+/g)].map((match) => new URL(match[0]));
    expect(links).toHaveLength(2);
    expect(new Set(links.map((link) => link.searchParams.get('order'))).size).toBe(2);
    await openPage(page, `${links[0]!.pathname}${links[0]!.search}`);
    await expect(page.getByText(`1 × ${meal1}`)).toBeVisible();
    await expect(page.getByText(`1 × ${meal2}`)).toHaveCount(0);
    // A school order is brought to the school on its day: the status names that day, not the noon it
    // is stored at, and offers no text for when it is ready (its type's schedule, domain order-types/traits.ts).
    await expect(page.getByRole('term').filter({ hasText: words.day }).locator('xpath=following-sibling::dd[1]')).toHaveText(
      dayHeading(day1.date, locale),
    );
    await expect(page.getByRole('term').filter({ hasText: words.pickupTime })).toHaveCount(0);
    await expect(page.getByRole('link', { name: words.textMe })).toHaveCount(0);
    await noSidewaysScroll(page);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: path.join(SHOTS, `school-guest-status-link-${locale}-390.png`), fullPage: true });
  });
}

test('a phone whose clock is a week off opens on the week the school orders for, by the server’s clock', async ({ page, request }) => {
  const first = await firstWeek(request, SCHOOL);
  const { days } = await schoolWeek(request, SCHOOL, first);
  expect(days.length).toBeGreaterThan(0);
  // "Nov 23": how the week's heading starts ("Week of Nov 23 – 27, 2026").
  const monthDay = new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${first}T12:00:00Z`),
  );
  for (const offset of [7, -7]) {
    // The phone's clock a week ahead of the server's, then a week behind.
    await page.clock.setFixedTime(new Date(SERVER_NOW.getTime() + offset * 24 * 60 * 60 * 1000));
    // Hydrated, the clock has gone live on the phone's time (lib/clock.tsx): the week is still the server's.
    await openPage(page, `/${SCHOOL.slug}`);
    await expect(page.getByRole('heading', { level: 2, name: /^Week of / })).toHaveText(new RegExp(`^Week of ${monthDay}\\b`));
    await expect(dayCard(page, days[0]!.date)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${SCHOOL.slug}$`));
  }
});
