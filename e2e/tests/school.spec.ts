import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, localDate, weekStart } from '../../packages/domain/src/school-days';
import { zonedInstant } from '../../packages/domain/src/price-schedule';
import { expectNoA11yViolations } from './axe';
import { openPage } from './ready';

const SHOTS = process.env.SCHOOL_SHOTS_DIR ?? path.join(os.tmpdir(), 'servery-school-shots');
const SCHOOL = { slug: 'maple-school', id: 102 };
const ZONE = 'America/Toronto';
const PARENT = { email: 'parent@example.com', password: 'Demo1234!' };

// The server's clock started at today's 1 p.m. in Toronto (e2e/server.mjs, decision 0014) and it
// decides the cut-off; the browser's clock is pinned to the same day, so both agree on the week.
const TODAY = localDate(new Date(), ZONE);
const [year, month, day] = TODAY.split('-').map(Number) as [number, number, number];
const SERVER_NOW = zonedInstant(ZONE, year, month, day, 13, 0);

interface SchoolDays {
  cutoff: string;
  days: Array<{ date: string; menu_ids: number[]; orderable: boolean }>;
}

/** What the server says of a week (Monday to Friday), closed days included: the screen must show the same. */
async function schoolWeek(request: APIRequestContext, monday: string): Promise<SchoolDays> {
  const query = new URLSearchParams({ start_date: monday, end_date: addDays(monday, 4), ordering_menus: 'false' });
  const response = await request.get(`/api/rotational-menus?${query.toString()}`, { headers: { 'X-Restaurant-Id': String(SCHOOL.id) } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SchoolDays;
}

/** The nearest week up to today's with a school day past the cut-off (today's week, or one before it). */
async function weekWithClosedDay(request: APIRequestContext): Promise<{ monday: string; week: SchoolDays } | null> {
  for (let back = 0; back < 6; back++) {
    const monday = addDays(weekStart(TODAY), -7 * back);
    const week = await schoolWeek(request, monday);
    if (week.days.some((entry) => !entry.orderable)) return { monday, week };
  }
  return null;
}

const dayHeading = (date: string, locale: 'en-CA' | 'fr-CA') =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

async function expectWeek(page: Page, week: SchoolDays, locale: 'en-CA' | 'fr-CA' = 'en-CA') {
  const closed = locale === 'en-CA' ? 'Ordering closed for this day' : 'Commandes fermées pour cette journée';
  if (week.days.length === 0) {
    await expect(
      page.getByText(locale === 'en-CA' ? 'There are no school days with meals this week.' : /Il n’y a aucun jour d’école/),
    ).toBeVisible();
    return;
  }
  await expect(page.getByRole('article')).toHaveCount(week.days.length);
  for (const entry of week.days) {
    const card = page.getByRole('article', { name: dayHeading(entry.date, locale) });
    await expect(card.getByRole('heading', { level: 3 })).toBeVisible();
    // Every day shows its menus (their names are h4) with their items.
    await expect(card.getByRole('heading', { level: 4 })).toHaveCount(entry.menu_ids.length);
    await expect(card.getByText(closed)).toHaveCount(entry.orderable ? 0 : 1);
  }
}

/** No sideways scroll at 320 px (the narrowest phone) as at the test's own width. */
async function noSidewaysScrollDownTo320(page: Page) {
  const size = page.viewportSize();
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 320, height: size?.height ?? 800 });
  await noSidewaysScroll(page);
  if (size) await page.setViewportSize(size);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(SERVER_NOW);
});

