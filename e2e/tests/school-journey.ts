/**
 * What the school journeys share (school.spec.ts, school-guest.spec.ts, staff-production.spec.ts):
 * they run against the school server of playwright.config.ts, whose clock starts at a fixed instant
 * inside the demo school year, with the browser's clock pinned to the same instant, so the weeks,
 * the cut-off and the rotation they meet are the same whatever day the tests run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addDays, localDate, weekStart } from '../../packages/domain/src/school-days';
import { schoolClockStart } from '../playwright.config';

export const SHOTS = process.env.SCHOOL_SHOTS_DIR ?? path.join(os.tmpdir(), 'servery-school-shots');
export const ZONE = 'America/Toronto';
/** Tuesday 24 November 2026, 1 p.m. in Toronto: the cut-off is the start of Friday 27. */
export const SERVER_NOW = schoolClockStart;
export const TODAY = localDate(SERVER_NOW, ZONE);

export type Locale = 'en-CA' | 'fr-CA';
export interface School {
  slug: string;
  id: number;
}
export interface SchoolDay {
  date: string;
  menu_ids: number[];
  orderable: boolean;
}
export interface SchoolWeek {
  cutoff: string;
  days: SchoolDay[];
}

/** What the server says of a week (Monday to Friday), closed days included: the screen must show the same. */
export async function schoolWeek(request: APIRequestContext, school: School, monday: string): Promise<SchoolWeek> {
  const query = new URLSearchParams({ start_date: monday, end_date: addDays(monday, 4), ordering_menus: 'false' });
  const response = await request.get(`/api/rotational-menus?${query.toString()}`, { headers: { 'X-Restaurant-Id': String(school.id) } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SchoolWeek;
}

/** The week the screen opens on: today's, or the cut-off's when that is later. */
export async function firstWeek(request: APIRequestContext, school: School): Promise<string> {
  const { cutoff } = await schoolWeek(request, school, weekStart(TODAY));
  const cutoffWeek = weekStart(localDate(new Date(cutoff), ZONE));
  return cutoffWeek > weekStart(TODAY) ? cutoffWeek : weekStart(TODAY);
}

/** The first weeks after the cut-off's with at least two school days open, skipping `skip` of them. */
export async function openWeek(request: APIRequestContext, school: School, skip: number): Promise<{ monday: string; days: SchoolDay[] }> {
  const { cutoff } = await schoolWeek(request, school, weekStart(TODAY));
  let monday = addDays(weekStart(localDate(new Date(cutoff), ZONE)), 7);
  let skipped = 0;
  for (let tries = 0; tries < 8; tries++, monday = addDays(monday, 7)) {
    const days = (await schoolWeek(request, school, monday)).days.filter((entry) => entry.orderable);
    if (days.length < 2) continue;
    if (skipped++ < skip) continue;
    return { monday, days };
  }
  throw new Error('no open school week in the next two months');
}

/** This week, which holds days past the cut-off at the school server's clock (Monday to Thursday). */
export async function weekWithClosedDay(
  request: APIRequestContext,
  school: School,
): Promise<{ monday: string; week: SchoolWeek; closed: SchoolDay }> {
  const monday = weekStart(TODAY);
  const week = await schoolWeek(request, school, monday);
  const closed = week.days.find((entry) => !entry.orderable);
  expect(closed, 'the school server’s clock is inside the school year, after Monday’s cut-off').toBeDefined();
  return { monday, week, closed: closed! };
}

interface TenantMenu {
  id: number;
  sections?: Array<{
    items?: Array<{ name: string; meal_package?: boolean; allergens?: string; localization?: { 'fr-CA'?: { name?: string } } }>;
  }>;
}
const tenantFile = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../tenants/maple-school.json'), 'utf8')) as {
  menu_groups: Array<{ menus: TenantMenu[] }>;
};

/** The first meal package of a day's menus, by name in each language, and whether it holds egg. */
export function firstMeal(menuIds: number[]): { en: string; fr: string; egg: boolean } {
  for (const id of menuIds) {
    const menu = tenantFile.menu_groups.flatMap((group) => group.menus).find((entry) => entry.id === id);
    const meal = menu?.sections?.flatMap((section) => section.items ?? []).find((item) => item.meal_package === true);
    if (meal) return { en: meal.name, fr: meal.localization?.['fr-CA']?.name ?? meal.name, egg: (meal.allergens ?? '').includes('Egg') };
  }
  throw new Error(`no meal on menus ${menuIds.join(', ')}`);
}

export const dayHeading = (date: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

export const dayCard = (page: Page, date: string, locale: Locale = 'en-CA') =>
  page.getByRole('article', { name: dayHeading(date, locale) });

/** A meal opens its choices (drink, side) with the defaults picked: take them. */
export async function takeChoices(page: Page, addLabel: string | RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: addLabel }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * A cart saved in the browser (decision 0022) that still holds a day past the cut-off, as if the
 * family filled it before the cut-off passed: the screen must drop the day and say so. Seeded once
 * per tab, before the app reads it; `signedIn` keeps it for whoever the session names.
 */
export async function seedCartWithClosedDay(page: Page, slug: string, date: string, signedIn: boolean) {
  await page.addInitScript(
    ({ date, key, signedIn }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      const session = JSON.parse(localStorage.getItem('servery.session') ?? '{}') as { userId?: number };
      const line = { id: 2114, menu_id: 2017, section_id: null, orderId: 1, quantity: 1, orderPrice: 100, orderOptions: [] };
      localStorage.setItem(
        key,
        JSON.stringify({
          version: 1,
          userId: signedIn ? (session.userId ?? null) : null,
          savedAt: Date.now(),
          studentId: null,
          orders: [{ date, studentId: null, orderId: 1, items: [line] }],
        }),
      );
    },
    { date, key: `servery-school-cart:${slug}`, signedIn },
  );
}

export async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** No sideways scroll at 320 px (the narrowest phone) as at the test's own width. */
export async function noSidewaysScrollDownTo320(page: Page) {
  const size = page.viewportSize();
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 320, height: size?.height ?? 800 });
  await noSidewaysScroll(page);
  if (size) await page.setViewportSize(size);
}

