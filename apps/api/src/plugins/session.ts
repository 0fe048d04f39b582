/**
 * Who is calling. A session token comes as `Authorization: Bearer <token>` or in the `accessToken`
 * cookie (an operator's in `operatorAccessToken`). It is looked up lazily, only by the routes that
 * need it (`requireUser`), so the menu and cart calls never pay for a database read. A token only
 * works for the kind it was issued as: a user token never opens an operator call and the reverse.
 * Any missing, unknown, revoked or expired token on such a call is 401 with code 201 (SESSION_EXPIRED),
 * which tells the web to log out and go to /login.
 *
 * A login-as session (use-cases/suites/login-as.ts) is refused everywhere (LOGIN_AS_FORBIDDEN) except where
 * a route asks for it by name (`requireUserOrLoginAs`: ordering for its one event suite and that
 * suite's own calls): an operator acting for a suite's owner or guest never reaches the owner's
 * password, e-mail, saved cards, students, credits, receipts or any other suite, and a new route is
 * closed to it unless it says otherwise.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { setScopeUser } from '../db/data-scope';
import { findActiveSession, type LoginAs } from '../db/sessions-repository';
import type { SessionKind } from '../kernel/schema';
import { AppError } from '../lib/app-error';
import { readCookie } from '../lib/cookies';
import { hashToken, SESSION_DAYS } from '../lib/session-tokens';

export interface CurrentSession {
  sessionId: string;
  userId: number;
  kind: SessionKind;
  /** A login-as session: the operator acting for the owner or a guest, and the only event suite it may order for. */
  loginAs: LoginAs | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once `requireUser` (or `requireSession`) has found the caller's session. */
    user: CurrentSession | null;
  }
}

const TOKEN_SHAPE = /^[\w-]{20,200}$/;

export const SESSION_COOKIES: Record<SessionKind, { token: string; userId: string }> = {
  user: { token: 'accessToken', userId: 'userId' },
  operator: { token: 'operatorAccessToken', userId: 'operatorUserId' },
};

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
});

/**
 * The account a user session orders for: its user, or in login-as the suite's owner; null for a
 * login-as session ordering for a guest without an account.
 */
export function actingUserId(session: CurrentSession): number | null {
  return session.loginAs?.guestName != null ? null : session.userId;
}

/**
 * The diner's user id when they offer a session (an expired one is refused: code 201); null for a
 * guest. Pricing calls (set-costs, the school menus) read it, so a login-as session prices for the
 * account it orders for.
 */
export async function optionalUserId(request: FastifyRequest): Promise<number | null> {
  return offeredTokens(request, 'user').length > 0 ? actingUserId(await requireUserOrLoginAs(request)) : null;
}

/** The tokens this request offers for a session of this kind, the header's first. */
export function offeredTokens(request: FastifyRequest, kind: SessionKind): string[] {
  const tokens: string[] = [];
  const authorization = request.headers.authorization;
  const bearer = authorization && /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (bearer) tokens.push(bearer);
  const cookie = readCookie(request.headers.cookie, cookieName(request, SESSION_COOKIES[kind].token));
  if (cookie && cookie !== bearer) tokens.push(cookie);
  return tokens.filter((token) => TOKEN_SHAPE.test(token));
}

/** The active session of a raw token, or null; never throws for a bad token. */
export async function sessionOfToken(request: FastifyRequest, token: string, kind?: SessionKind): Promise<CurrentSession | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const session = await findActiveSession(request.server.database.db, hashToken(token), request.server.now(), kind);
  return session ? { sessionId: session.id, userId: session.userId, kind: session.kind, loginAs: session.loginAs } : null;
}

/**
 * The caller's session of this kind, or SESSION_EXPIRED. A login-as session is LOGIN_AS_FORBIDDEN
 * unless `allowLoginAs` says the route is one it may use.
 */
export async function requireSession(
  request: FastifyRequest,
  kind: SessionKind,
  { allowLoginAs = false }: { allowLoginAs?: boolean } = {},
): Promise<CurrentSession> {
  const session = await findSession(request, kind);
  if (session.loginAs && !allowLoginAs) throw new AppError('LOGIN_AS_FORBIDDEN');
  return session;
}

async function findSession(request: FastifyRequest, kind: SessionKind): Promise<CurrentSession> {
  if (request.user?.kind === kind) return request.user;
  const session = await findOfferedSession(request, kind);
  if (!session) throw new AppError('SESSION_EXPIRED');
  request.user = session;
  // The person's own rows open to this request (db/data-scope.ts); a login-as session is the
  // operator acting in one suite, and opens none of the owner's.
  if (!session.loginAs) setScopeUser(session.userId);
  return session;
}

/**
 * The caller's user id when the request offers a session (a user's, else an operator's), null when it
 * offers none; an offered session that is not valid is SESSION_EXPIRED, as anywhere. A login-as
 * session is nobody here: the operator's acting for a suite lends it none of the owner's standing.
 */
export async function optionalSessionUserId(request: FastifyRequest): Promise<number | null> {
  if (offeredTokens(request, 'user').length > 0) {
    const session = await findSession(request, 'user');
    return session.loginAs ? null : session.userId;
  }
  if (offeredTokens(request, 'operator').length > 0) return (await requireSession(request, 'operator')).userId;
  return null;
}

/**
 * The first valid session of this kind the request offers (login-as included), or null; never throws
 * and never caches, so a long-lived stream can ask again whether its caller is still signed in.
 */
export async function findOfferedSession(request: FastifyRequest, kind: SessionKind): Promise<CurrentSession | null> {
  for (const token of offeredTokens(request, kind)) {
    const session = await sessionOfToken(request, token, kind);
    if (session) return session;
  }
  return null;
}

/** The signed-in user acting as themself (a user session, never login-as), or SESSION_EXPIRED / LOGIN_AS_FORBIDDEN. */
export function requireUser(request: FastifyRequest): Promise<CurrentSession> {
  return requireSession(request, 'user');
}

/** A user session, login-as included: only for ordering and the calls of the login-as suite, which check its scope. */
export function requireUserOrLoginAs(request: FastifyRequest): Promise<CurrentSession> {
  return requireSession(request, 'user', { allowLoginAs: true });
}

/**
 * A session cookie's name. Over HTTPS (directly, or behind the proxy TRUST_PROXY names, whose
 * X-Forwarded-Proto Fastify reads) it takes the `__Host-` prefix: the browser then keeps it only if it
 * is Secure, for this host alone (no Domain) and the whole site, so neither a subdomain nor a page
 * served over plain HTTP can set or overwrite it (issue 29 item 4). Plain HTTP (local runs, tests)
 * cannot use the prefix and keeps the bare name.
 */
export function cookieName(request: FastifyRequest, name: string): string {
  return request.protocol === 'https' ? `__Host-${name}` : name;
}

function cookie(request: FastifyRequest, name: string, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${cookieName(request, name)}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, kind: SessionKind, token: string, userId: number): void {
  const names = SESSION_COOKIES[kind];
  const maxAge = SESSION_DAYS * 86400;
  reply.header('set-cookie', [cookie(request, names.token, token, maxAge), cookie(request, names.userId, String(userId), maxAge)]);
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, kinds: SessionKind[]): void {
  reply.header(
    'set-cookie',
    kinds.flatMap((kind) => [cookie(request, SESSION_COOKIES[kind].token, '', 0), cookie(request, SESSION_COOKIES[kind].userId, '', 0)]),
  );
}
