/**
 * Login-as (spec accounts-and-suites.md sections 4 and 6): an operator of the venue opens a session in
 * which it orders for one event suite's owner on event day.
 *
 * - Only an operator of this venue (NOT_A_SUITE_OPERATOR), only for an event suite of this venue
 *   (NO_EVENT_SUITE without one, EVENT_SUITE_NOT_FOUND for another), only on event day
 *   (EVENT_DAY_ONLY) and only for a suite whose owner has an account (NOT_ASSIGNED_TO_SUITE).
 * - Limited per operator and per address (rate-limits loginAsOperator, loginAsAddress) and audited
 *   (suite_audit, action login_as).
 * - The session is the owner's user session, marked with the operator and the event suite
 *   (sessions.login_as_*): every order placed in it is for that suite only and records the operator
 *   (suite-orders.ts); the owner's password, e-mail and saved cards are out of its reach
 *   (plugins/session.ts requireOwnUser). It lasts until the end of the event, and 12 hours at most.
 */
import { randomUUID } from 'node:crypto';
import { normaliseEmail } from '@servery/domain/card';
import { eventEnd, isEventDay } from '@servery/domain/event-suites';
import { findUserByEmail, findUserById, type UserRow } from '../db/accounts-repository';
import type { Db } from '../db/database';
import { insertSuiteAudit } from '../db/event-suites-repository';
import type { Restaurant } from '../db/restaurants-repository';
import { insertSession } from '../db/sessions-repository';
import { AppError } from '../lib/app-error';
import type { EventSuiteSealer } from '../lib/event-suite-link';
import { hashToken, newSecretToken } from '../lib/session-tokens';
import { eventSuiteRefOf, resolveEventSuite } from './event-suites';
import { requireVenueOperator } from './operator-events';
import { addressKey, reserveOrThrow } from './rate-limits';

const MAX_HOURS = 12;

export interface LoginAsInput {
  operatorUserId: number;
  eventSuite: number | string | undefined;
  suiteOperatorEmail?: string | undefined;
  ownerEmail?: string | undefined;
  address: string;
}

export async function loginAs(
  database: Db,
  restaurant: Restaurant,
  sealer: EventSuiteSealer,
  input: LoginAsInput,
  now: Date,
): Promise<{ token: string; owner: UserRow; eventSuiteId: number }> {
  const db = database.db;
  await reserveOrThrow(
    db,
    [
      { limit: 'loginAsOperator', key: `u:${input.operatorUserId}` },
      { limit: 'loginAsAddress', key: addressKey(input.address) },
    ],
    now,
  );
  await requireVenueOperator(db, restaurant, input.operatorUserId);
  const operator = await findUserById(db, input.operatorUserId);
  if (!operator) throw new AppError('SESSION_EXPIRED');
  if (input.suiteOperatorEmail !== undefined && normaliseEmail(input.suiteOperatorEmail) !== normaliseEmail(operator.email)) {
    throw new AppError('NOT_A_SUITE_OPERATOR');
  }
  if (input.eventSuite === undefined || input.eventSuite === '') throw new AppError('NO_EVENT_SUITE');
  const facts = resolveEventSuite(restaurant, sealer, eventSuiteRefOf(input.eventSuite));
  if (!isEventDay(facts.event, restaurant.settings.zone, now)) throw new AppError('EVENT_DAY_ONLY');
  const ownerEmail = facts.eventSuite.owner_email;
  const owner = ownerEmail ? await findUserByEmail(db, normaliseEmail(ownerEmail)) : null;
  if (!owner || (input.ownerEmail !== undefined && normaliseEmail(input.ownerEmail) !== owner.email)) {
    throw new AppError('NOT_ASSIGNED_TO_SUITE');
  }
  const token = newSecretToken();
  const expiresAt = new Date(Math.min(eventEnd(facts.event).getTime(), now.getTime() + MAX_HOURS * 3600 * 1000));
  await db.transaction().execute(async (trx) => {
    await insertSession(trx, {
      tokenHash: hashToken(token),
      userId: owner.id,
      kind: 'user',
      now,
      expiresAt,
      loginAs: { operatorUserId: operator.id, eventSuiteId: facts.eventSuite.id },
    });
    await insertSuiteAudit(trx, {
      id: randomUUID(),
      restaurantId: restaurant.id,
      eventSuiteId: facts.eventSuite.id,
      actorUserId: operator.id,
      action: 'login_as',
      detail: { ownerUserId: owner.id, expiresAt: expiresAt.toISOString() },
      now,
    });
  });
  return { token, owner, eventSuiteId: facts.eventSuite.id };
}
