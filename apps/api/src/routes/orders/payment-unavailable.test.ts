import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import * as sandboxPayments from '../../db/sandbox-payments-repository';
import { sandboxProcessor } from '../../ports/sandbox-processor';
import { pickupOrderBody } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 1, orderPrice: 800, orderOptions: [] };

// The sandbox, except that its authorisation never answers (a processor that is down).
const sandbox = sandboxProcessor(sandboxPayments);
let processorDown = true;
const flaky = {
  ...sandbox,
  authorise: (...args: Parameters<typeof sandbox.authorise>) =>
    processorDown ? Promise.reject(new Error('connect ETIMEDOUT 10.0.0.1:443')) : sandbox.authorise(...args),
};

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([bistroFile], { now: openHoursClock(), ports: { payments: flaky }, logLines: lines });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-restaurant-id': 'maple-bistro', ...headers } });

describe('a payment processor that does not answer', () => {
  it('answers 1803 in the diner’s language, stores nothing, and the same order goes through once it is back', async () => {
    const scheduling = (await post('/api/orders/scheduling', { type: 'take-out', items: [SOUP] })).json();
    const day = scheduling.days[0];
    const token = (
      await post('/api/payment/tokenize', { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' })
    ).json().token as string;
    const order = pickupOrderBody([SOUP], day, token);

    const refused = await post('/api/orders', order, { 'idempotency-key': 'processor-down-1', 'accept-language': 'fr-CA' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      code: 1803,
      error: 'PAYMENT_PROCESSOR_UNAVAILABLE',
      message: 'Nous n’avons pas pu joindre le service de paiement : rien n’a été débité. Veuillez réessayer dans un moment.',
    });
    expect(refused.body).not.toContain('ETIMEDOUT');
    // Reported as the spec's "unable to make payment" (packages/domain/src/failure-tracking.ts).
    const reported = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'failure reported');
    expect(reported.map((entry) => entry.failure)).toContainEqual(
      expect.objectContaining({ code: 1803, error: 'PAYMENT_PROCESSOR_UNAVAILABLE', categories: ['unable_to_make_payment'] }),
    );
    const stored = await t.database.db.selectFrom('orders').select('id').where('restaurant_id', '=', 101).execute();
    expect(stored).toHaveLength(0);

    processorDown = false;
    const placed = await post('/api/orders', order, { 'idempotency-key': 'processor-down-1' });
    expect(placed.statusCode).toBe(201);
  });
});
