/**
 * A marketplace hub's vendor staff work their own counter only (docs/decisions/0031-marketplace-orders.md):
 * the availability screen lists their vendor's sections and items, switches only those (another
 * vendor's entry is not found and stays as it was), and pauses and resumes their vendor, not the
 * hub, which diners then see (menu data, scheduling, checkout); the day's sales of a vendor's
 * manager are their vendor's orders. The hub's own staff keep the whole hub. Runs on SQLite, and on
 * PostgreSQL when DATABASE_URL is set (scripts/test.mjs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityResponse } from '@servery/contracts/staff-availability';
import type { SalesSummaryResponse } from '@servery/contracts/staff-sales';
import { GYOZA, HUB_CARD, HUB_ID, hubCart, hubFile, hubOrderBody, KITS, SALMON, TIDEWATER, type HubLine } from '../../test/market-hall';
import { createTestApp, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';

const GYOZA_SECTION = 6053;

// Tuesday 24 November 2026, noon in Vancouver: the hub and its vendors are open.
let now = new Date('2026-11-24T16:00:00Z');
let t: TestApp;
const tokens = { tidewater: '', tidewaterManager: '', kits: '', hubOwner: '' };

const member = async (email: string, role: 'owner' | 'manager' | 'staff', vendorId: number | null) =>
  (await staffMember(t.database.db, { email, restaurantId: HUB_ID, role, vendorId, now })).token;

beforeAll(async () => {
  t = await createTestApp([hubFile()], { now: () => now });
  now = new Date('2026-11-24T20:00:00Z');
  tokens.tidewater = await member('line@tidewater.example.com', 'staff', TIDEWATER);
  tokens.tidewaterManager = await member('boss@tidewater.example.com', 'manager', TIDEWATER);
  tokens.kits = await member('line@kits.example.com', 'staff', KITS);
  tokens.hubOwner = await member('owner@market-hall.example.com', 'owner', null);
});
afterAll(() => t.close());

let calls = 0;
const request = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => {
  calls += 1;
  return t.app.inject({
    method,
    url,
    headers: { 'x-restaurant-id': 'market-hall', ...headers },
    remoteAddress: `10.29.${Math.floor(calls / 200)}.${(calls % 200) + 1}`,
    ...(payload && { payload }),
  });
};
const staff = (method: 'GET' | 'POST', url: string, token: string, payload?: object, locale = 'en-CA') =>
  request(method, url, { authorization: `Bearer ${token}`, 'accept-language': locale }, payload);
const diner = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  request(method, url, headers, payload);

async function place(items: HubLine[], key: string, pickup: object = {}) {
  const token = await diner('POST', '/api/payment/tokenize', HUB_CARD);
  return diner('POST', '/api/orders/create-marketplace-order', hubOrderBody(items, token.json().token as string, { pickup }), {
    'idempotency-key': key,
  });
}

const itemIds = (availability: AvailabilityResponse) => availability.sections.flatMap((section) => section.items.map((item) => item.id));
const hubSettings = async () => {
  const row = await t.database.db.selectFrom('restaurants').select('settings').where('id', '=', HUB_ID).executeTakeFirstOrThrow();
  return JSON.parse(row.settings) as {
    orders_paused: boolean;
    asap_paused: boolean;
    vendors: Array<{ id: number; orders_paused: boolean; asap_paused: boolean; orders_paused_message: Record<string, string> }>;
  };
};

describe('a hub vendor’s staff on the availability screen', () => {
  it('see their vendor’s sections and items only, named for their counter; the hub’s owner sees every vendor', async () => {
    const own = (await staff('GET', '/api/staff/availability', tokens.tidewater)).json() as AvailabilityResponse;
    expect(own.vendor).toEqual({ id: TIDEWATER, name: 'Tidewater Fish & Chips' });
    expect(itemIds(own)).toContain(SALMON.id);
    expect(itemIds(own)).not.toContain(GYOZA.id);
    const hub = (await staff('GET', '/api/staff/availability', tokens.hubOwner)).json() as AvailabilityResponse;
    expect(hub.vendor).toBeNull();
    expect(itemIds(hub)).toEqual(expect.arrayContaining([SALMON.id, GYOZA.id]));
  });

  it('cannot mark another vendor’s item, section or option sold out: not found, and nothing changes', async () => {
    for (const change of [
      { kind: 'item', id: GYOZA.id },
      { kind: 'section', id: GYOZA_SECTION },
    ]) {
      const refused = await staff('POST', '/api/staff/availability/sold-out', tokens.tidewater, { ...change, sold_out: true });
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json().error).toBe('MENU_ENTRY_NOT_FOUND');
    }
    const kits = (await staff('GET', '/api/staff/availability', tokens.kits)).json() as AvailabilityResponse;
    expect(kits.sections.find((section) => section.id === GYOZA_SECTION)?.sold_out).toBe(false);
    expect(kits.sections.flatMap((section) => section.items).find((item) => item.id === GYOZA.id)?.sold_out).toBe(false);
    // Their own item, yes (and back).
    const own = await staff('POST', '/api/staff/availability/sold-out', tokens.tidewater, { kind: 'item', id: SALMON.id, sold_out: true });
    expect(own.statusCode, own.body).toBe(200);
    const menus = (await diner('GET', `/api/restaurants/${HUB_ID}/menus?type=take-out`)).json() as {
      menu_groups: Array<{ menus: Array<{ sections: Array<{ items: Array<{ id: number; sold_out: boolean }> }> }> }>;
    };
    const items = menus.menu_groups.flatMap((group) => group.menus.flatMap((menu) => menu.sections.flatMap((section) => section.items)));
    expect(items.find((item) => item.id === SALMON.id)?.sold_out).toBe(true);
    expect(items.find((item) => item.id === GYOZA.id)?.sold_out).toBe(false);
    await staff('POST', '/api/staff/availability/sold-out', tokens.tidewater, { kind: 'item', id: SALMON.id, sold_out: false });
  });

  it('pause their own vendor, not the hub: diners see that vendor paused with its message, the others still order', async () => {
    const paused = await staff('POST', '/api/staff/availability/pause', tokens.kits, {
      paused: true,
      scope: 'all',
      message: { 'en-CA': 'Broth is on its way.', 'fr-CA': 'Le bouillon arrive.' },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const settings = await hubSettings();
    expect(settings.orders_paused).toBe(false);
    expect(settings.vendors.find((vendor) => vendor.id === KITS)).toMatchObject({
      orders_paused: true,
      orders_paused_message: { 'en-CA': 'Broth is on its way.', 'fr-CA': 'Le bouillon arrive.' },
    });
    expect(settings.vendors.find((vendor) => vendor.id === TIDEWATER)?.orders_paused).toBe(false);
    // The screen of Kits' staff says so; Tidewater's does not.
    expect(((await staff('GET', '/api/staff/availability', tokens.kits)).json() as AvailabilityResponse).orders_paused).toBe(true);
    expect(((await staff('GET', '/api/staff/availability', tokens.tidewater)).json() as AvailabilityResponse).orders_paused).toBe(false);
    // Diners: the public data, the times and the checkout.
    const data = (await diner('GET', '/market-hall/data.json')).json() as {
      orders_paused: boolean;
      vendors: Array<{ id: number; orders_paused: boolean }>;
    };
    expect(data.orders_paused).toBe(false);
    expect(data.vendors.find((vendor) => vendor.id === KITS)?.orders_paused).toBe(true);
    const times = await diner(
      'POST',
      '/api/orders/scheduling',
      { type: 'take-out', items: hubCart(SALMON, GYOZA) },
      { 'accept-language': 'fr-CA' },
    );
    expect(times.json().vendors).toEqual([
      {
        vendorId: KITS,
        error: 'VENDOR_PAUSED',
        message: 'Kits Noodle House ne prend pas de commandes pour le moment. Le bouillon arrive.',
      },
    ]);
    const refused = await place(hubCart(SALMON, GYOZA), `vendor-pause-${Date.now()}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'VENDOR_PAUSED', invalid_items: [{ orderId: 2, error: 'VENDOR_PAUSED' }] });
    expect((await place(hubCart(SALMON), `vendor-pause-fish-${Date.now()}`)).statusCode).toBe(201);

    // Resumed: Kits takes orders again.
    expect((await staff('POST', '/api/staff/availability/pause', tokens.kits, { paused: false })).statusCode).toBe(200);
    expect((await hubSettings()).vendors.find((vendor) => vendor.id === KITS)).toMatchObject({
      orders_paused: false,
      orders_paused_message: {},
    });
    expect((await place(hubCart(SALMON, GYOZA), `vendor-resumed-${Date.now()}`)).statusCode).toBe(201);
  });

  it('pause their vendor’s ASAP orders only: a scheduled time still goes through', async () => {
    expect(
      (await staff('POST', '/api/staff/availability/pause', tokens.kits, { paused: true, scope: 'asap', message: {} })).statusCode,
    ).toBe(200);
    const asap = await place(hubCart(GYOZA), `vendor-asap-${Date.now()}`);
    expect(asap.statusCode).toBe(409);
    expect(asap.json().error).toBe('VENDOR_PAUSED');
    const scheduled = await place(hubCart(GYOZA), `vendor-asap-later-${Date.now()}`, {
      scheduled: true,
      dueByDate: '2026-11-24',
      dueByTime: '15:00',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect((await staff('POST', '/api/staff/availability/pause', tokens.kits, { paused: false })).statusCode).toBe(200);
  });

  it('leave the hub’s own staff pausing the whole hub', async () => {
    expect((await staff('POST', '/api/staff/availability/pause', tokens.hubOwner, { paused: true, message: {} })).statusCode).toBe(200);
    const settings = await hubSettings();
    expect(settings.orders_paused).toBe(true);
    expect(settings.vendors.every((vendor) => !vendor.orders_paused)).toBe(true);
    expect((await staff('POST', '/api/staff/availability/pause', tokens.hubOwner, { paused: false })).statusCode).toBe(200);
  });
});

describe('a hub vendor’s manager on the sales screen', () => {
  it('sees their vendor’s orders only; the hub’s owner the whole hub', async () => {
    const placed = await place(hubCart(SALMON, GYOZA), `vendor-sales-${Date.now()}`);
    expect(placed.statusCode, placed.body).toBe(201);
    const rows = await t.database.db
      .selectFrom('orders')
      .select(['vendor_id', 'total_cents', 'status'])
      .where('restaurant_id', '=', HUB_ID)
      .execute();
    const totalOf = (vendorId: number | null) =>
      rows
        .filter((row) => (vendorId === null || row.vendor_id === vendorId) && row.status !== 'cancelled')
        .reduce((sum, row) => sum + row.total_cents, 0);

    const own = (await staff('GET', '/api/staff/sales', tokens.tidewaterManager)).json() as SalesSummaryResponse;
    expect(own.vendor).toEqual({ id: TIDEWATER, name: 'Tidewater Fish & Chips' });
    expect(own.orders).toBe(rows.filter((row) => row.vendor_id === TIDEWATER).length);
    expect(own.total).toBe(totalOf(TIDEWATER));
    const csv = (await staff('GET', '/api/staff/sales.csv', tokens.tidewaterManager)).body;
    expect(csv).toContain(`day,2026-11-24,${own.orders},`);

    const hub = (await staff('GET', '/api/staff/sales', tokens.hubOwner)).json() as SalesSummaryResponse;
    expect(hub.vendor).toBeNull();
    expect(hub.orders).toBe(rows.length);
    expect(hub.total).toBe(totalOf(null));
    expect(hub.total).toBeGreaterThan(own.total);
  });
});
