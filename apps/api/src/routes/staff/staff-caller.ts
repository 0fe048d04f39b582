/**
 * Who calls a staff route: signed in (a user session, or an operator one for a staff member who also
 * runs suites; none: 401 code 201) and on the team of the request's restaurant with a role that opens
 * the route's area (403 STAFF_ONLY / STAFF_ROLE_NOT_ALLOWED, or the route's own refusal, otherwise). Every staff call checks the
 * team again, so a removed member is refused at their next call.
 */
import type { FastifyRequest } from 'fastify';
import type { ErrorName } from '@servery/contracts/errors';
import type { StaffArea } from '@servery/domain/staff-roles';
import type { Restaurant } from '../../db/restaurants-repository';
import { tenantOf } from '../../plugins/request-context';
import { AppError } from '../../lib/app-error';
import { findOfferedSession, offeredTokens, requireSession } from '../../plugins/session';
import { requireStaff, type StaffActor } from '../../use-cases/staff/staff-team';

const sessionKind = (request: FastifyRequest) =>
  offeredTokens(request, 'user').length === 0 && offeredTokens(request, 'operator').length > 0 ? 'operator' : 'user';

export async function staffCaller(
  request: FastifyRequest,
  area: StaffArea,
  refusal?: ErrorName,
): Promise<{ restaurant: Restaurant; actor: StaffActor }> {
  const restaurant = await tenantOf(request);
  const kind = sessionKind(request);
  const session = await requireSession(request, kind);
  const actor = await requireStaff(request.server.database.db, restaurant, session.userId, area, refusal);
  return { restaurant, actor };
}

/**
 * A change to the restaurant's menus or settings (staff area `menu`: a draft's save, publish or
 * restore, a photo's upload, a tenant file's import). Every role that does not open `menu` reads the
 * menu (`menu_view`, the kitchen), so its refusal says that (MENU_CHANGE_NOT_ALLOWED), not the team's.
 */
export function menuChangeCaller(request: FastifyRequest): Promise<{ restaurant: Restaurant; actor: StaffActor }> {
  return staffCaller(request, 'menu', 'MENU_CHANGE_NOT_ALLOWED');
}

/**
 * The check a long-lived staff stream repeats (lib/event-stream.ts): the session the stream was opened
 * with is still live (not signed out, not revoked by a password change, on any process) and its person
 * still on the team with the area's role. Rejects otherwise, which ends the stream.
 */
export async function stillStaff(request: FastifyRequest, restaurant: Restaurant, actor: StaffActor, area: StaffArea): Promise<StaffActor> {
  const session = await findOfferedSession(request, sessionKind(request));
  if (!session || session.userId !== actor.userId) throw new AppError('SESSION_EXPIRED');
  return requireStaff(request.server.database.db, restaurant, actor.userId, area);
}
