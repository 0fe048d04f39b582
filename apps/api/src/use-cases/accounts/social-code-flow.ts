/**
 * Social sign-in by OpenID Connect's authorization-code flow with PKCE, run by the server
 * (docs/decisions/0117-social-sign-in-code-flow.md).
 *
 * Start: a random state, nonce, PKCE code verifier and browser value; the flow is kept in the
 * database by the state's hash with the nonce, the verifier and the browser value's hash, for ten
 * minutes; the browser value goes to the browser in an HttpOnly cookie, and the browser to the
 * provider with the state, the nonce and the verifier's S256 challenge.
 *
 * Return: the flow is taken out by its state (once only) and must be this provider's, unexpired and
 * started by this browser (its cookie), which stops someone from signing another person into their
 * own account with a link. Then the code is exchanged at the provider's token endpoint with the
 * verifier and the client's credentials, and the ID token is verified (social-sign-in.ts) with the
 * flow's nonce before the account is found or created.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { insertSignInFlow, keepPostedNames, takeSignInFlow, type SocialSignInFlow } from '../../db/social-identities-repository';
import { AppError } from '../../lib/app-error';
import { linkIdentity } from './social-links';
import { postedNamesOf } from './social-posted-names';
import { signInIdentity, spendToken, verifyIdToken, type SocialSignedIn } from './social-sign-in';
import { endpointsOf, PROVIDER_TIMEOUT_MS, type ProviderConfig } from './social-providers';

/** A sign-in not back from the provider within this time is refused (SOCIAL_SIGN_IN_EXPIRED). */
export const FLOW_MINUTES = 10;
/** Where a flow returns when it is not known (or names nowhere acceptable): the sign-in screen. */
export const DEFAULT_RETURN = '/login';

const random = () => randomBytes(32).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The address to come back to: the sign-in screen of this site, with its query (the restaurant, where
 * to go next), which finishes the sign-in. Anything else (another origin, `//host`, a backslash,
 * another page) is the bare sign-in screen. A `restaurant` in the query other than the flow's own is
 * replaced by the flow's.
 */
export function safeReturnTo(returnTo: string | undefined, restaurantSlug: string | null, page: string = DEFAULT_RETURN): string {
  const base = 'http://servery.invalid';
  let url = new URL(page, base);
  if (returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') && !/[\\\s]/.test(returnTo) && returnTo.length <= 1000) {
    try {
      const asked = new URL(returnTo, base);
      if (asked.origin === base && asked.pathname === page) url = asked;
    } catch {
      // Not an address: the sign-in screen.
    }
  }
  url.searchParams.delete('socialSignIn');
  url.searchParams.delete('socialLinked');
  url.searchParams.delete('socialError');
  if (restaurantSlug !== null) url.searchParams.set('restaurant', restaurantSlug);
  else url.searchParams.delete('restaurant');
  return `${url.pathname}${url.search}`;
}

export interface StartedFlow {
  authorizationUrl: string;
  /** Goes to the browser in an HttpOnly cookie; the return must bring it back. */
  browserValue: string;
}

