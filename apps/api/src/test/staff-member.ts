import type { StaffRole } from '@servery/domain/staff-roles';
import { insertUser } from '../db/accounts-repository';
import { upsertMember } from '../db/staff-repository';
import type { Executor } from '../kernel/executor';
import { startSession } from '../use-cases/accounts/authenticate';

export interface StaffMemberOptions {
  email: string;
  restaurantId: number;
  /** 'staff' unless said. */
  role?: StaffRole;
  /** A hub vendor's counter the member works (restaurant_staff.vendor_id); null or absent: the whole restaurant. */
  vendorId?: number | null;
  /** When the account, membership and session start; the system's time unless said. */
  now?: Date;
  firstName?: string;
  lastName?: string;
  /** For a member who also signs in with a password; by default none works. */
  passwordHash?: string;
}

/**
 * A restaurant's staff member signed in, as the staff tests need one: an account, its membership
 * with its role (and a hub vendor's counter), and a session token for `Authorization: Bearer`.
 */
export async function staffMember(db: Executor, options: StaffMemberOptions): Promise<{ id: number; token: string }> {
  const now = options.now ?? new Date();
  const id = await insertUser(db, {
    email: options.email,
    password_hash: options.passwordHash ?? 'not-used',
    first_name: options.firstName ?? 'Kai',
    last_name: options.lastName ?? 'Kitchen',
    phone_number: null,
    created_at: now.toISOString(),
  });
  await upsertMember(db, options.restaurantId, id, options.role ?? 'staff', now);
  if (options.vendorId != null)
    await db
      .updateTable('restaurant_staff')
      .set({ vendor_id: options.vendorId })
      .where('restaurant_id', '=', options.restaurantId)
      .where('user_id', '=', id)
      .execute();
  return { id, token: await startSession(db, id, 'user', now) };
}
