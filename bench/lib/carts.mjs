// The carts of the cart-pricing cases (set-costs.mjs, orders-item.mjs): built from the dine-in menus of
// the demo tenant maple-bistro (101) and priced by the server itself, so each case measures a cart the
// server answers 200. Also used by scripts that profile the server under the same load.
import crypto from 'node:crypto';
import { menuItems } from './context.mjs';
import { request } from './net.mjs';

export const RESTAURANT = { id: 101, slug: 'maple-bistro' };
export const SET_COSTS_PATH = '/api/orders/set-costs';
export const COSTS = { tip: { type: 'percentage', value: '18' }, discount: { code: 'WELCOME10' } };
export const HEADERS = { 'content-type': 'application/json', 'x-restaurant-id': String(RESTAURANT.id) };

/** The orderable dine-in items of maple-bistro (see orderableItems), read from the server's menus. */
export async function loadOrderable(context, baseUrl) {
  const menusRes = await request(`${baseUrl}/api/restaurants/${RESTAURANT.id}/menus?type=dine_in`, {
    headers: { 'accept-encoding': 'identity', 'x-restaurant-id': String(RESTAURANT.id) },
  });
  if (menusRes.status !== 200)
    throw new Error(`GET menus of ${RESTAURANT.slug} answered ${menusRes.status}: ${menusRes.body.toString().slice(0, 300)}`);
  const orderable = orderableItems(JSON.parse(menusRes.body.toString('utf8')));
  const withRequired = orderable.filter((entry) => entry.required.length > 0).length;
  const withChoices = orderable.filter((entry) => entry.choices.length > 0).length;
  context.log(
    `${RESTAURANT.slug}: ${orderable.length} orderable dine-in items (${withRequired} with required groups, given their first value; ${withChoices} with optional values)`,
  );
  if (orderable.length < 20) throw new Error(`${RESTAURANT.slug} has only ${orderable.length} orderable dine-in items, fewer than 20`);
  return orderable;
}

/**
 * The items a diner can order now from the dine-in menus: [{ menu, section, item, required, choices }].
 * `required`: for each required option group, its first value that can be picked alone (an item where a
 * required group has none is left out); `choices`: the values of the optional groups that can be picked
 * alone. A value can be picked alone with quantity 1, without a price schedule and without a required
 * nested group.
 */
export function orderableItems(menusJson) {
  const pickable = (group) =>
    group.limit === 0
      ? []
      : (group.values ?? []).filter(
          (value) =>
            !value.price_schedule &&
            (value.max_quantity === null || value.max_quantity === undefined || value.max_quantity >= 1) &&
            !(value.options ?? []).some((nested) => nested.required),
        );
  const out = [];
  for (const { menu, section, item } of menuItems(menusJson)) {
    if (menu.member_only || section?.sold_out || item.sold_out || item.unavailable || item.price_schedule) continue;
    const groups = item.options ?? [];
    const required = groups.filter((group) => group.required).map((group) => ({ group, value: pickable(group)[0] }));
    if (required.some((selection) => !selection.value)) continue;
    const choices = groups.filter((group) => !group.required).flatMap((group) => pickable(group).map((value) => ({ group, value })));
    out.push({ menu, section, item, required, choices });
  }
  return out;
}

/**
 * Line i of a cart: the items in turn, each required group with its first value; every other line
 * (alternating on each round) also with one optional value, another one on each round.
 */
export function cartLine(orderable, i) {
  const { menu, section, item, required, choices } = orderable[i % orderable.length];
  const round = Math.floor(i / orderable.length);
  const choice = choices.length > 0 && (i + round) % 2 === 0 ? choices[round % choices.length] : null;
  const selections = choice ? [...required, choice] : required;
  return {
    id: item.id,
    menu_id: menu.id,
    section_id: section ? section.id : null,
    orderId: i + 1,
    quantity: 1,
    // The menu's prices, a guess (item promos are not applied): the server's answer, 200 or 409 with
    // the fresh items, gives the real one.
    orderPrice: item.price + selections.reduce((sum, { value }) => sum + value.price, 0),
    orderOptions: selections.map(({ group, value }) => ({ id: group.id, values: [{ id: value.id, quantity: 1 }] })),
  };
}

/**
 * A cart of `lines` lines with the server's prices: POSTs it once, takes the fresh items from the 200
 * or 409 (428 price changed) answer, and checks the cart then answers 200. → { items, body, response }
 */
