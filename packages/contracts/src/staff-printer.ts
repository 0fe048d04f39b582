/**
 * A restaurant's kitchen printer (docs/kitchen-printing.md, docs/decisions/0099-network-ticket-printer.md):
 *
 * - GET /api/staff/kitchen-printer: the printer (or null) and its latest tickets; any staff role
 *   (the kitchen sees failed prints and reprints them).
 * - PUT /api/staff/kitchen-printer {host, port, paper_mm, enabled, print_on}: owners and managers.
 * - DELETE /api/staff/kitchen-printer: owners and managers.
 * - POST /api/staff/kitchen-printer/test: a test ticket; owners and managers.
 * - POST /api/staff/orders/:id/kitchen-ticket: reprint an order's ticket; any staff role.
 */
import { z } from 'zod';
import { DELIVERY_STATES } from '@servery/domain/delivery-retries';

/**
 * A printer's host: a name (printer.local, kitchen-1.lan) or an IP address, nothing else: no
 * scheme, path, port, user or space, so it cannot be read as a URL; no control characters.
 */
export const PrinterHost = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .refine(
    (host) =>
      /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(host) ||
      z.ipv6().safeParse(host).success,
    'a host name or an IP address, without http:// or a port',
  );

export const PAPER_WIDTHS = [58, 80] as const;
export const PRINT_ON = ['placed', 'accepted'] as const;

export const PrinterSettings = z.strictObject({
  host: PrinterHost,
  port: z.number().int().min(1).max(65535).default(9100),
  /** 58 mm paper prints 32 columns, 80 mm 48. */
  paper_mm: z.union([z.literal(58), z.literal(80)]).default(80),
  enabled: z.boolean(),
  /** When an order's ticket prints by itself: when the diner places it, or when staff accept it. */
  print_on: z.enum(PRINT_ON).default('placed'),
});
export type PrinterSettings = z.infer<typeof PrinterSettings>;
export type PrinterSettingsInput = z.input<typeof PrinterSettings>;

export const KitchenTicket = z
  .object({
    id: z.string(),
    reason: z.enum(['placed', 'accepted', 'rescheduled', 'reprint', 'test']),
    order_id: z.string().nullable(),
    order_number: z.number().int().nullable(),
    status: z.enum(DELIVERY_STATES),
    attempts: z.number().int(),
    /** When the next attempt is due (retrying), else null. */
    next_attempt_at: z.string().nullable(),
    /** Why the last attempt failed: ECONNREFUSED, TIMEOUT, EHOSTUNREACH, REFUSED_ADDRESS, NO_PRINTER... */
    last_error: z.string().nullable(),
    created_at: z.string(),
    printed_at: z.string().nullable(),
  })
  .meta({ id: 'KitchenTicket' });
export type KitchenTicket = z.infer<typeof KitchenTicket>;

export const KitchenPrinterResponse = z.object({
  printer: PrinterSettings.extend({ updated_at: z.string() }).nullable(),
  /** Whether the caller may change the printer (owners and managers). */
  can_configure: z.boolean(),
  tickets: z.array(KitchenTicket),
});
export type KitchenPrinterResponse = z.infer<typeof KitchenPrinterResponse>;

export const QueuedTicketResponse = z.object({ ticket_id: z.string() });
export type QueuedTicketResponse = z.infer<typeof QueuedTicketResponse>;

export const ReprintParams = z.object({ id: z.uuid() });
export type ReprintParams = z.infer<typeof ReprintParams>;

/** The settings form's values (text fields, a checkbox), read into PrinterSettings. */
export const PrinterForm = z.object({
  host: PrinterHost,
  port: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(65535)),
  paper_mm: z.enum(['58', '80']).transform((paper) => (paper === '58' ? 58 : 80) as 58 | 80),
  enabled: z.boolean(),
  print_on: z.enum(PRINT_ON),
});
export type PrinterForm = z.input<typeof PrinterForm>;
