/**
 * A failure in the diner's browser reaches our own server's error reporter (apps/web/src/lib/report-failures.ts,
 * POST /api/client-errors), whose default writes it to the server's log: the page's path without its
 * query, the message, no outside service.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { serverLog } from '../playwright.config';
import { openPage } from './ready';

const PLANTED = 'planted failure for the reporter test';

function reportsOf(message: string): Array<{ page: string; kind: string; message: string }> {
  return fs
    .readFileSync(serverLog, 'utf8')
    .split('\n')
    .filter((line) => line.includes('browser failure reported') && line.includes(message))
    .map((line) => (JSON.parse(line) as { clientFailure: { page: string; kind: string; message: string } }).clientFailure);
}

test('an uncaught error and an unhandled rejection in the page reach the server’s error reporter, without the page’s query', async ({
  page,
}) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1')) outside.push(request.url());
  });
  // The page's own failures are what this test makes: they are not the test's failure.
  page.on('pageerror', () => undefined);
  await openPage(page, '/maple-bistro?takeout=true&secret=do-not-log');
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(`${message} (error)`);
    });
    void Promise.reject(new Error(`${message} (rejection)`));
  }, PLANTED);
  await expect.poll(() => reportsOf(PLANTED).length, { timeout: 10_000 }).toBe(2);
  expect(reportsOf(PLANTED)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'error', page: '/maple-bistro', message: `Error: ${PLANTED} (error)` }),
      expect.objectContaining({ kind: 'rejection', page: '/maple-bistro', message: `Error: ${PLANTED} (rejection)` }),
    ]),
  );
  expect(fs.readFileSync(serverLog, 'utf8')).not.toContain('do-not-log');
  expect(outside).toEqual([]);
});
