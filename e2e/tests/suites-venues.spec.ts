/**
 * A suite owner with suites in two venues (the school server holds Eastside Arena, a copy of
 * Northside Arena with the same owners: playwright.config.ts) sees every venue's events, picks one,
 * and finds that venue again on the next visit (the `suitesLocationId` of the specification, kept on
 * the device: docs/decisions/0123-remembered-suites-venue.md). In English and French, at phone width,
 * with axe clean.
 */
import { expect, test, type Page } from '@playwright/test';
import { schoolBaseURL } from '../playwright.config';
import { expectNoA11yViolations } from './axe';
import { apiSignIn, keepSession, openPage } from './ready';

test.use({ baseURL: schoolBaseURL, locale: 'en-CA' });

const venueHeadings = (page: Page) => page.getByRole('heading', { level: 2, name: /^(At|À) / });

test('a suite owner with suites in two venues picks one, and the next visit opens on it', async ({ page }) => {
  await keepSession(page, await apiSignIn(page.request, 'owner@example.com', { origin: schoolBaseURL }));
  await openPage(page, '/profile/events');
  await expect(venueHeadings(page)).toHaveText(['At Northside Arena', 'At Eastside Arena']);
  const venue = page.getByLabel('Venue');
  await expect(venue).toHaveValue('');
  await expect(venue.locator('option:checked')).toHaveText('All venues');
  await expectNoA11yViolations(page);

  await venue.selectOption({ label: 'Eastside Arena' });
  await expect(venueHeadings(page)).toHaveText(['At Eastside Arena']);
  const eastside = page.getByRole('region', { name: 'At Eastside Arena' });
  await expect(eastside.getByRole('heading', { level: 3, name: 'Prairie Lights Holiday Concert' }).first()).toBeVisible();

  // The next visit, in French: the same venue, chosen on this device.
  await openPage(page, '/profile/events');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(venueHeadings(page)).toHaveText(['À Eastside Arena']);
  const lieu = page.getByLabel('Lieu');
  await expect(lieu.locator('option:checked')).toHaveText('Eastside Arena');
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('suites-venues-fr.png'), fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(width).toBe(0);

  // Every venue again, and that is remembered too.
  await lieu.selectOption({ label: 'Tous les lieux' });
  await expect(venueHeadings(page)).toHaveText(['À Northside Arena', 'À Eastside Arena']);
  await openPage(page, '/profile/events');
  await expect(venueHeadings(page)).toHaveCount(2);
});
