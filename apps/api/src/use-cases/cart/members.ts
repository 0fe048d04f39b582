/**
 * Membership and loyalty look-ups (spec ordering.md section 7). Both answer about people: a member's
 * name and contact, whether an e-mail is enrolled. So each is limited per address (decision 0015): a
 * loyalty check counts every time (its answer names e-mails); a membership number counts only when it
 * is not a member's, and once that limit is spent a real number is refused too, so numbers cannot be
 * walked.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../kernel/schema';
import { AppError } from '../../lib/app-error';
import { addressKey, type Claim, reserveOrThrow, spentLimit, tooManyRequests } from '../platform/rate-limits';
import type { Restaurant } from '../../db/restaurants-repository';

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

/** Whether `email` is enrolled in the restaurant's loyalty program; every check counts. */
export async function loyaltyStatus(
  db: Kysely<Database>,
  restaurant: Restaurant,
  email: string,
  address: string,
  now: Date,
): Promise<{ userStatus: 'enrolled' | 'not_enrolled'; program: string | null }> {
  await reserveOrThrow(db, [{ limit: 'loyaltyLookupAddress', key: addressKey(address) }], now);
  const program = restaurant.settings.loyalty_program;
  const wanted = email.trim().toLowerCase();
  const enrolled = Boolean(program?.enabled && program.enrolled_emails.some((candidate) => candidate.toLowerCase() === wanted));
  return { userStatus: enrolled ? 'enrolled' : 'not_enrolled', program: program?.enabled ? (program.name ?? null) : null };
}

/** The member with this number, or MEMBER_NOT_FOUND (a miss counts against the address). */
export async function lookUpMember(
  db: Kysely<Database>,
  restaurant: Restaurant,
  identifier: string,
  address: string,
  now: Date,
): Promise<Member> {
  const claims: Claim[] = [{ limit: 'memberLookupAddress', key: addressKey(address) }];
  const spent = await spentLimit(db, claims, now);
  if (spent) throw tooManyRequests(spent);
  const member = findMember(restaurant, identifier);
  if (member) return member;
  await reserveOrThrow(db, claims, now);
  throw new AppError('MEMBER_NOT_FOUND');
}
