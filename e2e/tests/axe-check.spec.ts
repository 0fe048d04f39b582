import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './axe';

// The check every journey relies on can fail: a page with an image without a text alternative and a
// button without a name is refused, naming both rules and their elements (e2e/tests/axe.ts).
test('the accessibility check refuses a planted violation and names it, on a fresh page and on one it checked before', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Planted</title></head><body><main><h1>Planted</h1></main></body></html>',
  );
  await expectNoA11yViolations(page);
  // The same document, changed after a check: axe-core is already in it and sees the change.
  await page.evaluate(() => {
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<img src="data:," id="no-alt"><button id="no-name"></button>');
  });
  const refused = await expectNoA11yViolations(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(refused).toContain('image-alt (critical)');
  expect(refused).toContain('#no-alt');
  expect(refused).toContain('button-name (critical)');
  expect(refused).toContain('#no-name');
});
