// @vitest-environment node
/**
 * The web app's import rules fail on a planted violation (issue 28 item 2): lint runs over text we
 * give it at a real path, so nothing is written to the tree that `npm run lint` reads beside this.
 * A feature importing another, code importing the core's internals, the core importing a feature, and
 * an import cycle each fail; the same text through the core's entry passes.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The rule ids lint reports for `text` as the file at `file` (relative to apps/web/src). */
async function violations(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(import.meta.dirname, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the web app import rules', () => {
  it.each([
    [
      'a feature importing another feature',
      'features/menu/planted.ts',
      "export { SchoolMenu } from '../school/school-menu';\n",
      'servery/imports',
    ],
    [
      'a feature importing the core past its entry',
      'features/school/planted.ts',
      "export { useDayCarts } from '../../ordering/days/use-day-carts';\n",
      'servery/imports',
    ],
    [
      'the core importing a feature',
      'ordering/days/planted.ts',
      "export { studentName } from '../../features/school/school-ordering';\n",
      'servery/imports',
    ],
    // day-cart-storage.ts is imported by use-day-carts.ts: the same file importing it back is a cycle.
    ['an import cycle', 'ordering/days/day-cart-storage.ts', "export { useDayCarts } from './use-day-carts';\n", 'import-x/no-cycle'],
  ])(
    'fails on %s',
    async (_name, file, text, rule) => {
      expect(await violations(file, text)).toContain(rule);
    },
    60_000,
  );

  it('passes the same import through the core entry', async () => {
    expect(await violations('features/school/planted.ts', "export { useDayCarts } from '../../ordering/verticals';\n")).toEqual([]);
  }, 60_000);
});
