/**
 * How many orders used each of the restaurant's discount codes, for the codes form of the settings
 * screen (decision 0110 amended): a manager sees which codes work and how close a limited one is to
 * its most uses. Counted from the orders' recorded uses, the same rows `max_uses` is checked against.
 */
import type { DiscountCodeUsesResponse } from '@servery/contracts/discount-codes-form';
import type { Restaurant } from '../../db/restaurants-repository';
import { listDiscountCodeUseCounts } from '../../db/tenders-repository';
import type { Executor } from '../../kernel/executor';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from './staff-team';

export async function listDiscountCodeUses(db: Executor, restaurant: Restaurant, actor: StaffActor): Promise<DiscountCodeUsesResponse> {
  // A hub vendor's staff work their own counter: the codes are the whole hub's.
  if (actor.vendorId != null) throw new AppError('STAFF_ROLE_NOT_ALLOWED');
  return { uses: await listDiscountCodeUseCounts(db, restaurant.id) };
}
