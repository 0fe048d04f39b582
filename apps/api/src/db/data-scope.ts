/**
 * Whose rows the work in progress may touch, carried through awaits by AsyncLocalStorage. On
 * PostgreSQL every connection checked out of the application's pool is given this scope as settings
 * (database.ts), and the row-level security policies of migration 0023 read them: a query that
 * forgets its `where restaurant_id` still sees only its own tenant's rows, and nothing at all outside
 * a scope. SQLite has no row-level security: until a PostgreSQL database is opened in the process
 * (`activateScopes`), no scope is ever opened and every function here only calls through, so the
 * SQLite hot paths never pay for an AsyncLocalStorage.
 *
 * - A request starts with an empty scope (plugins/request-context.ts). `tenantOf` adds the request's
 *   restaurant, `requireSession` adds the signed-in person (their own rows in any restaurant), a
 *   verified staff member adds their restaurant to `staffOf` (which opens its students and its school
 *   orders), and a guest's order secret, once given, adds that order (`orderTokenHashes`: a school
 *   order carries a child's name, so the restaurant's scope alone does not open it, migration 0024).
 * - Work that spans tenants (migrations, tenant import, the outbox and webhook relays, the tab sweep,
 *   a hub's vendors) names itself with `asSystem`: it runs on the owner's connection, a separate
 *   privileged path (docs/decisions/0039-row-level-security.md).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { hashToken } from '../lib/session-tokens';

export interface DataScope {
  /** The restaurants whose rows this work reads and writes. */
  tenants: number[];
  /** The signed-in person: their own rows (orders, students, credits) in any restaurant. */
  userId: number | null;
  /** The restaurants whose staff session was verified: their students and school orders are readable. */
  staffOf: number[];
  /**
   * The SHA-256 of the access tokens (the diner's secret of one order each) this work holds: a guest
   * reading their order, or a guest's checkout writing its orders. A school order shows to its
   * token's holder. Hashes, because that is what orders keep (migration 0026).
   */
  orderTokenHashes: string[];
  /** Named privileged work across tenants, on the owner's connection; null for ordinary work. */
  system: string | null;
}

const storage = new AsyncLocalStorage<DataScope>();
let active = false;

/** A PostgreSQL database was opened in this process: scopes are kept from now on (db/database.ts). */
export function activateScopes(): void {
  active = true;
}

export function currentScope(): DataScope | undefined {
  return storage.getStore();
}

/** Runs `fn` in a fresh, empty scope (a request's, before it names its tenant or person). */
export function runInNewScope<T>(fn: () => T): T {
  return active ? storage.run({ tenants: [], userId: null, staffOf: [], orderTokenHashes: [], system: null }, fn) : fn();
}

/**
 * Runs `fn` as named privileged work that spans tenants: on PostgreSQL its queries go through the
 * owner's connection, which the policies let through. Only for work that is by nature across tenants;
 * a request never runs as system because it was inconvenient to name its tenant.
 */
export function asSystem<T>(name: string, fn: () => T): T {
  return active ? storage.run({ tenants: [], userId: null, staffOf: [], orderTokenHashes: [], system: name }, fn) : fn();
}

/** Runs `fn` scoped to exactly these restaurants (work that stays inside them, e.g. one tenant's sweep). */
export function asTenants<T>(tenants: number[], fn: () => T): T {
  return active ? storage.run({ tenants: [...tenants], userId: null, staffOf: [], orderTokenHashes: [], system: null }, fn) : fn();
}

/** The current scope also covers this restaurant (the request named it). */
export function addTenant(restaurantId: number): void {
  const scope = storage.getStore();
  if (scope && !scope.tenants.includes(restaurantId)) scope.tenants.push(restaurantId);
}

/** The current scope also covers this person's own rows (their session was verified). */
export function setScopeUser(userId: number): void {
  const scope = storage.getStore();
  if (scope) scope.userId = userId;
}

/** The current scope may read this restaurant's students and school orders (its staff session was verified). */
export function addStaffOf(restaurantId: number): void {
  const scope = storage.getStore();
  if (!scope) return;
  if (!scope.staffOf.includes(restaurantId)) scope.staffOf.push(restaurantId);
  if (!scope.tenants.includes(restaurantId)) scope.tenants.push(restaurantId);
}

const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;
const HASH = /^[0-9a-f]{64}$/;

/**
 * The current scope holds these orders' secrets (a guest gave one to read their order, or a guest's
 * checkout made them for the orders it writes): those orders show to it even when they are school
 * orders. A token only ever matches its own order, and the caller still compares it (lib/same-secret.ts).
 */
export function addOrderTokens(tokens: readonly string[]): void {
  // An order's token is base64url, so anything else is no order's and is left out.
  addOrderTokenHashes(tokens.filter((token) => TOKEN.test(token)).map(hashToken));
}

/** As `addOrderTokens`, for work that holds the orders' token hashes only (a guest checkout's replay, read as the owner). */
export function addOrderTokenHashes(hashes: readonly string[]): void {
  const scope = storage.getStore();
  if (!scope) return;
  // The settings carry them as a comma list (db/database.ts): hex only.
  for (const hash of hashes) if (HASH.test(hash) && !scope.orderTokenHashes.includes(hash)) scope.orderTokenHashes.push(hash);
}