export async function pricedCart(context, baseUrl, orderable, lines) {
  const post = (items) =>
    request(`${baseUrl}${SET_COSTS_PATH}`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ items, costs: COSTS, type: 'dine_in' }),
    });
  let items = Array.from({ length: lines }, (_, i) => cartLine(orderable, i));
  const first = await post(items);
  if (first.status === 409) {
    const answer = JSON.parse(first.body.toString('utf8'));
    const stale = answer.invalid_items ?? [];
    if (!Array.isArray(answer.items) || answer.items.length !== lines || stale.some((entry) => entry.code !== 428))
      throw new Error(`the ${lines}-line cart answered 409 for other reasons than prices: ${first.body.toString().slice(0, 400)}`);
    context.log(
      `${lines}-line cart: ${stale.length} guessed prices were not the server's (item promos); taking the fresh items of the 428 answer`,
    );
    items = answer.items;
  } else if (first.status !== 200) {
    throw new Error(`the ${lines}-line cart answered ${first.status}: ${first.body.toString().slice(0, 400)}`);
  }
  const body = JSON.stringify({ items, costs: COSTS, type: 'dine_in' });
  const response = await request(`${baseUrl}${SET_COSTS_PATH}`, { method: 'POST', headers: HEADERS, body });
  if (response.status !== 200)
    throw new Error(`the priced ${lines}-line cart answered ${response.status}: ${response.body.toString().slice(0, 400)}`);
  const answer = JSON.parse(response.body.toString('utf8'));
  if (answer.items?.length !== lines) throw new Error(`the ${lines}-line cart came back with ${answer.items?.length} lines`);
  if (answer.rejected?.length) context.note(`${lines}-line cart: the server did not apply ${JSON.stringify(answer.rejected)}`);
  const withOptions = items.filter((item) => item.orderOptions.length > 0).length;
  context.log(
    `${lines}-line cart: ${withOptions} lines with an option, request ${body.length} bytes, answer 200 ${response.body.length} bytes, total with tip ${answer.costs.totalWithTip} cents`,
  );
  return { items, body, response };
}

/** The most items a maple-bistro cart may hold (tenants/maple-bistro.json maxItemsPerCart): POST /orders/item caps there. */
export const MAX_ITEMS_PER_CART = 22;
/** The restaurant's tip presets (tipConfig: 15, 18, 20, the second preselected), what a diner picks from. */
export const TIP_PRESETS = ['15', '18', '20'];
export const DEFAULT_TIP = '18';

/** A small seeded generator (mulberry32): the same seed gives the same carts, run after run. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The price the server charges for one unit of an item or value now: after its promos (the menu answer's adjustedPrice). */
const unitPriceOf = (entity) => entity.adjustedPrice ?? entity.price;

/** A value a random cart may pick: orderable now and, when it has required nested groups, fillable. */
const pickableValue = (value) =>
  !value.sold_out &&
  !value.unavailable &&
  !value.price_schedule &&
  (value.max_quantity === null || value.max_quantity === undefined || value.max_quantity >= 1) &&
  (value.options ?? []).every((nested) => !nested.required || fillable(nested));
const fillable = (group) => group.limit !== 0 && (group.values ?? []).some(pickableValue);

/**
 * A random selection that the server's validateSelection accepts (item-selection.ts): every required
 * group gets at least one value, a group without multiple selection at most one, a group's limit (in
 * values, or in units with custom quantities) is kept, a value's quantity stays within its
 * max_quantity (1 without custom quantities), and the chosen values' nested groups likewise.
 * → { orderOptions, unitPrice } (unitPrice: the options' cents for one unit of the item).
 */
function randomSelection(groups, random, depth = 0) {
  const orderOptions = [];
  let unitPrice = 0;
  for (const group of groups ?? []) {
    const values = (group.values ?? []).filter(pickableValue);
    if (values.length === 0 || group.limit === 0 || depth > 3) continue;
    if (!group.required && random() < 0.5) continue;
    const most = group.allow_multiple_selection ? Math.min(values.length, group.limit ?? values.length, 3) : 1;
    const count = 1 + Math.floor(random() * most);
    const shuffled = [...values].sort(() => random() - 0.5).slice(0, count);
    let unitsLeft = group.limit ?? Infinity;
    const chosen = [];
    for (const value of shuffled) {
      const max = Math.min(group.custom_quantities ? 3 : 1, value.max_quantity ?? Infinity, unitsLeft);
      if (max < 1) break;
      const quantity = 1 + Math.floor(random() * max);
      unitsLeft -= group.custom_quantities ? quantity : 1;
      const nested = randomSelection(value.options, random, depth + 1);
      unitPrice += (unitPriceOf(value) + nested.unitPrice) * quantity;
      chosen.push({ id: value.id, quantity, ...(nested.orderOptions.length ? { options: nested.orderOptions } : {}) });
    }
    if (chosen.length) orderOptions.push({ id: group.id, values: chosen });
  }
  return { orderOptions, unitPrice };
}