test('a guest is sent to sign in and comes back to the same week; weeks move, reload and speak French', async ({ page, request }) => {
  const found = await weekWithClosedDay(request);
  test.skip(found === null, 'No school days in the last weeks (summer holidays): nothing to show closed.');
  const { monday, week } = found!;

  await openPage(page, `/${SCHOOL.slug}?selectedWeek=${monday}`);
  await expect(page).toHaveURL(/\/login\?/);
  const login = new URL(page.url());
  expect(login.searchParams.get('selectedWeek')).toBe(monday);
  expect(login.searchParams.get('redirect')).toBe(`/${SCHOOL.slug}`);
  await page.getByLabel('Email').fill(PARENT.email);
  await page.getByLabel('Password').fill(PARENT.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SCHOOL.slug}\\?selectedWeek=${monday}$`));

  await expect(page.getByRole('heading', { level: 1, name: 'Hot lunch' })).toBeVisible();
  await expect(page).toHaveTitle('Hot lunch');
  await expectWeek(page, week);
  await expect(page.getByText('Ordering closed for this day').first()).toBeVisible();
  await expectNoA11yViolations(page);

  // Next week, then back: the address follows, and the screen shows what the server says of each week.
  const following = addDays(monday, 7);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page).toHaveURL(new RegExp(`selectedWeek=${following}$`));
  await expectWeek(page, await schoolWeek(request, following));
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page).toHaveURL(new RegExp(`selectedWeek=${monday}$`));
  await expectWeek(page, week);

  // A reload keeps the week.
  await page.reload();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(page).toHaveURL(new RegExp(`selectedWeek=${monday}$`));
  await expectWeek(page, week);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, 'school-en-390.png'), fullPage: true });
  await page.screenshot({ path: path.join(SHOTS, 'school-en-390-top.png') });
  await page.setViewportSize({ width: 320, height: 700 });
  await noSidewaysScroll(page);

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('button', { name: 'Semaine suivante' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Semaine précédente' })).toBeVisible();
  await expectWeek(page, week, 'fr-CA');
  await noSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, 'school-fr-390.png'), fullPage: true });
  await page.screenshot({ path: path.join(SHOTS, 'school-fr-390-top.png') });
});

test('a signed-in parent lands on the current week, or the cut-off’s when that is later', async ({ page, request }) => {
  await openPage(page, `/login?redirect=%2F${SCHOOL.slug}`);
  await page.getByLabel('Email').fill(PARENT.email);
  await page.getByLabel('Password').fill(PARENT.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SCHOOL.slug}$`));

  const { cutoff } = await schoolWeek(request, weekStart(TODAY));
  const current = weekStart(TODAY);
  const cutoffWeek = weekStart(localDate(new Date(cutoff), ZONE));
  const expected = cutoffWeek > current ? cutoffWeek : current;
  await expectWeek(page, await schoolWeek(request, expected));
  // Next from the default week names the week after it in the address.
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page).toHaveURL(new RegExp(`selectedWeek=${addDays(expected, 7)}$`));
  await page.setViewportSize({ width: 412, height: 915 });
  await noSidewaysScroll(page);
});

// ---- Ordering: carts per day and child, checkout, scheduled orders (the K-12 journey). ----

interface TenantMenu {
  id: number;
  sections?: Array<{
    items?: Array<{ name: string; meal_package?: boolean; allergens?: string; localization?: { 'fr-CA'?: { name?: string } } }>;
  }>;
}
const tenantFile = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../tenants/maple-school.json'), 'utf8')) as {
  menu_groups: Array<{ menus: TenantMenu[] }>;
};

/** The first meal package of a day's menus, by name in each language. */
function firstMeal(menuIds: number[]): { en: string; fr: string; egg: boolean } {
  for (const id of menuIds) {
    const menu = tenantFile.menu_groups.flatMap((group) => group.menus).find((entry) => entry.id === id);
    const meal = menu?.sections?.flatMap((section) => section.items ?? []).find((item) => item.meal_package === true);
    if (meal) return { en: meal.name, fr: meal.localization?.['fr-CA']?.name ?? meal.name, egg: (meal.allergens ?? '').includes('Egg') };
  }
  throw new Error(`no meal on menus ${menuIds.join(', ')}`);
}

/** The first weeks after the cut-off's with at least two school days open, skipping `skip` of them. */
async function openWeek(request: APIRequestContext, skip: number): Promise<{ monday: string; days: SchoolDays['days'] }> {
  const { cutoff } = await schoolWeek(request, weekStart(TODAY));
  let monday = addDays(weekStart(localDate(new Date(cutoff), ZONE)), 7);
  let skipped = 0;
  for (let tries = 0; tries < 8; tries++, monday = addDays(monday, 7)) {
    const days = (await schoolWeek(request, monday)).days.filter((entry) => entry.orderable);
    if (days.length < 2) continue;
    if (skipped++ < skip) continue;
    return { monday, days };
  }
  throw new Error('no open school week in the next two months');
}

