/**
 * How many saved students are at each school, grade, classroom and teacher of the restaurant, for the
 * Delivery form of the settings screen: a save that renames or removes a place students use is asked
 * about first (domain `placesLeftUnlisted`; docs/decisions/0121-delivery-schools-and-unused-photos.md).
 * Counts only: the form needs no child's name.
 */
import type { StudentPlacesResponse } from '@servery/contracts/settings-delivery-form';
import { countStudentsByPlace } from '../../db/accounts-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Executor } from '../../kernel/executor';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from './staff-team';

export async function listStudentPlaces(db: Executor, restaurant: Restaurant, actor: StaffActor): Promise<StudentPlacesResponse> {
  // A hub vendor's staff work their own counter; the delivery settings are the whole restaurant's.
  if (actor.vendorId != null) throw new AppError('STAFF_ROLE_NOT_ALLOWED');
  return { places: await countStudentsByPlace(db, restaurant.id) };
}
