import type { StationBumpResponse } from '@servery/contracts/staff';
import { bearer } from '../../../lib/session';
import type { StaffCaller } from '../staff-api';

/** A station's bump or recall of an order (contracts/staff.ts; decision 0107). */
export type StationAction = 'bump' | 'recall';

const headers = ({ slug, credentials }: StaffCaller) => ({ 'X-Restaurant-Id': slug, ...bearer(credentials) });

/** The station's lines of the order, or one of them (`lineId`, its `line_id` on the board). */
export const bumpAtStation = (caller: StaffCaller, orderId: string, station: string, action: StationAction, lineId: number | null = null) =>
  caller.client.request<StationBumpResponse>(
    `/api/staff/orders/${encodeURIComponent(orderId)}/stations/${encodeURIComponent(station)}/${action}${lineId === null ? '' : `?line=${lineId}`}`,
    { method: 'POST', headers: headers(caller) },
  );
