import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { schoolBaseURL } from '../playwright.config';
import { expectNoA11yViolations } from './axe';
import { keepSession, openPage } from './ready';
import { noSidewaysScroll, SERVER_NOW, SHOTS } from './school-journey';

// "Repeat this week" and a standing weekly order (decision 0118) on maple-school, on the school server
// of playwright.config.ts: its clock starts at Tuesday 24 November 2026, 1 p.m. in Toronto, so the
// cut-off is the start of Friday 27; the browser's clock is pinned to the same instant. The week of
// 30 November is rotation week 2 (Monday chili, Tuesday tacos, Friday pizza); the week of 7 December
// is week 1 (Monday pasta: no chili; Tuesday tacos; Friday pizza).
test.use({ baseURL: schoolBaseURL });
// One after the other: the dev route runs the job for every standing order at the school, so a run in
// one test would place the other test's days in the middle of its edits.
test.describe.configure({ timeout: 180_000, mode: 'serial' });

const SCHOOL = 'maple-school';
/** Week ranges as Intl writes them ("Nov 30–Dec 4, 2026", its dash and spaces the browser's own). */
const WEEK = 'Nov 30\\s?–\\s?Dec 4, 2026';
const NEXT = 'Dec 7\\s?–\\s?11, 2026';
const choices = (pairs: number[][]) =>
  pairs.map(([group, value]) => ({ id: group, values: [{ id: value, quantity: 1, adjustedPrice: 0 }] }));
const CHILI = {
  id: 2110,
  menu_id: 2015,
  section_id: 2055,
  quantity: 1,
  orderPrice: 775,
  orderOptions: choices([
    [2520, 2670],
    [2521, 2674],
  ]),
};
const TACOS = {
  id: 2102,
  menu_id: 2011,
  section_id: 2051,
  quantity: 1,
  orderPrice: 750,
  orderOptions: choices([
    [2504, 2614],
    [2505, 2618],
  ]),
};
const PIZZA = {
  id: 2108,
  menu_id: 2014,
  section_id: 2054,
  quantity: 1,
  orderPrice: 700,
  orderOptions: choices([
    [2516, 2656],
    [2517, 2660],
  ]),
};

