/**
 * Gift cards from the staff console (issue 32 item 2; docs/decisions/0112-gift-cards-issued-from-the-console.md):
 * owners and managers issue a card, list the restaurant's cards and look one up by its number.
 *
 * A card is live money, written straight to `gift_cards`, never through the menu draft. Its number is
 * 16 digits made by the server (domain/gift-cards.ts), derived under the server's key from a random
 * issue id kept with the card (lib/secret-digests.ts), so the answer to a retried issue (same
 * Idempotency-Key) can give the same number while the database keeps only its digest. The number is
 * never logged: the route logs the last four.
 */
import { randomUUID } from 'node:crypto';
import type { IssueGiftCardRequest, IssueGiftCardResponse, StaffGiftCard } from '@servery/contracts/staff-gift-cards';
import { checkGiftCardAmount, giftCardNumberOf, typedGiftCardNumber } from '@servery/domain/gift-cards';
import {
  findGiftCardByIssueKey,
  findGiftCardByNumber,
  insertIssuedGiftCard,
  listGiftCards,
  type GiftCardRow,
} from '../../db/gift-cards-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Executor } from '../../kernel/executor';
import { AppError } from '../../lib/app-error';
import { issuedGiftCardBody, maskedGiftCardNumber } from '../../lib/secret-digests';
import { reserveOrThrow, addressKey } from '../platform/rate-limits';
import type { StaffActor } from './staff-team';

/** A hub vendor's staff work their own counter: a card is the whole restaurant's money. */
function refuseVendorStaff(actor: StaffActor): void {
  if (actor.vendorId != null) throw new AppError('STAFF_ROLE_NOT_ALLOWED');
}

export function staffGiftCardOf(row: GiftCardRow): StaffGiftCard {
  return {
    number: maskedGiftCardNumber(row.last_four),
    last_four: row.last_four,
    issued_amount: row.issued_cents,
    balance: row.balance_cents,
    source: row.source,
    issued_at: row.issued_at,
    issued_by: row.source === 'staff' ? row.issued_by_name : null,
    recipient: row.recipient,
    note: row.note,
    updated_at: row.updated_at,
  };
}

export async function listStaffGiftCards(db: Executor, restaurant: Restaurant, actor: StaffActor): Promise<StaffGiftCard[]> {
  refuseVendorStaff(actor);
  return (await listGiftCards(db, restaurant.id)).map(staffGiftCardOf);
}

/** Draws a new number this many times when one collides with a card already there (1 in 10^14 each). */
const DRAWS = 3;

export async function issueGiftCard(
  db: Executor,
  restaurant: Restaurant,
  actor: StaffActor,
  request: IssueGiftCardRequest,
  idempotencyKey: string,
  now: Date,
): Promise<IssueGiftCardResponse> {
  refuseVendorStaff(actor);
  const checked = checkGiftCardAmount(request.amount);
  if (!checked.ok) throw new AppError(checked.error);
  const recipient = request.recipient?.trim() || null;
  const note = request.note?.trim() || null;
  for (let draw = 0; draw < DRAWS; draw++) {
    const issueId = randomUUID();
    const number = giftCardNumberOf(issuedGiftCardBody(restaurant.id, issueId));
    try {
      const card = {
        restaurantId: restaurant.id,
        number,
        cents: checked.amount,
        issueId,
        issueKey: idempotencyKey,
        issuedBy: actor.userId,
      };
      if (await insertIssuedGiftCard(db, { ...card, recipient, note }, now)) {
        const row = await findGiftCardByIssueKey(db, restaurant.id, idempotencyKey);
        return { card: staffGiftCardOf(row!), full_number: number, replayed: false };
      }
    } catch (error) {
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    return replay(db, restaurant, actor, { cents: checked.amount, recipient, note }, idempotencyKey);
  }
  throw new AppError('INTERNAL');
}

/** The card the key already made, with its number derived again; refused when the key made a different card. */
async function replay(
  db: Executor,
  restaurant: Restaurant,
  actor: StaffActor,
  asked: { cents: number; recipient: string | null; note: string | null },
  key: string,
): Promise<IssueGiftCardResponse> {
  const row = await findGiftCardByIssueKey(db, restaurant.id, key);
  const same =
    row !== null &&
    row.issue_id !== null &&
    row.issued_by === actor.userId &&
    row.issued_cents === asked.cents &&
    row.recipient === asked.recipient &&
    row.note === asked.note;
  if (!same) throw new AppError('GIFT_CARD_KEY_REUSED');
  return { card: staffGiftCardOf(row), full_number: giftCardNumberOf(issuedGiftCardBody(restaurant.id, row.issue_id!)), replayed: true };
}

/**
 * One card by its whole number (spaces and dashes allowed), for a customer at the counter: a card
 * with nothing left is shown too. A number that finds nothing counts against the same limits as the
 * cart's look-up (tender-look-ups.ts, decision 0015): a team member's session is no licence to guess.
 */
export async function lookUpStaffGiftCard(
  db: Executor,
  restaurant: Restaurant,
  actor: StaffActor,
  typed: string,
  address: string,
  now: Date,
): Promise<StaffGiftCard> {
  refuseVendorStaff(actor);
  const reservation = await reserveOrThrow(
    db,
    [
      { limit: 'giftCardAddress', key: addressKey(address) },
      { limit: 'giftCardRestaurant', key: String(restaurant.id) },
    ],
    now,
  );
  const row = await findGiftCardByNumber(db, restaurant.id, typedGiftCardNumber(typed));
  if (!row) throw new AppError('GIFT_CARD_NOT_FOUND');
  await reservation.giveBack();
  return staffGiftCardOf(row);
}
