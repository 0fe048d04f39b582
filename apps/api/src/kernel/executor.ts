/**
 * The database executor every repository and every port that writes in its caller's transaction
 * takes: the whole database or one transaction over it. It lives here, below both db/ and ports/
 * (docs/decisions/0060-layers-one-way.md), so that neither imports the other for it.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

export type Executor = Kysely<Database> | Transaction<Database>;
