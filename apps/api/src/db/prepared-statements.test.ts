/**
 * Named prepared statements (prepared-statements.ts, docs/decisions/0087-named-prepared-statements.md):
 * which texts get a name, and on PostgreSQL that a repeated query runs prepared and a schema change
 * closes the connections whose statements it may have made stale.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { statementNamer } from './prepared-statements';

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

describe('statementNamer', () => {
  const SELECT = 'select "id" from "restaurants" where "id" = $1';
  it.each([
    ['a select', SELECT, true],
    ['an insert', 'insert into "orders" ("a") values ($1) returning "id"', true],
    ['an update', 'update "orders" set "a" = $1 where "id" = $2', true],
    ['a delete', 'delete from "carts" where "id" = $1', true],
    ['a common table expression', 'with "x" as (select 1) select * from "x"', true],
    ['a leading newline and capitals', '\n  SELECT 1', true],
    ['a transaction command', 'begin', false],
    ['a commit', 'commit', false],
    ['a setting', 'set role servery_app', false],
    ['DDL', 'alter table "orders" add column "x" text', false],
    ['two statements', 'select 1; select 2', false],
  ])('%s: named on its second run only when it is one data statement', (_case, text, nameable) => {
    const nameOf = statementNamer();
    expect(nameOf(text)).toBeUndefined();
    const second = nameOf(text);
    if (nameable) {
      expect(second).toMatch(/^servery_\d+$/);
      expect(nameOf(text)).toBe(second);
    } else {
      expect(second).toBeUndefined();
    }
  });

  it('gives each text its own name and the same text the same name', () => {
    const nameOf = statementNamer({ sightings: 1 });
    const a = nameOf('select 1');
    const b = nameOf('select 2');
    expect(a).not.toBe(b);
    expect(nameOf('select 1')).toBe(a);
  });

  it('names no more texts than its capacity: later texts stay unnamed', () => {
    const nameOf = statementNamer({ capacity: 3, sightings: 1 });
    const names = ['select 1', 'select 2', 'select 3', 'select 4'].map(nameOf);
    expect(names.slice(0, 3).every((name) => name !== undefined)).toBe(true);
    expect(names[3]).toBeUndefined();
    expect(nameOf('select 1')).toBe(names[0]);
  });

  it('forgets the counts of unnamed texts when they pile up, which only delays naming', () => {
    const nameOf = statementNamer({ capacity: 2, sightings: 2 });
    nameOf('select 0');
    for (let i = 1; i <= 20; i += 1) nameOf(`select ${i}`);
    // 'select 0' was forgotten with the pile: its next run is a first sighting again.
    expect(nameOf('select 0')).toBeUndefined();
    expect(nameOf('select 0')).toMatch(/^servery_/);
  });
});

describe.skipIf(!onPostgres)('named prepared statements on PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`create table prepared_probe (id integer primary key, label text not null)`.execute(database.db);
    await sql`insert into prepared_probe (id, label) values (1, 'one'), (2, 'two')`.execute(database.db);
  });
  afterAll(() => database?.drop());

  /** The statements prepared on the connection that runs it, as PostgreSQL lists them. */
  const preparedHere = async (db: Parameters<ReturnType<typeof sql>['execute']>[0]) => {
    const result = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db);
    return result.rows;
  };

  it('runs a repeated query by name on its connection, with the same answers', async () => {
    const labels = await database.db.transaction().execute(async (trx) => {
      const seen: string[] = [];
      for (const id of [1, 2, 1]) {
        const row = await trx
          .selectFrom('prepared_probe' as never)
          .select(sql<string>`label`.as('label'))
          .where(sql`id`, '=', id)
          .executeTakeFirstOrThrow();
        seen.push((row as { label: string }).label);
      }
      return { seen, prepared: await preparedHere(trx) };
    });
    expect(labels.seen).toEqual(['one', 'two', 'one']);
    expect(labels.prepared.some((row) => /^servery_\d+$/.test(row.name) && row.statement.includes('prepared_probe'))).toBe(true);
  });

  it('closes the connections a schema change may have made stale: the next query reads the new columns', async () => {
    const readAll = (db = database.db) =>
      db
        .selectFrom('prepared_probe' as never)
        .selectAll()
        .orderBy(sql`id`)
        .execute();
    // Prepared on one connection (a transaction holds it), which the pool hands out next (its idle list is last in, first out).
    const prepared = await database.db.transaction().execute(async (trx) => {
      await readAll(trx);
      await readAll(trx);
      return preparedHere(trx);
    });
    expect(prepared.some((row) => row.statement.startsWith('select * from "prepared_probe"'))).toBe(true);
    await sql`alter table prepared_probe add column note text`.execute(database.db);
    // Without closing the connection, PostgreSQL refuses the prepared `select *`: "cached plan must not change result type".
    const after = (await readAll()) as Array<Record<string, unknown>>;
    expect(Object.keys(after[0]!).sort()).toEqual(['id', 'label', 'note']);
  });
});
