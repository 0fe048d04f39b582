/**
 * Everything stored about one user, read for their export and removed (or cut loose) when they delete
 * their account (docs/decisions/0038-account-export-and-erasure.md). Every query takes the user id:
 * another user's rows are never read or changed.
 */
import type { Executor } from '../kernel/executor';

export async function readAccountRows(db: Executor, userId: number) {
  const [students, savedCards, credits, subsidyCodes, identities, staff, suiteRoles, sessions, addresses, orders] = await Promise.all([
    db
      .selectFrom('students')
      .innerJoin('restaurants', 'restaurants.id', 'students.restaurant_id')
      .select([
        'students.id',
        'students.restaurant_id',
        'restaurants.name as restaurant_name',
        'students.first_name',
        'students.last_name',
        'students.school',
        'students.grade',
        'students.classroom',
        'students.teacher',
        'students.allergens',
      ])
      .where('students.user_id', '=', userId)
      .orderBy('students.id')
      .execute(),
    db
      .selectFrom('payment_methods')
      .select(['brand', 'last4', 'expiry', 'is_default', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('user_credits')
      .select(['restaurant_id', 'amount_cents', 'remaining_cents', 'reason', 'created_at', 'expires_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('user_subsidy_codes').select(['restaurant_id', 'code', 'created_at']).where('user_id', '=', userId).execute(),
    db.selectFrom('user_identities').select(['provider', 'email', 'created_at']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('restaurant_staff')
      .innerJoin('restaurants', 'restaurants.id', 'restaurant_staff.restaurant_id')
      .select([
        'restaurant_staff.restaurant_id',
        'restaurants.name as restaurant_name',
        'restaurant_staff.role',
        'restaurant_staff.created_at',
      ])
      .where('restaurant_staff.user_id', '=', userId)
      .execute(),
    db.selectFrom('suite_roles').select(['restaurant_id', 'role']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('sign_in_addresses').select(['address_hash', 'last_seen_at']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('orders')
      .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
      .selectAll('orders')
      .select('restaurants.name as restaurant_name')
      .where('orders.user_id', '=', userId)
      .orderBy('orders.placed_at')
      .orderBy('orders.id')
      .execute(),
  ]);
  return { students, savedCards, credits, subsidyCodes, identities, staff, suiteRoles, sessions, addresses, orders };
}

/** The restaurants where the user is an owner (each must keep another owner before the user goes). */
export async function listOwnedRestaurants(db: Executor, userId: number): Promise<Array<{ restaurant_id: number; name: string }>> {
  return db
    .selectFrom('restaurant_staff')
    .innerJoin('restaurants', 'restaurants.id', 'restaurant_staff.restaurant_id')
    .select(['restaurant_staff.restaurant_id', 'restaurants.name'])
    .where('restaurant_staff.user_id', '=', userId)
    .where('restaurant_staff.role', '=', 'owner')
    .orderBy('restaurant_staff.restaurant_id')
    .execute();
}

export async function listSavedCardReferences(db: Executor, userId: number): Promise<Array<{ processor: string; reference: string }>> {
  return db.selectFrom('payment_methods').select(['processor', 'reference']).where('user_id', '=', userId).execute();
}

export async function listOrderData(db: Executor, userId: number): Promise<Array<{ id: string; data: string }>> {
  return db.selectFrom('orders').select(['id', 'data']).where('user_id', '=', userId).execute();
}

/**
 * Keeps one of the user's orders for the restaurant's books, cut loose from the person: `data` is the
 * scrubbed JSON (domain/account-erasure.ts); the link to the user, the diner's secret link and the
 * student row go.
 */
export async function detachOrder(db: Executor, userId: number, orderId: string, data: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ user_id: null, access_token_hash: null, student_id: null, data })
    .where('user_id', '=', userId)
    .where('id', '=', orderId)
    .execute();
}

/** Messages and text alerts about the user's orders, and any message to their address, hold their contact: they go. */
export async function deleteMessagesOf(db: Executor, orderIds: string[], recipients: string[]): Promise<void> {
  if (orderIds.length > 0) {
    await db.deleteFrom('order_notifications').where('order_id', 'in', orderIds).execute();
    await db.deleteFrom('outbox').where('order_id', 'in', orderIds).execute();
  }
  if (recipients.length > 0) await db.deleteFrom('outbox').where('recipient', 'in', recipients).execute();
}

/** The label a restaurant's team audit shows for a member whose account is gone. */
export const DELETED_ACTOR = 'deleted account';

/**
 * Removes the user and every row that is theirs; rows that belong to a restaurant but point at the
 * user (an order placed for a suite, the team's audit, an invitation, a webhook) keep their place
 * without the link. The caller has already detached the user's own orders.
 */
export async function deleteUserRows(db: Executor, userId: number): Promise<void> {
  await db.updateTable('orders').set({ operator_user_id: null }).where('operator_user_id', '=', userId).execute();
  await db.updateTable('order_events').set({ actor_user_id: null }).where('actor_user_id', '=', userId).execute();
  await db
    .updateTable('staff_audit')
    .set({ actor_user_id: null, actor_email: DELETED_ACTOR })
    .where('actor_user_id', '=', userId)
    .execute();
  await db.updateTable('staff_invitations').set({ invited_by: null }).where('invited_by', '=', userId).execute();
  await db.updateTable('staff_invitations').set({ accepted_by: null }).where('accepted_by', '=', userId).execute();
  await db.updateTable('webhook_endpoints').set({ created_by: null }).where('created_by', '=', userId).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await db.deleteFrom('sign_in_addresses').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_identities').where('user_id', '=', userId).execute();
  await db.deleteFrom('payment_methods').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_credits').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_subsidy_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('students').where('user_id', '=', userId).execute();
  await db.deleteFrom('restaurant_staff').where('user_id', '=', userId).execute();
  await db.deleteFrom('suite_roles').where('user_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