/** Signs the parent in through the API (the app reads the session from local storage) and gives them a saved Visa. */
async function signInParentWithCard(page: Page): Promise<void> {
  const login = await page.request.post('/api/auth/login-native', { data: PARENT });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { id: number; paymentMethods: unknown[] } };
  if (user.paymentMethods.length === 0) {
    const added = await page.request.post('/api/auth/payment-method', {
      headers: { Authorization: `Bearer ${token}` },
      data: { card: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M2N5N8' } },
    });
    expect(added.status(), await added.text()).toBeLessThan(300);
  }
  await page.addInitScript(
    (session) => {
      if (!localStorage.getItem('servery.session')) localStorage.setItem('servery.session', JSON.stringify(session));
    },
    { token, userId: user.id },
  );
}

/** The demo parent's Léa is allergic to egg: a meal holding egg asks first, and the parent says yes. */
async function confirmEggFor(page: Page, meal: { egg: boolean }, yes: string) {
  const allergen = page.getByRole('alertdialog');
  if (!meal.egg) {
    await expect(allergen).toHaveCount(0);
    return;
  }
  await allergen.getByRole('button', { name: yes }).click();
  await expect(allergen).toHaveCount(0);
}

/** A meal opens its choices (drink, side) with the defaults picked: take them. */
async function takeChoices(page: Page, addLabel: string | RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: addLabel }).click();
  await expect(dialog).toHaveCount(0);
}

const dayCard = (page: Page, date: string, locale: 'en-CA' | 'fr-CA' = 'en-CA') =>
  page.getByRole('article', { name: dayHeading(date, locale) });

