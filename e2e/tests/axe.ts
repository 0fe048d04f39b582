import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails on any accessibility violation axe-core finds, whatever its impact, listing them.
 *
 * In axe's legacy mode: `axe.run` in the page, every rule as before. The default mode runs each frame's
 * part in the page, then opens a blank page in the same context, injects axe-core there a second time
 * and joins the parts in it, which is what lets it reach frames of other origins. The app has no
 * frames (no `<iframe>` in apps/web), and that blank page doubled the cost of every check: measured on a
 * served menu, 3.3-4.5 s a check against 1.4-2.4 s in legacy mode, the same 48 rules passed
 * (docs/decisions/0127-axe-in-the-page.md).
 */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}
