import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { OPEN, openPage } from './ready';

// A refusal the web has no name for (a point of sale passing its own code through): the toast is
// the localised prefix plus what the server said, in the request's language.
test('a refused quick add shows a toast: the prefix, then the server’s own message, in English and French', async ({ page }) => {
  await page.route('**/api/orders/item', (route) => {
    const french = route.request().headers()['accept-language'] === 'fr-CA';
    return route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 1804,
        error: 'POS_OUT_OF_STOCK',
        message: french ? 'La cuisine n’a plus de soupe du jour.' : 'The kitchen is out of the soup of the day.',
      }),
    });
  });
  // Open for dine-in whatever the hour the tests run at: the quick add is offered only then.
  await page.clock.setFixedTime(OPEN);
  await openPage(page, '/maple-bistro?tableNum=12');
  const add = page.getByRole('button', { name: 'Add Soup of the day', exact: true });
  await expect(async () => {
    await add.click();
    await expect(page.getByRole('alert')).toHaveText(/Error: The kitchen is out of the soup of the day\./, { timeout: 1500 });
  }).toPass();
  await expect(page.getByRole('button', { name: /^View cart/ })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // Toasts go after 5 seconds (spec accounts-and-suites.md section 8).
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Français' }).click();
  await page.getByRole('button', { name: 'Ajouter Soupe du jour', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/Erreur : La cuisine n’a plus de soupe du jour\./);
});
