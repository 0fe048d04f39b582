import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { OPEN, openPage } from './ready';

// GeoNames' Toronto, where an emulated phone says it is.
const TORONTO = { latitude: 43.70011, longitude: -79.4163 };

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const resultNames = (page: Page) => page.getByRole('listitem').getByRole('heading', { level: 2 });

test('a diner finds the chain venues by place name, nearest first in miles, and opens one', async ({ page }) => {
  await page.clock.setFixedTime(OPEN);
  await openPage(page, '/bowlero-location-search');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a Bowlero location' })).toBeVisible();
  await expect(page.getByText('Your browser will ask before sharing your location.')).toBeVisible();

  const box = page.getByRole('combobox', { name: 'City or town' });
  await box.fill('Missis');
  await expect(page.getByRole('option', { name: 'Mississauga, ON, Canada' })).toBeVisible();
  await expectNoA11yViolations(page);
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await box.press('Enter');
  await expect(box).toHaveValue('Mississauga, ON, Canada');

  // The spec's default radius, 10 miles: only the Mississauga venue.
  await expect(page.getByRole('heading', { level: 2, name: '1 location within 10 mi of Mississauga, ON, Canada' })).toBeVisible();
  await expect(resultNames(page)).toHaveText(['Bowlero — Mississauga']);
  await expect(page.getByText('1.3 mi away')).toBeVisible();

  await page.getByLabel('Within').selectOption('5000');
  await expect(resultNames(page)).toHaveText(['Bowlero — Mississauga', 'Bowlero — Richmond Hill', 'Bowlero — Ottawa', 'Bowlero — Calgary']);
  await expect(page.getByText('22.1 mi away')).toBeVisible();
  await expect(page.getByText('Coming soon: opens 06/03/2027')).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'venue-search-en');

  await page.getByRole('link', { name: 'Bowlero — Richmond Hill' }).click();
  await expect(page).toHaveURL(/\/bowlero-richmond-hill$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bowlero — Richmond Hill' })).toBeVisible();
});

test.describe('with the location shared', () => {
  test.use({ geolocation: TORONTO, permissions: ['geolocation'] });

  test('in French, "use my location" lists the venues in kilometres and a coming-soon venue has its page', async ({ page }) => {
    await page.clock.setFixedTime(OPEN);
    await openPage(page, '/bowlero-location-search');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trouver un établissement Bowlero' })).toBeVisible();
    await expect(page.getByLabel('Unité de distance')).toHaveValue('km');

    await page.getByLabel('Dans un rayon de').selectOption('25');
    await page.getByRole('button', { name: 'Utiliser ma position' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^2 établissements à moins de 25 km de votre position$/ })).toBeVisible();
    await expect(resultNames(page)).toHaveText(['Bowlero — Richmond Hill', 'Bowlero — Mississauga']);
    await expect(page.getByText('À 17,2 km')).toBeVisible();
    await expect(page.getByText('À 21,7 km')).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByLabel('Dans un rayon de').selectOption('5000');
    await expect(resultNames(page)).toHaveCount(4);
    await shoot(page, 'venue-search-fr');
    await page.getByRole('link', { name: 'Bowlero — Ottawa' }).click();
    await expect(page).toHaveURL(/\/bowlero-coming-soon\?group=bowlero&venue=bowlero-ottawa$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bowlero : bientôt ouvert' })).toBeVisible();
    await expect(page.getByText('Bientôt ouvert : ouverture le 06/03/2027')).toBeVisible();
    await expectNoA11yViolations(page);
    await shoot(page, 'coming-soon-fr');
  });
});

