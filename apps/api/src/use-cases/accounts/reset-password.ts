/**
 * Forgotten passwords. forgot-password always answers the same; when the e-mail has an account it
 * queues an e-mail (the mailer port's outbox) with a reset link whose token is 256 random bits, stored
 * hashed, single use, valid for one hour. Resetting sets the password, ends every session of the
 * account and makes the resetting address a familiar one, so the owner can sign in from it even while
 * someone else is guessing at the account (use-cases/platform/rate-limits.ts).
 */
import type { Locale } from '@servery/contracts/tenant-file';
import { normaliseEmail, validatePassword } from '@servery/domain/card';
import { findUserByEmail, updateUser } from '../../db/accounts-repository';
import type { Db } from '../../db/database';
import type { Executor } from '../../kernel/executor';
import { addTenant } from '../../db/data-scope';
import { findRestaurantById, type Restaurant } from '../../db/restaurants-repository';
import { consumePasswordReset, insertPasswordReset, revokeUserSessions } from '../../db/sessions-repository';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { hashToken, newSecretToken } from '../../lib/session-tokens';
import type { Mailer } from '../../ports/mailer';
import { checkFields } from './account-view';
import { rememberFamiliarAddress, reserveAccountAttempt } from '../platform/rate-limits';

export const RESET_LINK_MS = 60 * 60 * 1000;

function resetEmail(locale: Locale, restaurantName: string, link: string): { subject: string; text: string } {
  if (locale === 'fr-CA') {
    return {
      subject: `${restaurantName} : réinitialiser votre mot de passe`,
      text: `Bonjour,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien dans l’heure qui suit :\n${link}\n\nLe lien ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce courriel : votre mot de passe ne change pas.\n`,
    };
  }
  return {
    subject: `${restaurantName}: reset your password`,
    text: `Hello,\n\nTo choose a new password, open this link within the hour:\n${link}\n\nThe link works once. If you did not ask for this, ignore this e-mail: your password stays the same.\n`,
  };
}

export async function forgotPassword(
  database: Db,
  mailer: Mailer,
  input: { email: string; ip: string; restaurant: Restaurant; origin: string; locale: Locale },
  now: Date,
): Promise<void> {
  const db = database.db;
  const user = await findUserByEmail(db, normaliseEmail(input.email));
  // Counted whether or not the account exists, so the limit reveals nothing either.
  await reserveAccountAttempt(db, { family: 'forgot', email: input.email, address: input.ip, userId: user?.id ?? null }, now);
  if (!user) return;
  const brand = await homeRestaurantOf(db, user.home_restaurant_id, input.restaurant);
  const token = newSecretToken();
  const link = `${input.origin}/reset-password?token=${token}`;
  const message = resetEmail(input.locale, brand.settings.name, link);
  await db.transaction().execute(async (trx) => {
    await insertPasswordReset(trx, {
      tokenHash: hashToken(token),
      userId: user.id,
      now,
      expiresAt: new Date(now.getTime() + RESET_LINK_MS),
    });
    await mailer.send(
      trx,
      {
        restaurantId: brand.id,
        to: user.email,
        subject: message.subject,
        text: message.text,
        locale: input.locale,
        orderId: null,
      },
      now,
    );
  });
}

/**
 * The restaurant an e-mail about the account speaks for: where the account was made (migration 0027),
 * not the restaurant the diner happened to ask from, which is only the fallback for an account with no
 * home. The message is the home restaurant's row in the outbox, so the request's scope names it.
 */
async function homeRestaurantOf(db: Executor, homeId: number | null, askedFrom: Restaurant): Promise<Restaurant> {
  if (homeId === null || homeId === askedFrom.id) return askedFrom;
  addTenant(homeId);
  return (await findRestaurantById(db, homeId)) ?? askedFrom;
}

export async function resetPassword(database: Db, input: { token: string; password: string; ip: string }, now: Date): Promise<void> {
  const { password } = checkFields({ password: validatePassword(input.password) });
  const passwordHash = await hashPassword(password);
  await database.db.transaction().execute(async (trx) => {
    const userId = await consumePasswordReset(trx, hashToken(input.token), now);
    if (userId === null) throw new AppError('RESET_LINK_INVALID');
    await updateUser(trx, userId, { password_hash: passwordHash });
    await revokeUserSessions(trx, userId, now);
    await rememberFamiliarAddress(trx, userId, input.ip, now);
  });
}
