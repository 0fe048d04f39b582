import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Closing and settling a suite's tab, guests ordered for by an operator, and the tab's live balance
 * (docs/decisions/0029-suite-tab-closing.md):
 * - event_suite_tabs: when the tab closes (its event's end, written when the row is made and kept in
 *   step by the sweep if the tenant file moves the event), how the closed tab was settled (charged to the owner's card, invoiced, nothing
 *   due, waiting for a payment preference, or failed), for how much, under which reference (the
 *   processor's payment or the invoice number), when, and who closed it (null: the server's clock).
 * - sessions: a login-as session for a guest of the suite who has no account (the guest's name).
 * - On PostgreSQL a trigger NOTIFYs the order-event channel (migration 0016) when a tab's balance,
 *   limit, closing or settlement changes, at commit: every server process's hub hears it and the
 *   owner's and operator's screens update. SQLite has one process: the writer tells its hub itself.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('event_suite_tabs').addColumn('closes_at', 'text').execute();
  await db.schema.alterTable('event_suite_tabs').addColumn('closed_by', 'integer').execute();
  await db.schema.alterTable('event_suite_tabs').addColumn('settlement_status', 'text').execute();
  await db.schema.alterTable('event_suite_tabs').addColumn('settled_cents', 'integer').execute();
  await db.schema.alterTable('event_suite_tabs').addColumn('settlement_reference', 'text').execute();
  await db.schema.alterTable('event_suite_tabs').addColumn('settlement_detail', 'text').execute();
  await db.schema.alterTable('event_suite_tabs').addColumn('settled_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('login_as_guest_name', 'text').execute();
  // The sweep looks for open tabs whose event has ended (use-cases/suites/suite-tabs.ts closeEndedTabs).
  await db.schema.createIndex('event_suite_tabs_open_idx').on('event_suite_tabs').columns(['closed_at', 'closes_at']).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function servery_suite_tab_notify() returns trigger as $$
      begin
        perform pg_notify('servery_order_events', json_build_object('kind', 'tab', 'restaurant_id', new.restaurant_id, 'event_suite_id', new.event_suite_id)::text);
        return new;
      end;
      $$ language plpgsql`.execute(db);
    await sql`
      create trigger event_suite_tabs_notify after update on event_suite_tabs for each row
      when (old.spent_cents is distinct from new.spent_cents
        or old.limit_cents is distinct from new.limit_cents
        or old.payment_preference is distinct from new.payment_preference
        or old.closed_at is distinct from new.closed_at
        or old.settlement_status is distinct from new.settlement_status)
      execute function servery_suite_tab_notify()`.execute(db);
  }
}
