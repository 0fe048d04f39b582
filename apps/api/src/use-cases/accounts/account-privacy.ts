/**
 * A person's own data (docs/decisions/0038-account-export-and-erasure.md): the export of everything
 * we hold about them, and the deletion of their account. Deleting keeps the orders the restaurants
 * must keep for their books, without the personal fields (domain/account-erasure.ts).
 */
import { asSystem } from '../../db/data-scope';
import type { AccountExport, DeleteAccountRequest } from '@servery/contracts/privacy';
import { scrubOrderData } from '@servery/domain/account-erasure';
import { normaliseEmail } from '@servery/domain/card';
import { canRemoveMember } from '@servery/domain/staff-roles';
import { findUserById } from '../../db/accounts-repository';
import {
  deleteMessagesOf,
  deleteUserRows,
  detachOrder,
  listOrderData,
  listOwnedRestaurants,
  listSavedCardReferences,
  readAccountRows,
} from '../../db/account-privacy-repository';
import type { Db } from '../../db/database';
import { listMembers } from '../../db/staff-repository';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import type { PaymentProcessor } from '../../ports/payments';
import { toStudent } from './account-view';
import { orderView } from '../orders/order-view';
import { reserveAccountAttempt } from '../platform/rate-limits';
import { NO_PASSWORD } from './social-sign-in';

export async function exportAccount(database: Db, userId: number, now: Date): Promise<AccountExport> {
  const user = await findUserById(database.db, userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  const rows = await readAccountRows(database.db, userId);
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      phoneNumber: user.phone_number,
      createdAt: user.created_at,
      hasPassword: user.password_hash !== NO_PASSWORD,
    },
    preferences: { defaultTipPercent: user.default_tip_percent, promoCode: user.promo_code },
    students: rows.students.map((row) => ({ ...toStudent(row), restaurantId: row.restaurant_id, restaurantName: row.restaurant_name })),
    savedCards: rows.savedCards.map((row) => ({
      brand: row.brand,
      last4: row.last4,
      expiry: row.expiry,
      isDefault: row.is_default === 1,
      createdAt: row.created_at,
    })),
    // No address book is kept: a delivery address lives on the order it was typed for.
    addresses: [],
    credits: rows.credits.map((row) => ({
      restaurantId: row.restaurant_id,
      amount: row.amount_cents,
      remaining: row.remaining_cents,
      reason: row.reason,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    })),
    subsidyCodes: rows.subsidyCodes.map((row) => ({ restaurantId: row.restaurant_id, code: row.code, createdAt: row.created_at })),
    socialSignIns: rows.identities.map((row) => ({ provider: row.provider, email: row.email, createdAt: row.created_at })),
    staffMemberships: rows.staff.map((row) => ({
      restaurantId: row.restaurant_id,
      restaurantName: row.restaurant_name,
      role: row.role,
      createdAt: row.created_at,
    })),
    suiteRoles: rows.suiteRoles.map((row) => ({ restaurantId: row.restaurant_id, role: row.role })),
    sessions: rows.sessions.map((row) => ({ createdAt: row.created_at, expiresAt: row.expires_at, revokedAt: row.revoked_at })),
    signInAddresses: rows.addresses.map((row) => ({ addressHash: row.address_hash, lastSeenAt: row.last_seen_at })),
    orders: rows.orders.map((row) => ({ restaurantId: row.restaurant_id, restaurantName: row.restaurant_name, order: orderView(row) })),
  };
}

/**
 * Deletes the signed-in user's account in one transaction. The password confirms it (a stolen session
 * alone must not be enough); an account from social sign-in has none and confirms by typing its
 * e-mail. A password check takes a hit of the sign-in limits like a sign-in does (decision 0015).
 * The last owner of a restaurant's team is refused (domain/staff-roles.ts): the restaurant would be
 * left with no one to run it.
 */
export async function deleteAccount(
  database: Db,
  payments: PaymentProcessor,
  userId: number,
  input: DeleteAccountRequest,
  address: string,
  now: Date,
): Promise<void> {
  const user = await findUserById(database.db, userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  if (user.password_hash === NO_PASSWORD) {
    if (input.email === undefined || normaliseEmail(input.email) !== user.email) throw new AppError('ACCOUNT_DELETE_NOT_CONFIRMED');
  } else {
    if (input.password === undefined || input.password === '') throw new AppError('ACCOUNT_DELETE_NOT_CONFIRMED');
    const attempt = await reserveAccountAttempt(database.db, { family: 'signIn', email: user.email, address, userId }, now);
    // A wrong password keeps its hit: that is what the limits count.
    if (!(await verifyPassword(input.password, user.password_hash))) throw new AppError('ACCOUNT_DELETE_NOT_CONFIRMED');
    await attempt.giveBack();
  }
  // The person, confirmed just above, is scrubbed from every restaurant at once (their orders lose
  // their user, the teams' audit and the outboxes their address): named work across tenants on the
  // owner's connection (db/data-scope.ts), limited to this one person's rows by every statement.
  await asSystem('account erasure', () => eraseAccount(database, payments, userId, user));
}

async function eraseAccount(
  database: Db,
  payments: PaymentProcessor,
  userId: number,
  user: { email: string; phone_number: string | null },
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    for (const restaurant of await listOwnedRestaurants(trx, userId)) {
      const members = await listMembers(trx, restaurant.restaurant_id, database.dialect);
      const owners = members.filter((member) => member.role === 'owner').length;
      const decision = canRemoveMember({ actor: 'owner', member: 'owner', self: true, owners });
      if (!decision.ok) throw new AppError('ACCOUNT_LAST_OWNER', [{ path: 'restaurant', message: restaurant.name }]);
    }
    for (const card of await listSavedCardReferences(trx, userId)) {
      // A card saved on another processor is not this one's to forget (use-cases/accounts/payment-methods.ts does the same).
      if (card.processor === payments.name) await payments.deleteCard(trx, card.reference);
    }
    const orders = await listOrderData(trx, userId);
    for (const order of orders) {
      await detachOrder(trx, userId, order.id, JSON.stringify(scrubOrderData(JSON.parse(order.data) as Record<string, unknown>)));
    }
    await deleteMessagesOf(
      trx,
      orders.map((order) => order.id),
      [user.email, ...(user.phone_number ? [user.phone_number] : [])],
    );
    await deleteUserRows(trx, userId);
  });
}
