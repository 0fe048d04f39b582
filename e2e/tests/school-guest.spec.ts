import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, localDate, weekStart } from '../../packages/domain/src/school-days';
import { zonedInstant } from '../../packages/domain/src/price-schedule';
import { guestSchoolBaseURL } from '../playwright.config';
import { expectNoA11yViolations } from './axe';
import { openPage } from './ready';

// A school that lets guests order (k12RequiresLogin false): the third server of playwright.config.ts
// holds maple-school with that one setting changed. Its clock, like the first server's, started at
// today's 1 p.m. in Toronto (e2e/server.mjs) and decides the cut-off; the browser's clock is pinned to
// the same instant, so both agree on the weeks.
test.use({ baseURL: guestSchoolBaseURL });

const SHOTS = process.env.SCHOOL_SHOTS_DIR ?? path.join(os.tmpdir(), 'servery-school-shots');
const SCHOOL = { slug: 'maple-school', id: 102 };
const ZONE = 'America/Toronto';
const TODAY = localDate(new Date(), ZONE);
const [year, month, day] = TODAY.split('-').map(Number) as [number, number, number];
const SERVER_NOW = zonedInstant(ZONE, year, month, day, 13, 0);

type Locale = 'en-CA' | 'fr-CA';
interface SchoolDay {
  date: string;
  menu_ids: number[];
  orderable: boolean;
}

const tenantFile = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../tenants/maple-school.json'), 'utf8')) as {
  menu_groups: Array<{
    menus: Array<{
      id: number;
      sections?: Array<{ items?: Array<{ name: string; meal_package?: boolean; localization?: { 'fr-CA'?: { name?: string } } }> }>;
    }>;
  }>;
};

/** The first meal package of a day's menus, by its name in the language asked. */
function firstMeal(menuIds: number[], locale: Locale): string {
  for (const id of menuIds) {
    const menu = tenantFile.menu_groups.flatMap((group) => group.menus).find((entry) => entry.id === id);
    const meal = menu?.sections?.flatMap((section) => section.items ?? []).find((item) => item.meal_package === true);
    if (meal) return locale === 'fr-CA' ? (meal.localization?.['fr-CA']?.name ?? meal.name) : meal.name;
  }
  throw new Error(`no meal on menus ${menuIds.join(', ')}`);
}