export async function startCodeFlow(
  database: Db,
  provider: ProviderConfig,
  input: {
    returnTo: string;
    restaurantId: number | null;
    redirectUri: string;
    /** A link from the profile: the account to link to and the session that asked (decision 0124); absent for a sign-in. */
    link?: { userId: number; sessionId: string } | null;
  },
  now: Date,
): Promise<StartedFlow> {
  const { authorizationEndpoint } = await endpointsOf(provider);
  const state = random();
  const nonce = random();
  const codeVerifier = random();
  const browserValue = random();
  await insertSignInFlow(
    database.db,
    {
      state_hash: sha256(state),
      provider: provider.type,
      nonce,
      code_verifier: codeVerifier,
      browser_hash: sha256(browserValue),
      return_to: input.returnTo,
      home_restaurant_id: input.restaurantId,
      expires_at: new Date(now.getTime() + FLOW_MINUTES * 60_000).toISOString(),
      link_user_id: input.link?.userId ?? null,
      link_session_id: input.link?.sessionId ?? null,
      posted_first_name: null,
      posted_last_name: null,
    },
    now.toISOString(),
  );
  const url = new URL(authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('scope', provider.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('code_challenge', sha256(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  // Apple sends the name and e-mail only when the answer is posted (decision 0124).
  if (provider.responseMode === 'form_post') url.searchParams.set('response_mode', 'form_post');
  return { authorizationUrl: url.toString(), browserValue };
}

/**
 * A form_post provider's `user` field (Apple: the names, first sign-in only; social-posted-names.ts):
 * kept on the flow its state names, if that flow is unspent, unexpired and this provider's, for the
 * GET callback to give to the account it creates. Anything else (no such flow, a malformed field)
 * changes nothing. Reads no cookie: the browser's flow cookie is not sent with a cross-site POST, and
 * the flow is still checked at the GET; the state is a secret only the browser and provider know.
 */
export async function keepPostedUser(
  database: Db,
  provider: ProviderConfig,
  posted: { state: string | undefined; user: unknown },
  now: Date,
): Promise<void> {
  if (!posted.state || posted.state.length > 200) return;
  const names = postedNamesOf(posted.user);
  if (!names) return;
  await keepPostedNames(database.db, { stateHash: sha256(posted.state), provider: provider.type }, names, now.toISOString());
}

export interface CodeFlowReturn {
  state: string | undefined;
  code: string | undefined;
  /** The provider's refusal (`access_denied` when the person cancelled). */
  error: string | undefined;
  browserValue: string | undefined;
  redirectUri: string;
}

/** The flow a return belongs to, or null: unknown, used, expired, another provider's or another browser's. */
export async function takeFlow(
  database: Db,
  provider: ProviderConfig,
  answer: Pick<CodeFlowReturn, 'state' | 'browserValue'>,
  now: Date,
): Promise<SocialSignInFlow | null> {
  if (!answer.state || answer.state.length > 200) return null;
  const flow = await takeSignInFlow(database.db, sha256(answer.state));
  if (!flow || flow.provider !== provider.type || flow.expires_at <= now.toISOString()) return null;
  if (!answer.browserValue || sha256(answer.browserValue) !== flow.browser_hash) return null;
  return flow;
}

const TokenAnswer = z.looseObject({ id_token: z.string().min(1).max(16_384), token_type: z.string().optional() });

/** The ID token the provider gives for the code; SOCIAL_TOKEN_INVALID when it refuses the code, SOCIAL_PROVIDER_FAILED when it fails. */
async function exchangeCode(provider: ProviderConfig, code: string, codeVerifier: string, redirectUri: string): Promise<string> {
  const { tokenEndpoint } = await endpointsOf(provider);
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  const secret = provider.clientSecret ?? '';
  if (provider.tokenEndpointAuthMethod === 'client_secret_post') {
    form.set('client_id', provider.clientId);
    form.set('client_secret', secret);
  } else {
    // RFC 6749 section 2.3.1: both parts form-encoded before the Basic encoding.
    const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
    headers.authorization = `Basic ${Buffer.from(`${encode(provider.clientId)}:${encode(secret)}`).toString('base64')}`;
  }
  let response: Response;
  try {
    response = await fetch(tokenEndpoint, {
      method: 'POST',
      headers,
      body: form,
      redirect: 'error',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch {
    throw new AppError('SOCIAL_PROVIDER_FAILED');
  }
  const body: unknown = await response.json().catch(() => null);
  // invalid_grant: a code used, expired, or sent with the wrong verifier or redirect address.
  if (response.status === 400 && (body as { error?: unknown } | null)?.error === 'invalid_grant')
    throw new AppError('SOCIAL_TOKEN_INVALID');
  const parsed = TokenAnswer.safeParse(body);
  if (!response.ok || !parsed.success) throw new AppError('SOCIAL_PROVIDER_FAILED');
  return parsed.data.id_token;
}

/**
 * Finishes a sign-in on its return from the provider: the flow's own `returnTo`, and the session or
 * the AppError to show there. Never throws: whatever goes wrong is told on the sign-in screen.
 */
export async function finishCodeFlow(
  database: Db,
  provider: ProviderConfig,
  answer: CodeFlowReturn,
  now: () => Date,
): Promise<{
  returnTo: string;
  /** `signedIn` null: the identity was linked to the account that started the flow from its profile (no new session). */
  outcome: { ok: true; signedIn: SocialSignedIn | null } | { ok: false; error: AppError };
}> {
  const flow = await takeFlow(database, provider, answer, now());
  if (!flow) return { returnTo: DEFAULT_RETURN, outcome: { ok: false, error: new AppError('SOCIAL_SIGN_IN_EXPIRED') } };
  const fail = (error: AppError) => ({ returnTo: flow.return_to, outcome: { ok: false as const, error } });
  if (answer.error !== undefined) {
    return fail(new AppError(answer.error === 'access_denied' ? 'SOCIAL_SIGN_IN_CANCELLED' : 'SOCIAL_PROVIDER_FAILED'));
  }
  if (!answer.code || answer.code.length > 2048) return fail(new AppError('SOCIAL_PROVIDER_FAILED'));
  try {
    const idToken = await exchangeCode(provider, answer.code, flow.code_verifier, answer.redirectUri);
    const identity = await verifyIdToken(provider, idToken, flow.nonce);
    if (!(await spendToken(database.db, idToken, identity.expiresAt, now()))) throw new AppError('SOCIAL_TOKEN_INVALID');
    if (flow.link_user_id !== null) {
      await linkIdentity(database, identity, { userId: flow.link_user_id, sessionId: flow.link_session_id ?? '' }, now());
      return { returnTo: flow.return_to, outcome: { ok: true, signedIn: null } };
    }
    // Names a form_post provider posted (Apple) name a new account only; the e-mail is the token's.
    const posted =
      flow.posted_first_name !== null || flow.posted_last_name !== null
        ? { firstName: flow.posted_first_name ?? '', lastName: flow.posted_last_name ?? '' }
        : null;
    const signedIn = await signInIdentity(database, identity, flow.home_restaurant_id, now(), posted);
    return { returnTo: flow.return_to, outcome: { ok: true, signedIn } };
  } catch (error) {
    if (error instanceof AppError) return fail(error);
    throw error;
  }
}
