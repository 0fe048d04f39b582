/**
 * Delivery and the kitchen stations' order on the restaurant settings screen (issue 32 item 2;
 * decisions 0108 and 0111), against a server of this spec's own (it publishes maple-bistro's file).
 *
 * A manager at 390 px adds a delivery location (one with a comma first: the field's message, nothing
 * sent), saves and publishes; a diner's delivery checkout at maple-bistro then offers the location.
 * The manager moves the Kitchen station below the Bar with the keyboard (focus follows, the move is
 * announced), saves and publishes; the board's Station picker lists Bar first. In French, the
 * form's words and one message. Turning delivery off asks first and says what diners lose; the kitchen
 * reads the form and has no button. Axe-clean,
 * no sideways scroll at 320-412 px, screenshots in English and French.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { addItem, continueToCheckout, openCart, openMenu } from './checkout-journey';
import { openStaffScreen, staffSignIn } from './ready';
import { noSidewaysScroll, useOwnBistroServer } from './staff-editor-server';

const { url } = useOwnBistroServer();
const SHOTS = '/tmp/settings-delivery-shots';

async function noSidewaysScrollFrom320To412(page: Page) {
  for (const width of [320, 360, 412, 390]) await noSidewaysScroll(page, width);
}

async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: /The draft was published: diners now see version \d+\./ })).toBeVisible();
}

test('a manager adds a delivery location, publishes, and a diner’s checkout offers it', async ({ page }) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'manager@maple-bistro.example.com', url('/maple-bistro/staff'));
  await openStaffScreen(page, 'Settings');
  const saves: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT' && sent.url().endsWith('/api/staff/menu/draft')) saves.push(sent.url());
  });

  const delivery = page.getByRole('form', { name: 'Delivery', exact: true });
  await expect(delivery.getByLabel('Delivery radius (km)')).toHaveValue('8');
  await expect(delivery.getByLabel('Delivery charge: kind')).toHaveValue('percentage');
  await expect(delivery.getByText('No locations: diners give a street address.')).toBeVisible();

  // A location with a comma: the file would read two. The field's message, focused, nothing sent.
  await delivery.getByRole('button', { name: 'Add a location' }).click();
  const location = delivery.getByLabel('Location 1', { exact: true });
  await expect(location).toBeFocused();
  await location.fill('Front desk, lobby');
  await delivery.getByRole('button', { name: 'Save delivery to the draft' }).click();
  await expect(location).toBeFocused();
  await expect(location).toHaveAccessibleDescription(/Remove the comma/);
  expect(saves).toEqual([]);
  await location.fill('Front desk');
  await location.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Delivery was saved in the draft.' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Delivery', exact: true }).getByLabel('Location 1', { exact: true })).toHaveValue(
    'Front desk',
  );
  expect(saves).toHaveLength(1);
  await expectNoA11yViolations(page);
  await noSidewaysScrollFrom320To412(page);
  await page.getByRole('form', { name: 'Delivery', exact: true }).screenshot({ path: `${SHOTS}/delivery-form-en-390.png` });
  await publish(page);

  // The diner: a delivery order at maple-bistro may now go to the Front desk.
  await openMenu(page, url('/maple-bistro?takeout=true&takeoutType=delivery'));
  await addItem(page, 'Soup of the day');
  const cart = await openCart(page);
  const deliveryChoice = cart.getByRole('radio', { name: /^Delivery/ });
  if (await deliveryChoice.isVisible()) await deliveryChoice.check();
  const checkout = await continueToCheckout(page);
  await checkout.getByRole('radio', { name: 'One of our delivery locations' }).check();
  const select = checkout.getByRole('combobox', { name: /^Delivery location/ });
  await expect(select.getByRole('option')).toHaveText([/Choose/, 'Front desk']);
  await select.selectOption('Front desk');
  await expect(select).toHaveValue('Front desk');
});

test('a manager moves the Kitchen station below the Bar with the keyboard; the board lists the Bar first', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'manager@maple-bistro.example.com', url('/maple-bistro/staff/settings'));
  const stations = page.getByRole('form', { name: 'Kitchen stations' });
  await expect(stations.getByRole('button', { name: 'Move up Kitchen' })).toHaveCount(0);
  const down = stations.getByRole('button', { name: 'Move down Kitchen' });
  await down.focus();
  await page.keyboard.press('Enter');
  // Kitchen is the last now: the focus is on its other button, and the move is said.
  await expect(stations.getByRole('button', { name: 'Move up Kitchen' })).toBeFocused();
  await expect(stations.getByText('Kitchen is now station 2 of 2.')).toHaveAttribute('aria-live', 'polite');
  await expect(stations.getByLabel('Name in English (Station 1)')).toHaveValue('Bar');
  await expect(stations.getByRole('group', { name: 'Station 2' })).toContainText('Makes 10 menu sections.');
  await expectNoA11yViolations(page);
  await stations.screenshot({ path: `${SHOTS}/stations-moved-en-390.png` });
  await stations.getByRole('button', { name: 'Save the stations to the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The kitchen stations were saved in the draft.' })).toBeVisible();
  const saved = page.getByRole('form', { name: 'Kitchen stations' });
  await expect(saved.getByLabel('Name in English (Station 1)')).toHaveValue('Bar');
  // Every section is made where it was before.
  await expect(saved.getByRole('group', { name: /^Station 1/ })).toContainText('Makes 6 menu sections.');
  await expect(saved.getByRole('group', { name: 'Station 2' })).toContainText('Makes 10 menu sections.');
  await publish(page);

  await openStaffScreen(page, 'Order board');
  await expect(page.getByLabel('Station', { exact: true }).getByRole('option')).toHaveText(['All stations', 'Bar', 'Kitchen']);
});

test('in French: the delivery form’s words and a message; turning delivery off asks first', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'manager@maple-bistro.example.com', url('/maple-bistro/staff/settings'));
  await page.getByRole('button', { name: 'Français' }).click();
  const livraison = page.getByRole('form', { name: 'Livraison', exact: true });
  await expect(livraison.getByLabel('Lieu 1', { exact: true })).toHaveValue('Front desk');
  await livraison.getByRole('button', { name: 'Ajouter un lieu' }).click();
  await livraison.getByLabel('Lieu 2', { exact: true }).fill('front desk ');
  await livraison.getByLabel('Rayon de livraison (km)').fill('-3');
  await livraison.getByRole('button', { name: 'Enregistrer la livraison dans le brouillon' }).click();
  await expect(livraison.getByLabel('Rayon de livraison (km)')).toBeFocused();
  await expect(livraison.getByLabel('Rayon de livraison (km)')).toHaveAccessibleDescription(/distance de plus de 0 km/);
  await expect(livraison.getByLabel('Lieu 2', { exact: true })).toHaveAccessibleDescription('Ce lieu est déjà dans la liste.');
  await expectNoA11yViolations(page);
  await noSidewaysScrollFrom320To412(page);
  await page.screenshot({ path: `${SHOTS}/settings-fr-390.png`, fullPage: true });
  await livraison.screenshot({ path: `${SHOTS}/delivery-form-fr-390.png` });

  // Off: a question saying what diners lose, focused; Keep delivery closes it.
  await page.getByRole('button', { name: 'English' }).click();
  await page.reload();
  const delivery = page.getByRole('form', { name: 'Delivery', exact: true });
  await delivery.getByRole('button', { name: 'Turn off delivery…' }).click();
  const question = delivery.getByRole('group', { name: 'Turn off delivery?' });
  await expect(question).toBeFocused();
  await expect(question).toContainText('diners can no longer choose delivery at checkout');
  await expect(question.getByRole('listitem')).toHaveText([
    'the delivery charge',
    'the 8 km radius for street addresses',
    '1 delivery location',
  ]);
  await expectNoA11yViolations(page);
  await question.screenshot({ path: `${SHOTS}/delivery-off-en-390.png` });
  await question.getByRole('button', { name: 'Keep delivery' }).click();
  await expect(delivery.getByRole('button', { name: 'Turn off delivery…' })).toBeFocused();
  await delivery.getByRole('button', { name: 'Turn off delivery…' }).click();
  await delivery.getByRole('button', { name: 'Turn off delivery and save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Delivery is turned off in the draft.' })).toBeVisible();
  const off = page.getByRole('form', { name: 'Delivery', exact: true });
  await expect(off.getByText('This restaurant does not deliver')).toBeVisible();
  await expect(off.getByRole('button', { name: 'Offer delivery' })).toBeVisible();
});

test('the kitchen reads delivery and has no way to change it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'kitchen@maple-bistro.example.com', url('/maple-bistro/staff/settings'));
  const delivery = page.getByRole('form', { name: 'Delivery', exact: true });
  // The draft has delivery turned off (the test before): the kitchen is told so, and cannot turn it on.
  await expect(delivery.getByText('This restaurant does not deliver')).toBeVisible();
  await expect(delivery.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Kitchen stations' }).getByRole('button')).toHaveCount(0);
  await expectNoA11yViolations(page);
});