async function schoolWeek(request: APIRequestContext, monday: string): Promise<{ cutoff: string; days: SchoolDay[] }> {
  const query = new URLSearchParams({ start_date: monday, end_date: addDays(monday, 4), ordering_menus: 'false' });
  const response = await request.get(`/api/rotational-menus?${query.toString()}`, { headers: { 'X-Restaurant-Id': String(SCHOOL.id) } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { cutoff: string; days: SchoolDay[] };
}

/** The week the screen opens on (today's, or the cut-off's when later) and, after it, a week with two open days. */
async function weeks(request: APIRequestContext, skip: number): Promise<{ first: string; monday: string; days: SchoolDay[] }> {
  const { cutoff } = await schoolWeek(request, weekStart(TODAY));
  const current = weekStart(TODAY);
  const cutoffWeek = weekStart(localDate(new Date(cutoff), ZONE));
  const first = cutoffWeek > current ? cutoffWeek : current;
  let monday = addDays(first, 7);
  let skipped = 0;
  for (let tries = 0; tries < 8; tries++, monday = addDays(monday, 7)) {
    const days = (await schoolWeek(request, monday)).days.filter((entry) => entry.orderable);
    if (days.length < 2) continue;
    if (skipped++ < skip) continue;
    return { first, monday, days };
  }
  throw new Error('no open school week in the next two months');
}

const dayHeading = (date: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const WORDS = {
  'en-CA': {
    next: 'Next week',
    add: (meal: string, date: string) => `Add ${meal}, ${dayHeading(date, 'en-CA')}`,
    addInDialog: 'Add',
    cart: 'Your lunch orders',
    review: 'Review and check out',
    guestLead: 'You are ordering as a guest.',
    childTitle: 'Who are the meals for?',
    firstName: 'First name',
    lastName: 'Last name',
    school: 'School',
    grade: 'Grade',
    classroom: 'Classroom',
    teacher: 'Teacher',
    continue: 'Continue',
    summary: (name: string) => `${name}: Maple Grove Public School, grade 2, classroom 103, Mme Roy.`,
    forChild: (name: string) => `For ${name}`,
    fullName: /^Full name/,
    email: /^Email/,
    phone: /^Phone number/,
    cardNumber: /^Card number/,
    expiry: /^Expiry date/,
    cvd: /^Security code/,
    postal: /^Postal code/,
    place: /^Place 2 orders and pay (\$\d+\.\d\d)$/,
    placed: 'Your lunch orders are placed',
    headerCart: 'Cart, 2 items',
    headerEmpty: 'Cart, 0 items',
    scheduled: 'See your scheduled orders',
    receiptSent: (email: string) => `We e-mailed the receipt to ${email}. Keep it: it lists each day’s order.`,
    paid: (amount: string) => new RegExp(`^Paid ${amount.replace('$', '\\$')} with (Visa ending in 4242|credit card)\\.$`),
  },
  'fr-CA': {
    next: 'Semaine suivante',
    add: (meal: string, date: string) => `Ajouter ${meal}, ${dayHeading(date, 'fr-CA')}`,
    addInDialog: 'Ajouter',
    cart: 'Vos commandes de dîners',
    review: 'Vérifier et passer à la caisse',
    guestLead: 'Vous commandez en tant qu’invité.',
    childTitle: 'Pour qui sont les repas?',
    firstName: 'Prénom',
    lastName: 'Nom',
    school: 'École',
    grade: 'Année',
    classroom: 'Classe',
    teacher: 'Enseignant ou enseignante',
    continue: 'Continuer',
    summary: (name: string) => `${name} : Maple Grove Public School, niveau 2, classe 103, Mme Roy.`,
    forChild: (name: string) => `Pour ${name}`,
    fullName: /^Nom complet/,
    email: /^Courriel/,
    phone: /^Numéro de téléphone/,
    cardNumber: /^Numéro de carte/,
    expiry: /^Date d’expiration/,
    cvd: /^Code de sécurité/,
    postal: /^Code postal/,
    place: /^Passer 2 commandes et payer (\d+,\d\d\s\$)$/,
    placed: 'Vos commandes de dîners sont passées',
    headerCart: 'Panier, 2 articles',
    headerEmpty: 'Panier, 0 article',
    scheduled: 'Voir vos commandes planifiées',
    receiptSent: (email: string) => `Nous avons envoyé le reçu à ${email}. Gardez-le : il liste la commande de chaque journée.`,
    paid: (amount: string) =>
      new RegExp(`^${amount.replace(/\s/u, '\\s').replace('$', '\\$')} payé avec (Visa se terminant par 4242|carte de crédit)\\.$`),
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
    const { first, monday, days } = await weeks(request, skip);
    const [day1, day2] = days as [SchoolDay, SchoolDay];
    const meal1 = firstMeal(day1.menu_ids, locale);
    const meal2 = firstMeal(day2.menu_ids, locale);

    // No sign-in asked: the week shows to a guest.
    await openPage(page, `/${SCHOOL.slug}`);
    await expect(page).toHaveURL(new RegExp(`/${SCHOOL.slug}$`));
    if (locale === 'fr-CA') await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
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
    const childPart = page.getByRole('region', { name: words.childTitle });
    await childPart.getByLabel(words.firstName).fill(child.first);
    await childPart.getByLabel(words.lastName, { exact: true }).fill(child.last);
    await childPart.getByLabel(words.school).selectOption('Maple Grove Public School');
    await childPart.getByLabel(words.grade).selectOption('2');
    await childPart.getByLabel(words.classroom).selectOption('103');
    await childPart.getByLabel(words.teacher).selectOption('Mme Roy');
    await expectNoA11yViolations(page);
    await noSidewaysScroll(page);
    await page.screenshot({ path: path.join(SHOTS, `school-guest-child-${locale}-390.png`), fullPage: true });
    await childPart.getByRole('button', { name: words.continue }).click();
    await expect(childPart.getByText(words.summary(name))).toBeVisible();
    // Both days are now for the named child.
    const forChild = page.getByRole('region', { name: words.forChild(name) });
    await expect(forChild.getByRole('heading', { level: 4 })).toHaveText([dayHeading(day1.date, locale), dayHeading(day2.date, locale)]);

    await page.getByLabel(words.fullName).fill('Sam Guest');
    await page.getByLabel(words.email).fill(email);
    await page.getByLabel(words.phone).fill('416-555-0123');
    await page.getByLabel(words.cardNumber).fill('4242 4242 4242 4242');
    await page.getByLabel(words.expiry).fill('12/30');
    await page.getByLabel(words.cvd).fill('123');
    const postal = page.getByLabel(words.postal);
    if ((await postal.count()) > 0) await postal.fill('M2N 5N8');
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
  });
}
