/**
 * Who is calling. A session token comes as `Authorization: Bearer <token>` or in the `accessToken`
 * cookie (an operator's in `operatorAccessToken`). It is looked up lazily, only by the routes that
 * need it (`requireUser`), so the menu and cart calls never pay for a database read. A token only
 * works for the kind it was issued as: a user token never opens an operator call and the reverse.
 * Any missing, unknown, revoked or expired token on such a call is 401 with code 201 (SESSION_EXPIRED),
 * which tells the web to log out and go to /login.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findActiveSession } from '../db/sessions-repository';
import type { SessionKind } from '../db/schema';
import { AppError } from '../lib/app-error';
import { readCookie } from '../lib/cookies';
import { hashToken, SESSION_DAYS } from '../lib/session-tokens';

export interface CurrentSession {
  sessionId: string;
  userId: number;
  kind: SessionKind;
  /** A login-as session: the operator acting for the user, and the only event suite it may order for. */
  loginAs: { operatorUserId: number; eventSuiteId: number } | null;
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

/** The tokens this request offers for a session of this kind, the header's first. */
/** The diner's user id when they offer a session (an expired one is refused: code 201); null for a guest. */
export async function optionalUserId(request: FastifyRequest): Promise<number | null> {
  return offeredTokens(request, 'user').length > 0 ? (await requireUser(request)).userId : null;
}

export function offeredTokens(request: FastifyRequest, kind: SessionKind): string[] {
  const tokens: string[] = [];
  const authorization = request.headers.authorization;
  const bearer = authorization && /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (bearer) tokens.push(bearer);
  const cookie = readCookie(request.headers.cookie, SESSION_COOKIES[kind].token);
  if (cookie && cookie !== bearer) tokens.push(cookie);
  return tokens.filter((token) => TOKEN_SHAPE.test(token));
}

/** The active session of a raw token, or null; never throws for a bad token. */
export async function sessionOfToken(request: FastifyRequest, token: string, kind?: SessionKind): Promise<CurrentSession | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const session = await findActiveSession(request.server.database.db, hashToken(token), request.server.now(), kind);
  return session ? { sessionId: session.id, userId: session.userId, kind: session.kind, loginAs: session.loginAs } : null;
}

export async function requireSession(request: FastifyRequest, kind: SessionKind): Promise<CurrentSession> {
  if (request.user?.kind === kind) return request.user;
  for (const token of offeredTokens(request, kind)) {
    const session = await sessionOfToken(request, token, kind);
    if (session) {
      request.user = session;
      return session;
    }
  }
  throw new AppError('SESSION_EXPIRED');
}

/**
 * The caller's user id when the request offers a session (a user's, else an operator's), null when it
 * offers none; an offered session that is not valid is SESSION_EXPIRED, as anywhere.
 */
export async function optionalSessionUserId(request: FastifyRequest): Promise<number | null> {
  if (offeredTokens(request, 'user').length > 0) return (await requireSession(request, 'user')).userId;
  if (offeredTokens(request, 'operator').length > 0) return (await requireSession(request, 'operator')).userId;
  return null;
}

/**
 * The signed-in user acting as themself: inside login-as the operator may order for the suite but
 * never change the owner's password, e-mail or saved cards (LOGIN_AS_FORBIDDEN).
 */
export async function requireOwnUser(request: FastifyRequest): Promise<CurrentSession> {
  const session = await requireSession(request, 'user');
  if (session.loginAs) throw new AppError('LOGIN_AS_FORBIDDEN');
  return session;
}

/** The signed-in user (a user session), or SESSION_EXPIRED. */
export function requireUser(request: FastifyRequest): Promise<CurrentSession> {
  return requireSession(request, 'user');
}

function cookie(request: FastifyRequest, name: string, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
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
