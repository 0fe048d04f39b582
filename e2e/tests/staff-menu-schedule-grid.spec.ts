/**
 * The price schedule's grid, painted (issue 32, item 1; docs/decisions/0120-schedule-grid-painting.md),
 * against a server this spec starts for itself (tests/staff-editor-server.ts), its clock at Monday
 * 30 November 2026, noon in Toronto, and the diner's browser pinned to 12:30 that day, so the diner's
 * price is the one painted for Monday 11:00-14:00.
 *
 * A manager picks a price's letter and drags across Monday 11:00-14:00, paints Tuesday ranges by
 * keyboard (arrows, Shift+arrows, Home/End, Enter/Space), sees the day fields follow and the grid
 * follow a typed field, saves, publishes, and the diner's menu shows the painted price. In English at
 * 1280 px and in French at 390 px zoomed to 6 hours; each also at the other width, axe-clean, no
 * sideways scroll.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openPage, staffSignIn } from './ready';
import { noSidewaysScroll, openStarter, useOwnBistroServer } from './staff-editor-server';

// Monday 30 November 2026, 12:00 in Toronto (EST).
const MONDAY_NOON = '2026-11-30T17:00:00.000Z';
const { url } = useOwnBistroServer({ CLOCK_START: MONDAY_NOON });
// Half an hour on, within the 11:00-14:00 painted, whatever the minutes the spec takes before.
const DINER_NOW = new Date('2026-11-30T17:30:00.000Z');
const SHOTS = '/tmp/editor-shots';

const TEXT = {
  en: {
    french: false,
    form: (name: string) => `Price by day and time: ${name}`,
    scheduled: 'The price changes by day and time',
    letterPrice: (letter: string) => `Price ${letter} in dollars`,
    letter: (letter: string) => `Price ${letter}`,
    day: { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday' },
    cell: (day: string, from: string, to: string, price: string) => `${day} ${from} to ${to}, ${price}`,
    price: (letter: string) => `price ${letter}`,
    notSold: 'not sold',
    painted: (days: string, from: string, to: string, price: string) => `Painted ${days}, ${from} to ${to}: ${price}.`,
    hours: 'Hours shown',
    window: (from: string, to: string) => `${from} to ${to}`,
    save: 'Save the schedule to the draft',
    saved: (name: string) => `The price schedule of ${name} was saved in the draft.`,
    publish: 'Publish the draft',
    published: /The draft was published/,
  },
  fr: {
    french: true,
    form: (name: string) => `Prix selon le jour et l’heure : ${name}`,
    scheduled: 'Le prix change selon le jour et l’heure',
    letterPrice: (letter: string) => `Prix ${letter} en dollars`,
    letter: (letter: string) => `Prix ${letter}`,
    day: { monday: 'Lundi', tuesday: 'Mardi', wednesday: 'Mercredi' },
    cell: (day: string, from: string, to: string, price: string) => `${day} ${from} à ${to}, ${price}`,
    price: (letter: string) => `prix ${letter}`,
    notSold: 'non vendu',
    painted: (days: string, from: string, to: string, price: string) => `Peint : ${days}, de ${from} à ${to} : ${price}.`,
    hours: 'Heures affichées',
    window: (from: string, to: string) => `${from} à ${to}`,
    save: 'Enregistrer l’horaire dans le brouillon',
    saved: (name: string) => `L’horaire de prix de ${name} a été enregistré dans le brouillon.`,
    publish: 'Publier le brouillon',
    published: /Le brouillon a été publié/,
  },
};
type Text = (typeof TEXT)['en'];

/** Opens an item's price schedule in the editor, turned on, with prices A and B. */
async function openSchedule(page: Page, text: Text, item: string, prices: { A: string; B: string }): Promise<Locator> {
  await openStarter(page, item, { french: text.french });
  const schedule = page.getByRole('form', { name: text.form(item) });
  await schedule.getByRole('checkbox', { name: text.scheduled }).check();
  await schedule.getByLabel(text.letterPrice('A')).fill(prices.A);
  await schedule.getByLabel(text.letterPrice('B')).fill(prices.B);
  return schedule;
}

