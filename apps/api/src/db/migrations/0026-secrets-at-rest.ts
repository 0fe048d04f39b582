import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { giftCardDigest, lastFour, withMaskedGiftCards } from '../../lib/secret-digests';
import { hashToken } from '../../lib/session-tokens';

/**
 * Secrets at rest (docs/decisions/0061-secrets-at-rest.md): a copy of the database gives no gift
 * card and opens no order.
 *
 * - `gift_cards`: the number becomes `number_hash` (HMAC-SHA-256 under the server's key with the
 *   restaurant, lib/secret-digests.ts) and `last_four`; the primary key is (restaurant_id,
 *   number_hash). Existing rows are converted with the key the server runs with (main.ts sets it
 *   before migrating), so every card keeps its balance and is found by its number as before.
 * - `orders.access_token` becomes `access_token_hash`, the SHA-256 (hex) of the token, which the
 *   diners' links and stored tokens keep opening (a token is compared by its hash). On PostgreSQL the
 *   orders policy of migration 0024 now compares hashes, read from `app.order_token_hashes`.
 * - `orders.data`: a gift card's number in the costs (`voucher.code`) is masked to its last four,
 *   which is all the confirmation screen and the receipts ever showed of it.
 * - `restaurants.settings`: the imported tenant file kept its `gift_cards` list; now emptied (the
 *   cards are in `gift_cards`, and nothing read them from the settings).
 *
 * Invitation and password-reset links and sessions already kept only a SHA-256 (migrations 0005 and
 * 0015): nothing to convert. Row-level security (0023) is kept: `gift_cards` is altered in place on
 * PostgreSQL, so its policies and grants stay, and rebuilt on SQLite, which has none.
 */

const TENANT = `restaurant_id = any (string_to_array(current_setting('app.tenant', true), ',')::integer[])`;
const PERSON = `user_id = nullif(current_setting('app.user', true), '')::integer`;
const STAFF = `restaurant_id = any (string_to_array(current_setting('app.staff', true), ',')::integer[])`;
const TOKEN_HASH = `access_token_hash = any (string_to_array(nullif(current_setting('app.order_token_hashes', true), ''), ','))`;

/** Migration 0024's rule for orders, with the token's hash in place of the token. */
export const ORDERS_POLICY = `(order_type <> 'school' and ${TENANT}) or ${PERSON} or ${STAFF} or (${TENANT} and ${TOKEN_HASH})`;

