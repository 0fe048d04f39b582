import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const BISTRO = 101;
const OTHER = 86;
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050 };
const soup = { ...SOUP, orderId: 1, quantity: 1, orderPrice: 800, orderOptions: [] };

let t: TestApp;
const tokens = { staff: '', other: '', owner: '' };

const member = async (email: string, restaurantId: number, role: 'owner' | 'staff') =>
  (await staffMember(t.database.db, { email, restaurantId, role })).token;

beforeAll(async () => {
  t = await createTestApp([bistroFile, asSource(tenantFixture({ id: OTHER, slug: 'availability-other' }))], { now: openHoursClock() });
  tokens.staff = await member('line@maple-bistro.example.com', BISTRO, 'staff');
  tokens.owner = await member('boss@maple-bistro.example.com', BISTRO, 'owner');
  tokens.other = await member('line@availability-other.example.com', OTHER, 'staff');
});
afterAll(() => t.close());

const staffCall = (method: 'GET' | 'POST', url: string, token: string, payload?: object, tenant = 'maple-bistro', locale = 'en-CA') =>
  t.app.inject({
    method,
    url,
    headers: { 'x-restaurant-id': tenant, 'accept-language': locale, authorization: `Bearer ${token}` },
    ...(payload && { payload }),
  });
const diner = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'x-restaurant-id': 'maple-bistro' }, ...(payload && { payload }) });

const soupOnMenu = async () => {
  const menus = (await diner('GET', `/api/restaurants/${BISTRO}/menus?type=dine_in`)).json();
  const items = JSON.stringify(menus);
  const found = (menus.menu_groups as Array<{ menus: Array<{ sections: Array<{ items: Array<{ id: number; sold_out: boolean }> }> }> }>)
    .flatMap((g) => g.menus)
    .flatMap((m) => m.sections)
    .flatMap((s) => s.items)
    .find((item) => item.id === SOUP.id);
  return { found, size: items.length };
};

