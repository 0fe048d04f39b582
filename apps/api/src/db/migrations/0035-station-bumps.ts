import type { Kysely } from 'kysely';
import { guardTenantTables } from './tenant-row-security';

/**
 * Kitchen stations (issue 31 item 3; docs/decisions/0107-kitchen-stations.md): `station_bumps` holds
 * which lines of an order a station has made, one row per order line and station. Bumping twice
 * inserts nothing the second time (the primary key); a recall deletes the station's rows. The bumps
 * live apart from the order's JSON: two stations bumping at once each insert their own rows, and the
 * one that finds every station done moves the order, under the order row's lock.
 */
export const STATION_BUMP_TABLES = ['station_bumps'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('station_bumps')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('line_id', 'integer', (col) => col.notNull())
    .addColumn('station', 'text', (col) => col.notNull())
    .addColumn('bumped_by', 'integer')
    .addColumn('bumped_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('station_bumps_pk', ['restaurant_id', 'order_id', 'line_id', 'station'])
    .execute();
  await guardTenantTables(db, STATION_BUMP_TABLES);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('station_bumps').execute();
}