/** Rows converted per statement batch: a big orders table is read in pages, never at once. */
const PAGE = 500;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // PostgreSQL runs each migration in a transaction already; SQLite's are not (Kysely), and this one
  // drops a table before it fills its successor: all or nothing, by its own transaction.
  if (postgres) await convert(db, true);
  else await db.transaction().execute((trx) => convert(trx, false));
  if (!postgres) {
    // The old numbers and tokens would stay readable in the file's freed pages and in the WAL until
    // overwritten: VACUUM writes the file anew and the checkpoint empties the WAL. (PostgreSQL keeps
    // them in dead row versions until vacuumed; docs/decisions/0061-secrets-at-rest.md says what
    // an operator runs there, which a migration's transaction cannot.)
    await sql`vacuum`.execute(db);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function convert(db: Kysely<any>, postgres: boolean): Promise<void> {
  await digestGiftCards(db, postgres);
  await hashOrderTokens(db, postgres);
  await maskStoredGiftCards(db);
  await emptySettingsGiftCards(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function emptySettingsGiftCards(db: Kysely<any>): Promise<void> {
  const restaurants: Array<{ id: number; settings: string }> = await db
    .selectFrom('restaurants')
    .select(['id', 'settings'])
    .where('settings', 'like', '%"gift_cards":[{%')
    .execute();
  for (const restaurant of restaurants) {
    const settings = JSON.stringify({ ...JSON.parse(restaurant.settings), gift_cards: [] });
    await db.updateTable('restaurants').set({ settings }).where('id', '=', restaurant.id).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function digestGiftCards(db: Kysely<any>, postgres: boolean): Promise<void> {
  const cards: Array<{ restaurant_id: number; number: string; balance_cents: number; updated_at: string }> = await db
    .selectFrom('gift_cards')
    .select(['restaurant_id', 'number', 'balance_cents', 'updated_at'])
    .execute();
  const digested = cards.map((card) => ({
    restaurant_id: card.restaurant_id,
    number_hash: giftCardDigest(card.restaurant_id, card.number),
    last_four: lastFour(card.number),
    balance_cents: card.balance_cents,
    updated_at: card.updated_at,
  }));
  if (postgres) {
    // In place: the table keeps migration 0023's row-level security, its policies and its grants.
    await db.deleteFrom('gift_cards').execute();
    await sql`alter table gift_cards drop constraint gift_cards_pk`.execute(db);
    await db.schema.alterTable('gift_cards').dropColumn('number').execute();
    await db.schema
      .alterTable('gift_cards')
      .addColumn('number_hash', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .alterTable('gift_cards')
      .addColumn('last_four', 'text', (col) => col.notNull())
      .execute();
    await db.schema.alterTable('gift_cards').addPrimaryKeyConstraint('gift_cards_pk', ['restaurant_id', 'number_hash']).execute();
  } else {
    // SQLite cannot drop a primary key's column: the table is made again (it has no policies there).
    await db.schema.dropTable('gift_cards').execute();
    await db.schema
      .createTable('gift_cards')
      .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('number_hash', 'text', (col) => col.notNull())
      .addColumn('last_four', 'text', (col) => col.notNull())
      .addColumn('balance_cents', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('gift_cards_pk', ['restaurant_id', 'number_hash'])
      .execute();
  }
  for (let start = 0; start < digested.length; start += PAGE) {
    await db
      .insertInto('gift_cards')
      .values(digested.slice(start, start + PAGE))
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function hashOrderTokens(db: Kysely<any>, postgres: boolean): Promise<void> {
  await db.schema.alterTable('orders').renameColumn('access_token', 'access_token_hash').execute();
  if (postgres) {
    // The same text as lib/session-tokens.ts `hashToken`: the hex SHA-256 of the token's UTF-8.
    await sql`update orders set access_token_hash = encode(sha256(convert_to(access_token_hash, 'UTF8')), 'hex') where access_token_hash is not null`.execute(
      db,
    );
    await sql`drop policy servery_app_rows on orders`.execute(db);
    await sql`create policy servery_app_rows on orders to servery_app using (${sql.raw(ORDERS_POLICY)}) with check (${sql.raw(ORDERS_POLICY)})`.execute(
      db,
    );
    return;
  }
  // SQLite has no SHA-256 of its own: page through by id, in the key's order.
  let after = '';
  for (;;) {
    const rows: Array<{ id: string; access_token_hash: string }> = await db
      .selectFrom('orders')
      .select(['id', 'access_token_hash'])
      .where('access_token_hash', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows)
      await db
        .updateTable('orders')
        .set({ access_token_hash: hashToken(row.access_token_hash) })
        .where('id', '=', row.id)
        .execute();
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function maskStoredGiftCards(db: Kysely<any>): Promise<void> {
  // Only orders whose costs name a card (pricing's `voucher: { code: "…"`, as JSON.stringify writes it).
  let after = '';
  for (;;) {
    const rows: Array<{ id: string; data: string }> = await db
      .selectFrom('orders')
      .select(['id', 'data'])
      .where('data', 'like', '%"voucher":{"code":"%')
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const masked = JSON.stringify(withMaskedGiftCards(JSON.parse(row.data)));
      if (masked !== row.data) await db.updateTable('orders').set({ data: masked }).where('id', '=', row.id).execute();
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
}

/** The numbers and tokens are no longer stored anywhere: nothing can put them back. */
export async function down(): Promise<void> {
  throw new Error('Migration 0026 (secrets at rest) cannot be undone: gift-card numbers and order tokens are kept only as digests.');
}