describe('sold out during service', () => {
  it('takes an item off at once: the menu says sold out, a cart holding it gets the sold-out answer, and back', async () => {
    expect((await soupOnMenu()).found?.sold_out).toBe(false);
    const validate = () => diner('POST', '/api/orders/validate', { itemsInCart: [soup], type: 'dine_in' });
    expect((await validate()).json()).toMatchObject({ ok: true });

    const off = await staffCall('POST', '/api/staff/availability/sold-out', tokens.staff, { kind: 'item', id: SOUP.id, sold_out: true });
    expect(off.statusCode, off.body).toBe(200);
    expect((await soupOnMenu()).found?.sold_out).toBe(true);
    const refused = await validate();
    expect(refused.json()).toMatchObject({ code: 415, error: 'ITEM_SOLD_OUT', invalid_items: [{ orderId: 1, code: 415 }] });
    const add = await diner('POST', '/api/orders/item', { itemsInCart: [], itemToAdd: { ...soup }, type: 'dine_in' });
    expect(add.json()).toMatchObject({ error: 'ITEM_SOLD_OUT' });

    expect(
      (await staffCall('POST', '/api/staff/availability/sold-out', tokens.staff, { kind: 'item', id: SOUP.id, sold_out: false }))
        .statusCode,
    ).toBe(200);
    expect((await soupOnMenu()).found?.sold_out).toBe(false);
    expect((await validate()).json()).toMatchObject({ ok: true });
  });

  it('takes one option value off: the dialog shows it sold out, a cart holding it gets the sold-out answer, the item stays', async () => {
    const BACON = 1601;
    const withBacon = {
      id: 1100,
      menu_id: 1010,
      section_id: 1050,
      orderId: 2,
      quantity: 1,
      // The poutine's 20 % promo is on the item; the bacon is 3.00.
      orderPrice: 1300,
      orderOptions: [{ id: 1500, values: [{ id: BACON, quantity: 1, adjustedPrice: 300 }] }],
    };
    const plain = { ...withBacon, orderId: 3, orderPrice: 1000, orderOptions: [] };
    const validate = (line: object) => diner('POST', '/api/orders/validate', { itemsInCart: [line], type: 'dine_in' });
    expect((await validate(withBacon)).json()).toMatchObject({ ok: true });
    const baconOnMenu = async () => {
      const menus = (await diner('GET', `/api/restaurants/${BISTRO}/menus?type=dine_in`)).json();
      let flag: unknown;
      JSON.stringify(menus, (key, value: { id?: number; sold_out?: unknown } | unknown) => {
        if (value && typeof value === 'object' && 'id' in value && value.id === BACON && 'default_selection' in value)
          flag = (value as { sold_out?: unknown }).sold_out;
        return value;
      });
      return String(flag);
    };
    expect(await baconOnMenu()).toBe('false');

    const off = await staffCall('POST', '/api/staff/availability/sold-out', tokens.staff, {
      kind: 'option_value',
      id: BACON,
      sold_out: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await baconOnMenu()).toBe('true');
    expect((await validate(withBacon)).json()).toMatchObject({
      code: 415,
      error: 'ITEM_SOLD_OUT',
      invalid_items: [{ orderId: 2, code: 415 }],
    });
    expect((await validate(plain)).json()).toMatchObject({ ok: true });
    const listed = (await staffCall('GET', '/api/staff/availability', tokens.staff)).json();
    const poutine = listed.sections
      .flatMap((section: { items: unknown[] }) => section.items)
      .find((item: { id: number }) => item.id === 1100);
    expect(poutine.options).toContainEqual({ id: BACON, group: 'Extras', name: 'Smoked bacon', sold_out: true });

    await staffCall('POST', '/api/staff/availability/sold-out', tokens.staff, { kind: 'option_value', id: BACON, sold_out: false });
    expect(await baconOnMenu()).toBe('false');
    expect((await validate(withBacon)).json()).toMatchObject({ ok: true });
    // Another restaurant's staff cannot reach this value.
    expect(
      (
        await staffCall(
          'POST',
          '/api/staff/availability/sold-out',
          tokens.other,
          { kind: 'option_value', id: BACON, sold_out: true },
          'availability-other',
        )
      ).statusCode,
    ).toBe(404);
  });

  it('takes a whole section off, and lists the flags for the staff screen', async () => {
    expect(
      (await staffCall('POST', '/api/staff/availability/sold-out', tokens.staff, { kind: 'section', id: SOUP.section_id, sold_out: true }))
        .statusCode,
    ).toBe(200);
    expect((await diner('POST', '/api/orders/validate', { itemsInCart: [soup], type: 'dine_in' })).json()).toMatchObject({
      error: 'ITEM_SOLD_OUT',
    });
    const listed = (await staffCall('GET', '/api/staff/availability', tokens.staff, undefined, 'maple-bistro', 'fr-CA')).json();
    const section = listed.sections.find((s: { id: number }) => s.id === SOUP.section_id);
    expect(section).toMatchObject({ sold_out: true });
    expect(section.items.some((item: { id: number }) => item.id === SOUP.id)).toBe(true);
    await staffCall('POST', '/api/staff/availability/sold-out', tokens.staff, { kind: 'section', id: SOUP.section_id, sold_out: false });
    expect((await diner('POST', '/api/orders/validate', { itemsInCart: [soup], type: 'dine_in' })).json()).toMatchObject({ ok: true });
  });

  it('refuses another restaurant’s staff and an entry that is not on the menu, and records who did what', async () => {
    expect(
      (await staffCall('POST', '/api/staff/availability/sold-out', tokens.other, { kind: 'item', id: SOUP.id, sold_out: true })).statusCode,
    ).toBe(403);
    const across = await staffCall(
      'POST',
      '/api/staff/availability/sold-out',
      tokens.other,
      { kind: 'item', id: SOUP.id, sold_out: true },
      'availability-other',
    );
    expect(across.json().error).toBe('MENU_ENTRY_NOT_FOUND');
    expect((await soupOnMenu()).found?.sold_out).toBe(false);
    const audit = (await staffCall('GET', '/api/staff/team', tokens.owner)).json().audit as Array<{
      action: string;
      actor: string;
      subject: string;
    }>;
    expect(audit.some((entry) => entry.action === 'sold_out' && entry.actor === 'line@maple-bistro.example.com')).toBe(true);
    expect(audit.some((entry) => entry.action === 'back_in_stock')).toBe(true);
  });
});

describe('pausing ordering', () => {
  it('refuses every cart with the message, shows the message to diners, and resumes', async () => {
    const pause = await staffCall('POST', '/api/staff/availability/pause', tokens.staff, {
      paused: true,
      message: { 'en-CA': 'Kitchen closed for 20 minutes', 'fr-CA': 'Cuisine fermée 20 minutes' },
    });
    expect(pause.statusCode, pause.body).toBe(200);
    const paused = await diner('POST', '/api/orders/validate', { itemsInCart: [soup], type: 'dine_in' });
    expect(paused.json()).toMatchObject({ code: 419, error: 'ORDERS_PAUSED' });
    const data = (await diner('GET', '/maple-bistro/data.json')).json();
    expect(JSON.stringify(data)).toContain('Kitchen closed for 20 minutes');
    expect((await staffCall('GET', '/api/staff/availability', tokens.staff)).json()).toMatchObject({
      orders_paused: true,
      message: { 'en-CA': 'Kitchen closed for 20 minutes', 'fr-CA': 'Cuisine fermée 20 minutes' },
    });

    expect((await staffCall('POST', '/api/staff/availability/pause', tokens.staff, { paused: false })).statusCode).toBe(200);
    expect((await diner('POST', '/api/orders/validate', { itemsInCart: [soup], type: 'dine_in' })).json()).toMatchObject({ ok: true });
    expect((await staffCall('GET', '/api/staff/availability', tokens.staff)).json().orders_paused).toBe(false);
  });

  it('pauses only ASAP: the scheduling answer offers no ASAP but still the slots, until resumed', async () => {
    const scheduling = () => diner('POST', '/api/orders/scheduling', { type: 'take-out', items: [soup] });
    expect((await scheduling()).json().asap.available).toBe(true);
    const pause = await staffCall('POST', '/api/staff/availability/pause', tokens.staff, {
      paused: true,
      scope: 'asap',
      message: { 'en-CA': 'Scheduled pickups only for now' },
    });
    expect(pause.statusCode, pause.body).toBe(200);
    const during = (await scheduling()).json();
    expect(during.asap).toMatchObject({ available: false, reason: 'ORDERS_PAUSED' });
    expect(during.days.length).toBeGreaterThan(0);
    expect((await diner('POST', '/api/orders/validate', { itemsInCart: [soup], type: 'take-out' })).json()).toMatchObject({ ok: true });
    // A table's order is "as soon as possible" by nature: it waits for the resume (domain/order-type.ts pausedFor).
    const atTable = () => diner('POST', '/api/orders/validate', { itemsInCart: [soup], type: 'dine_in' });
    expect((await atTable()).json()).toMatchObject({ code: 419, error: 'ORDERS_PAUSED' });
    expect((await staffCall('GET', '/api/staff/availability', tokens.staff)).json()).toMatchObject({
      orders_paused: false,
      asap_paused: true,
    });
    await staffCall('POST', '/api/staff/availability/pause', tokens.staff, { paused: false });
    expect((await scheduling()).json().asap.available).toBe(true);
    expect((await atTable()).json()).toMatchObject({ ok: true });
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/availability/pause',
      headers: { 'x-restaurant-id': 'maple-bistro' },
      payload: { paused: true },
    });
    expect(response.statusCode).toBe(401);
  });
});
