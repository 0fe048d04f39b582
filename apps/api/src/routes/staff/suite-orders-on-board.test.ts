/**
 * A suite order on the staff board: the order keeps only the ids of its event and suite, so the
 * staff list names them (the event in the caller's language) for the card and the kitchen ticket.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { ARENA, ARENA_ID, suitePreOrder } from '../../test/arena';
import { createTestApp, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../use-cases/platform/seed-demo-accounts';

// The demo arena (tenants/northside-arena.json): owner@example.com owns suite 1 ("Suite 1 — Centre
// ice", level 2, north side) at the holiday concert of 12 December (event suite 3982), whose
// pre-orders lock on 9 December. The clock is fixed before that.
const NOW = new Date('2026-11-24T18:00:00Z');

let t: TestApp;
let staffToken = '';
let address = 0;

function call(method: 'POST' | 'GET', url: string, payload?: object, headers: Record<string, string> = {}) {
  address += 1;
  return t.app.inject({
    method,
    url,
    headers: { 'x-restaurant-id': ARENA, ...headers },
    ...(payload && { payload }),
    remoteAddress: `10.14.${Math.floor(address / 250)}.${address % 250}`,
  });
}

beforeAll(async () => {
  const arena = { name: 'northside-arena.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/northside-arena.json'), 'utf8') };
  t = await createTestApp([arena], { now: () => NOW });
  await seedDemoAccounts(t.database.db, NOW);
  staffToken = (await staffMember(t.database.db, { email: 'kitchen@northside-arena.example.com', restaurantId: ARENA_ID, now: NOW })).token;
});
afterAll(() => t.close());

describe('a suite order on the staff board', () => {
  it('names its event (in the caller’s language) and its suite, in the list and in a move’s answer', async () => {
    const login = await call('POST', '/api/auth/login-native', { email: 'owner@example.com', password: DEMO_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    const owner = { authorization: `Bearer ${login.json().token}` };
    const card = await call(
      'POST',
      '/api/auth/payment-method',
      { card: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'T5B 0P1' } },
      owner,
    );
    expect(card.statusCode, card.body).toBe(200);
    const placed = await call('POST', '/api/orders', suitePreOrder(3982, card.json().paymentMethod.paymentCardId as string), {
      ...owner,
      'idempotency-key': 'board-suite-pre-order',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as string;

    const listed = async (locale: string) => {
      const answer = await call('GET', '/api/staff/orders', undefined, {
        authorization: `Bearer ${staffToken}`,
        'accept-language': locale,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().orders.find((order: { id: string }) => order.id === orderId);
    };
    expect((await listed('en-CA')).suite_place).toEqual({
      event: 'Prairie Lights Holiday Concert',
      suite: 'Suite 1 — Centre ice',
      location: 'Level 2, north side',
    });
    expect((await listed('fr-CA')).suite_place).toEqual({
      event: 'Concert des Fêtes Lumières des Prairies',
      suite: 'Loge 1 — Centre de la glace',
      location: 'Niveau 2, côté nord',
    });

    // A move answers the same view.
    const accepted = await call(
      'POST',
      `/api/staff/orders/${orderId}/status`,
      { status: 'accepted' },
      {
        authorization: `Bearer ${staffToken}`,
        'accept-language': 'fr-CA',
      },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().order.suite_place).toMatchObject({ event: 'Concert des Fêtes Lumières des Prairies' });
  });
});
