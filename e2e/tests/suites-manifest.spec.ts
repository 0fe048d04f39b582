/**
 * Issue 31 item 2: the venue operator's production and delivery manifest of one event across its
 * suites: on screen, printed and as CSV, in both languages. On a server of the spec's own (only the
 * demo arena, a database no other journey orders in), so the manifest holds exactly the pre-orders
 * placed here: the concert (event 3971, 7:30 to 10:30 p.m. in Edmonton) gets two from
 * owner@example.com, whose suites there are Suite 1 (event suite 3982) and Suite 4 (3984):
 * - Suite 1: 2 slider platters at half-time, with a note;
 * - Suite 4: 1 slider platter and 2 soft drinks at the start.
 * The browser's clock is the server's (today's 1 p.m. in Toronto), as in the other suite journeys.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { localDateTime } from '../../packages/domain/src/price-schedule';
import { SERVER_NOW, ZONE } from './arena-times';
import { expectNoA11yViolations } from './axe';
import { startOwnServer, type OwnServer } from './own-server';
import { apiSignIn, DEMO_PASSWORD, openPage } from './ready';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const ARENA = 'northside-arena';
const SLIDERS = { id: 3101, menu_id: 3010, section_id: 3050, orderId: 1, quantity: 1, orderPrice: 16500, orderOptions: [] };
const SODA = { id: 3108, menu_id: 3010, section_id: 3051, orderId: 2, quantity: 2, orderPrice: 7200, orderOptions: [] };

/**
 * Tonight's game (event 3973) locks its pre-orders 90 seconds after the server's clock starts
 * (SERVER_NOW, e2e/server.mjs), so that the owner pre-orders for its Suite 2 (event suite 3987)
 * before the lock (the server's start and beforeAll take seconds, a minute on a crowded machine) and
 * the operator changes it after (the last test waits for it, so a longer margin is time lost). Its times are today's, so the import moves
 * nothing (an instant with its offset is kept as written: eventInstant).
 */
function arenaWithTonightLockingSoon() {
  const file = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../tenants/northside-arena.json'), 'utf8')) as {
    events: Array<{ id: number; starts_at: string; ends_at: string; pre_order_lock_at: string }>;
  };
  const local = localDateTime(SERVER_NOW, ZONE);
  const today = `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
  const lock = new Date(SERVER_NOW.getTime() + 90_000).toISOString();
  return file.events.map((event) =>
    event.id === 3973
      ? { ...event, starts_at: `${today}T19:00`, ends_at: `${today}T21:30`, pre_order_lock_at: lock, import_day_offset: 0 }
      : event,
  );
}

let own: OwnServer;
let ownerHeaders: Record<string, string> = {};
test.beforeAll(async ({ request }) => {
  own = await startOwnServer({ E2E_TENANT_SETTINGS: JSON.stringify({ [ARENA]: { events: arenaWithTonightLockingSoon() } }) });
  // The owner's card, and the pre-order of tonight's Suite 2 before its lock: 2 soft drinks at the start.
  const owner = await apiSignIn(request, 'owner@example.com', { origin: own.baseURL, restaurant: ARENA });
  ownerHeaders = { authorization: `Bearer ${owner.token}`, 'x-restaurant-id': ARENA };
  const saved = await request.post(url('/api/auth/payment-method'), {
    headers: ownerHeaders,
    data: { card: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'T5B 0P1' } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  card = ((await saved.json()) as { paymentMethod: { paymentCardId: string } }).paymentMethod.paymentCardId;
  await place(request, preOrder(3987, card, [SODA], { deliveryPreference: 'event_start' }));
});
test.afterAll(async () => {
  await own?.stop();
});

const url = (route: string) => `${own.baseURL}${route}`;
let card = '';

async function place(request: APIRequestContext, body: object) {
  const placed = await request.post(url('/api/orders'), {
    headers: { ...ownerHeaders, 'idempotency-key': crypto.randomUUID() },
    data: body,
  });
  expect(placed.status(), await placed.text()).toBe(201);
}

function preOrder(eventSuite: number, card: string, items: object[], suitesInfo: object) {
  return {
    type: 'catering',
    data: {
      config: { eventSuite },
      items,
      costs: { tip: { type: 'percentage', value: '0' } },
      checkout: {
        paymentMethod: 'credit_card',
        chosenCreditCard: card,
        pickup: { delivery: false, notes: '', scheduled: false },
        contact: { full_name: 'Olivia Owner', email: 'owner@example.com', phone_number: '780-555-0103' },
        suitesInfo,
      },
    },
  };
}

async function operatorSignIn(page: Page) {
  await page.clock.setFixedTime(SERVER_NOW);
  await openPage(page, url(`/login?suiteOperator=true&restaurant=${ARENA}`));
  await page.getByLabel('Email').fill('operator@example.com');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
}

async function screenshot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${test.info().outputDir}/${name}.png`, fullPage: true });
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
}