/** Presses the pointer on one cell, moves it over the cells between, and releases it on another. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 10 });
  await page.mouse.up();
}

async function press(page: Page, key: string, times = 1): Promise<void> {
  for (let count = 0; count < times; count += 1) await page.keyboard.press(key);
}

/** Saves the schedule, publishes, and opens the diner's menu (in the console's language) at 390 px. */
async function saveAndPublish(page: Page, schedule: Locator, text: Text, item: string): Promise<Page> {
  await schedule.getByRole('button', { name: text.save }).click();
  await expect(page.getByRole('status').filter({ hasText: text.saved(item) })).toBeVisible();
  await page.getByRole('button', { name: text.publish }).click();
  await expect(page.getByRole('status').filter({ hasText: text.published })).toBeVisible();
  const diner = await page.context().newPage();
  await diner.setViewportSize({ width: 390, height: 900 });
  // The diner's browser on the same Monday lunch as the server: the menu's first render is the
  // server's clock, and the page then follows the browser's.
  await diner.clock.setFixedTime(DINER_NOW);
  await openPage(diner, url('/maple-bistro?takeout=true&takeoutType=pickup'));
  return diner;
}

test('in English at 1280 px: Monday 11:00-14:00 painted by dragging, Tuesday by keyboard, published; the diner pays price A at Monday noon', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const text = TEXT.en;
  await page.setViewportSize({ width: 1280, height: 900 });
  await staffSignIn(page, 'manager@maple-bistro.example.com', url('/maple-bistro/staff/menu'));
  await expect(page.getByRole('heading', { level: 1, name: 'Menu editor' })).toBeVisible();
  const schedule = await openSchedule(page, text, 'Caesar salad', { A: '11.25', B: '9.50' });
  const grid = schedule.getByRole('grid', { name: 'The week at a glance' });
  const cell = (day: string, from: string, to: string, price: string) =>
    grid.getByRole('gridcell', { name: text.cell(day, from, to, price), exact: true });
  const field = (day: string) => schedule.getByRole('textbox', { name: day, exact: true });
  await expect(schedule.getByRole('radio', { name: text.letter('A') })).toBeChecked();

  // Dragging across Monday 11:00 to 13:45 paints 11:00-14:00 with price A, and the Monday field says so.
  await drag(page, cell(text.day.monday, '11:00', '11:15', text.notSold), cell(text.day.monday, '13:45', '14:00', text.notSold));
  await expect(field(text.day.monday)).toHaveValue('11:00-14:00 A');
  await expect(cell(text.day.monday, '12:00', '12:15', text.price('A'))).toBeVisible();
  await expect(cell(text.day.monday, '14:00', '14:15', text.notSold)).toBeVisible();
  await expect(schedule.getByRole('status')).toHaveText(text.painted(text.day.monday, '11:00', '14:00', text.price('A')));

  // By keyboard with price B: the grid's one tab stop is where the drag ended.
  await schedule.getByRole('radio', { name: text.letter('B') }).check();
  await press(page, 'Tab', 2);
  await expect(cell(text.day.monday, '13:45', '14:00', text.price('A'))).toBeFocused();
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
  await press(page, 'ArrowDown');
  await press(page, 'ArrowRight', 13);
  await expect(cell(text.day.tuesday, '17:00', '17:15', text.notSold)).toBeFocused();
  await press(page, 'Shift+ArrowRight', 3);
  await press(page, 'Enter');
  await expect(field(text.day.tuesday)).toHaveValue('17:00-18:00 B');
  await expect(schedule.getByRole('status')).toHaveText(text.painted(text.day.tuesday, '17:00', '18:00', text.price('B')));
  // End, then Shift+ArrowLeft: the day's last two hours; Space paints them.
  await press(page, 'End');
  await press(page, 'Shift+ArrowLeft', 7);
  await press(page, 'Space');
  await expect(field(text.day.tuesday)).toHaveValue('17:00-18:00 B, 22:00-24:00 B');
  await press(page, 'Home');
  await expect(cell(text.day.tuesday, '00:00', '00:15', text.notSold)).toBeFocused();

  // Typing in a day's field redraws its row.
  await field(text.day.wednesday).fill('08:00-09:00 A');
  await expect(cell(text.day.wednesday, '08:45', '09:00', text.price('A'))).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 1280);
  await schedule.screenshot({ path: `${SHOTS}/schedule-grid-en-1280.png` });
  await page.setViewportSize({ width: 390, height: 900 });
  await noSidewaysScroll(page, 390);
  await expectNoA11yViolations(page);
  await schedule.screenshot({ path: `${SHOTS}/schedule-grid-en-390.png` });

  const diner = await saveAndPublish(page, schedule, text, 'Caesar salad');
  // Monday at noon: price A, not the item's own $14.00.
  await expect(diner.locator('#item-1102')).toContainText('$11.25');
  await diner.close();
});

