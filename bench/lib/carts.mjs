// The carts of the cart-pricing cases (set-costs.mjs, orders-item.mjs): built from the dine-in menus of
// the demo tenant maple-bistro (101) and priced by the server itself, so each case measures a cart the
// server answers 200. Also used by scripts that profile the server under the same load.
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
