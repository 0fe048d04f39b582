/**
 * POST /api/client-errors (routes/client-errors.ts): a browser's failure reaches the error reporter,
 * whose default writes it to the server's log, with nothing personal in it; bad reports change nothing;
 * an address that floods is refused.
 */
import { LIMITS } from '@servery/domain/rate-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([asSource(tenantFixture({ id: 71, slug: 'report-cafe' }))], { logLines });
});
afterAll(() => t.close());

let addresses = 0;
const newIp = () => `10.7.0.${(addresses += 1)}`;

function report(body: unknown, options: { ip?: string; tenant?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/client-errors',
    headers: { 'content-type': 'application/json', ...(options.tenant && { 'x-restaurant-id': options.tenant }) },
    remoteAddress: options.ip ?? newIp(),
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const reported = () =>
  logLines
    .map((line) => JSON.parse(line) as { msg: string; clientFailure?: Record<string, unknown> })
    .filter((line) => line.msg === 'browser failure reported')
    .map((line) => line.clientFailure);

describe('POST /api/client-errors', () => {
  it('reports the failure with its restaurant, and without the person’s e-mail, card number or the page’s query', async () => {
    const response = await report(
      {
        kind: 'error',
        message: 'Cannot read properties of undefined (reading "total") for ada@example.com paying 4111 1111 1111 1111',
        stack: 'TypeError: x\n    at render (https://menu.example/assets/index-abc.js?token=secret:1:200)',
        page: '/maple-bistro/order/0b0e8a52?access=secret-token#top',
        build: 'index-abc.js',
      },
      { tenant: 'report-cafe' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const failure = reported().at(-1);
    expect(failure).toMatchObject({
      kind: 'error',
      message: 'Cannot read properties of undefined (reading "total") for [email] paying [number]',
      stack: 'TypeError: x\n    at render (/assets/index-abc.js)',
      page: '/maple-bistro/order/0b0e8a52',
      build: 'index-abc.js',
      restaurantId: 71,
    });
    expect(JSON.stringify(logLines)).not.toContain('secret');
  });

  it('refuses a malformed or oversized report, or one for a restaurant that does not exist, and reports nothing', async () => {
    const before = reported().length;
    expect((await report('{"kind":')).statusCode).toBe(400);
    expect((await report({ kind: 'boom', message: 'x', page: '/' })).statusCode).toBe(400);
    expect((await report({ kind: 'error', message: 'x'.repeat(501), page: '/' })).statusCode).toBe(400);
    expect((await report({ kind: 'error', message: 'x', page: '/', extra: 1 })).statusCode).toBe(400);
    expect((await report({ kind: 'error', message: 'x', page: '/' }, { tenant: 'no-such-place' })).statusCode).toBe(404);
    expect(reported().length).toBe(before);
  });

  it('refuses an address past its limit, and not another address', async () => {
    const ip = '10.7.1.1';
    const body = { kind: 'rejection', message: 'Failed to fetch', page: '/' };
    for (let index = 0; index < LIMITS.clientErrorAddress.max; index++) expect((await report(body, { ip })).statusCode).toBe(200);
    const refused = await report(body, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await report(body, { ip: '10.7.1.2' })).statusCode).toBe(200);
  });
});
