/**
 * An item's photo in the menu editor (issue 32 item 3; docs/decisions/0102-menu-images-in-the-database.md),
 * against a server this spec starts for itself (tests/own-server.ts): it publishes maple-bistro's menu.
 *
 * A manager picks a text file named like a photo (the field's message, in English and in French,
 * nothing changes), then a real photo (made here by sharp): the preview shows it, saving and
 * publishing put it on the diner's menu, where it loads (naturalWidth > 0) at its card's frame size.
 * A menu's photo the same way, shown as a square beside the menu's name. Axe-clean; no sideways scroll at 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoA11yViolations } from './axe';
import { openMenu } from './checkout-journey';
import { staffSignIn } from './ready';
import { noSidewaysScroll, openAllDayMenu, openStarter, useOwnBistroServer } from './staff-editor-server';

const { url } = useOwnBistroServer();
const SOUP = 'Soup of the day';
const SHOTS = '/tmp/editor-shots';

const openSoup = (page: Page, { french = false } = {}) => openStarter(page, SOUP, { french });

/** A photo of a bowl of soup, near enough: an orange disc on a dark table, 1600 × 1200. */
async function soupPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="#3b2a20"/><circle cx="800" cy="600" r="420" fill="#f2f2f2"/><circle cx="800" cy="600" r="340" fill="#d9822b"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

test('a manager adds a photo to an item, publishes it, and diners see it; a text file is the field’s message', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'manager@maple-bistro.example.com', url('/maple-bistro/staff/menu'));
  await expect(page.getByRole('heading', { level: 1, name: 'Menu editor' })).toBeVisible();
  const form = await openSoup(page);
  const input = form.getByLabel('Photo', { exact: true });
  // The demo's own picture first (a file of the tenant's images).
  const preview = form.getByRole('img', { name: 'The item’s photo as diners will see it' });
  await expect(preview).toHaveAttribute('src', '/tenant-images/maple-bistro/soup.svg');

  // A text file named like a photo: the field says so, and nothing is saved.
  const uploads: number[] = [];
  page.on('response', (answer) => {
    if (answer.url().endsWith('/api/staff/menu/images')) uploads.push(answer.status());
  });
  await input.setInputFiles({ name: 'soup.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Soup of the day: tomato and basil.') });
  await expect(form.getByText('This file is not a photo we can use. Choose a JPEG, PNG or WebP image.')).toBeVisible();
  await expect(input).toHaveAccessibleDescription(/This file is not a photo we can use/);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(uploads).toEqual([400]);
  await expect(page.getByText(/No draft yet/)).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 390);
  await form.screenshot({ path: `${SHOTS}/photo-en-390-refused.png` });

  // A photo: uploaded at once, previewed as the card will show it; the item's save puts it on the draft.
  await input.setInputFiles({ name: 'soup.jpg', mimeType: 'image/jpeg', buffer: await soupPhoto() });
  await expect(form.getByText('Photo uploaded. Save the item to put it on the draft.')).toBeVisible();
  await expect(form.getByText(/not a photo we can use/)).toBeHidden();
  await expect(preview).toHaveAttribute('src', /\/api\/restaurants\/101\/menu-images\/[0-9a-f]{64}\/card-96\.webp$/);
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(form.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 390);
  await form.screenshot({ path: `${SHOTS}/photo-en-390-uploaded.png` });

  // By keyboard: the save button is reached and pressed without a mouse.
  await form.getByRole('button', { name: 'Save to the draft' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `${SOUP} was saved in the draft.` })).toBeVisible();
  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: /The draft was published/ })).toBeVisible();

  // The diner's menu shows it, loaded, in the frame of its card: maple-bistro's are vertical, the photo wide above the text (decision 0114).
  const diner = await page.context().newPage();
  await diner.setViewportSize({ width: 390, height: 900 });
  await openMenu(diner, url('/maple-bistro?takeout=true&takeoutType=pickup'));
  const photo = diner.locator('#item-1101 img');
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toHaveAttribute('src', /\/api\/restaurants\/101\/menu-images\/[0-9a-f]{64}\/wide-480\.webp$/);
  await expect(photo).toHaveAttribute('srcset', /wide-960\.webp 2x/);
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const served = await diner.request.get(await photo.evaluate((image: HTMLImageElement) => image.currentSrc));
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(served.headers()['content-type']).toBe('image/webp');
  await expectNoA11yViolations(diner);
  await noSidewaysScroll(diner, 390);
  await diner.locator('#item-1101').screenshot({ path: `${SHOTS}/photo-diner-390.png` });
  await diner.close();

  // In French: the same refusal in the diner's language.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Éditeur de menu' })).toBeVisible();
  const formFr = await openSoup(page, { french: true });
  await expect(formFr.getByRole('img', { name: 'La photo de l’article telle que la verront les clients' })).toBeVisible();
  await formFr
    .getByLabel('Photo', { exact: true })
    .setInputFiles({ name: 'menu.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une photo') });
  await expect(formFr.getByText('Ce fichier n’est pas une photo utilisable. Choisissez une image JPEG, PNG ou WebP.')).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 390);
  await formFr.screenshot({ path: `${SHOTS}/photo-fr-390-refused.png` });
  // Removing the photo takes it off the form (the item's save would take it off the draft).
  await formFr.getByRole('button', { name: 'Retirer la photo' }).click();
  await expect(formFr.getByText('Aucune photo.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Photo retirée.' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
});

