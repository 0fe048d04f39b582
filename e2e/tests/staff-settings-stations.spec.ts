/**
 * The kitchen stations on the restaurant settings screen (issue 31 item 3; decisions 0107 and 0108,
 * amended), against a server of this spec's own (it publishes maple-bistro's file).
 *
 * A manager at 390 px adds a Pastry / Pâtisserie station (an empty French name first: the field's
 * message, nothing saved), saves it to the draft; in the menu editor sets the Desserts section to
 * Pastry with the section's station select (that select's browser test), publishes; the board's
 * Station picker offers Pastry. Then, in French, the form's labels and one message. Axe-clean, no
 * sideways scroll at 320-412 px, screenshots in English and French.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openStaffScreen, staffSignIn } from './ready';
import { noSidewaysScroll, useOwnBistroServer } from './staff-editor-server';

const { url } = useOwnBistroServer();
const SHOTS = '/tmp/settings-stations-shots';

async function noSidewaysScrollFrom320To412(page: Page) {
  for (const width of [320, 360, 412, 390]) await noSidewaysScroll(page, width);
}

test('a manager adds a Pastry station, makes the desserts there, publishes, and the board offers it', async ({ page }) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'manager@maple-bistro.example.com', url('/maple-bistro/staff'));
  await openStaffScreen(page, 'Settings');
  const saves: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT' && sent.url().endsWith('/api/staff/menu/draft')) saves.push(sent.url());
  });

  const stations = page.getByRole('form', { name: 'Kitchen stations' });
  await expect(stations.getByText(/Sections that name no station are made at the first station/)).toBeVisible();
  await expect(stations.getByLabel('Name in English (Station 1)')).toHaveValue('Kitchen');
  await expect(stations.getByLabel('Name in French (Station 2)')).toHaveValue('Bar');
  await expect(stations.getByRole('group', { name: 'Station 2' })).toContainText('Makes 6 menu sections.');

  // A new station, its French name forgotten: the field's message, focused, and nothing sent.
  await stations.getByRole('button', { name: 'Add a station' }).click();
  const english = stations.getByLabel('Name in English (Station 3)');
  const french = stations.getByLabel('Name in French (Station 3)');
  await expect(english).toBeFocused();
  await english.fill('Pastry');
  await stations.getByRole('button', { name: 'Save the stations to the draft' }).click();
  await expect(french).toBeFocused();
  await expect(french).toHaveAccessibleDescription(/required|Enter/i);
  expect(saves).toEqual([]);
  await french.fill('Pâtisserie');
  await french.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'The kitchen stations were saved in the draft.' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Kitchen stations' }).getByLabel('Name in French (Station 3)')).toHaveValue('Pâtisserie');
  expect(saves).toHaveLength(1);
  await expectNoA11yViolations(page);
  await noSidewaysScrollFrom320To412(page);
  await page.screenshot({ path: `${SHOTS}/stations-en-390.png`, fullPage: true });
  await stations.screenshot({ path: `${SHOTS}/stations-form-en-390.png` });

  // The menu editor: the Desserts section is made at Pastry now (the section's station select).
  await openStaffScreen(page, 'Menu');
  await page.getByText('Menu All-day menu').click();
  await page.getByText(/^Desserts/).click();
  const select = page.getByLabel('Station the section Desserts', { exact: true });
  await expect(select).toHaveValue('kitchen');
  await expect(select.getByRole('option')).toHaveText(['Kitchen', 'Bar', 'Pastry']);
  await select.selectOption({ label: 'Pastry' });
  await expect(
    page.getByRole('status').filter({ hasText: 'Desserts is made at the Pastry station now; the draft is saved.' }),
  ).toBeVisible();
  await expect(select).toHaveValue('pastry');
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 390);
  await select.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/editor-desserts-en-390.png` });
  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: /The draft was published: diners now see version \d+\./ })).toBeVisible();

  // The board: its Station picker offers Pastry.
  await openStaffScreen(page, 'Order board');
  const picker = page.getByLabel('Station', { exact: true });
  await expect(picker.getByRole('option')).toHaveText(['All stations', 'Kitchen', 'Bar', 'Pastry']);
  await picker.selectOption({ label: 'Pastry' });
  await expect(picker).toHaveValue('pastry');
  await picker.selectOption({ label: 'All stations' });

  // French: the form's labels and one message (an empty English name).
  await openStaffScreen(page, 'Settings');
  await page.getByRole('button', { name: 'Français' }).click();
  const postes = page.getByRole('form', { name: 'Postes de cuisine' });
  await expect(postes.getByText(/Les sections qui ne nomment aucun poste sont préparées au premier poste/)).toBeVisible();
  await expect(postes.getByLabel('Nom en français (Poste 3)')).toHaveValue('Pâtisserie');
  await expect(postes.getByRole('group', { name: 'Poste 3' })).toContainText('Prépare 1 section du menu.');
  const nom = postes.getByLabel('Nom en anglais (Poste 3)');
  await nom.fill('');
  await postes.getByRole('button', { name: 'Enregistrer les postes dans le brouillon' }).click();
  await expect(nom).toBeFocused();
  await expect(nom).toHaveAccessibleDescription(/obligatoire|Entrez|Indiquez/i);
  await expectNoA11yViolations(page);
  await noSidewaysScrollFrom320To412(page);
  await page.screenshot({ path: `${SHOTS}/stations-fr-390.png`, fullPage: true });
  await postes.screenshot({ path: `${SHOTS}/stations-form-fr-390.png` });
  await page.getByRole('button', { name: 'English' }).click();
});

test('removing a station says where its sections go, and the last station stays', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'manager@maple-bistro.example.com', url('/maple-bistro/staff/settings'));
  const stations = page.getByRole('form', { name: 'Kitchen stations' });
  await expect(stations.getByLabel('Name in English (Station 3)')).toHaveValue('Pastry');
  await stations.getByRole('button', { name: 'Remove Station 3' }).click();
  await expect(stations.getByRole('status')).toHaveText(
    'When you save, 1 section of a station removed goes to Kitchen, the first station.',
  );
  await stations.getByRole('button', { name: 'Remove Station 2' }).click();
  await expect(stations.getByRole('status')).toHaveText('When you save, 7 sections of stations removed go to Kitchen, the first station.');
  // The kitchen alone: it cannot be removed.
  await expect(stations.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await stations.screenshot({ path: `${SHOTS}/stations-removing-en-390.png` });
  await stations.getByRole('button', { name: 'Save the stations to the draft' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The kitchen stations were saved in the draft; 7 sections moved to Kitchen.' }),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Kitchen stations' }).getByRole('group', { name: /^Station 1/ })).toContainText(
    'Makes 16 menu sections.',
  );
  await expectNoA11yViolations(page);
});

test('the kitchen reads the stations and has no way to change them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'kitchen@maple-bistro.example.com', url('/maple-bistro/staff/settings'));
  const stations = page.getByRole('form', { name: 'Kitchen stations' });
  await expect(stations.getByLabel('Name in English (Station 1)')).toBeDisabled();
  await expect(stations.getByLabel('Name in English (Station 1)')).toHaveValue('Kitchen');
  await expect(stations.getByRole('button')).toHaveCount(0);
  await expectNoA11yViolations(page);
});
