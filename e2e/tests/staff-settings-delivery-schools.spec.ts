/**
 * The schools of a K-12 program on the restaurant settings' Delivery form (issue 32 item 2; decision
 * 0121), against a server of this spec's own with maple-school alone (it publishes its file).
 *
 * maple-school's owner at 390 px: the form shows the schools (a K-12 program delivers to schools) and
 * no stadium sections; an empty classroom and a school without a name get their fields' messages and
 * nothing is sent; a classroom is added and moved up by keyboard (focus follows, the move is said),
 * saved and published; the parent adding a child (the dialog the week and the checkout open) is
 * offered the new classroom. In French, the form's words and a message. A change that takes away a
 * classroom or a school the demo parent's children are saved with is asked about before it is saved.
 * Axe-clean, no sideways scroll at 320-412 px, screenshots in English and French.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './own-server';
import { expectNoA11yViolations } from './axe';
import { openPage, staffSignIn } from './ready';
import { noSidewaysScroll } from './staff-editor-server';

const SHOTS = '/tmp/settings-delivery-schools-shots';
const OWNER = 'owner@maple-school.example.com';

let own: OwnServer | undefined;
const url = (path: string) => `${own!.baseURL}${path}`;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  own = await startOwnServer({ E2E_TENANT_SETTINGS: JSON.stringify({ 'maple-school': {} }) });
});
test.afterAll(async () => {
  await own?.stop();
});

/** The owner on the settings screen at 390 px; the draft saves the page sends from then on. */
async function openSettings(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, OWNER, url('/maple-school/staff/settings'));
  const saves: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT' && sent.url().endsWith('/api/staff/menu/draft')) saves.push(sent.url());
  });
  return saves;
}

async function noSidewaysScrollFrom320To412(page: Page) {
  for (const width of [320, 360, 412, 390]) await noSidewaysScroll(page, width);
}

