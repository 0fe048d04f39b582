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