test('a manager gives a menu its photo, publishes it, and diners see it beside the menu’s name, in English and French', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 900 });
  await staffSignIn(page, 'manager@maple-bistro.example.com', url('/maple-bistro/staff/menu'));
  await expect(page.getByRole('heading', { level: 1, name: 'Menu editor' })).toBeVisible();
  await page.getByText('Menu All-day menu').click();
  await page.getByRole('button', { name: 'Photo the menu All-day menu' }).click();
  const form = page.getByRole('form', { name: 'Photo of All-day menu' });
  // The demo's own picture first (a file of the tenant's images), which diners see beside the menu's name.
  await expect(form.getByRole('img', { name: 'The menu’s photo as diners will see it' })).toHaveAttribute(
    'src',
    '/tenant-images/maple-bistro/burger.svg',
  );
  await form.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'bar.jpg', mimeType: 'image/jpeg', buffer: await soupPhoto() });
  await expect(form.getByText('Photo uploaded. Save the photo to put it on the draft.')).toBeVisible();
  const preview = form.getByRole('img', { name: 'The menu’s photo as diners will see it' });
  await expect(preview).toHaveAttribute('src', /\/menu-images\/[0-9a-f]{64}\/card-96\.webp$/);
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 390);
  await form.screenshot({ path: `${SHOTS}/menu-photo-en-390.png` });
  await form.getByRole('button', { name: 'Save the photo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The photo of All-day menu is saved in the draft.' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: /The draft was published/ })).toBeVisible();

  // The diner's menu: the photo beside the menu's name, loaded at the card's size.
  const diner = await page.context().newPage();
  await diner.setViewportSize({ width: 390, height: 900 });
  await openMenu(diner, url('/maple-bistro?takeout=true&takeoutType=pickup'));
  const photo = diner.locator('#menu-1010 img.menu__photo');
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toHaveAttribute('src', /\/api\/restaurants\/101\/menu-images\/[0-9a-f]{64}\/card-96\.webp$/);
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expectNoA11yViolations(diner);
  for (const width of [320, 412, 390]) await noSidewaysScroll(diner, width);
  await diner.locator('#menu-1010 .menu__head').screenshot({ path: `${SHOTS}/menu-photo-diner-390.png` });
  await diner.close();

  // In French, the form's words; taking the photo off leaves the menu without one in the draft.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Éditeur de menu' })).toBeVisible();
  // The tree and the photo's form stay as they were across the switch.
  await openAllDayMenu(page);
  const formFr = page.getByRole('form', { name: 'Photo de All-day menu' });
  if (!(await formFr.isVisible())) await page.getByRole('button', { name: 'Photo le menu All-day menu' }).click();
  await expect(formFr.getByText(/Les clients la voient recadrée en carré à côté du nom du menu/)).toBeVisible();
  await expect(formFr.getByRole('img', { name: 'La photo du menu telle que les clients la verront' })).toBeVisible();
  await formFr.getByRole('button', { name: 'Retirer la photo' }).click();
  await formFr.getByRole('button', { name: 'Enregistrer la photo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'La photo de All-day menu est enregistrée dans le brouillon.' })).toBeVisible();
  await expectNoA11yViolations(page);
  await noSidewaysScroll(page, 390);
  await page.getByRole('button', { name: 'English' }).click();
});
