/**
 * The restaurant's settings (/{slug}/staff/settings, issue 32 item 2) on the menu's draft, against a
 * server of this spec's own (it publishes maple-bistro's file).
 *
 * A manager meets the hours form's field messages (a malformed time, an end before its start, in
 * English and French), changes Tuesday's hours and today's holiday hours, sets a tip percentage and
 * the pause message, publishes; the diner's menu says when it opens today, and, once staff pause
 * ordering, shows the message. At 390 px, axe-clean, by keyboard, no sideways scroll at 320-412 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { todayAtOnePmInToronto } from '../../scripts/open-hours.mjs';
import { expectNoA11yViolations } from './axe';
import { openPage, staffSignIn } from './ready';
import { noSidewaysScroll, useOwnBistroServer } from './staff-editor-server';

const { url } = useOwnBistroServer();
const SHOTS = '/tmp/settings-shots';

/** The server's clock when it started (e2e/server.mjs): today at 1 p.m. in Toronto, the run's one "today". */
const SERVER_NOW = todayAtOnePmInToronto();
/** Today's date in Toronto, as the server's clock has it. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
  SERVER_NOW,
);

async function noSidewaysScrollFrom320To412(page: Page) {
  for (const width of [320, 360, 412, 390]) await noSidewaysScroll(page, width);
}

test('a manager changes hours, a holiday, a tip and the pause message, publishes, and diners see them', async ({ page }) => {
  test.setTimeout(150_000);
  // The browser reads the server's time: a hydrated menu decides open or closed by the browser's
  // clock, and left on the machine's own time it said "open" whenever this ran between 5 and 9 p.m.
  // in Toronto (today's holiday hours below).
  await page.clock.setFixedTime(SERVER_NOW);
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'manager@maple-bistro.example.com', url('/maple-bistro/staff'));
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Restaurant settings' })).toBeVisible();
  await expect(page.getByText(/No draft yet/)).toBeVisible();

  // Tuesday: one range from 11:00 to 14:00 by keyboard, then a slip (an end before its start).
  const hours = page.getByRole('form', { name: 'Opening hours' });
  const tuesday = hours.getByRole('group', { name: 'Tuesday' });
  const opens = tuesday.getByLabel('Opens (Tuesday, hours 1)');
  const closes = tuesday.getByLabel('Closes (Tuesday, hours 1)');
  await opens.fill('11:00');
  await closes.fill('9:60');
  await hours.getByRole('button', { name: 'Save the hours to the draft' }).click();
  await expect(closes).toBeFocused();
  await expect(closes).toHaveAccessibleDescription(/Enter a time such as 09:30/);
  await closes.fill('10:00');
  await closes.press('Enter');
  await expect(closes).toHaveAccessibleDescription(/Closes at or before it opens/);
  await expect(page.getByText(/No draft yet/)).toBeVisible();
  await closes.fill('14:00');

  // Today is a holiday open only from 17:00 to 21:00 (after maple-bistro's three: Dec 24, Dec 25, Jan 1).
  await hours.getByRole('button', { name: 'Add a holiday' }).click();
  const holiday = hours.getByRole('group', { name: 'Holiday 4' });
  await holiday.getByLabel('Date (Holiday 4)').fill(today);
  await holiday.getByLabel('Closed all day').uncheck();
  await holiday.getByLabel('Opens (Holiday 4)').fill('17:00');
  await holiday.getByLabel('Closes (Holiday 4)').fill('21:00');
  await hours.getByRole('button', { name: 'Save the hours to the draft' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'The opening hours were saved in the draft.' })).toBeVisible();
  await expect(page.getByText(/Revision \d+/)).toBeVisible();

  // A tip of 22 % chosen first, and the pause message in both languages.
  const ordering = page.getByRole('form', { name: 'Tips, charges, cart limits and pause message' });
  await ordering.getByLabel('Tip option 4 (%)').fill('22');
  await ordering.getByLabel('Tip chosen first').selectOption({ label: '22 %' });
  await ordering.getByLabel('Message (English)').fill('Back at five with fresh bread.');
  await ordering.getByLabel('Message (French)').fill('De retour à 17 h avec du pain frais.');
  await ordering.getByRole('button', { name: 'Save these settings to the draft' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The tips, charges, limits and pause message were saved in the draft.' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScrollFrom320To412(page);
  await page.screenshot({ path: `${SHOTS}/settings-en-390.png`, fullPage: true });

  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: /The draft was published: diners now see version \d+\./ })).toBeVisible();
  await expect(page.getByText(/No draft yet/)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Opening hours' }).getByLabel('Opens (Holiday 4)')).toHaveValue('17:00');

  // The diner's menu: closed now (1 p.m.), opening today at 5 p.m. by the holiday's hours.
  // Every process serves a publish within a second (the menu version): the diner's menu is read again until it does.
  // The diner's browser keeps the server's time (not openMenu's fixed October day), and the notice is
  // read once the page has hydrated, when the browser's own clock decides it.
  const diner = await page.context().newPage();
  await diner.clock.setFixedTime(SERVER_NOW);
  await expect(async () => {
    await openPage(diner, url('/maple-bistro?takeout=true&takeoutType=pickup'));
    await expect(diner.getByText(/today at 5:00/i).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 8_000 });
  // What diners are served (the restaurant's public data) has the new Tuesday too.
  const served = (await (await page.request.get(url('/maple-bistro/data.json'))).json()) as {
    hours: Array<{ day: string; start_time: string; end_time: string }>;
  };
  expect(served.hours.filter((range) => range.day === 'tuesday')).toEqual([{ day: 'tuesday', start_time: '11:00', end_time: '14:00' }]);
  await diner.close();

  // Staff pause ordering: the pause form starts from the settings' message, and diners read it.
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Availability' }).click();
  await expect(page.getByLabel('Message to diners (English)')).toHaveValue('Back at five with fresh bread.');
  await page.getByRole('button', { name: 'Pause ordering' }).click();
  await expect(page.getByText('Ordering is paused: diners see your message and cannot order.')).toBeVisible();
  const paused = await page.context().newPage();
  await paused.clock.setFixedTime(SERVER_NOW);
  await openPage(paused, url('/maple-bistro?takeout=true&takeoutType=pickup'));
  await expect(paused.getByText('Back at five with fresh bread.')).toBeVisible();
  await paused.close();
  await page.getByRole('button', { name: 'Resume ordering' }).click();
  await expect(page.getByText('Diners can order.')).toBeVisible();

  // French: the screen and a field's message.
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres du restaurant' })).toBeVisible();
  const heures = page.getByRole('form', { name: 'Heures d’ouverture' });
  const mardi = heures.getByLabel('Ferme (Mardi, plage 1)');
  await expect(mardi).toHaveValue('14:00');
  await mardi.fill('10:00');
  await heures.getByRole('button', { name: 'Enregistrer les heures dans le brouillon' }).click();
  await expect(mardi).toBeFocused();
  await expect(mardi).toHaveAccessibleDescription(/Ferme avant ou au moment d’ouvrir/);
  await expectNoA11yViolations(page);
  await noSidewaysScrollFrom320To412(page);
  await page.screenshot({ path: `${SHOTS}/settings-fr-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'English' }).click();
});

test('the kitchen reads the settings and has no way to change them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'kitchen@maple-bistro.example.com', url('/maple-bistro/staff/settings'));
  await expect(page.getByRole('heading', { level: 1, name: 'Restaurant settings' })).toBeVisible();
  await expect(page.getByText('Your role can read the settings but not change them.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Opening hours' }).getByLabel('Opens (Monday, hours 1)')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Publish the draft' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Save .* to the draft/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Add/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 320);
});
