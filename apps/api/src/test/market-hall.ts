/**
 * The demo marketplace hub (tenants/market-hall.json) as the hub's API tests use it: its vendors,
 * a few of their items as cart lines, a busy day's set-up, and the body of a hub checkout.
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config';
import type { TenantSource } from '../use-cases/platform/import-tenants';

const HUB_TEXT = fs.readFileSync(path.join(repoRoot, 'tenants/market-hall.json'), 'utf8');
export const HUB_ID = (JSON.parse(HUB_TEXT) as { id: number }).id;

export const TIDEWATER = 6940;
export const KITS = 6941;
export const RAMBLE = 6942;

export const SALMON = { id: 6101, menu_id: 6010, section_id: 6050, price: 2200 }; // Tidewater
export const CHOWDER = { id: 6103, menu_id: 6010, section_id: 6051, price: 850 }; // Tidewater
export const GYOZA = { id: 6107, menu_id: 6011, section_id: 6053, price: 850 }; // Kits
export const EDAMAME = { id: 6108, menu_id: 6011, section_id: 6053, price: 550 }; // Kits
export const BOWL = { id: 6109, menu_id: 6012, section_id: 6054, price: 1550 }; // Ramble Greens
export type HubItem = typeof SALMON;

/** The hub as the demo ships it. */
export function hubFile(): TenantSource {
  return { name: 'market-hall.json', text: HUB_TEXT };
}

/**
 * The hub on a busy day: Ramble Greens has paused its counter ("Back at 2 pm." / "De retour à
 * 14 h."); Kits Noodle House opens at 11:00 and takes 3 orders per 15-minute slot; Tidewater keeps
 * the hub's hours (09:00 to 19:00) and has no slot limit.
 */
export function busyHubFile(): TenantSource {
  const hub = JSON.parse(HUB_TEXT) as {
    vendors: Array<Record<string, unknown> & { id: number }>;
    menu_groups: Array<{ menus: Array<Record<string, unknown> & { id: number }> }>;
  };
  for (const vendor of hub.vendors) {
    if (vendor.id === RAMBLE) {
      vendor.orders_paused = true;
      vendor.orders_paused_message = { 'en-CA': 'Back at 2 pm.', 'fr-CA': 'De retour à 14 h.' };
    }
    if (vendor.id === KITS) {
      vendor.hours = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => ({
        day,
        start_time: '11:00',
        end_time: '19:00',
      }));
    }
  }
  for (const group of hub.menu_groups)
    for (const menu of group.menus) if (menu.id === 6011) Object.assign(menu, { ordering_interval: 15, max_orders_per_interval: 3 });
  return { name: 'market-hall.json', text: JSON.stringify(hub) };
}

/** Cart lines of the hub's items, numbered in order: an item once, or `[item, quantity]`. */
export function hubCart(...items: Array<HubItem | [HubItem, number?]>) {
  return items.map((entry, index) => {
    const [item, quantity = 1] = Array.isArray(entry) ? entry : [entry];
    return {
      id: item.id,
      menu_id: item.menu_id,
      section_id: item.section_id,
      orderId: index + 1,
      quantity,
      orderPrice: item.price * quantity,
      orderOptions: [],
    };
  });
}
export type HubLine = ReturnType<typeof hubCart>[number];

/** The sandbox card a hub checkout pays with (POST /api/payment/tokenize). */
export const HUB_CARD = { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'V6H3R9' };

/**
 * The body of POST /api/orders/create-marketplace-order: the hub's cart paid by a tokenised card,
 * picked up when `pickup` says (by default as soon as every vendor can).
 */
export function hubOrderBody(items: readonly HubLine[], cardToken: string, options: { pickup?: object; costs?: object } = {}) {
  return {
    data: {
      items,
      costs: options.costs ?? {},
      checkout: {
        paymentMethod: 'credit_card',
        card: { token: cardToken },
        contact: { full_name: 'Mina Market', email: 'mina@example.com', phone_number: '604-555-0110' },
        pickup: options.pickup ?? {},
      },
    },
  };
}