test('the owner adds a classroom, publishes, and the parent adding a child is offered it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const saves = await openSettings(page);
  const delivery = page.getByRole('form', { name: 'Delivery', exact: true });
  const schools = delivery.getByRole('region', { name: 'Schools' });
  // A K-12 program: its schools, and no stadium sections. (The draft is read first: on a busy machine it takes a while.)
  await expect(schools.getByLabel('School name').first()).toBeVisible({ timeout: 30_000 });
  await expect(schools.getByLabel('School name')).toHaveCount(2);
  await expect(delivery.getByText('Stadium sections')).toHaveCount(0);
  const maple = schools.getByRole('group', { name: 'School 1', exact: true });
  await expect(maple.getByLabel('School name')).toHaveValue('Maple Grove Public School');
  const classrooms = maple.getByRole('group', { name: 'Classrooms' });
  await expect(classrooms.getByRole('textbox')).toHaveCount(7);

  // An empty classroom, and the second school's name cleared: their messages, focus on the first, nothing sent.
  await classrooms.getByRole('button', { name: 'Add a classroom' }).click();
  const added = classrooms.getByLabel('Classrooms, row 8');
  await expect(added).toBeFocused();
  const cedarName = schools.getByRole('group', { name: 'School 2', exact: true }).getByLabel('School name');
  await cedarName.fill(' ');
  await delivery.getByRole('button', { name: 'Save delivery to the draft' }).click();
  await expect(added).toBeFocused();
  await expect(added).toHaveAccessibleDescription('Write a name, or remove this row.');
  await expect(cedarName).toHaveAccessibleDescription('Write the school’s name, or remove the school.');
  expect(saves).toEqual([]);
  await cedarName.fill('Cedar Ridge Middle School');
  await added.fill('108');

  // Moved up by keyboard: the focus stays on its Move up button at its new place, and the move is said.
  await classrooms.getByRole('button', { name: 'Move up 108' }).focus();
  await page.keyboard.press('Enter');
  await expect(classrooms.getByRole('button', { name: 'Move up 108' })).toBeFocused();
  await expect(classrooms.getByLabel('Classrooms, row 7')).toHaveValue('108');
  await expect(classrooms.getByText('108 is now 7 of 8.')).toHaveAttribute('aria-live', 'polite');
  await expectNoA11yViolations(page);
  await noSidewaysScrollFrom320To412(page);
  await maple.screenshot({ path: `${SHOTS}/school-en-390.png` });

  await delivery.getByRole('button', { name: 'Save delivery to the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Delivery was saved in the draft.' })).toBeVisible();
  expect(saves).toHaveLength(1);
  const saved = page.getByRole('form', { name: 'Delivery', exact: true }).getByRole('group', { name: 'School 1', exact: true });
  await expect(saved.getByRole('group', { name: 'Classrooms' }).getByRole('textbox')).toHaveCount(8);
  await expect(saved.getByLabel('Classrooms, row 7')).toHaveValue('108');
  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: /The draft was published: diners now see version \d+\./ })).toBeVisible();

  // The parent, in a browser of their own: adding a child offers the new classroom, in the order saved.
  const parentContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const parent = await parentContext.newPage();
  await openPage(parent, url('/login?redirect=%2Fmaple-school'));
  await parent.getByLabel('Email').fill('parent@example.com');
  await parent.getByLabel('Password').fill('Demo1234!');
  await parent.getByRole('button', { name: 'Log in' }).click();
  await expect(parent).toHaveURL(/\/maple-school/);
  await parent.getByRole('button', { name: 'Add a student' }).click();
  const dialog = parent.getByRole('dialog', { name: 'Add a student' });
  await dialog.getByLabel('School').selectOption('Maple Grove Public School');
  await expect(dialog.getByLabel('Classroom').getByRole('option')).toHaveText([
    /Choose/,
    '101',
    '102',
    '103',
    '104',
    '105',
    '106',
    '108',
    '107',
  ]);
  await dialog.getByLabel('Classroom').selectOption('108');
  await expect(dialog.getByLabel('Classroom')).toHaveValue('108');
  await expectNoA11yViolations(parent);
  await parent.screenshot({ path: `${SHOTS}/parent-classroom-en-390.png` });
  await parentContext.close();
});

test('in French: the schools’ words and a message', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, OWNER, url('/maple-school/staff/settings'));
  await page.getByRole('button', { name: 'Français' }).click();
  const livraison = page.getByRole('form', { name: 'Livraison', exact: true });
  const ecoles = livraison.getByRole('region', { name: 'Écoles' });
  await expect(ecoles.getByLabel('Nom de l’école').first()).toBeVisible({ timeout: 30_000 });
  const premiere = ecoles.getByRole('group', { name: 'École 1', exact: true });
  await expect(premiere.getByRole('group', { name: 'Classes' }).getByLabel('Classes, ligne 7')).toHaveValue('108');
  await ecoles.getByRole('button', { name: 'Ajouter une école' }).click();
  const nouvelle = ecoles.getByRole('group', { name: 'École 3', exact: true });
  await expect(nouvelle.getByLabel('Nom de l’école')).toBeFocused();
  await nouvelle.getByRole('button', { name: 'Ajouter une année' }).click();
  await nouvelle.getByLabel('Années, ligne 1').fill('4, 5');
  await livraison.getByRole('button', { name: 'Enregistrer la livraison dans le brouillon' }).click();
  await expect(nouvelle.getByLabel('Nom de l’école')).toBeFocused();
  await expect(nouvelle.getByLabel('Nom de l’école')).toHaveAccessibleDescription('Écrivez le nom de l’école, ou retirez l’école.');
  await expect(nouvelle.getByLabel('Années, ligne 1')).toHaveAccessibleDescription(/Retirez la virgule/);
  await expectNoA11yViolations(page);
  await noSidewaysScrollFrom320To412(page);
  await nouvelle.screenshot({ path: `${SHOTS}/school-new-fr-390.png` });
  await premiere.screenshot({ path: `${SHOTS}/school-fr-390.png` });
  await page.screenshot({ path: `${SHOTS}/settings-fr-390.png`, fullPage: true });
  // Removed, the last one: the focus goes to the school before it.
  await nouvelle.getByRole('button', { name: /^Retirer l’école/ }).click();
  await expect(ecoles.getByRole('group', { name: 'École 3', exact: true })).toHaveCount(0);
  await expect(ecoles.getByRole('group', { name: 'École 2', exact: true }).getByLabel('Nom de l’école')).toBeFocused();
});

