/**
 * maple-school's meals as the school tests order them (tenants/maple-school.json): each with its menu
 * and section, its price, and its two required choices (a drink, a fruit or vegetable), the first
 * value of each, free. The rotation starts on 14 September 2026: in the week of 23 November it is in
 * week 1 (Thursday: menu 2013, Friday: 2014), the next week in week 2 (Monday 30: 2015); menu 2017
 * (snacks and drinks) is on every day.
 */

export interface SchoolItem {
  id: number;
  menu_id: number;
  section_id: number;
  price: number;
  /** [group, value] per required choice. */
  options: number[][];
}

const item = (id: number, menu_id: number, section_id: number, price: number, ...options: number[][]): SchoolItem => ({
  id,
  menu_id,
  section_id,
  price,
  options,
});

/** Spaghetti and turkey meatballs (menu 2010). */
export const PASTA = item(2100, 2010, 2050, 750, [2500, 2600], [2501, 2604]);
/** Teriyaki chicken rice bowl (menu 2012, Wednesday of week 1). */
export const TERIYAKI = item(2104, 2012, 2052, 775, [2508, 2628], [2509, 2632]);
/** Turkey and cheese wrap (menu 2013, Thursday of week 1). */
export const WRAP = item(2106, 2013, 2053, 750, [2512, 2642], [2513, 2646]);
/** Sunflower butter and jam sandwich (menu 2013, Thursday of week 1). */
export const SUNBUTTER = item(2107, 2013, 2053, 650, [2514, 2649], [2515, 2653]);
/** Cheese pizza (menu 2014, Friday of week 1). */
export const PIZZA = item(2108, 2014, 2054, 700, [2516, 2656], [2517, 2660]);
/** Beef and bean chili (menu 2015, Monday of week 2). */
export const CHILI = item(2110, 2015, 2055, 775, [2520, 2670], [2521, 2674]);
/** White milk, an extra (menu 2017, every day). */
export const MILK = item(2118, 2017, 2058, 100);

/** The item's choices as a cart line carries them. */
export const schoolOptions = (item: SchoolItem) =>
  item.options.map(([group, value]) => ({ id: group!, values: [{ id: value!, quantity: 1, adjustedPrice: 0 }] }));

/** A cart line of the item, priced as the menu prices it. */
export const schoolLine = (item: SchoolItem, quantity = 1, orderId = 1) => ({
  id: item.id,
  menu_id: item.menu_id,
  section_id: item.section_id,
  orderId,
  quantity,
  orderPrice: item.price * quantity,
  orderOptions: schoolOptions(item),
});
