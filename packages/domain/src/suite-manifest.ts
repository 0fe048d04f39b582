/**
 * The production and delivery manifest of one event across its suites (issue 31 item 2;
 * docs/decisions/0104-suite-manifest.md): every suite's live pre-order, grouped by when it is
 * delivered, with each group's totals per item (what the kitchen makes) and each suite's lines (what
 * the runners carry). Pure: the caller passes the pre-orders as they are stored.
 *
 * Readings:
 * 1. A pre-order records its delivery preference (before the event, its start, half-time, a chosen
 *    time) and the instant that preference gave when it was placed (`deliverAt`). Groups are by
 *    preference and instant: two chosen times are two groups; a named preference is one group even if
 *    an older pre-order kept another instant (the event moved since), at the instant the event's times
 *    give now.
 * 2. A pre-order without a preference (stored before preferences were named) counts as a chosen time
 *    at its `deliverAt`; without either, at the event's start.
 * 3. Groups run in time order (at the same instant, in the order of SUITE_DELIVERY_PREFERENCES).
 *    Inside a group, items by name (then id), suites by name (then id); lines of one item in one
 *    suite's pre-order are added up.
 * 4. The event's totals are the groups' totals added up, by item.
 */
import { SUITE_DELIVERY_PREFERENCES, type SuiteDeliveryPreference, suiteDeliveryTime, type SuiteEventTimes } from './event-suites';

export interface ManifestLineInput {
  itemId: number;
  name: string;
  quantity: number;
}

export interface ManifestPreOrderInput {
  suite: { id: number; name: string; location: string };
  number: number;
  deliveryPreference: SuiteDeliveryPreference | null;
  deliverAt: string | null;
  notes: string;
  lines: readonly ManifestLineInput[];
}

export interface ManifestItemTotal {
  itemId: number;
  name: string;
  quantity: number;
}

export interface ManifestDelivery {
  suite: { id: number; name: string; location: string };
  orderNumber: number;
  notes: string;
  lines: ManifestItemTotal[];
  quantity: number;
}

export interface ManifestGroup {
  preference: SuiteDeliveryPreference;
  at: string;
  production: ManifestItemTotal[];
  deliveries: ManifestDelivery[];
  quantity: number;
}

export interface SuiteManifest {
  groups: ManifestGroup[];
  totals: ManifestItemTotal[];
  quantity: number;
  suites: number;
}

const byName = <T extends { name: string }>(a: T, b: T, idA: number, idB: number) => a.name.localeCompare(b.name) || idA - idB;

/** Lines of the same item added up, by name. */
function addUp(lines: Iterable<ManifestLineInput>): ManifestItemTotal[] {
  const totals = new Map<number, ManifestItemTotal>();
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const entry = totals.get(line.itemId);
    if (entry) entry.quantity += line.quantity;
    else totals.set(line.itemId, { itemId: line.itemId, name: line.name, quantity: line.quantity });
  }
  return [...totals.values()].sort((a, b) => byName(a, b, a.itemId, b.itemId));
}

const sum = (lines: readonly { quantity: number }[]) => lines.reduce((total, line) => total + line.quantity, 0);

/** Readings 1 and 2: the group a pre-order goes to. */
function slotOf(order: ManifestPreOrderInput, event: SuiteEventTimes): { preference: SuiteDeliveryPreference; at: string } {
  const preference = order.deliveryPreference ?? 'custom';
  if (preference !== 'custom') {
    const named = suiteDeliveryTime(preference, null, event);
    if (named.ok) return { preference, at: named.deliverAt.toISOString() };
  }
  const at = order.deliverAt ? new Date(order.deliverAt).toISOString() : new Date(event.starts_at).toISOString();
  return { preference: 'custom', at };
}

export function buildSuiteManifest(event: SuiteEventTimes, preOrders: readonly ManifestPreOrderInput[]): SuiteManifest {
  const groups = new Map<string, { preference: SuiteDeliveryPreference; at: string; orders: ManifestPreOrderInput[] }>();
  for (const order of preOrders) {
    if (sum(order.lines.filter((line) => line.quantity > 0)) === 0) continue;
    const slot = slotOf(order, event);
    const key = `${slot.at}|${slot.preference}`;
    const group = groups.get(key) ?? { ...slot, orders: [] };
    group.orders.push(order);
    groups.set(key, group);
  }
  const rank = (preference: SuiteDeliveryPreference) => SUITE_DELIVERY_PREFERENCES.indexOf(preference);
  const ordered = [...groups.values()].sort((a, b) => a.at.localeCompare(b.at) || rank(a.preference) - rank(b.preference));
  const built: ManifestGroup[] = ordered.map((group) => {
    const deliveries = group.orders
      .map((order) => {
        const lines = addUp(order.lines);
        return { suite: order.suite, orderNumber: order.number, notes: order.notes, lines, quantity: sum(lines) };
      })
      .sort((a, b) => byName(a.suite, b.suite, a.suite.id, b.suite.id) || a.orderNumber - b.orderNumber);
    const production = addUp(group.orders.flatMap((order) => order.lines));
    return { preference: group.preference, at: group.at, production, deliveries, quantity: sum(production) };
  });
  const totals = addUp(built.flatMap((group) => group.production));
  const suites = new Set(built.flatMap((group) => group.deliveries.map((delivery) => delivery.suite.id)));
  return { groups: built, totals, quantity: sum(totals), suites: suites.size };
}
