/**
 * What staff switch during service (area "availability", every role): ordering paused with a message
 * and resumed, an item, a whole section or one option value (a sauce, a side) sold out and back. Menus, carts and checkouts see a change
 * at once: it bumps the restaurant's menu version, the key of every menu cache.
 *
 * - GET /api/staff/availability: the pause and the published sections and items with their flags.
 * - POST /api/staff/availability/sold-out {kind: item | section | option_value, id, sold_out}
 * - POST /api/staff/availability/stock {item_id, remaining: n | null}: an item's stock count set or dropped
 * - POST /api/staff/availability/pause {paused, scope: all | asap, message: {en-CA, fr-CA}}
 *
 * A marketplace hub's vendor staff (restaurant_staff.vendor_id) work one counter: they see and switch
 * their vendor's sections and items only, and pause and resume their vendor only (its
 * `orders_paused`, `asap_paused` and message in the hub's vendors); the hub's other staff keep the
 * whole hub. `vendor` names the counter the screen is for; null for the whole restaurant.
 */
import { z } from 'zod';

const Message = z.string().trim().max(300);

/** One value of an item's option groups, nested ones included (`group` names its group). */
export const AvailabilityOption = z.object({ id: z.number().int(), group: z.string(), name: z.string(), sold_out: z.boolean() });
export type AvailabilityOption = z.infer<typeof AvailabilityOption>;
export const AvailabilityItem = z.object({
  id: z.number().int(),
  name: z.string(),
  sold_out: z.boolean(),
  /** How many are left when staff count the item (sold out by itself at zero); null: not counted. */
  stock: z.number().int().nonnegative().nullable(),
  options: z.array(AvailabilityOption),
});
export type AvailabilityItem = z.infer<typeof AvailabilityItem>;
export const AvailabilitySection = z.object({
  id: z.number().int().nullable().describe('null: the items of a menu outside any section'),
  name: z.string(),
  sold_out: z.boolean(),
  items: z.array(AvailabilityItem),
});
export type AvailabilitySection = z.infer<typeof AvailabilitySection>;

export const AvailabilityResponse = z
  .object({
    orders_paused: z.boolean(),
    /** Only as-soon-as-possible orders are paused; scheduled times are still taken. */
    asap_paused: z.boolean(),
    message: z.object({ 'en-CA': z.string(), 'fr-CA': z.string() }),
    /** The hub's vendor these switches and this pause are for; null: the whole restaurant. */
    vendor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    sections: z.array(AvailabilitySection),
  })
  .meta({ id: 'StaffAvailability' });
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;

export const SetSoldOutRequest = z.strictObject({
  kind: z.enum(['item', 'section', 'option_value']),
  id: z.number().int().positive(),
  sold_out: z.boolean(),
});
export type SetSoldOutRequest = z.infer<typeof SetSoldOutRequest>;

/** Count an item from now on (`remaining` left; 0 sells it out, more puts it back on sale), or stop counting it (null). */
export const SetStockRequest = z.strictObject({
  item_id: z.number().int().positive(),
  remaining: z.number().int().min(0).max(99_999).nullable(),
});
export type SetStockRequest = z.infer<typeof SetStockRequest>;

/** The availability screen's count field as typed: whole units, 0 to 99,999 (SetStockRequest's `remaining`). */
export const StockCountForm = z.object({
  remaining: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/)
    .transform(Number),
});
export type StockCountForm = z.input<typeof StockCountForm>;

export const SetPauseRequest = z.strictObject({
  paused: z.boolean(),
  /** all (default): no orders at all; asap: scheduled orders still come in. */
  scope: z.enum(['all', 'asap']).default('all'),
  message: z.strictObject({ 'en-CA': Message.optional(), 'fr-CA': Message.optional() }).default({}),
});
export type SetPauseRequest = z.infer<typeof SetPauseRequest>;
