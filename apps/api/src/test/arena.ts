import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Clock } from '../lib/clock';
import type { TenantSource } from '../use-cases/platform/import-tenants';
import { DEMO_PASSWORD, seedDemoAccounts } from '../use-cases/platform/seed-demo-accounts';
import { demoTenant } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

/**
 * The demo arena (tenants/northside-arena.json) as the suite tests use it: owner@example.com owns
 * suite 1 at its events (event suites 3982 to 3986), whose pre-orders are paid by a saved card.
 */
export const ARENA = 'northside-arena';
export const ARENA_ID = 103;

/** One tray of sliders, the catering menu's first item. */
export const SLIDERS = { id: 3101, menu_id: 3010, section_id: 3050, orderId: 1, quantity: 1, orderPrice: 16500, orderOptions: [] };
export const OWNER_CONTACT = { full_name: 'Olivia Owner', email: 'owner@example.com', phone_number: '780-555-0103' };

/**
 * The body of a suite pre-order (POST /api/orders, `config.eventSuite`) paid by the owner's saved
 * card (none: no payment method), brought at the start of the event unless `suitesInfo` says.
 */
export function suitePreOrder(
  eventSuite: number | string,
  card: string | null,
  options: { items?: object[]; suitesInfo?: object; type?: string; notes?: string } = {},
) {
  return {
    type: options.type ?? 'catering',
    data: {
      config: { eventSuite },
      items: options.items ?? [SLIDERS],
      costs: { tip: { type: 'percentage', value: '0' } },
      checkout: {
        paymentMethod: card ? 'credit_card' : null,
        chosenCreditCard: card,
        pickup: { delivery: false, notes: options.notes ?? '', scheduled: false },
        contact: OWNER_CONTACT,
        suitesInfo: options.suitesInfo ?? { deliveryPreference: 'event_start' },
      },
    },
  };
}

/** A pizza from the in-suite menu: what the event-day tests order. */
export const PIZZA = { id: 3110, menu_id: 3011, section_id: 3052, orderId: 1, quantity: 1, orderPrice: 4200, orderOptions: [] };

/**
 * The body of an event-day suite order (POST /api/orders, `config.eventDayOrdering`), ordered by the
 * operator whose token is `operatorToken` (none: a body without it), for the owner unless `contact` says.
 */
export function eventDayOrder(eventSuite: number, options: { operatorToken?: string | null; contact?: object; suitesInfo?: object } = {}) {
  return {
    type: 'dine_in',
    data: {
      config: { eventSuite, eventDayOrdering: true },
      items: [PIZZA],
      costs: { tip: { type: 'percentage', value: '0' } },
      checkout: { contact: options.contact ?? OWNER_CONTACT, ...(options.suitesInfo && { suitesInfo: options.suitesInfo }) },
    },
    ...(options.operatorToken && { operatorToken: options.operatorToken }),
  };
}

/** The arena's tenant file (tenants/northside-arena.json), changed by `edit` where a test needs another day. */
export function arenaSource(edit: (file: ArenaFile) => ArenaFile = (file) => file, name = 'northside-arena.json'): TenantSource {
  const file = JSON.parse(demoTenant('northside-arena.json').text) as ArenaFile;
  return { name, text: JSON.stringify(edit(file)) };
}

export type ArenaFile = Record<string, unknown> & {
  events: Array<{ id: number; starts_at: string; ends_at?: string; pre_order_lock_at: string; suites: Array<{ id: number }> }>;
};

export interface ArenaCallOptions {
  token?: string;
  tenant?: string;
  locale?: string;
  /** Idempotency-Key. */
  key?: string;
  headers?: Record<string, string>;
}

/** The arena's app, with the demo accounts (owner@, operator@, diner@...) and the calls its tests make. */
export interface ArenaApp extends TestApp {
  /** A request to the arena (X-Restaurant-Id) unless `tenant` says, each from its own address so rate limits stay out of the way. */
  call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, options?: ArenaCallOptions): Promise<LightMyRequestResponse>;
  /** A demo account's session token (POST /api/auth/login-native). */
  login(email: string): Promise<string>;
  /** The operator's session for one event suite (POST /api/auth/login-as), as a named guest where `guestName` says. */
  loginAs(operatorToken: string, eventSuiteId: number, guestName?: string): Promise<string>;
  /** A card saved to the account (POST /api/auth/payment-method): its paymentCardId. */
  saveCard(token: string, number?: string): Promise<string>;
}

/**
 * The real app with the arena (and the bistro, "another venue", unless `tenants` says) imported and the
 * demo accounts seeded at `seededAt` (the clock's instant at creation by default).
 */
export async function createArenaApp(options: {
  now: Clock;
  tenants?: TenantSource[];
  seededAt?: Date;
  importedAt?: Date;
}): Promise<ArenaApp> {
  const t = await createTestApp(options.tenants ?? [arenaSource(), demoTenant('maple-bistro.json')], {
    now: options.now,
    ...(options.importedAt && { importedAt: options.importedAt }),
  });
  await seedDemoAccounts(t.database.db, options.seededAt ?? options.now());
  let address = 0;
  const call: ArenaApp['call'] = (method, url, payload, callOptions = {}) => {
    address += 1;
    const headers: Record<string, string> = { 'x-restaurant-id': callOptions.tenant ?? ARENA, ...callOptions.headers };
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    if (callOptions.locale) headers['accept-language'] = callOptions.locale;
    if (callOptions.key) headers['idempotency-key'] = callOptions.key;
    return t.app.inject({
      method,
      url,
      headers,
      ...(payload && { payload }),
      remoteAddress: `10.${Math.floor(address / 62_500) % 250}.${Math.floor(address / 250) % 250}.${address % 250}`,
    });
  };
  const answer = async (response: LightMyRequestResponse, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  return {
    ...t,
    call,
    login: async (email) => (await answer(await call('POST', '/api/auth/login-native', { email, password: DEMO_PASSWORD }), 200)).token,
    loginAs: async (operatorToken, eventSuiteId, guestName) =>
      (
        await answer(
          await call('POST', '/api/auth/login-as', { eventSuiteId, ...(guestName && { guestName }) }, { token: operatorToken }),
          200,
        )
      ).token,
    saveCard: async (token, number = '4242424242424242') =>
      (
        await answer(
          await call(
            'POST',
            '/api/auth/payment-method',
            { card: { number, expiry: '1230', cvd: '123', postal_code: 'T5B 0P1' } },
            { token },
          ),
          200,
        )
      ).paymentMethod.paymentCardId,
  };
}
