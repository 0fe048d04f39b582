import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { createTestApp, openHoursClock, type TestApp } from '../test/test-app';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([bistroFile], { now: openHoursClock(), logLines: lines });
});
afterAll(() => t.close());

const reports = () =>
  lines
    .map((line) => JSON.parse(line) as { msg?: string; failure?: Record<string, unknown> })
    .filter((entry) => entry.msg === 'failure reported')
    .map((entry) => entry.failure);

describe('the error-reporting port (default: the log)', () => {
  it('reports a tracked refusal by its categories and route, with nothing of the person', async () => {
    const stale = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 1, orderPrice: 1, orderOptions: [] };
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/orders/validate?email=private@example.com',
      headers: { 'x-restaurant-id': 'maple-bistro', authorization: 'Bearer secret-token-value' },
      payload: { itemsInCart: [stale], type: 'dine_in' },
    });
    expect(answer.json()).toMatchObject({ code: 428, error: 'ITEM_PRICE_CHANGED' });
    expect(reports()).toContainEqual({
      categories: ['item_price_changed'],
      code: 428,
      error: 'ITEM_PRICE_CHANGED',
      status: 409,
      method: 'POST',
      route: '/api/orders/validate',
      restaurantId: 101,
      requestId: expect.any(String),
    });
    const logged = lines.join('\n');
    expect(logged).not.toContain('private@example.com');
    expect(logged).not.toContain('secret-token-value');
  });

  it('does not report a client mistake the spec does not track', async () => {
    const before = reports().length;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/orders/validate',
      headers: { 'x-restaurant-id': 'maple-bistro' },
      payload: { nope: 1 },
    });
    expect(answer.statusCode).toBe(400);
    expect(reports()).toHaveLength(before);
  });
});
