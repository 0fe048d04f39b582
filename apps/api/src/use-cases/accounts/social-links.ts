/**
 * A signed-in person's providers (docs/decisions/0124-social-link-and-form-post.md): which of the
 * offered providers sign in to their account, connecting one (the code flow started from the profile
 * ends here) and disconnecting one.
 *
 * - A link is made only for the provider's verified (issuer, subject), never on an e-mail; an
 *   identity already linked to another account is refused (SOCIAL_IDENTITY_LINKED_ELSEWHERE), and
 *   so is a link whose session was ended while the person was at the provider (SOCIAL_LINK_SIGNED_OUT).
 * - A provider is disconnected only if the account can still sign in another way: a password, or
 *   another linked provider (SOCIAL_LAST_SIGN_IN_METHOD otherwise).
 */
import type { SocialLinksResponse, SocialProviderType } from '@servery/contracts/accounts';
import { findUserById } from '../../db/accounts-repository';
import { setScopeUser } from '../../db/data-scope';
import type { Db } from '../../db/database';
import {
  claimLegacyIdentity,
  deleteUserIdentities,
  findIdentityUser,
  insertIdentity,
  isSessionActive,
  linkedProvidersOf,
  lockUserForLinks,
} from '../../db/social-identities-repository';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Executor } from '../../kernel/executor';
import { AppError } from '../../lib/app-error';
import { NO_PASSWORD, type VerifiedIdentity } from './social-sign-in';
import { offersCodeFlow, type SocialSignInConfig } from './social-providers';

/** The offered providers, each connected or not, and whether the account has a password. */
export async function socialLinksOf(db: Executor, userId: number, providers: SocialSignInConfig): Promise<SocialLinksResponse> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  const linked = new Set(await linkedProvidersOf(db, userId));
  const offered = Object.values(providers).filter((provider) => provider !== undefined && offersCodeFlow(provider));
  return {
    links: offered.map((provider) => ({ type: provider.type, connected: linked.has(provider.type) })),
    hasPassword: user.password_hash !== NO_PASSWORD,
  };
}

/**
 * Links a verified identity to the account whose profile started the flow, while the session that
 * started it is still signed in. Linked to this account already: nothing to do.
 */
export async function linkIdentity(
  database: Db,
  identity: VerifiedIdentity,
  link: { userId: number; sessionId: string },
  now: Date,
): Promise<void> {
  const attempt = () =>
    database.db.transaction().execute(async (trx) => {
      if (!(await isSessionActive(trx, link.sessionId, link.userId, now))) throw new AppError('SOCIAL_LINK_SIGNED_OUT');
      setScopeUser(link.userId);
      let owner = await findIdentityUser(trx, identity.issuer, identity.subject);
      owner ??= await claimLegacyIdentity(trx, identity.provider, identity.subject, identity.issuer);
      if (owner === link.userId) return;
      if (owner !== null) throw new AppError('SOCIAL_IDENTITY_LINKED_ELSEWHERE');
      await insertIdentity(trx, {
        provider: identity.provider,
        issuer: identity.issuer,
        subject: identity.subject,
        user_id: link.userId,
        email: identity.email,
        created_at: now.toISOString(),
      });
    });
  try {
    await attempt();
  } catch (error) {
    // The same identity linked at the same moment by another request: the second look says by whom.
    if (!isUniqueViolation(error)) throw error;
    await attempt();
  }
}

/** Disconnects a provider from the account, unless it is the account's only way to sign in. */
export async function unlinkProvider(database: Db, userId: number, type: SocialProviderType): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await lockUserForLinks(trx, userId);
    const user = await findUserById(trx, userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    const linked = await linkedProvidersOf(trx, userId);
    if (!linked.includes(type)) return;
    const otherWay = user.password_hash !== NO_PASSWORD || linked.some((provider) => provider !== type);
    if (!otherWay) throw new AppError('SOCIAL_LAST_SIGN_IN_METHOD');
    await deleteUserIdentities(trx, userId, type);
  });
}
