import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenusResponse } from '@servery/contracts/restaurant';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([
    asSource(tenantFixture({ id: 11, slug: 'first-place' })),
    asSource(tenantFixture({ id: 22, slug: 'second-place', name: 'Second' })),
  ]);
});
afterAll(() => t.close());

const menus = async (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const itemNames = (body: MenusResponse) =>
  body.menu_groups.flatMap((group) =>
    group.menus.flatMap((menu) => [...menu.items, ...menu.sections.flatMap((section) => section.items)].map((item) => item.name)),
  );

describe('GET /api/restaurants/:id/menus', () => {
  it('answers the published tree with amounts in cents', async () => {
    const response = await menus('/api/restaurants/11/menus?type=dine_in');
    expect(response.statusCode).toBe(200);
    const body = response.json<MenusResponse>();
    expect(body.restaurant_id).toBe(11);
    const burger = body.menu_groups[0]?.menus[0]?.sections[0]?.items[0];
    expect(burger?.name).toBe('Burger');
    expect(burger?.price).toBe(1250);
    const side = burger?.options[0];
    expect(side?.values.map((value) => value.name)).toEqual(['Fries']);
    expect(side?.values[0]?.price).toBe(325);
    expect(side?.values[0]?.options[0]?.values[0]).toMatchObject({ name: 'Cajun', price: 50 });
    expect(body.menu_groups[0]?.localization['fr-CA']?.name).toBe('Nourriture');
  });

  it('never sends unpublished, future, deleted or member-only content', async () => {
    const body = (await menus('/api/restaurants/11/menus?type=dine_in')).json<MenusResponse>();
    const names = itemNames(body);
    expect(names).not.toContain('Secret special');
    expect(names).not.toContain('Next month');
    expect(names).not.toContain('Draft item');
    expect(names).not.toContain('Old item');
    expect(names).not.toContain('Member steak');
    expect(JSON.stringify(body)).not.toContain('Salad');
  });

  it('shows dine-in-only menus to a table and not to takeout', async () => {
    const dineIn = itemNames((await menus('/api/restaurants/11/menus?type=dine_in')).json());
    const takeout = itemNames((await menus('/api/restaurants/11/menus?type=take-out')).json());
    expect(dineIn).toContain('Beer');
    expect(takeout).not.toContain('Beer');
    expect(takeout).toContain('Burger');
  });

  it('accepts the slug in the path', async () => {
    expect((await menus('/api/restaurants/second-place/menus')).json<MenusResponse>().restaurant_id).toBe(22);
  });

  it('refuses an unknown order type with a localised validation error', async () => {
    const response = await menus('/api/restaurants/11/menus?type=picnic', { 'accept-language': 'fr-CA' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 400,
      error: 'VALIDATION_FAILED',
      message: 'Certaines informations envoyées ne sont pas valides.',
    });
  });

  it('answers 404 with the envelope for an unknown restaurant', async () => {
    const response = await menus('/api/restaurants/999/menus');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, error: 'RESTAURANT_NOT_FOUND', message: 'We could not find this restaurant.' });
  });
});

describe('tenant isolation', () => {
  it('refuses to read one tenant while claiming another in X-Restaurant-Id', async () => {
    const response = await menus('/api/restaurants/22/menus', { 'x-restaurant-id': '11' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('RESTAURANT_NOT_FOUND');
    expect(response.body).not.toContain('Second');
  });

  it('gives each tenant only its own items', async () => {
    const first = (await menus('/api/restaurants/11/menus', { 'x-restaurant-id': '11' })).json<MenusResponse>();
    const second = (await menus('/api/restaurants/22/menus', { 'x-restaurant-id': 'second-place' })).json<MenusResponse>();
    const ids = (body: MenusResponse) => body.menu_groups.flatMap((group) => group.menus.map((menu) => menu.id));
    expect(ids(first).every((id) => id >= 1100 && id < 1200)).toBe(true);
    expect(ids(second).every((id) => id >= 2200 && id < 2300)).toBe(true);
  });
});