test('a parent orders meals for several days and both children, with a subsidy code and a saved card, then cancels one for credit', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const { monday, days } = await openWeek(request, 0);
  const [first, second] = days as [SchoolDays['days'][number], SchoolDays['days'][number]];
  const meal1 = firstMeal(first.menu_ids);
  const meal2 = firstMeal(second.menu_ids);
  await signInParentWithCard(page);

  // A day past the cut-off has no way to order, and a saved cart holding one drops it with a notice.
  const closed = await weekWithClosedDay(request);
  if (closed) {
    const closedDay = closed.week.days.find((entry) => !entry.orderable)!;
    await page.addInitScript(
      ({ date, key }) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        const session = JSON.parse(localStorage.getItem('servery.session') ?? '{}') as { userId?: number };
        const line = { id: 2114, menu_id: 2017, section_id: null, quantity: 1, orderPrice: 100, orderOptions: [] };
        localStorage.setItem(
          key,
          JSON.stringify({
            version: 1,
            userId: session.userId ?? null,
            savedAt: Date.now(),
            studentId: null,
            orders: [{ date, studentId: null, orderId: 1, items: [line] }],
          }),
        );
      },
      { date: closedDay.date, key: 'servery-school-cart:maple-school' },
    );
    await openPage(page, `/${SCHOOL.slug}?selectedWeek=${closed.monday}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Ordering is now closed for' })).toContainText(
      dayHeading(closedDay.date, 'en-CA'),
    );
    await expect(dayCard(page, closedDay.date).getByText('Ordering closed for this day')).toBeVisible();
    await expect(dayCard(page, closedDay.date).getByRole('button', { name: /^Add / })).toHaveCount(0);
    await page.getByRole('button', { name: 'Dismiss notification' }).first().click();
  }

  await openPage(page, `/${SCHOOL.slug}?selectedWeek=${monday}`);
  const orderingFor = page.getByLabel('Ordering for');
  await expect(orderingFor).toHaveValue(/\d+/);
  await orderingFor.selectOption({ label: 'Léa Parent' });
  await dayCard(page, first.date)
    .getByRole('button', { name: `Add ${meal1.en} for Léa Parent, ${dayHeading(first.date, 'en-CA')}` })
    .click();
  await takeChoices(page, 'Add for Léa Parent');
  await confirmEggFor(page, meal1, 'Add anyway');
  await dayCard(page, second.date)
    .getByRole('button', { name: `Add ${meal2.en} for Léa Parent, ${dayHeading(second.date, 'en-CA')}` })
    .click();
  await takeChoices(page, 'Add for Léa Parent');
  await confirmEggFor(page, meal2, 'Add anyway');
  await orderingFor.selectOption({ label: 'Noah Parent' });
  const noahMeal = dayCard(page, first.date).getByRole('button', {
    name: `Add ${meal1.en} for Noah Parent, ${dayHeading(first.date, 'en-CA')}`,
  });
  await noahMeal.click();
  await takeChoices(page, 'Add for Noah Parent');
  await noahMeal.click();
  await takeChoices(page, 'Add for Noah Parent');
  await expect(dayCard(page, first.date).getByText('Noah Parent: 2 of 2 meals')).toBeVisible();
  // The meals per day are per child and school day: a third is refused, said in a toast.
  await noahMeal.click();
  await takeChoices(page, 'Add for Noah Parent');
  await expect(
    page.getByText(`Noah Parent already has 2 meals on ${dayHeading(first.date, 'en-CA')}, the most per school day.`),
  ).toBeVisible();

  // Allergens on the student profile: a child added here, allergic to gluten, needs an explicit yes.
  await page.getByRole('button', { name: 'Add a student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a student' });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await dialog.getByLabel('First name').fill('Mia');
  await dialog.getByLabel('Last name').fill('Parent');
  await dialog.getByLabel('School').selectOption('Maple Grove Public School');
  await dialog.getByLabel('Grade').selectOption('K');
  await dialog.getByLabel('Classroom').selectOption('101');
  await dialog.getByLabel('Teacher').selectOption('Ms. Chen');
  await dialog.getByRole('checkbox', { name: 'Gluten' }).check();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Add the student' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(orderingFor).toHaveValue(/\d+/);
  await expect(orderingFor.locator('option:checked')).toHaveText(/^Mia /);
  await dayCard(page, second.date)
    .getByRole('button', { name: new RegExp(`^Add ${meal2.en} for Mia `) })
    .click();
  await takeChoices(page, /^Add for Mia /);
  const allergen = page.getByRole('alertdialog', { name: 'Contains an allergen' });
  await expect(allergen).toContainText(`${meal2.en} contains Gluten`);
  await allergen.getByRole('button', { name: 'Do not add' }).click();
  await expect(allergen).toHaveCount(0);

  const cart = page.getByRole('region', { name: 'Your lunch orders' });
  await expect(cart.getByRole('region', { name: 'For Léa Parent' }).getByRole('heading', { level: 4 })).toHaveText([
    dayHeading(first.date, 'en-CA'),
    dayHeading(second.date, 'en-CA'),
  ]);
  await expect(cart.getByRole('region', { name: 'For Noah Parent' }).getByRole('heading', { level: 4 })).toHaveText([
    dayHeading(first.date, 'en-CA'),
  ]);
  await expect(cart.getByRole('region', { name: /^For Mia / })).toHaveCount(0);
  await expect(cart.getByText('To pay')).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScrollDownTo320(page);
  await cart.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'school-cart-en-360.png'), fullPage: true });

  await cart.getByRole('button', { name: 'Review and check out' }).click();
  await expect(page).toHaveURL(/step=checkout/);
  const place = page.getByRole('button', { name: /^Place 3 orders and pay \$\d+\.\d\d$/ });
  await expect(place).toBeVisible();
  const before = Number((await place.textContent())!.replace(/^.*\$/, ''));

  // The subsidy code reprices every day's cart (meals at half price).
  const subsidy = page.getByRole('textbox', { name: 'Subsidy code' });
  if (await subsidy.isVisible()) {
    await subsidy.fill('lunch50-2026');
    await page.getByRole('button', { name: 'Apply' }).click();
  }
  await expect(page.getByText('Your subsidy code LUNCH50-2026 is applied to these orders.')).toBeVisible();
  await expect.poll(async () => Number((await place.textContent())!.replace(/^.*\$/, ''))).toBeLessThan(before);
  await expect(page.getByText('Subsidy').first()).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Visa ending in 4242' })).toBeChecked();
  await expectNoA11yViolations(page);
  await noSidewaysScrollDownTo320(page);
  await page.screenshot({ path: path.join(SHOTS, 'school-checkout-en-360.png'), fullPage: true });
  const paid = (await place.textContent())!.replace(/^.*pay /, '');
  await place.click();

  const confirmation = page.getByRole('region', { name: 'Your lunch orders are placed' });
  await expect(confirmation.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(confirmation.getByRole('heading', { level: 3 })).toHaveText([
    dayHeading(first.date, 'en-CA'),
    dayHeading(first.date, 'en-CA'),
    dayHeading(second.date, 'en-CA'),
  ]);
  await expect(confirmation.getByText('For Léa Parent')).toHaveCount(2);
  await expect(confirmation.getByText('For Noah Parent')).toHaveCount(1);
  await expect(confirmation.getByText(`2 × ${meal1.en}`)).toBeVisible();
  await expect(confirmation.getByText(`Paid ${paid} with Visa ending in 4242.`)).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScrollDownTo320(page);
  await page.screenshot({ path: path.join(SHOTS, 'school-confirmation-en-360.png'), fullPage: true });

  // Scheduled: each school order with its day and child; one cancelled for credit.
  await confirmation.getByRole('link', { name: 'See your scheduled orders' }).click();
  const list = page.getByRole('list', { name: 'Scheduled orders' });
  await expect(list.getByText(dayHeading(first.date, 'en-CA'), { exact: false }).first()).toBeVisible();
  await expect(list.getByText('Noah Parent').first()).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'Noah Parent' }).first()).toContainText(`2 × ${meal1.en}`);
  const count = await list.getByRole('listitem').count();
  expect(count).toBeGreaterThanOrEqual(3);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'school-scheduled-en-360.png'), fullPage: true });
  const noahCard = list.getByRole('listitem').filter({ hasText: 'Noah Parent' }).first();
  // The French journey orders for the same parent alongside: the cancelled order is followed by its
  // number, not by the length of the list.
  const noahOrder = (await noahCard.getByRole('link').textContent())!;
  await noahCard.getByRole('link').click();
  await expect(page.getByText(`2 × ${meal1.en}`)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel this order' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(page.getByRole('status').filter({ hasText: /credited to your account, expires/ })).toBeVisible();
  await expect(list.getByRole('link', { name: noahOrder, exact: true })).toHaveCount(0);
});

test('in French: a day for each child, checkout with the saved card, confirmation and scheduled orders', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const { monday, days } = await openWeek(request, 1);
  const [first] = days as [SchoolDays['days'][number]];
  const meal = firstMeal(first.menu_ids);
  await signInParentWithCard(page);
  await openPage(page, `/${SCHOOL.slug}?selectedWeek=${monday}`);
  await page.getByRole('button', { name: 'Français' }).click();
  const orderingFor = page.getByLabel('Commande pour');
  await orderingFor.selectOption({ label: 'Léa Parent' });
  const day = dayHeading(first.date, 'fr-CA');
  await dayCard(page, first.date, 'fr-CA')
    .getByRole('button', { name: `Ajouter ${meal.fr} pour Léa Parent, ${day}` })
    .click();
  await takeChoices(page, 'Ajouter pour Léa Parent');
  await confirmEggFor(page, meal, 'Ajouter quand même');
  await orderingFor.selectOption({ label: 'Noah Parent' });
  await dayCard(page, first.date, 'fr-CA')
    .getByRole('button', { name: `Ajouter ${meal.fr} pour Noah Parent, ${day}` })
    .click();
  await takeChoices(page, 'Ajouter pour Noah Parent');
  const cart = page.getByRole('region', { name: 'Vos commandes de dîners' });
  await expect(cart.getByRole('region', { name: 'Pour Léa Parent' })).toBeVisible();
  await expect(cart.getByRole('region', { name: 'Pour Noah Parent' })).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScrollDownTo320(page);
  await page.screenshot({ path: path.join(SHOTS, 'school-cart-fr-360.png'), fullPage: true });

  await cart.getByRole('button', { name: 'Vérifier et passer à la caisse' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Passer à la caisse' })).toBeVisible();
  const place = page.getByRole('button', { name: /^Passer 2 commandes et payer \d+,\d\d\s\$$/ });
  await expect(place).toBeVisible();
  if (!(await page.getByText(/^Rien à payer/).isVisible())) {
    await expect(page.getByRole('radio', { name: 'Visa se terminant par 4242' })).toBeChecked();
  }
  await expectNoA11yViolations(page);
  await noSidewaysScrollDownTo320(page);
  await page.screenshot({ path: path.join(SHOTS, 'school-checkout-fr-360.png'), fullPage: true });
  await place.click();
  const confirmation = page.getByRole('region', { name: 'Vos commandes de dîners sont passées' });
  await expect(confirmation.getByRole('heading', { level: 3 })).toHaveText([day, day]);
  await expect(confirmation.getByText('Pour Léa Parent')).toBeVisible();
  await expect(confirmation.getByText('Pour Noah Parent')).toBeVisible();
  await expect(confirmation.getByText(`1 × ${meal.fr}`)).toHaveCount(2);
  // The English journey runs alongside and its cancel credits the account: credits may cover this one.
  await expect(confirmation.getByText(/payé avec Visa se terminant par 4242\.$|^Rien n’a été facturé\.$/)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'school-confirmation-fr-360.png'), fullPage: true });
  await confirmation.getByRole('link', { name: 'Voir vos commandes planifiées' }).click();
  const list = page.getByRole('list', { name: 'Commandes planifiées' });
  await expect(list.getByText('Jour d’école').first()).toBeVisible();
  await expect(list.getByText('Léa Parent').first()).toBeVisible();
  await expectNoA11yViolations(page);
});

test('where K-12 needs a sign-in, a parent whose session ended is sent from the checkout to /login and comes back to the same week and cart', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { monday, days } = await openWeek(request, 0);
  const [first, second] = days as [SchoolDays['days'][number], SchoolDays['days'][number]];
  const meal1 = firstMeal(first.menu_ids);
  const meal2 = firstMeal(second.menu_ids);
  await openPage(page, `/login?redirect=%2F${SCHOOL.slug}&selectedWeek=${monday}`);
  await page.getByLabel('Email').fill(PARENT.email);
  await page.getByLabel('Password').fill(PARENT.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SCHOOL.slug}\\?selectedWeek=${monday}$`));
  const orderingFor = page.getByLabel('Ordering for');
  await expect(orderingFor).toHaveValue(/\d+/);
  await orderingFor.selectOption({ label: 'Léa Parent' });
  for (const [entry, meal] of [
    [first, meal1],
    [second, meal2],
  ] as const) {
    await dayCard(page, entry.date)
      .getByRole('button', { name: `Add ${meal.en} for Léa Parent, ${dayHeading(entry.date, 'en-CA')}` })
      .click();
    await takeChoices(page, 'Add for Léa Parent');
    await confirmEggFor(page, meal, 'Add anyway');
  }
  const lea = page.getByRole('region', { name: 'Your lunch orders' }).getByRole('region', { name: 'For Léa Parent' });
  const bothDays = [dayHeading(first.date, 'en-CA'), dayHeading(second.date, 'en-CA')];
  await expect(lea.getByRole('heading', { level: 4 })).toHaveText(bothDays);

  // The session ends (signed out in another tab, or expired); the parent follows a link to the checkout.
  await page.evaluate(() => localStorage.removeItem('servery.session'));
  await openPage(page, `/${SCHOOL.slug}?selectedWeek=${monday}&step=checkout`);
  await expect(page).toHaveURL(/\/login\?/);
  const login = new URL(page.url());
  expect(login.searchParams.get('redirect')).toBe(`/${SCHOOL.slug}`);
  expect(login.searchParams.get('selectedWeek')).toBe(monday);
  expect(login.searchParams.get('step')).toBe('checkout');
  await expectNoA11yViolations(page);
  await page.getByLabel('Email').fill(PARENT.email);
  await page.getByLabel('Password').fill(PARENT.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  // Back at the checkout of the same week, with the same cart.
  await expect(page).toHaveURL(new RegExp(`/${SCHOOL.slug}\\?`));
  const back = new URL(page.url());
  expect(back.searchParams.get('selectedWeek')).toBe(monday);
  expect(back.searchParams.get('step')).toBe('checkout');
  await expect(page.getByRole('heading', { level: 2, name: 'Check out' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'For Léa Parent' }).getByRole('heading', { level: 4 })).toHaveText(bothDays);
  await expect(page.getByRole('button', { name: /^Place 2 orders and pay \$\d+\.\d\d$/ })).toBeVisible();
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Back to the week' }).click();
  await expect(page).toHaveURL(new RegExp(`selectedWeek=${monday}$`));
  await expect(
    page
      .getByRole('region', { name: 'Your lunch orders' })
      .getByRole('region', { name: 'For Léa Parent' })
      .getByRole('heading', { level: 4 }),
  ).toHaveText(bothDays);
});
