/**
 * Gift cards as the staff console reads and issues them (docs/decisions/0112-gift-cards-issued-from-the-console.md).
 * The number is never stored: a card is found by its keyed digest (lib/secret-digests.ts); a list shows
 * the last four. The diner's look-up and the debit at checkout are tenders-repository.ts and
 * placed-orders-repository.ts.
 */
import type { Executor } from '../kernel/executor';
import { giftCardDigest } from '../lib/secret-digests';

export interface GiftCardRow {
  last_four: string;
  balance_cents: number;
  updated_at: string;
  source: 'staff' | 'file';
  issued_cents: number | null;
  issued_at: string | null;
  issued_by_name: string | null;
  recipient: string | null;
  note: string | null;
  issue_id: string | null;
  issued_by: number | null;
}

/** The most a list answers: a restaurant that sells more keeps its older cards findable by number. */
export const GIFT_CARD_LIST_LIMIT = 500;

function selectCards(db: Executor, restaurantId: number) {
  return db
    .selectFrom('gift_cards')
    .leftJoin('users', 'users.id', 'gift_cards.issued_by')
    .select([
      'gift_cards.last_four',
      'gift_cards.balance_cents',
      'gift_cards.updated_at',
      'gift_cards.source',
      'gift_cards.issued_cents',
      'gift_cards.issued_at',
      'gift_cards.issued_by',
      'gift_cards.recipient',
      'gift_cards.note',
      'gift_cards.issue_id',
      'users.first_name',
      'users.last_name',
    ])
    .where('gift_cards.restaurant_id', '=', restaurantId);
}

type Selected = Omit<GiftCardRow, 'issued_by_name'> & { first_name: string | null; last_name: string | null };

const rowOf = ({ first_name, last_name, ...row }: Selected): GiftCardRow => ({
  ...row,
  issued_by_name: first_name === null ? null : `${first_name} ${last_name ?? ''}`.trim(),
});

/** The restaurant's cards, the latest issued first (a file's cards from before 0036, with no date, last). */
export async function listGiftCards(db: Executor, restaurantId: number): Promise<GiftCardRow[]> {
  const rows = await selectCards(db, restaurantId)
    .orderBy((eb) => eb.case().when('gift_cards.issued_at', 'is', null).then(1).else(0).end())
    .orderBy('gift_cards.issued_at', 'desc')
    .orderBy('gift_cards.updated_at', 'desc')
    .orderBy('gift_cards.number_hash')
    .limit(GIFT_CARD_LIST_LIMIT)
    .execute();
  return rows.map(rowOf);
}

/** The card of this whole number at the restaurant, found by its digest; null when there is none. */
export async function findGiftCardByNumber(db: Executor, restaurantId: number, number: string): Promise<GiftCardRow | null> {
  const row = await selectCards(db, restaurantId)
    .where('gift_cards.number_hash', '=', giftCardDigest(restaurantId, number))
    .executeTakeFirst();
  return row ? rowOf(row) : null;
}

/** The card an earlier issue with this Idempotency-Key made; null when there is none. */
export async function findGiftCardByIssueKey(db: Executor, restaurantId: number, key: string): Promise<GiftCardRow | null> {
  const row = await selectCards(db, restaurantId).where('gift_cards.issue_key', '=', key).executeTakeFirst();
  return row ? rowOf(row) : null;
}

export interface NewIssuedCard {
  restaurantId: number;
  number: string;
  cents: number;
  issueId: string;
  issueKey: string;
  issuedBy: number;
  recipient: string | null;
  note: string | null;
}

/**
 * Inserts an issued card; false when its Idempotency-Key already made one (the unique index: a
 * second request with the key, at once or later, inserts nothing). A number that collides with a
 * card already there throws a unique violation (the primary key), for the caller to draw again.
 */
export async function insertIssuedGiftCard(db: Executor, card: NewIssuedCard, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .insertInto('gift_cards')
    .values({
      restaurant_id: card.restaurantId,
      number_hash: giftCardDigest(card.restaurantId, card.number),
      last_four: card.number.slice(-4),
      balance_cents: card.cents,
      updated_at: at,
      source: 'staff',
      issued_cents: card.cents,
      issued_at: at,
      issued_by: card.issuedBy,
      recipient: card.recipient,
      note: card.note,
      issue_id: card.issueId,
      issue_key: card.issueKey,
    })
    .onConflict((conflict) => conflict.columns(['restaurant_id', 'issue_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
