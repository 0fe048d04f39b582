import type { PartialRefundPreview, PartialRefundRequest, PartialRefundResponse } from '@servery/contracts/staff';
import { bearer } from '../../../lib/session';
import type { StaffCaller } from '../staff-api';

/** The partial refund calls (contracts/staff.ts), for one restaurant and one signed-in owner or manager. */
const headers = ({ slug, credentials }: StaffCaller) => ({ 'X-Restaurant-Id': slug, ...bearer(credentials) });
const path = (orderId: string) => `/api/staff/orders/${encodeURIComponent(orderId)}/refunds`;

/** What the server would give back for this choice (the amount the dialog shows is always the server's). */
export const previewRefund = (caller: StaffCaller, orderId: string, body: PartialRefundRequest, signal?: AbortSignal) =>
  caller.client.request<PartialRefundPreview>(`${path(orderId)}/preview`, {
    method: 'POST',
    body,
    headers: headers(caller),
    ...(signal && { signal }),
  });

/** The refund, once: a retry with the same key answers the refund it made. */
export const refundOrder = (caller: StaffCaller, orderId: string, body: PartialRefundRequest, idempotencyKey: string) =>
  caller.client.request<PartialRefundResponse>(path(orderId), {
    method: 'POST',
    body,
    headers: { ...headers(caller), 'Idempotency-Key': idempotencyKey },
  });