async function downloadCsv(page: Page, button: string): Promise<{ name: string; lines: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), lines: fs.readFileSync(file, 'utf8').split('\r\n') };
}

test('the operator opens an event’s manifest: totals for the kitchen and each suite’s delivery by time, printed and as CSV, in both languages', async ({
  page,
}) => {
  // The owner's two pre-orders, through the API (the pre-order journey itself is suites.spec.ts's).
  for (const body of [
    preOrder(3982, card, [{ ...SLIDERS, quantity: 2, orderPrice: 33000 }], {
      deliveryPreference: 'half_time',
      notes: 'Gluten-free buns for two',
    }),
    preOrder(3984, card, [SLIDERS, SODA], { deliveryPreference: 'event_start' }),
  ]) {
    await place(page.request, body);
  }

  await operatorSignIn(page);
  const concert = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Prairie Lights Holiday Concert' }) });
  await concert.getByRole('link', { name: 'See the suites' }).click();
  await page.getByRole('link', { name: 'Production and delivery manifest' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Production and delivery manifest' })).toBeVisible();
  await expect(page.getByText('2 of 3 suites pre-ordered. 5 items in all.')).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals for the event' });
  await expect(totals.getByRole('row', { name: 'Alberta beef slider platter 3' })).toBeVisible();
  await expect(totals.getByRole('row', { name: 'Soft drinks (12 cans) 2' })).toBeVisible();
  const start = page.getByRole('region', { name: 'At the start — 7:30 PM' });
  await expect(start.getByRole('row', { name: 'Alberta beef slider platter 1' })).toBeVisible();
  await expect(start.getByRole('heading', { level: 4, name: 'Suite 4 — Goal line' })).toBeVisible();
  await expect(start.getByText('2 × Soft drinks (12 cans)')).toBeVisible();
  const half = page.getByRole('region', { name: 'At half-time — 9:00 PM' });
  await expect(half.getByRole('row', { name: 'Alberta beef slider platter 2' })).toBeVisible();
  await expect(half.getByRole('heading', { level: 4, name: 'Suite 1 — Centre ice' })).toBeVisible();
  await expect(half.getByText('Notes: Gluten-free buns for two')).toBeVisible();
  // The groups run in time order.
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Totals for the event',
    'At the start — 7:30 PM',
    'At half-time — 9:00 PM',
  ]);
  await expectNoA11yViolations(page);
  await screenshot(page, 'manifest');

  // Print: the browser's print, and on paper the manifest without the buttons.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(totals.getByRole('row', { name: 'Alberta beef slider platter 3' })).toBeVisible();
  await page.screenshot({ path: `${test.info().outputDir}/manifest-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  const csv = await downloadCsv(page, 'Download CSV');
  expect(csv.name).toMatch(/^manifest-northside-arena-3971-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.lines[0]).toBe('section,delivery,time,suite,location,order,item,quantity,notes');
  expect(csv.lines).toContainEqual(
    expect.stringMatching(/^production,At the start,\d{4}-\d{2}-\d{2} 19:30,,,,Soft drinks \(12 cans\),2,$/),
  );
  expect(csv.lines).toContainEqual(
    expect.stringMatching(
      /^delivery,At half-time,\d{4}-\d{2}-\d{2} 21:00,Suite 1 — Centre ice,"Level 2, north side",\d+,Alberta beef slider platter,2,Gluten-free buns for two$/,
    ),
  );
  expect(csv.lines.slice(-3)).toEqual(['event total,,,,,,Alberta beef slider platter,3,', 'event total,,,,,,Soft drinks (12 cans),2,', '']);

  // In French: the screen, its times and the CSV with its file name.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manifeste de production et de livraison' })).toBeVisible();
  await expect(page.getByText('2 loges sur 3 ont précommandé. 5 articles en tout.')).toBeVisible();
  const totaux = page.getByRole('region', { name: 'Totaux de l’événement' });
  await expect(totaux.getByRole('row', { name: 'Plateau de mini-burgers au bœuf de l’Alberta 3' })).toBeVisible();
  const debut = page.getByRole('region', { name: 'Au début — 19 h 30' });
  await expect(debut.getByText('2 × Boissons gazeuses (12 canettes)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'À la mi-temps — 21 h 00' }).getByText('Notes : Gluten-free buns for two')).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, 'manifest-fr');
  const csvFr = await downloadCsv(page, 'Télécharger le CSV');
  expect(csvFr.name).toMatch(/^manifeste-northside-arena-3971-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csvFr.lines[0]).toBe('section,livraison,heure,loge,emplacement,commande,article,quantité,notes');
  expect(csvFr.lines).toContain('total de l’événement,,,,,,Plateau de mini-burgers au bœuf de l’Alberta,3,');
  // The suites by their French names and places (tenant file suites[].localization).
  expect(csvFr.lines.filter((line) => line.includes(',Loge 1 — Centre de la glace,"Niveau 2, côté nord",'))).toHaveLength(1);
  await expect(page.getByRole('heading', { level: 4, name: 'Loge 1 — Centre de la glace' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('link', { name: 'Back to the suites' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prairie Lights Holiday Concert' })).toBeVisible();
});

test('after the lock the operator changes a suite’s pre-order with a required reason, which the suite’s activity shows, in both languages', async ({
  page,
}) => {
  // Wait, on the server's clock, for tonight's lock: the owner's events then say it is locked.
  await expect
    .poll(
      async () => {
        const answer = await page.request.post(url('/api/catering/suite-owners/get-upcoming-events'), { headers: ownerHeaders, data: {} });
        const events = ((await answer.json()) as { events: Array<{ eventSuiteId: number; state: string }> }).events;
        return events.find((entry) => entry.eventSuiteId === 3987)?.state;
      },
      { timeout: 150_000, intervals: [1_000] },
    )
    .toBe('locked');
  // The owner can no longer change it.
  const refused = await page.request.post(url('/api/orders'), {
    headers: { ...ownerHeaders, 'idempotency-key': crypto.randomUUID() },
    data: preOrder(3987, card, [{ ...SODA, quantity: 1, orderPrice: 3600 }], { deliveryPreference: 'event_start' }),
  });
  expect(((await refused.json()) as { error: string }).error).toBe('PRE_ORDER_LOCKED');

  await operatorSignIn(page);
  const tonight = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Tonight: Nighthawks/ }) });
  await tonight.getByRole('link', { name: 'See the suites' }).click();
  const suite = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Suite 2 — Blue line' }) });
  await expect(suite.getByText('Locked', { exact: true })).toBeVisible();
  await suite.getByText('Change the pre-order').click();
  const quantity = suite.getByLabel('Quantity of Soft drinks (12 cans)');
  await expect(quantity).toHaveValue('2');
  await quantity.fill('1');
  // The reason is required.
  await suite.getByRole('button', { name: 'Save the change' }).click();
  await expect(suite.getByText('Enter the reason for the change.')).toBeVisible();
  await expectNoA11yViolations(page);
  await suite.getByLabel('Reason for the change (kept in the activity)').fill('Owner called: fewer guests tonight');
  await suite.getByRole('button', { name: 'Save the change' }).click();
  await expect(suite.getByRole('status')).toHaveText(/^The pre-order of Suite 2 — Blue line is changed: it is now pre-order #\d+\.$/);
  const number = /#(\d+)/.exec((await suite.getByRole('status').textContent()) ?? '')?.[1];
  await suite.getByText('Activity', { exact: true }).click();
  await expect(
    suite.getByText(`Omar Operator (operator) changed the pre-order (now #${number}): Owner called: fewer guests tonight`),
  ).toBeVisible();
  await expect(suite.getByText(/Omar Operator \(operator\) pre-ordered for Olivia Owner: 1 × Soft drinks \(12 cans\)/)).toBeVisible();
  await expectNoA11yViolations(page);
  await suite.getByText('Activity', { exact: true }).scrollIntoViewIfNeeded();
  await screenshot(page, 'operator-pre-order-change');

  await page.getByRole('button', { name: 'Français' }).click();
  const loge = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Loge 2 — Ligne bleue' }) });
  await expect(
    loge.getByText(`Omar Operator (opérateur) a modifié la précommande (maintenant no ${number}) : Owner called: fewer guests tonight`),
  ).toBeVisible();
  await expect(loge.getByText('Modifier la précommande')).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, 'operator-pre-order-change-fr');

  await page.getByRole('button', { name: 'English' }).click();

  // Every open tab of today, venue-wide, from the events.
  await page.getByRole('link', { name: 'Back to the events' }).click();
  await page.getByRole('link', { name: 'Open tabs today (live)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Open tabs today' })).toBeVisible();
  const game = page.getByRole('region', { name: /Tonight: Nighthawks/ });
  await expect(game.getByRole('row', { name: /Suite 2 — Blue line/ })).toBeVisible();
  await expect(page.getByText('Updated live')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Prairie Lights Holiday Concert' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await screenshot(page, 'operator-open-tabs');
});