test('in French at 390 px, zoomed to 09:00-15:00: Monday painted by dragging, Tuesday by keyboard, published; the diner pays price B', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const text = TEXT.fr;
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'manager@maple-bistro.example.com', url('/maple-bistro/staff/menu'));
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Éditeur de menu' })).toBeVisible();
  const schedule = await openSchedule(page, text, 'Classic poutine', { A: '11,25', B: '9,50' });
  const grid = schedule.getByRole('grid', { name: 'La semaine en un coup d’œil' });
  const cell = (day: string, from: string, to: string, price: string) =>
    grid.getByRole('gridcell', { name: text.cell(day, from, to, price), exact: true });
  const field = (day: string) => schedule.getByRole('textbox', { name: day, exact: true });
  const hours = schedule.getByRole('combobox', { name: text.hours });

  // On a phone, 6 hours at a time: 24 cells a row, wide enough to aim at.
  await hours.selectOption({ label: text.window('09:00', '15:00') });
  await expect(grid.getByRole('row').nth(1).getByRole('gridcell')).toHaveCount(24);
  const first = (await cell(text.day.monday, '11:00', '11:15', text.notSold).boundingBox())!;
  expect(first.width).toBeGreaterThan(8);
  await schedule.getByRole('radio', { name: text.letter('B') }).check();
  await drag(page, cell(text.day.monday, '11:00', '11:15', text.notSold), cell(text.day.monday, '13:45', '14:00', text.notSold));
  await expect(field(text.day.monday)).toHaveValue('11:00-14:00 B');
  await expect(schedule.getByRole('status')).toHaveText(text.painted(text.day.monday, '11:00', '14:00', text.price('B')));

  // Tuesday 14:00-15:00 with price A by keyboard.
  await schedule.getByRole('radio', { name: text.letter('A') }).check();
  await press(page, 'Tab', 2);
  await expect(cell(text.day.monday, '13:45', '14:00', text.price('B'))).toBeFocused();
  await press(page, 'ArrowDown');
  await press(page, 'ArrowRight');
  await press(page, 'Shift+ArrowRight', 3);
  await press(page, 'Enter');
  await expect(field(text.day.tuesday)).toHaveValue('14:00-15:00 A');
  await expect(schedule.getByRole('status')).toHaveText(text.painted(text.day.tuesday, '14:00', '15:00', text.price('A')));
  await grid.screenshot({ path: `${SHOTS}/schedule-grid-fr-390-zoomed.png` });
  // Home goes to the day's first slot, and the hours shown follow it.
  await press(page, 'Home');
  await expect(cell(text.day.tuesday, '00:00', '00:15', text.notSold)).toBeFocused();
  await expect(hours).toHaveValue('0');

  // A whole day by its name, in price A; then typed back to a range, which the grid redraws.
  await schedule.getByRole('button', { name: `${text.day.wednesday}, toute la journée` }).click();
  await expect(field(text.day.wednesday)).toHaveValue('00:00-24:00 A');
  await field(text.day.wednesday).fill('11 h - 13 h A');
  await expect(cell(text.day.wednesday, '00:00', '00:15', text.notSold)).toBeVisible();

  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 390);
  await schedule.screenshot({ path: `${SHOTS}/schedule-grid-fr-390.png` });
  await noSidewaysScroll(page, 320);
  await page.setViewportSize({ width: 1280, height: 900 });
  await hours.selectOption({ label: 'Toute la journée' });
  await expectNoA11yViolations(page);
  await schedule.screenshot({ path: `${SHOTS}/schedule-grid-fr-1280.png` });
  await page.setViewportSize({ width: 390, height: 900 });

  const diner = await saveAndPublish(page, schedule, text, 'Classic poutine');
  // Monday at noon: price B, not the poutine's own 12,50 $.
  await expect(diner.locator('#item-1100')).toContainText('9,50 $');
  await diner.close();
});