test('in French, the place-name search lists the venues in kilometres, axe clean', async ({ page }) => {
  await page.clock.setFixedTime(OPEN);
  await openPage(page, '/bowlero-location-search');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trouver un établissement Bowlero' })).toBeVisible();
  await expect(page.getByText('Votre navigateur vous demandera avant de partager votre position.')).toBeVisible();
  const box = page.getByRole('combobox', { name: 'Ville ou municipalité' });
  await box.fill('Missis');
  await expect(page.getByRole('option', { name: 'Mississauga, ON, Canada' })).toBeVisible();
  await expectNoA11yViolations(page);
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(box).toHaveValue('Mississauga, ON, Canada');
  // The French default: kilometres, within 10 of them.
  await expect(page.getByRole('heading', { level: 2, name: '1 établissement à moins de 10 km de Mississauga, ON, Canada' })).toBeVisible();
  await expect(resultNames(page)).toHaveText(['Bowlero — Mississauga']);
  await expect(page.getByText(/^À\s2,0\skm$/)).toBeVisible();
  await page.getByLabel('Dans un rayon de').selectOption('5000');
  await expect(resultNames(page)).toHaveText(['Bowlero — Mississauga', 'Bowlero — Richmond Hill', 'Bowlero — Ottawa', 'Bowlero — Calgary']);
  await expect(page.getByText('Bientôt ouvert : ouverture le 06/03/2027')).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'venue-search-place-fr');
  await page.getByRole('link', { name: 'Bowlero — Mississauga' }).click();
  await expect(page).toHaveURL(/\/bowlero-mississauga$/);
});

test.describe('with the location shared, in English', () => {
  test.use({ geolocation: TORONTO, permissions: ['geolocation'] });

  test('"use my location" lists the venues in miles, nearest first, and the coming-soon venue has its page', async ({ page }) => {
    await page.clock.setFixedTime(OPEN);
    await openPage(page, '/bowlero-location-search');
    await expect(page.getByLabel('Distance unit')).toHaveValue('mi');
    await page.getByLabel('Within').selectOption('25');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^2 locations within 25 mi of / })).toBeVisible();
    await expect(resultNames(page)).toHaveText(['Bowlero — Richmond Hill', 'Bowlero — Mississauga']);
    await expect(page.getByText(/^10\.\d mi away$/)).toBeVisible();
    await expect(page.getByText(/^13\.\d mi away$/)).toBeVisible();
    await expectNoA11yViolations(page);
    await shoot(page, 'venue-search-located-en');

    await page.getByLabel('Within').selectOption('5000');
    await expect(resultNames(page)).toHaveCount(4);
    await page.getByRole('link', { name: 'Bowlero — Ottawa' }).click();
    await expect(page).toHaveURL(/\/bowlero-coming-soon\?group=bowlero&venue=bowlero-ottawa$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bowlero: coming soon' })).toBeVisible();
    await expect(page.getByText('Coming soon: opens 06/03/2027')).toBeVisible();
    await expectNoA11yViolations(page);
    await shoot(page, 'coming-soon-en');
  });
});

test('a refused location says so and leaves the place box as it was', async ({ page, context }) => {
  await context.clearPermissions();
  await page.clock.setFixedTime(OPEN);
  await openPage(page, '/bowlero-location-search');
  const box = page.getByRole('combobox', { name: 'City or town' });
  await box.fill('Calg');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByRole('alert')).toHaveText('You did not allow access to your location. Type a city or town instead.');
  await expect(box).toHaveValue('Calg');
  await expect(box).toBeFocused();
  // Enter without choosing a suggestion searches from the first one.
  await box.press('Enter');
  await expect(box).toHaveValue('Calgary, AB, Canada');
  await expect(resultNames(page)).toHaveText(['Bowlero — Calgary']);
  await expectNoA11yViolations(page);
  // So does the Search button, with a name typed whose suggestions have not been chosen.
  await box.fill('Richmond Hill, ON');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(box).toHaveValue('Richmond Hill, ON, Canada');
  await expect(resultNames(page)).toHaveText(['Bowlero — Richmond Hill']);
});

test('a search that fails shows a message and no results', async ({ page }) => {
  await page.clock.setFixedTime(OPEN);
  await page.route('**/api/restaurants/geolocation-search', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 503, error: 'SERVICE_UNAVAILABLE', message: 'x' }),
    }),
  );
  await openPage(page, '/search?group=bowlero');
  const box = page.getByRole('combobox', { name: 'City or town' });
  await box.fill('Toronto');
  await page.getByRole('option', { name: 'Toronto, ON, Canada' }).click();
  await expect(page.getByRole('alert')).toContainText('The search did not work. Please try again.');
  await expect(page.getByRole('listitem')).toHaveCount(0);
});
