import type { SchoolCalendarResponse } from '@servery/contracts/school';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/** GET /api/school-calendar: every date of [start, end] for one of the parent's children (their first when `studentId` is null). */
export function fetchSchoolCalendar(
  client: ApiClient,
  restaurantId: number,
  credentials: SessionCredentials,
  range: { start: string; end: string; studentId: number | null },
  signal?: AbortSignal,
): Promise<SchoolCalendarResponse> {
  const query = new URLSearchParams({ start_date: range.start, end_date: range.end });
  if (range.studentId !== null) query.set('student_id', String(range.studentId));
  return client.withRestaurant(restaurantId).get<SchoolCalendarResponse>(`/api/school-calendar?${query.toString()}`, {
    headers: bearer(credentials),
    ...(signal ? { signal } : {}),
  });
}