/** A card token from the sandbox processor, as the card fields would get one. */
export async function cardToken(request: APIRequestContext, school: School): Promise<string> {
  const response = await request.post('/api/payment/tokenize', {
    headers: { 'X-Restaurant-Id': String(school.id) },
    data: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M2N5N8' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The school guest checkout's fields (features/school/school-guest-checkout.tsx), in each language. */
export const GUEST_FORM = {
  'en-CA': {
    childTitle: 'Who are the meals for?',
    firstName: 'First name',
    lastName: 'Last name',
    school: 'School',
    grade: 'Grade',
    classroom: 'Classroom',
    teacher: 'Teacher',
    continue: 'Continue',
    fullName: /^Full name/,
    email: /^Email/,
    phone: /^Phone number/,
    cardNumber: /^Card number/,
    expiry: /^Expiry date/,
    cvd: /^Security code/,
    postal: /^Postal code/,
  },
  'fr-CA': {
    childTitle: 'Pour qui sont les repas?',
    firstName: 'Prénom',
    lastName: 'Nom',
    school: 'École',
    grade: 'Année',
    classroom: 'Classe',
    teacher: 'Enseignant ou enseignante',
    continue: 'Continuer',
    fullName: /^Nom complet/,
    email: /^Courriel/,
    phone: /^Numéro de téléphone/,
    cardNumber: /^Numéro de carte/,
    expiry: /^Date d’expiration/,
    cvd: /^Code de sécurité/,
    postal: /^Code postal/,
  },
} as const;

/** A guest names the child (Maple Grove Public School, grade 2, classroom 103, Mme Roy); `Continue` is the caller's. */
export async function nameGuestChild(page: Page, locale: Locale, child: { first: string; last: string }): Promise<Locator> {
  const words = GUEST_FORM[locale];
  const childPart = page.getByRole('region', { name: words.childTitle });
  await childPart.getByLabel(words.firstName).fill(child.first);
  await childPart.getByLabel(words.lastName, { exact: true }).fill(child.last);
  await childPart.getByLabel(words.school).selectOption('Maple Grove Public School');
  await childPart.getByLabel(words.grade).selectOption('2');
  await childPart.getByLabel(words.classroom).selectOption('103');
  await childPart.getByLabel(words.teacher).selectOption('Mme Roy');
  return childPart;
}

/** The guest's contact (Sam Guest, `email`) and a new approved card. */
export async function fillGuestPayment(page: Page, locale: Locale, email: string): Promise<void> {
  const words = GUEST_FORM[locale];
  await page.getByLabel(words.fullName).fill('Sam Guest');
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.phone).fill('416-555-0123');
  await page.getByLabel(words.cardNumber).fill('4242 4242 4242 4242');
  await page.getByLabel(words.expiry).fill('12/30');
  await page.getByLabel(words.cvd).fill('123');
  const postal = page.getByLabel(words.postal);
  if ((await postal.count()) > 0) await postal.fill('M2N 5N8');
}