/**
 * Carts no request sent before: `lines` distinct items drawn at random from `orderable` (see
 * orderableItems), each with a random valid selection and quantity (the cart's units stay within
 * MAX_ITEMS_PER_CART, so /orders/item would add them uncapped), priced as the server prices them
 * (cart-lines.ts linePrice: each unit at its promo price, times the quantities above it) so the
 * server answers 200, not 409. Every cart is checked against the ones made before (a hash of its
 * lines): none repeats within a run. → { next(): items }
 */
export function randomCarts(orderable, { lines = 20, seed = 1 } = {}) {
  if (orderable.length < lines) throw new Error(`only ${orderable.length} orderable items for ${lines}-line carts`);
  const random = seededRandom(seed);
  const seen = new Set();
  const one = () => {
    const picked = [...orderable.keys()];
    // A partial Fisher–Yates: the first `lines` of the shuffle.
    for (let i = 0; i < lines; i += 1) {
      const j = i + Math.floor(random() * (picked.length - i));
      [picked[i], picked[j]] = [picked[j], picked[i]];
    }
    const quantities = picked.slice(0, lines).map((index) => Math.max(1, orderable[index].item.min_quantity ?? 1));
    let spare = MAX_ITEMS_PER_CART - quantities.reduce((sum, q) => sum + q, 0);
    while (spare > 0 && random() < 0.6) {
      quantities[Math.floor(random() * lines)] += 1;
      spare -= 1;
    }
    return picked.slice(0, lines).map((index, i) => {
      const { menu, section, item } = orderable[index];
      const selection = randomSelection(item.options, random);
      const quantity = quantities[i];
      return {
        id: item.id,
        menu_id: menu.id,
        section_id: section ? section.id : null,
        orderId: i + 1,
        quantity,
        orderPrice: (unitPriceOf(item) + selection.unitPrice) * quantity,
        orderOptions: selection.orderOptions,
      };
    });
  };
  return {
    next() {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const items = one();
        const key = crypto.createHash('sha1').update(JSON.stringify(items)).digest('base64');
        if (seen.has(key)) continue;
        seen.add(key);
        return items;
      }
      throw new Error('no new random cart in 100 attempts');
    },
  };
}

/** A random tip: a percentage with cents (0.00–30.00) or, one time in four, dollars (0.00–15.00). */
export function randomTip(random) {
  return random() < 0.25
    ? { type: 'dollar', value: (Math.floor(random() * 1500) / 100).toFixed(2) }
    : { type: 'percentage', value: (Math.floor(random() * 3000) / 100).toFixed(2) };
}

/** A set-costs body for a random cart: its items, a random tip and the same promo code as the repeated carts. */
export const setCostsBody = (items, tip) => JSON.stringify({ items, costs: { ...COSTS, tip }, type: 'dine_in' });

/** An /orders/item body: the first lines are the cart, the last one (without its orderId) is added. */
export function addItemBody(items) {
  const { orderId: _orderId, ...itemToAdd } = items[items.length - 1];
  return JSON.stringify({ itemsInCart: items.slice(0, -1), itemToAdd, type: 'dine_in' });
}

/**
 * Checks the random carts' prices with the server before any measurement: `count` carts of a
 * separate seed (never used in a measured run) must answer 200 on both calls. Throws with the
 * server's answer otherwise (a cart the bench builds wrong would measure the 409 path instead).
 */
export async function checkRandomCarts(baseUrl, orderable, { lines = 20, count = 5 } = {}) {
  const carts = randomCarts(orderable, { lines, seed: 0xc0ffee });
  const random = seededRandom(7);
  for (let i = 0; i < count; i += 1) {
    const items = carts.next();
    for (const [path, body] of [
      [SET_COSTS_PATH, setCostsBody(items, randomTip(random))],
      ['/api/orders/item', addItemBody(items)],
    ]) {
      const res = await request(`${baseUrl}${path}`, { method: 'POST', headers: HEADERS, body });
      if (res.status !== 200)
        throw new Error(`a random ${lines}-line cart answered ${res.status} on ${path}: ${res.body.toString().slice(0, 500)}`);
      const answer = JSON.parse(res.body.toString('utf8'));
      if (path !== SET_COSTS_PATH && answer.added !== items[items.length - 1].quantity)
        throw new Error(`${path} added ${answer.added} of ${items[items.length - 1].quantity} units of a random cart's last line`);
    }
  }
}
