import type { Restaurant } from '../db/restaurants-repository';

export type Member = NonNullable<Restaurant['settings']['membership_program']>['members'][number];

export function findMember(restaurant: Restaurant, identifier: string | null | undefined): Member | null {
  const program = restaurant.settings.membership_program;
  if (!identifier || !program?.enabled) return null;
  const wanted = identifier.trim().toLowerCase();
  return program.members.find((member) => member.identifier.trim().toLowerCase() === wanted) ?? null;
}

/** Member-only menus are for valid members; spec ordering.md section 4 leaves provider SPH out. */
export function opensMemberMenus(member: Member | null): boolean {
  return member !== null && member.provider?.toUpperCase() !== 'SPH';
}
