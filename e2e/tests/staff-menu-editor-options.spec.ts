/**
 * The menu editor's option groups, sections and menus (/{slug}/staff/menu, issue 32 item 1), against
 * a server this spec starts for itself (tests/own-server.ts): it publishes maple-bistro's menu.
 *
 * A manager gives the soup an option group: a required group without values is the list's message
 * and nothing is sent; a negative price is the choice's message; two choices save. Putting the group
 * under one of its own choices would loop: the field says so. A section is added, renamed in both
 * languages, dragged by its name before Starters and removed after a confirmation. Published, the diner's item dialog offers the new
 * choice, in English and in French. Axe-clean, no sideways scroll at 390 px, in both languages.
 */
import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openMenu } from './checkout-journey';
import { openItem } from './ready';
import { noSidewaysScroll, openEditor, openStarter, useOwnBistroServer } from './staff-editor-server';

const { url } = useOwnBistroServer();
const SOUP = 'Soup of the day';
const SHOTS = '/tmp/editor-shots';

test('a manager adds an option group with two choices, a section, publishes, and diners are offered the choice', async ({ page }) => {
  test.setTimeout(150_000);
  const saves = await openEditor(page, url('/maple-bistro/staff/menu'), { width: 390 });
  await openStarter(page, SOUP);
  const options = page.getByRole('region', { name: `Option groups of ${SOUP}` });
  await expect(options).toContainText('No option groups here yet.');
  await options.getByRole('button', { name: `Add an option group to ${SOUP}` }).click();
  const form = page.getByRole('form', { name: `New option group for ${SOUP}` });
  await form.getByLabel('Group name (English)').fill('Bread');
  await form.getByLabel('Group name (French)').fill('Pain');
  await form.getByRole('checkbox', { name: /Required: a diner must choose/ }).check();
  await form.getByLabel('At most this many choices').fill('1');

  // A required group without values: the list's message, focus on it, nothing sent.
  await form.getByRole('button', { name: 'Add the group to the draft' }).click();
  const needs = form.getByText('A required group needs at least one choice');
  await expect(needs).toBeVisible();
  await expect(form.locator('[data-field="values"]')).toBeFocused();
  expect(saves).toEqual([]);
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 390);
  await form.screenshot({ path: `${SHOTS}/options-required-empty-en-390.png` });

  // Two choices, the second at a negative price first: that choice's price says so.
  await form.getByRole('button', { name: 'Add a choice' }).click();
  await form.getByRole('button', { name: 'Add a choice' }).click();
  const first = form.getByRole('group', { name: 'Choice 1' });
  const second = form.getByRole('group', { name: 'Choice 2' });
  await first.getByLabel('Name (English)').fill('Sourdough');
  await first.getByLabel('Name (French)').fill('Pain au levain');
  await second.getByLabel('Name (English)').fill('Gluten-free bun');
  await second.getByLabel('Name (French)').fill('Pain sans gluten');
  const price = second.getByLabel('Price added, in dollars');
  await price.fill('-1.50');
  await form.getByRole('button', { name: 'Add the group to the draft' }).click();
  await expect(price).toBeFocused();
  await expect(price).toHaveAccessibleDescription(/Enter a price in dollars of at least 0/);
  expect(saves).toEqual([]);
  await price.fill('1.50');
  // Sourdough's allergens, folded under the choice: the diner's window says them beside it.
  await first.getByText('Diets and allergens of choice 1').click();
  await first.getByRole('group', { name: 'Allergens (contains)' }).getByRole('checkbox', { name: 'Gluten' }).check();
  // Reordered by keyboard: the gluten-free bun first, then back.
  await second.getByRole('button', { name: 'Move choice 2 up' }).press('Enter');
  await expect(form.getByRole('group', { name: 'Choice 1' }).getByLabel('Name (English)')).toHaveValue('Gluten-free bun');
  await form.getByRole('button', { name: 'Move choice 2 up' }).press('Enter');
  await expect(form.getByRole('group', { name: 'Choice 1' }).getByLabel('Name (English)')).toHaveValue('Sourdough');
  await form.getByRole('button', { name: 'Add the group to the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The option group Bread was added and saved in the draft.' })).toBeVisible();
  expect(saves).toHaveLength(1);
  await expect(options.getByRole('listitem').filter({ hasText: 'Bread' })).toContainText('required · 2 choices');

  // Under one of its own choices, the group would loop: the field says so, nothing is sent.
  await options.getByRole('button', { name: 'Edit the option group Bread' }).click();
  const nest = options.getByLabel('Put the group Bread under');
  await nest.selectOption({ label: 'Bread › Sourdough' });
  await options.getByRole('button', { name: 'Move the group Bread' }).click();
  await expect(nest).toHaveAccessibleDescription(/the group would contain itself/);
  expect(saves).toHaveLength(1);
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 390);
  await options.screenshot({ path: `${SHOTS}/options-group-en-390.png` });

  // A section added, renamed in English and French, then removed after a confirmation.
  await page.getByRole('button', { name: 'Add a section to All-day menu' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A new section was added to All-day menu' })).toBeVisible();
  await page.getByText(/^New section/).click();
  await page.getByRole('button', { name: 'Rename the section New section' }).click();
  const rename = page.getByRole('form', { name: 'Rename the section New section' });
  await rename.getByLabel('Name (English)').fill('Late night');
  await rename.getByLabel('Name (French)').fill('Fin de soirée');
  await rename.getByRole('button', { name: 'Save the name to the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Late night was renamed and the draft saved.' })).toBeVisible();
  // Dragged by its name onto Starters' name (Starters closed, so both are in view), it comes first among the menu's sections.
  const sectionName = (name: RegExp) => page.locator('.menu-editor__section > summary').filter({ hasText: name });
  await sectionName(/^Starters/).click();
  await sectionName(/^Late night/).dragTo(sectionName(/^Starters/));
  await expect(page.getByRole('status').filter({ hasText: 'The section Late night was moved and the draft saved.' })).toBeVisible();
  await expect(page.locator('.menu-editor__section > summary').first()).toHaveText(/^Late night/);
  await page.getByRole('button', { name: 'Remove the section Late night' }).click();
  const confirm = page.getByRole('group', { name: /Remove the section Late night with its 0 items\?/ });
  await expect(confirm.getByRole('button', { name: 'Yes, remove it' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Yes, remove it' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Removed the section Late night from the draft.' })).toBeVisible();
  await expect(page.getByText(/^Late night/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: /The draft was published/ })).toBeVisible();

  // The editor in French at 390 px: the option groups read in French.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Éditeur de menu' })).toBeVisible();
  await openStarter(page, SOUP, { french: true });
  const optionsFr = page.getByRole('region', { name: `Groupes d’options de ${SOUP}` });
  await expect(optionsFr).toContainText('obligatoire · 2 choix');
  await optionsFr.getByRole('button', { name: 'Modifier le groupe d’options Bread' }).click();
  const formFr = page.getByRole('form', { name: 'Modifier le groupe d’options Bread' });
  await expect(formFr.getByLabel('Nom du groupe (français)')).toHaveValue('Pain');
  await formFr.getByRole('group', { name: 'Choix 2' }).getByLabel('Prix ajouté, en dollars').fill('abc');
  await formFr.getByRole('button', { name: 'Enregistrer le groupe dans le brouillon' }).click();
  await expect(formFr.getByText(/Entrez un prix en dollars/)).toBeVisible();
  // A choice's message is that choice's: the list itself has its two choices and says nothing.
  await expect(formFr.getByText(/Un groupe obligatoire doit avoir au moins un choix/)).toHaveCount(0);
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 390);
  await formFr.screenshot({ path: `${SHOTS}/options-group-fr-390.png` });
  await page.getByRole('button', { name: 'English' }).click();

  // The diner's menu offers the new choice, in English then in French.
  const diner = await page.context().newPage();
  await diner.setViewportSize({ width: 390, height: 900 });
  await openMenu(diner, url('/maple-bistro?takeout=true&takeoutType=pickup'));
  const dialog = await openItem(diner, SOUP);
  await expect(dialog).toContainText('Bread');
  await expect(dialog).toContainText('Sourdough');
  await expect(dialog).toContainText('Gluten-free bun');
  await expect(dialog).toContainText('$1.50');
  await expect(dialog.getByRole('radio', { name: /^Sourdough/ })).toHaveAccessibleDescription('Contains: Gluten');
  await expect(dialog.getByRole('radio', { name: /^Gluten-free bun/ })).not.toHaveAttribute('aria-describedby');
  await expectNoA11yViolations(diner);
  await dialog.screenshot({ path: `${SHOTS}/options-diner-en-390.png` });
  await diner.keyboard.press('Escape');
  await diner.getByRole('button', { name: 'Français' }).click();
  const dialogFr = await openItem(diner, 'Soupe du jour');
  await expect(dialogFr).toContainText('Pain');
  await expect(dialogFr).toContainText('Pain au levain');
  await expect(dialogFr).toContainText('Pain sans gluten');
  await expect(dialogFr).toContainText('1,50');
  await expect(dialogFr.getByRole('radio', { name: /^Pain au levain/ })).toHaveAccessibleDescription(/Gluten/);
  await dialogFr.screenshot({ path: `${SHOTS}/options-diner-fr-390.png` });
  await diner.close();
});
