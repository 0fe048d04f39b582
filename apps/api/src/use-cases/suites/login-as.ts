/**
 * Login-as (spec accounts-and-suites.md sections 4 and 6): an operator of the venue opens a session in
 * which it orders on event day for one event suite's owner, or for a guest of that suite who has no
 * account (by name).
 *
 * - Only an operator of this venue (NOT_A_SUITE_OPERATOR), only for an event suite of this venue
 *   (NO_EVENT_SUITE without one, EVENT_SUITE_NOT_FOUND for another), only on event day
 *   (EVENT_DAY_ONLY), only while the suite's tab is open (TAB_CLOSED), and for the owner only when the
 *   suite's owner has an account (NOT_ASSIGNED_TO_SUITE).
 * - Limited per operator and per address (rate-limits loginAsOperator, loginAsAddress) and audited
 *   (suite_audit, action login_as, with the owner or the guest).
 * - For the owner, the session is the owner's user session; for a guest, it is the operator's own
 *   user id with the guest's name and no account behind it. Either is marked with the operator and
 *   the event suite (sessions.login_as_*): every order placed in it is for that suite only and
 *   records the operator and whom it was for (suite-orders.ts); every other account call refuses it
 *   (plugins/session.ts). It lasts until the end of the event, and 12 hours at most.
 */
import { randomUUID } from 'node:crypto';
import { normaliseEmail, validateFullName } from '@servery/domain/card';
import { eventEnd, hasEventEnded, isEventDay } from '@servery/domain/event-suites';
import { findUserByEmail, findUserById, type UserRow } from '../../db/accounts-repository';
import type { Db } from '../../db/database';
import { findTabs, insertSuiteAudit } from '../../db/event-suites-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { insertSession } from '../../db/sessions-repository';
import { AppError } from '../../lib/app-error';
import type { EventSuiteSealer } from '../../lib/event-suite-link';
import { hashToken, newSecretToken } from '../../lib/session-tokens';
import { eventSuiteRefOf, resolveEventSuite } from './event-suites';
import { requireVenueOperator } from './operator-events';
import { addressKey, reserveOrThrow } from '../platform/rate-limits';

const MAX_HOURS = 12;

export interface LoginAsInput {
  operatorUserId: number;
  eventSuite: number | string | undefined;
  suiteOperatorEmail?: string | undefined;
  ownerEmail?: string | undefined;
  /** Order for this guest of the suite (no account) rather than for its owner. */
  guestName?: string | undefined;
  address: string;
}

export async function loginAs(
  database: Db,
  restaurant: Restaurant,
  sealer: EventSuiteSealer,
  input: LoginAsInput,
  now: Date,
): Promise<{ token: string; userId: number; owner: UserRow | null; guestName: string | null; eventSuiteId: number }> {
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
  if (hasEventEnded(facts.event, now)) throw new AppError('TAB_CLOSED');
  if (!isEventDay(facts.event, restaurant.settings.zone, now)) throw new AppError('EVENT_DAY_ONLY');
  const [tab] = await findTabs(db, restaurant.id, [facts.eventSuite.id]);
  if (tab?.closed_at) throw new AppError('TAB_CLOSED');

  let owner: UserRow | null = null;
  let guestName: string | null = null;
  if (input.guestName !== undefined) {
    const name = validateFullName(input.guestName);
    if (!name.ok) throw new AppError('VALIDATION_FAILED', [{ path: 'body.guestName', message: name.error.key }]);
    guestName = name.value;
  } else {
    const ownerEmail = facts.eventSuite.owner_email;
    owner = ownerEmail ? await findUserByEmail(db, normaliseEmail(ownerEmail)) : null;
    if (!owner || (input.ownerEmail !== undefined && normaliseEmail(input.ownerEmail) !== owner.email)) {
      throw new AppError('NOT_ASSIGNED_TO_SUITE');
    }
  }
  const userId = owner?.id ?? operator.id;
  const token = newSecretToken();
  const expiresAt = new Date(Math.min(eventEnd(facts.event).getTime(), now.getTime() + MAX_HOURS * 3600 * 1000));
  await db.transaction().execute(async (trx) => {
    await insertSession(trx, {
      tokenHash: hashToken(token),
      userId,
      kind: 'user',
      now,
      expiresAt,
      loginAs: { operatorUserId: operator.id, eventSuiteId: facts.eventSuite.id, guestName },
    });
    await insertSuiteAudit(trx, {
      id: randomUUID(),
      restaurantId: restaurant.id,
      eventSuiteId: facts.eventSuite.id,
      actorUserId: operator.id,
      action: 'login_as',
      detail: owner ? { ownerUserId: owner.id, expiresAt: expiresAt.toISOString() } : { guestName, expiresAt: expiresAt.toISOString() },
      now,
    });
  });
  return { token, userId, owner, guestName, eventSuiteId: facts.eventSuite.id };
}
