import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** axe-core's own build, evaluated in the page as `@axe-core/playwright` did (about 550 kB of script). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Fails on any accessibility violation axe-core finds, whatever its impact, listing them.
 *
 * axe-core runs in the page it checks (`axe.run`, every rule; the app has no frames: decision 0127).
 * It is injected once per document and kept there: a check after a change on the same page (a
 * language switch, a dialog opened) only runs the rules. `@axe-core/playwright` evaluated the whole
 * script twice on every check, which cost three times the check itself; only the violations are
 * reported in full (`resultTypes`), the passes' nodes were never read (decision 0127's amendment).
 */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { resultTypes: ['violations'] };
  const violations = await page.evaluate(async (runOptions) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };
    const results = await axe.run(document, runOptions);
    return results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  }, options);
  expect(violations).toEqual([]);
}