test('a change that leaves saved students unlisted is asked about first, in English and French', async ({ page }) => {
  test.setTimeout(120_000);
  const saves = await openSettings(page);
  const delivery = page.getByRole('form', { name: 'Delivery', exact: true });
  const maple = delivery.getByRole('region', { name: 'Schools' }).getByRole('group', { name: 'School 1', exact: true });
  await expect(maple.getByLabel('School name')).toHaveValue('Maple Grove Public School', { timeout: 30_000 });

  // The demo parent's Noah is in classroom 105: removing it asks, naming the classroom and one student.
  const classrooms = maple.getByRole('group', { name: 'Classrooms' });
  await expect(classrooms.getByLabel('Classrooms, row 5')).toHaveValue('105');
  await classrooms.getByRole('button', { name: 'Remove Classrooms, row 5' }).click();
  const save = delivery.getByRole('button', { name: 'Save delivery to the draft' });
  await save.click();
  const question = delivery.getByRole('group', { name: 'Students use what this change removes' });
  await expect(question).toBeFocused();
  await expect(question).toHaveAccessibleDescription(/classroom “105” at Maple Grove Public School: 1 student\b/);
  await expect(question.getByRole('listitem')).toHaveText(['classroom “105” at Maple Grove Public School: 1 student']);
  await expectNoA11yViolations(page);
  await noSidewaysScrollFrom320To412(page);
  await question.screenshot({ path: `${SHOTS}/students-left-en-390.png` });
  // Kept editing: nothing saved, the focus back on Save.
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toHaveCount(0);
  await expect(save).toBeFocused();
  expect(saves).toEqual([]);

  // In French (the switch keeps the unsaved edit), the school renamed: both of the parent's children
  // are there, and the save goes ahead when asked.
  await page.getByRole('button', { name: 'Français' }).click();
  const livraison = page.getByRole('form', { name: 'Livraison', exact: true });
  const premiere = livraison.getByRole('region', { name: 'Écoles' }).getByRole('group', { name: 'École 1', exact: true });
  // The switch keeps what was not saved yet: classroom 105 is still removed.
  await expect(premiere.getByRole('group', { name: 'Classes' }).getByRole('textbox')).toHaveCount(7);
  await expect(premiere.getByRole('group', { name: 'Classes' }).getByLabel('Classes, ligne 5')).toHaveValue('106');
  await premiere.getByLabel('Nom de l’école').fill('École Maple Grove');
  const enregistrer = livraison.getByRole('button', { name: 'Enregistrer la livraison dans le brouillon' });
  await enregistrer.click();
  const question2 = livraison.getByRole('group', { name: 'Des élèves utilisent ce que cette modification retire' });
  await expect(question2).toBeFocused();
  await expect(question2.getByRole('listitem').first()).toHaveText('l’école « Maple Grove Public School » : 2 élèves');
  await expectNoA11yViolations(page);
  await question2.screenshot({ path: `${SHOTS}/students-left-fr-390.png` });
  expect(saves).toEqual([]);
  await question2.getByRole('button', { name: 'Enregistrer quand même' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'La livraison a été enregistrée dans le brouillon.' })).toBeVisible();
  expect(saves).toHaveLength(1);
  // The saved draft's forms are new ones: the keyboard is still on this form's save, and the notice in sight.
  await expect(enregistrer).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'La livraison a été enregistrée' })).toBeInViewport();
  await expect(question2).toHaveCount(0);
  await expect(premiere.getByLabel('Nom de l’école')).toHaveValue('École Maple Grove');
});
