/**
 * What the confirmation's "Text me when it's ready" link hands /{slug}/order-notification
 * (order-notification-screen.tsx) in the history entry's state, never the address: the phone the
 * diner gave at checkout, so they need not type it again, and the order's token, so an order opened
 * from the receipt's link in another window is still theirs to be texted about.
 */
interface HandOver {
  phone: string | null;
  token: string;
}

export function notificationHandOver(order: { contact: { phone_number: string | null } }, ref: { token: string }): HandOver {
  return { phone: order.contact.phone_number, token: ref.token };
}

export function readHandOver(state: unknown): HandOver | null {
  if (typeof state !== 'object' || state === null) return null;
  const { phone, token } = state as Partial<HandOver>;
  if (typeof token !== 'string') return null;
  return { phone: typeof phone === 'string' ? phone : null, token };
}
