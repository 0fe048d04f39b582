import fs from 'node:fs';
import path from 'node:path';
import type { TenantFileInput } from '@servery/contracts/tenant-file';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { repoRoot } from '../config';
import type { TenantSource } from '../use-cases/platform/import-tenants';

/** A demo restaurant's tenant file as shipped (tenants/NAME). */
export function demoTenant(name: string): TenantSource {
  return { name, text: fs.readFileSync(path.join(repoRoot, 'tenants', name), 'utf8') };
}

/** The first catering slot the restaurant offers for `items` (POST /api/orders/scheduling's first day). */
export async function firstCateringSlot(
  app: FastifyInstance,
  restaurant: string,
  items: object[],
): Promise<{ date: string; time: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/orders/scheduling',
    payload: { type: 'catering', items },
    headers: { 'x-restaurant-id': restaurant },
  });
  expect(response.statusCode, response.body).toBe(200);
  const day = response.json().days[0];
  return { date: day.date as string, time: day.slots[0].startTime as string };
}

/** A small but complete tenant; tests change what they are about. */
export function tenantFixture(overrides: Partial<TenantFileInput> & { id: number; slug: string }): TenantFileInput {
  const base = overrides.id * 100;
  return {
    name: `Restaurant ${overrides.slug}`,
    province: 'ON',
    tax_rate: { tax1: '0.13' },
    gift_cards: [{ number: '6000111122223333', balance: '25.00' }],
    discount_codes: [{ code: 'SECRET10', type: 'percentage', value: '10' }],
    menu_groups: [
      {
        id: base + 1,
        name: 'Food',
        slug: 'food',
        localization: { 'fr-CA': { name: 'Nourriture' } },
        menus: [
          {
            id: base + 2,
            name: 'All day',
            localization: { 'fr-CA': { name: 'Toute la journée' } },
            sections: [
              {
                id: base + 3,
                name: 'Mains',
                items: [
                  {
                    id: base + 4,
                    name: 'Burger',
                    price: '12.50',
                    options: [
                      {
                        id: base + 5,
                        name: 'Side',
                        required: true,
                        values: [
                          {
                            id: base + 6,
                            name: 'Fries',
                            price: '3.25',
                            options: [{ id: base + 7, name: 'Seasoning', values: [{ id: base + 8, name: 'Cajun', price: '0.50' }] }],
                          },
                          { id: base + 9, name: 'Salad', price: '4', published_at: null },
                        ],
                      },
                    ],
                  },
                  { id: base + 10, name: 'Secret special', price: '99.00', published_at: null },
                  { id: base + 11, name: 'Next month', price: '5.00', published_at: '2999-01-01T00:00:00Z' },
                ],
              },
              { id: base + 12, name: 'Draft section', published_at: null, items: [{ id: base + 13, name: 'Draft item', price: '1.00' }] },
            ],
          },
          { id: base + 14, name: 'Bar', dine_in: true, items: [{ id: base + 15, name: 'Beer', price: '8.00', alcoholic_beverage: true }] },
          { id: base + 16, name: 'Members', member_only: true, items: [{ id: base + 17, name: 'Member steak', price: '30.00' }] },
          { id: base + 18, name: 'Gone', deleted_at: '2020-01-01T00:00:00Z', items: [{ id: base + 19, name: 'Old item', price: '2.00' }] },
        ],
      },
    ],
    ...overrides,
  };
}

export function asSource(tenant: TenantFileInput, name = `${tenant.slug}.json`): TenantSource {
  return { name, text: JSON.stringify(tenant) };
}

/**
 * A maple-bistro take-out order picked up at the first slot of `day` (POST /api/orders/scheduling's
 * first day), paid by the tokenised card, with the bistro's required question answered.
 */
export function pickupOrderBody(items: readonly object[], day: { date: string; slots: Array<{ startTime: string }> }, cardToken: string) {
  return {
    type: 'take-out',
    data: {
      config: { takeout: true, takeoutType: 'pickup' },
      items,
      costs: {},
      checkout: {
        paymentMethod: 'credit_card',
        pickup: { delivery: false, scheduled: true, dueByDate: day.date, dueByTime: day.slots[0]!.startTime },
        contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
        card: { token: cardToken },
        questions: [{ id: 1920, answers: [1] }],
      },
    },
  };
}
