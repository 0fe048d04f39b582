/** Profile changes: user fields, students and subsidy codes. Every call is for the signed-in user only. */
import type { AccountOrder, EditUserRequest, StudentRequest } from '@servery/contracts/accounts';
import { normaliseEmail, validateEmail, validateFullName, validatePassword } from '@servery/domain/card';
import { unlistedSchoolPlace } from '@servery/domain/school-order';
import {
  type AccountOrderRecord,
  deleteStudent,
  findUserByEmail,
  findUserById,
  insertStudent,
  setSubsidyCode,
  type StudentFields,
  updateStudent,
  updateUser,
  updateUserPreferences,
  type UserRow,
} from '../../db/accounts-repository';
import type { Db } from '../../db/database';
import type { Restaurant } from '../../db/restaurants-repository';
import { revokeUserSessions } from '../../db/sessions-repository';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import { isUniqueViolation } from '../../db/unique-violation';
import { checkFields, toStudent } from './account-view';
import { lookUpSubsidyCode } from '../cart/tender-look-ups';
import { normalisePhone, storedPhone } from './authenticate';

export async function editUser(
  database: Db,
  session: { userId: number; sessionId: string },
  input: EditUserRequest,
  now: Date,
): Promise<UserRow> {
  const db = database.db;
  const user = await findUserById(db, session.userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  const phone = normalisePhone(input.phoneNumber);
  const fields = checkFields({
    firstName: input.firstName === undefined ? undefined : validateFullName(input.firstName),
    lastName: input.lastName === undefined ? undefined : validateFullName(input.lastName),
    email: input.email === undefined ? undefined : validateEmail(input.email),
    password: input.password === undefined ? undefined : validatePassword(input.password),
    phoneNumber: phone ?? undefined,
  });
  const changes: Parameters<typeof updateUser>[2] = {};
  if (fields.firstName !== undefined) changes.first_name = fields.firstName;
  if (fields.lastName !== undefined) changes.last_name = fields.lastName;
  if (phone === null) changes.phone_number = null;
  else if (fields.phoneNumber !== undefined) changes.phone_number = storedPhone(fields.phoneNumber);
  if (fields.email !== undefined && normaliseEmail(fields.email) !== user.email) {
    const email = normaliseEmail(fields.email);
    if (await findUserByEmail(db, email)) throw new AppError('EMAIL_TAKEN');
    changes.email = email;
  }
  const preferences = profilePreferences(input);
  if (fields.password !== undefined) {
    // A stolen session alone must not be enough to take the account over.
    if (input.currentPassword === undefined || !(await verifyPassword(input.currentPassword, user.password_hash))) {
      throw new AppError('INVALID_CREDENTIALS');
    }
    changes.password_hash = await hashPassword(fields.password);
  }
  try {
    await db.transaction().execute(async (trx) => {
      await updateUser(trx, user.id, changes);
      if (Object.keys(preferences).length > 0) await updateUserPreferences(trx, user.id, preferences);
      // A new password ends every other session (a thief's included); this one stays.
      if (changes.password_hash) await revokeUserSessions(trx, user.id, now, session.sessionId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  const updated = await findUserById(db, user.id);
  if (!updated) throw new AppError('SESSION_EXPIRED');
  return updated;
}

/** The profile screen's default tip and promo code: undefined leaves one alone, null (or a blank code) forgets it. */
function profilePreferences(input: EditUserRequest): { default_tip_percent?: number | null; promo_code?: string | null } {
  const preferences: { default_tip_percent?: number | null; promo_code?: string | null } = {};
  if (input.defaultTipPercent !== undefined) preferences.default_tip_percent = input.defaultTipPercent;
  if (input.promoCode !== undefined) preferences.promo_code = input.promoCode === null || input.promoCode === '' ? null : input.promoCode;
  return preferences;
}

/** The student as stored; its school, grade, classroom and teacher among the school's lists, as checkout holds them. */
function studentFields(restaurant: Restaurant, input: StudentRequest): StudentFields {
  const names = checkFields({ firstName: validateFullName(input.firstName), lastName: validateFullName(input.lastName) });
  const unlisted = unlistedSchoolPlace(input, restaurant.settings.delivery?.schools ?? []);
  if (unlisted) throw new AppError('VALIDATION_FAILED', [{ path: `body.${unlisted}`, message: 'notOffered' }]);
  return {
    first_name: names.firstName,
    last_name: names.lastName,
    school: input.school,
    grade: input.grade,
    classroom: input.classroom,
    teacher: input.teacher,
    allergens: input.allergens.join(','),
  };
}

export async function createStudent(database: Db, restaurant: Restaurant, userId: number, input: StudentRequest) {
  return toStudent(await insertStudent(database.db, restaurant.id, userId, studentFields(restaurant, input)));
}

/** Another user's student (or one at another restaurant) is NOT_FOUND, exactly like a missing one. */
export async function changeStudent(database: Db, restaurant: Restaurant, userId: number, id: number, input: StudentRequest) {
  const row = await updateStudent(database.db, restaurant.id, userId, id, studentFields(restaurant, input));
  if (!row) throw new AppError('NOT_FOUND');
  return toStudent(row);
}

export async function removeStudent(database: Db, restaurant: Restaurant, userId: number, id: number): Promise<void> {
  if (!(await deleteStudent(database.db, restaurant.id, userId, id))) throw new AppError('NOT_FOUND');
}

/** `zone`: the restaurant's time zone (account-orders.ts reads it), so the web shows its dates there. */
export function toAccountOrder(row: AccountOrderRecord, zone: string): AccountOrder {
  return {
    id: row.id,
    number: row.number,
    restaurantId: row.restaurant_id,
    restaurantName: row.restaurant_name,
    status: row.status,
    orderType: row.order_type,
    total: row.total_cents,
    placedAt: row.placed_at,
    pickupTime: row.pickup_time,
    restaurantZone: zone,
    ...(row.school_date !== null && { schoolDate: row.school_date }),
    ...(row.student_first_name !== null && { studentName: `${row.student_first_name} ${row.student_last_name ?? ''}`.trim() }),
  };
}

/**
 * Keeps one of the restaurant's subsidy codes for the user (any case, as the restaurant spells it).
 * Codes are short and shared by a school's families: a miss takes a hit of the address's limit, and
 * once it is spent a right code is refused too, so codes cannot be walked (decision 0015).
 */
export async function keepSubsidyCode(
  database: Db,
  restaurant: Restaurant,
  userId: number,
  typed: string,
  address: string,
  now: Date,
): Promise<string> {
  const checked = await lookUpSubsidyCode(database.db, restaurant.settings.subsidies, typed, true, address, now);
  if (!checked.ok) throw new AppError(checked.error);
  await setSubsidyCode(database.db, restaurant.id, userId, checked.code, now);
  return checked.code;
}

export async function forgetSubsidyCode(database: Db, restaurant: Restaurant, userId: number, now: Date): Promise<void> {
  await setSubsidyCode(database.db, restaurant.id, userId, null, now);
}
