import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { OPEN, openPage } from './ready';

// The 300-item menu on a phone: the first load hydrates only the sections near the screen, and a
// section the diner reaches later hydrates on the first event that reaches it, which it then handles
// (components/ui/deferred-hydration.tsx, docs/decisions/0040-menu-first-load.md and 0047-preact.md).
test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(OPEN);
  await page.setViewportSize({ width: 390, height: 844 });
});

const MENU = '/grand-buffet?tableNum=12';

/** The app attaches its listeners to the elements it hydrated: the server's elements carry none. */
const hydrated = (element: Locator) => element.evaluate((node) => Object.keys(node).length > 0);

const card = (page: Page, name: string) => page.getByRole('main').getByRole('button', { name, exact: true });

test('the first load hydrates only the sections near the screen', async ({ page }) => {
  await openPage(page, MENU);
  await expect(card(page, 'Passion fruit Italian soda')).toBeAttached();
  const counts = await page.evaluate(() => {
    const buttons = Array.from(document.querySelectorAll('.item-card__open'));
    return { all: buttons.length, hydrated: buttons.filter((button) => Object.keys(button).length > 0).length };
  });
  expect(counts.all).toBe(300);
  expect(counts.hydrated).toBeGreaterThan(0);
  expect(counts.hydrated).toBeLessThan(100);
});

test('a click alone on a section not reached yet opens its item (as a screen reader activates it)', async ({ page }) => {
  await openPage(page, MENU);
  const soda = card(page, 'Passion fruit Italian soda');
  expect(await hydrated(soda)).toBe(false);
  // Dispatched by the page, without scrolling, pointer or focus first.
  await soda.evaluate((button) => (button as HTMLButtonElement).click());
  await expect(page.getByRole('dialog', { name: 'Passion fruit Italian soda' })).toBeVisible();
});

test('the keyboard reaches a section not hydrated yet: focus, then Enter opens the item, and Escape gives focus back', async ({ page }) => {
  await openPage(page, MENU);
  const crepe = card(page, 'Salted caramel crêpe');
  expect(await hydrated(crepe)).toBe(false);
  await crepe.evaluate((button) => (button as HTMLButtonElement).focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Salted caramel crêpe' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(crepe).toBeFocused();
});

test('a tap on a section scrolled to opens its item at once', async ({ page }) => {
  await openPage(page, MENU);
  const pepper = card(page, 'Mushroom stuffed pepper');
  expect(await hydrated(pepper)).toBe(false);
  await pepper.click();
  await expect(page.getByRole('dialog', { name: 'Mushroom stuffed pepper' })).toBeVisible();
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways).toBe(0);
});
