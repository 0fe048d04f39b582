import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([
    asSource(
      tenantFixture({
        id: 61,
        slug: 'news-place',
        queue: { enabled: true, minutes_per_order: 7 },
        announcements: [
          {
            id: 1,
            html: '<p>Patio <strong>open</strong><script>alert(1)</script></p>',
            localization: { 'fr-CA': { html: '<p onclick="x()">Terrasse ouverte</p>' } },
          },
          { id: 2, html: '<p>Old news</p>', ends_at: '2020-01-01T00:00:00Z' },
          { id: 3, html: '<p>Future news</p>', starts_at: '2999-01-01T00:00:00Z' },
        ],
      }),
    ),
    asSource(tenantFixture({ id: 62, slug: 'quiet-place' })),
  ]);
});
afterAll(() => t.close());

describe('GET /api/restaurants/:id/announcements', () => {
  it('answers the announcements showing now, sanitised in both languages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/restaurants/news-place/announcements' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      announcements: [
        {
          id: 1,
          html: '<p>Patio <strong>open</strong></p>',
          localization: { 'fr-CA': { html: '<p>Terrasse ouverte</p>' } },
          starts_at: null,
          ends_at: null,
        },
      ],
    });
  });
});

describe('GET /api/orders/get-next-order-queue-time', () => {
  it('needs to know the restaurant', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/orders/get-next-order-queue-time' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('RESTAURANT_REQUIRED');
  });

  it('counts the open orders of this restaurant only', async () => {
    const ask = () => t.app.inject({ method: 'GET', url: '/api/orders/get-next-order-queue-time', headers: { 'x-restaurant-id': '61' } });
    expect((await ask()).json()).toEqual({ enabled: true, orders_ahead: 0, minutes: 7 });
    const order = (restaurant_id: number, status: string) => ({
      id: randomUUID(),
      restaurant_id,
      user_id: null,
      status,
      order_type: 'dine_in',
      total_cents: 1000,
      data: '{}',
      placed_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    await t.database.db
      .insertInto('orders')
      .values([order(61, 'placed'), order(61, 'preparing'), order(61, 'completed'), order(62, 'placed')])
      .execute();
    expect((await ask()).json()).toEqual({ enabled: true, orders_ahead: 2, minutes: 21 });
  });

  it('says the queue is off where the restaurant has none', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/orders/get-next-order-queue-time',
      headers: { 'x-restaurant-id': 'quiet-place' },
    });
    expect(response.json()).toEqual({ enabled: false, orders_ahead: 0, minutes: 0 });
  });
});
