/**
 * The shape every signed-in parent's school route shares: the caller's session (401 without one),
 * the request's school, then the use case with both.
 */
import type { FastifyRequest } from 'fastify';
import type { Restaurant } from '../../db/restaurants-repository';
import { tenantOf } from '../../plugins/request-context';
import { requireUser } from '../../plugins/session';

export interface ParentAtSchool {
  userId: number;
  restaurant: Restaurant;
}

export async function asParent<T>(request: FastifyRequest, call: (parent: ParentAtSchool) => Promise<T>): Promise<T> {
  const session = await requireUser(request);
  const restaurant = await tenantOf(request);
  return call({ userId: session.userId, restaurant });
}
