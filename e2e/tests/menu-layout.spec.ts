/**
 * The restaurant's item layout, its theme's `card_style` and `browse_menu_style` (spec ordering.md,
 * "card style (vertical sample), browse menu style (gallery sample)"; features/menu/menu-list.tsx
 * MenuLayout): maple-bistro asks for vertical cards in a gallery, the cantine for horizontal cards in
 * a list. What a diner sees: how many dishes share a row, and where each dish's photo sits.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { openPage } from './ready';

const box = async (locator: Locator) => (await locator.boundingBox())!;
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The first section's first `count` dishes, with each one's photo and name. */
function firstDishes(page: Page, count: number) {
  const cards = page.locator('.item-list').first().locator('.item-card');
  return Array.from({ length: count }, (_, index) => {
    const card = cards.nth(index);
    return { card, photo: card.locator('img'), name: card.locator('.item-card__name') };
  });
}

test('maple-bistro: a gallery of vertical cards, two to a row on a phone and more on a desktop, each photo above its name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/maple-bistro?takeout=true&takeoutType=pickup');
  const [first, second, third] = firstDishes(page, 3);
  await expect(first!.name).toHaveText('Classic poutine');
  // The boxes are read one after another: while the page still settles (on CI every card moved 25 px
  // down between two reads, something drawn above the menu after hydration) they are read again.
  await expect(async () => {
    const [one, two, three] = [await box(first!.card), await box(second!.card), await box(third!.card)];
    expect(two.y, 'the second dish shares the first one’s row').toBe(one.y);
    expect(two.x).toBeGreaterThan(one.x + one.width - 1);
    expect(three.y, 'the third dish starts the next row').toBeGreaterThan(one.y + Math.min(one.height, two.height) - 1);
    const photo = await box(first!.photo);
    expect(photo.y + photo.height, 'the photo sits above the name').toBeLessThanOrEqual((await box(first!.name)).y);
    expect(photo.width, 'the photo spans the card').toBeGreaterThan(one.width * 0.8);
  }).toPass({ timeout: 10_000 });
  await page.screenshot({ path: test.info().outputPath('bistro-gallery-390.png') });
  await expectNoA11yViolations(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  const row = await Promise.all(firstDishes(page, 4).map(({ card }) => box(card)));
  expect(
    row.map((card) => card.y),
    'four dishes in the first row on a desktop',
  ).toEqual(row.map(() => row[0]!.y));

  await page.setViewportSize({ width: 320, height: 700 });
  expect(await sideways(page)).toBe(0);
});

test('the cantine: a list of horizontal cards, one to a row on a phone, each photo beside its name', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/cantine?takeout=true&takeoutType=pickup');
  const [first, second] = firstDishes(page, 2);
  await expect(first!.name).toHaveText('Steel-cut oatmeal');
  const [one, two] = [await box(first!.card), await box(second!.card)];
  expect(two.y, 'the second dish is below the first').toBeGreaterThanOrEqual(one.y + one.height);
  const [photo, name] = [await box(first!.photo), await box(first!.name)];
  expect(photo.x, 'the photo sits to the right of the name').toBeGreaterThanOrEqual(name.x + name.width - 1);
  expect(photo.y).toBeLessThan(name.y + name.height);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await sideways(page)).toBe(0);
});
