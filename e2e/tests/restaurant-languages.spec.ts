/**
 * A restaurant's own `locales` decide which languages its pages speak (packages/domain/src/locales.ts):
 * the school server holds a copy of Maple Bistro that offers French only (playwright.config.ts). An
 * English browser, even with English chosen before, reads it in French and is offered no switch; a
 * restaurant that offers both still has the switch.
 */
import { expect, test, type Page } from '@playwright/test';
import { schoolBaseURL } from '../playwright.config';
import { expectNoA11yViolations } from './axe';
import { openPage } from './ready';

test.use({ baseURL: schoolBaseURL, locale: 'en-CA' });

const header = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: 'Restaurant' });

test('a restaurant that offers French only speaks French to an English browser and offers no other language', async ({ page, context }) => {
  await openPage(page, '/bistro-francais');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(header(page).getByRole('link', { name: 'Panier, 0 article' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'English' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // A diner who chose English elsewhere keeps that choice, and this restaurant still speaks French.
  await context.addCookies([{ name: 'locale', value: 'en-CA', url: schoolBaseURL }]);
  await openPage(page, '/bistro-francais');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(header(page).getByRole('link', { name: 'Se connecter' })).toBeVisible();

  // A restaurant offering both speaks the choice and offers the other language.
  await openPage(page, '/maple-school');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
  await expect(header(page).getByRole('button', { name: 'Français' })).toBeVisible();
});