/** A family of its own with one child, a saved Visa and the week of 30 November ordered (Monday, Tuesday, Friday). */
async function familyWithAWeek(request: APIRequestContext, tag: string, secondCard = false) {
  const email = `standing-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await request.post('/api/auth/register-user', {
    headers: { 'X-Restaurant-Id': SCHOOL },
    data: { firstName: 'Sam', lastName: 'Martin', email, password: 'Demo1234!', phoneNumber: '416-555-0199' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { token, user } = (await registered.json()) as { token: string; user: { id: number } };
  const auth = { Authorization: `Bearer ${token}`, 'X-Restaurant-Id': SCHOOL };
  const child = await request.post('/api/auth/students', {
    headers: auth,
    data: { firstName: 'Zoé', lastName: 'Martin', school: 'Maple Grove Public School', grade: '2', classroom: '103', teacher: 'Mme Roy' },
  });
  expect(child.status(), await child.text()).toBe(200);
  const studentId = ((await child.json()) as { student: { id: number } }).student.id;
  const card = await request.post('/api/auth/payment-method', {
    headers: auth,
    data: { card: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M2N5N8' } },
  });
  expect(card.status(), await card.text()).toBe(200);
  const paymentCardId = ((await card.json()) as { paymentMethod: { paymentCardId: string } }).paymentMethod.paymentCardId;
  if (secondCard) {
    const other = await request.post('/api/auth/payment-method', {
      headers: auth,
      data: { card: { number: '5555555555554444', expiry: '1230', cvd: '123', postal_code: 'M2N5N8' } },
    });
    expect(other.status(), await other.text()).toBe(200);
  }
  const days: Array<[string, typeof CHILI]> = [
    ['2026-11-30', CHILI],
    ['2026-12-01', TACOS],
    ['2026-12-04', PIZZA],
  ];
  const placed = await request.post('/api/orders/create-k12-order', {
    headers: { ...auth, 'Idempotency-Key': `standing-e2e-${Date.now()}-${Math.floor(Math.random() * 1e9)}` },
    data: {
      data: {
        rotationalMenuOrders: days.map(([date, item], index) => ({
          date,
          orderId: index + 1,
          studentId,
          items: [{ ...item, orderId: 1 }],
        })),
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          chosenCreditCard: paymentCardId,
          contact: { full_name: 'Sam Martin', email, phone_number: '416-555-0199' },
        },
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return { token, userId: user.id };
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

test('a parent repeats a week, makes it the standing order, skips a day; the job places the others', async ({ page, request }) => {
  await page.clock.setFixedTime(SERVER_NOW);
  await keepSession(page, await familyWithAWeek(request, 'en'));
  await openPage(page, `/${SCHOOL}/standing-orders`);
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly lunches' })).toBeVisible();
  const child = page.getByRole('region', { name: 'Zoé Martin' });
  await expect(child.getByText(new RegExp(`^${WEEK}`))).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'standing-en-390-weeks.png');

  // Repeat: the next open week's cart, chili left out (pasta day that Monday).
  await child.getByRole('button', { name: new RegExp(`^Repeat the week of ${WEEK}$`) }).click();
  const status = child.getByRole('status');
  await expect(status).toContainText(new RegExp(`The week of ${NEXT} is in your cart: 2 days\\.`));
  await expect(status).toContainText('Beef and bean chili with cornbread (Monday, November 30): not on that day’s menu next time');
  await expectNoA11yViolations(page);
  await shoot(page, 'standing-en-390-repeated.png');
  await status.getByRole('link', { name: 'Review and pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SCHOOL}\\?selectedWeek=2026-12-07$`));
  await expect(page.getByRole('heading', { name: 'Your lunch orders' })).toBeVisible();
  await expect(page.getByText('Beef soft tacos').last()).toBeVisible();
  await expect(page.getByText('Cheese pizza (2 slices)').last()).toBeVisible();

  // The standing order from the same week, then skip Tuesday 1 December.
  await openPage(page, `/${SCHOOL}/standing-orders`);
  await child.getByRole('button', { name: new RegExp(`^Order the week of ${WEEK} every week$`) }).click();
  const standing = child.getByRole('region', { name: 'Standing weekly order for Zoé Martin' });
  await expect(standing.getByText('Paid with VISA ending in 4242.')).toBeVisible();
  await expect(standing.getByText('Friday, November 27: to be placed now')).toBeVisible();
  await standing.getByRole('button', { name: 'Skip Tuesday, December 1' }).click();
  await expect(standing.getByText('Tuesday, December 1: skipped')).toBeVisible();

  // The job, at the server's clock.
  const run = await request.post('/api/dev/standing-orders/run', { data: {} });
  expect(run.status(), await run.text()).toBe(200);
  await page.reload();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  const history = standing.getByRole('list').last();
  await expect(history.getByText(/^Friday, November 27: placed, order #\d+, \$7\.00$/)).toBeVisible();
  await expect(history.getByText(/^Monday, November 30: placed, order #\d+, \$7\.75$/)).toBeVisible();
  await expect(history.getByText(/December 1/)).toHaveCount(0);
  await expect(standing.getByText('Tuesday, December 1: skipped')).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'standing-en-390-placed.png');

  // In French.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dîners de la semaine' })).toBeVisible();
  const enfant = page.getByRole('region', { name: 'Zoé Martin' });
  await expect(
    enfant.getByRole('region', { name: 'Commande hebdomadaire pour Zoé Martin' }).getByText('mardi 1 décembre : sauté'),
  ).toBeVisible();
  await expect(enfant.getByText(/^vendredi 27 novembre : commandé, commande no \d+, 7,00\s\$$/)).toBeVisible();
  // The meals in French, as the school's menu names them.
  await expect(enfant.getByText(/^Pizza au fromage/).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'standing-fr-390-placed.png');
});

// Decision 0122: the week of 23 November is week 1 of the school's two-week menu cycle, 30 November week 2.
test('a parent edits the standing order meal by meal per week of the menu cycle, picks another card, and skips only weeks still to come', async ({
  page,
  request,
}) => {
  await page.clock.setFixedTime(SERVER_NOW);
  await keepSession(page, await familyWithAWeek(request, 'cycle', true));
  await openPage(page, `/${SCHOOL}/standing-orders`);
  const child = page.getByRole('region', { name: 'Zoé Martin' });
  await expect(child.getByText(/week 2 of 2 of the cycle/)).toBeVisible();
  await child.getByRole('button', { name: new RegExp(`^Order the week of ${WEEK} every week$`) }).click();
  const standing = child.getByRole('region', { name: 'Standing weekly order for Zoé Martin' });
  const week1 = standing.getByRole('region', { name: 'Week 1 of 2 of the menu cycle (this week)' });
  const week2 = standing.getByRole('region', { name: 'Week 2 of 2 of the menu cycle' });
  // Week 2 as ordered; week 1 started from it with what its menus serve: no chili on its Monday (pasta day).
  await expect(week2.getByText(/^Beef and bean chili with cornbread/)).toBeVisible();
  await expect(week1.getByText('No lunch')).toHaveCount(3);
  await expect(week1.getByText(/^Beef soft tacos/)).toBeVisible();

  // Add a meal from week 1's Monday menu.
  await week1.getByRole('button', { name: 'Add a meal on Monday, week 1' }).click();
  const form = week1.getByRole('group', { name: 'A meal to add on Monday, week 1' });
  await form.getByLabel('Meal or extra').selectOption({ label: 'Penne primavera ($7.00)' });
  await form.getByLabel('Drink').selectOption({ label: 'Apple juice (200 mL)' });
  await expectNoA11yViolations(page);
  await shoot(page, 'standing-cycle-en-390-adding.png');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(week1.getByText(/^Penne primavera \(Apple juice \(200 mL\)/)).toBeVisible();
  await expect(standing.getByText('Monday, December 7:')).toBeVisible();

  // Change week 2's Friday pizza to pepperoni; remove its Tuesday tacos.
  await week2.getByRole('button', { name: 'Change Cheese pizza (2 slices) on Friday, week 2' }).click();
  const change = week2.getByRole('group', { name: 'The meal for Friday, week 2' });
  await change.getByLabel('Meal or extra').selectOption({ label: 'Turkey pepperoni pizza (2 slices) ($7.50)' });
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(week2.getByText(/^Turkey pepperoni pizza/)).toBeVisible();
  await expect(week2.getByText(/^Cheese pizza/)).toHaveCount(0);
  await week2.getByRole('button', { name: 'Remove Beef soft tacos from Tuesday, week 2' }).click();
  await expect(week2.getByText(/^Beef soft tacos/)).toHaveCount(0);
  await expect(standing.getByText('Tuesday, December 1:')).toHaveCount(0);

  // A third meal on week 1's Friday is refused by the school's two meals a day.
  for (const label of ['Turkey pepperoni pizza (2 slices) ($7.50)', 'Cheese pizza (2 slices) ($7.00)']) {
    await week1.getByRole('button', { name: 'Add a meal on Friday, week 1' }).click();
    const add = week1.getByRole('group', { name: 'A meal to add on Friday, week 1' });
    await add.getByLabel('Meal or extra').selectOption({ label });
    await add.getByRole('button', { name: 'Save' }).click();
    if (label.startsWith('Turkey')) await expect(add).toHaveCount(0);
  }
  await expect(week1.getByRole('alert')).toContainText(
    'That day would have more meals than the school allows for one child. Lower the quantity or remove a meal, then save again.',
  );
  await week1.getByRole('group', { name: 'A meal to add on Friday, week 1' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(week1.getByRole('alert')).toHaveCount(0);

  // Another saved card.
  await expect(standing.getByText('Paid with VISA ending in 4242.')).toBeVisible();
  const mastercard = await standing.getByLabel('Pay with').locator('option', { hasText: 'ending in 4444' }).getAttribute('value');
  await standing.getByLabel('Pay with').selectOption(mastercard ?? '');
  await standing.getByRole('button', { name: 'Use this card' }).click();
  await expect(standing.getByText(/Paid with \w+ ending in 4444\./)).toBeVisible();

  // The job; then the week of 23 November has nothing left to come: no "Skip the week" for it.
  const run = await request.post('/api/dev/standing-orders/run', { data: {} });
  expect(run.status(), await run.text()).toBe(200);
  await page.reload();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(standing.getByText(/^Friday, November 27: placed, order #\d+, \$14\.50$/)).toBeVisible();
  await expect(standing.getByText(/^Monday, November 30: placed, order #\d+, \$7\.75$/)).toBeVisible();
  await expect(standing.getByRole('button', { name: /^Skip the week of Nov 23/ })).toHaveCount(0);
  await expect(standing.getByRole('button', { name: new RegExp(`^Skip the week of ${WEEK}$`) })).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'standing-cycle-en-390-edited.png');

  // In French.
  await page.getByRole('button', { name: 'Français' }).click();
  const commande = page.getByRole('region', { name: 'Commande hebdomadaire pour Zoé Martin' });
  const semaine1 = commande.getByRole('region', { name: 'Semaine 1 sur 2 du cycle de menus (cette semaine)' });
  await expect(semaine1.getByText(/^Penne primavera \(Jus de pomme/)).toBeVisible();
  await expect(
    commande.getByRole('region', { name: 'Semaine 2 sur 2 du cycle de menus' }).getByText(/^Pizza au pepperoni de dinde/),
  ).toBeVisible();
  await expect(semaine1.getByRole('button', { name: 'Retirer Penne primavera du lundi, semaine 1' })).toBeVisible();
  await expect(commande.getByRole('button', { name: 'Utiliser cette carte' })).toBeVisible();
  await semaine1.getByRole('button', { name: 'Ajouter un repas le lundi, semaine 1' }).click();
  await expect(semaine1.getByRole('group', { name: 'Un repas à ajouter le lundi, semaine 1' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'standing-cycle-fr-390-edited.png');
});

// Two tabs on one standing order (decision 0122, amended): each save names the version its page read.
// Pancakes (week 2's Wednesday) come with carrot sticks that take a dip of their own: a nested choice.
test('a stale tab’s save is refused and reloaded; a meal with a nested choice and a quantity is saved and placed', async ({
  page,
  request,
}) => {
  const family = await familyWithAWeek(request, 'tabs');
  await page.clock.setFixedTime(SERVER_NOW);
  await keepSession(page, family);
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, `/${SCHOOL}/standing-orders`);
  const childA = page.getByRole('region', { name: 'Zoé Martin' });
  await childA.getByRole('button', { name: new RegExp(`^Order the week of ${WEEK} every week$`) }).click();
  const standingA = childA.getByRole('region', { name: 'Standing weekly order for Zoé Martin' });
  const week2A = standingA.getByRole('region', { name: 'Week 2 of 2 of the menu cycle' });
  await expect(week2A.getByText(/^Cheese pizza/)).toBeVisible();

  // Tab B opens the same standing order.
  const tab = await page.context().newPage();
  await tab.clock.setFixedTime(SERVER_NOW);
  await tab.setViewportSize({ width: 390, height: 844 });
  await openPage(tab, `/${SCHOOL}/standing-orders`);
  const standingB = tab.getByRole('region', { name: 'Standing weekly order for Zoé Martin' });
  const week2B = standingB.getByRole('region', { name: 'Week 2 of 2 of the menu cycle' });
  await expect(week2B.getByText(/^Cheese pizza/)).toBeVisible();

  // Tab A saves Friday; tab B, still showing the cheese pizza, saves Friday too: refused, reloaded.
  await week2A.getByRole('button', { name: 'Change Cheese pizza (2 slices) on Friday, week 2' }).click();
  const changeA = week2A.getByRole('group', { name: 'The meal for Friday, week 2' });
  await changeA.getByLabel('Meal or extra').selectOption({ label: 'Turkey pepperoni pizza (2 slices) ($7.50)' });
  await changeA.getByRole('button', { name: 'Save' }).click();
  await expect(week2A.getByText(/^Turkey pepperoni pizza/)).toBeVisible();
  // The tab in front is the one a person types in (focus is per window).
  await tab.bringToFront();
  await week2B.getByRole('button', { name: 'Change Cheese pizza (2 slices) on Friday, week 2' }).click();
  const changeB = week2B.getByRole('group', { name: 'The meal for Friday, week 2' });
  await changeB.getByLabel('Quantity').fill('2');
  await changeB.getByRole('button', { name: 'Save' }).click();
  await expect(week2B.getByRole('alert')).toHaveText(
    'This standing order was changed in another window. It has been reloaded: check it and save again.',
  );
  await expect(changeB).toHaveCount(0);
  await expect(week2B.getByRole('alert')).toBeFocused();
  await expect(week2B.getByText(/^Turkey pepperoni pizza/)).toBeVisible();
  await expect(week2B.getByText(/Cheese pizza/)).toHaveCount(0);
  await expectNoA11yViolations(tab);
  await shoot(tab, 'standing-tabs-en-390-refused.png');

  // From the order as reloaded, tab B adds two pancakes with carrot sticks and hummus on Wednesday.
  await week2B.getByRole('button', { name: 'Add a meal on Wednesday, week 2' }).click();
  const add = week2B.getByRole('group', { name: 'A meal to add on Wednesday, week 2' });
  await add.getByLabel('Meal or extra').selectOption({ label: 'Pancakes and turkey sausages ($7.50)' });
  await expect(add.getByRole('group', { name: 'With Carrot and cucumber sticks' })).toHaveCount(0);
  await add.getByLabel('Fruit or vegetable').selectOption({ label: 'Carrot and cucumber sticks' });
  const dip = add.getByRole('group', { name: 'With Carrot and cucumber sticks' });
  await expect(dip.getByLabel('Dip')).toHaveValue('2951');
  await dip.getByLabel('Dip').selectOption({ label: 'Hummus ($0.25)' });
  await add.getByLabel('Quantity').fill('2');
  await expect(add.getByText('At most 2 for this day.')).toBeVisible();
  await expectNoA11yViolations(tab);
  await shoot(tab, 'standing-tabs-en-390-nested.png');
  // By keyboard: from the quantity, Tab to Save and press Enter.
  await add.getByLabel('Quantity').focus();
  await tab.keyboard.press('Tab');
  await expect(add.getByRole('button', { name: 'Save' })).toBeFocused();
  await tab.keyboard.press('Enter');
  await expect(
    week2B.getByText('2 × Pancakes and turkey sausages (White milk (250 mL), Carrot and cucumber sticks, Hummus)'),
  ).toBeVisible();
  await expect(week2B.getByRole('alert')).toHaveCount(0);

  // In French: tab A reads the order again (its language's names), then tab B removes Tuesday's tacos;
  // tab A, a version behind, removes them too: refused in French, and reloaded with the pancakes.
  await page.bringToFront();
  await page.getByRole('button', { name: 'Français' }).click();
  const commandeA = page.getByRole('region', { name: 'Commande hebdomadaire pour Zoé Martin' });
  const semaine2A = commandeA.getByRole('region', { name: 'Semaine 2 sur 2 du cycle de menus' });
  await expect(semaine2A.getByText(/^2 × Crêpes et saucisses de dinde \(.*Houmous\)$/)).toBeVisible();
  await tab.bringToFront();
  await tab.getByRole('button', { name: 'Français' }).click();
  const semaine2B = tab
    .getByRole('region', { name: 'Commande hebdomadaire pour Zoé Martin' })
    .getByRole('region', { name: 'Semaine 2 sur 2 du cycle de menus' });
  await semaine2B.getByRole('button', { name: 'Retirer Tacos souples au bœuf du mardi, semaine 2' }).click();
  await expect(semaine2B.getByText(/^Tacos souples au bœuf/)).toHaveCount(0);
  await page.bringToFront();
  await semaine2A.getByRole('button', { name: 'Retirer Pizza au pepperoni de dinde (2 pointes) du vendredi, semaine 2' }).click();
  await expect(semaine2A.getByRole('alert')).toBeFocused();
  await expect(semaine2A.getByRole('alert')).toHaveText(
    'Cette commande hebdomadaire a été modifiée dans une autre fenêtre. Elle a été rechargée : vérifiez-la et enregistrez de nouveau.',
  );
  await expect(semaine2A.getByText(/^Tacos souples au bœuf/)).toHaveCount(0);
  await expect(semaine2A.getByText(/^Pizza au pepperoni de dinde/)).toBeVisible();
  await semaine2A.getByRole('button', { name: 'Ajouter un repas le mercredi, semaine 2' }).click();
  const ajout = semaine2A.getByRole('group', { name: 'Un repas à ajouter le mercredi, semaine 2' });
  await ajout.getByLabel('Repas ou extra').selectOption({ label: 'Crêpes et saucisses de dinde (7,50 $)' });
  await ajout.getByLabel('Fruit ou légume').selectOption({ label: 'Bâtonnets de carotte et de concombre' });
  await expect(ajout.getByRole('group', { name: 'Avec Bâtonnets de carotte et de concombre' }).getByLabel('Trempette')).toBeVisible();
  // Two pancakes already: this day has no meal left.
  await expect(
    ajout.getByText('Ce jour a déjà ses 2 repas : choisissez un extra, ou modifiez ou retirez plutôt un repas du jour.'),
  ).toBeVisible();
  await ajout.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(semaine2A.getByRole('alert')).toHaveText(
    'Ce jour-là aurait plus de repas que l’école n’en permet pour un enfant. Réduisez la quantité ou retirez un repas, puis enregistrez de nouveau.',
  );
  await expectNoA11yViolations(page);
  await shoot(page, 'standing-tabs-fr-390-refused.png');
  await tab.close();

  // As saved: the pancakes with their nested dip; the job places Wednesday 2 December: 2 × ($7.50 + $0.25).
  const auth = { Authorization: `Bearer ${family.token}`, 'X-Restaurant-Id': SCHOOL };
  const list = (await (await request.get('/api/auth/standing-orders', { headers: auth })).json()) as {
    standingOrders: Array<{ weeks: Array<{ pattern: Record<string, Array<{ id: number; quantity: number; orderOptions: unknown }>> }> }>;
  };
  expect(list.standingOrders[0]!.weeks[1]!.pattern.wednesday).toEqual([
    expect.objectContaining({
      id: 2112,
      quantity: 2,
      orderOptions: [
        { id: 2524, values: [expect.objectContaining({ id: 2684 })] },
        {
          id: 2525,
          values: [expect.objectContaining({ id: 2689, options: [{ id: 2950, values: [expect.objectContaining({ id: 2952 })] }] })],
        },
      ],
    }),
  ]);
  const run = await request.post('/api/dev/standing-orders/run', { data: {} });
  expect(run.status(), await run.text()).toBe(200);
  await page.reload();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(commandeA.getByText(/^mercredi 2 décembre : commandé, commande no \d+, 15,50\s\$$/)).toBeVisible();
  await expectNoA11yViolations(page);
});
