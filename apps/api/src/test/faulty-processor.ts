/**
 * A payment processor outside our database that misbehaves on demand, for the fault tests
 * (docs/decisions/0066-payment-faults-and-lifecycle-model.md). It is the sandbox processor, but
 * with its own ledger (a throwaway database of its own, like a remote processor's books): it ignores
 * the executor of the caller's transaction, so a rolled-back placement does not roll its charges
 * back, exactly what makes a real processor's faults dangerous.
 *
 * A fault is armed for a step and fires on that step's next call(s):
 * - `timeout-before`: the call never reaches it (nothing charged), then a timeout;
 * - `timeout-after`: it takes the charge, then the answer is lost (a timeout);
 * - `error-after`: it takes the charge, then answers 500;
 * - `twice`: it performs the call twice and answers once (a duplicated request: two charges).
 * `paymentsFor` (the look-up compensation uses) can be made to fail too: a processor still away.
 */
import * as sandboxPayments from '../db/sandbox-payments-repository';
import type { Executor } from '../kernel/executor';
import type { PaymentProcessor } from '../ports/payments';
import { sandboxProcessor } from '../ports/sandbox-processor';
import { importTenants, type TenantSource } from '../use-cases/platform/import-tenants';
import { createTestDatabase, type TestDatabase } from './test-database';

export type Fault = 'timeout-before' | 'timeout-after' | 'error-after' | 'twice';
export type FaultyStep = 'authorise' | 'capture' | 'void' | 'refund' | 'paymentsFor';

export interface LedgerPayment {
  id: string;
  order_id: string;
  status: string;
  amount_cents: number;
  captured_cents: number;
  refunded_cents: number;
}

export interface FaultyProcessor extends PaymentProcessor {
  /** The next `times` calls of `step` fail this way. */
  arm(step: FaultyStep, fault: Fault, times?: number): void;
  /** Faults armed and not yet fired. */
  pending(): number;
  /** The processor's own record of payments for a restaurant, oldest first. */
  ledger(restaurantId: number): Promise<LedgerPayment[]>;
  close(): Promise<void>;
}

export function timeoutError(): Error {
  return Object.assign(new Error('processor request timed out after 30000 ms'), { code: 'ETIMEDOUT' });
}

export function serverError(): Error {
  return Object.assign(new Error('processor answered 500 Internal Server Error'), { status: 500 });
}

/** `merchants`: the restaurants it takes payments for (its tables name them, like ours). */
export async function faultyProcessor(merchants: TenantSource[]): Promise<FaultyProcessor> {
  const books: TestDatabase = await createTestDatabase();
  const imported = await importTenants(books.db, merchants, new Date());
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
  const sandbox = sandboxProcessor(sandboxPayments);
  const armed: Array<{ step: FaultyStep; fault: Fault }> = [];

  function take(step: FaultyStep): Fault | null {
    const index = armed.findIndex((entry) => entry.step === step);
    if (index < 0) return null;
    const [entry] = armed.splice(index, 1);
    return entry!.fault;
  }

  /** Runs `call` on the processor's own books, with the step's armed fault, if any. */
  async function faulty<T>(step: FaultyStep, call: (db: Executor) => Promise<T>): Promise<T> {
    const fault = take(step);
    if (fault === 'timeout-before') throw timeoutError();
    const answer = await call(books.db);
    if (fault === 'timeout-after') throw timeoutError();
    if (fault === 'error-after') throw serverError();
    if (fault === 'twice') {
      // The duplicate is processed too; the caller hears the first answer only.
      await call(books.db);
    }
    return answer;
  }

  return {
    ...sandbox,
    name: 'sandbox',
    recordsInDatabase: false,
    tokenise: (_db, restaurantId, card, now) => sandbox.tokenise(books.db, restaurantId, card, now),
    saveCard: (_db, source, now) => sandbox.saveCard(books.db, source, now),
    deleteCard: (_db, reference) => sandbox.deleteCard(books.db, reference),
    authorise: (_db, request) => faulty('authorise', (db) => sandbox.authorise(db, request)),
    authoriseWallet: (_db, request) => faulty('authorise', (db) => sandbox.authoriseWallet(db, request)),
    capture: (_db, restaurantId, paymentId, amount, now) =>
      faulty('capture', (db) => sandbox.capture(db, restaurantId, paymentId, amount, now)),
    void: (_db, restaurantId, paymentId, now) => faulty('void', (db) => sandbox.void(db, restaurantId, paymentId, now)),
    refund: (_db, restaurantId, paymentId, amount, now) =>
      faulty('refund', (db) => sandbox.refund(db, restaurantId, paymentId, amount, now)),
    paymentsFor: (_db, restaurantId, reference) => faulty('paymentsFor', (db) => sandbox.paymentsFor(db, restaurantId, reference)),

    arm(step, fault, times = 1) {
      for (let index = 0; index < times; index++) armed.push({ step, fault });
    },
    pending: () => armed.length,
    ledger: (restaurantId) =>
      books.db
        .selectFrom('payments')
        .select(['id', 'order_id', 'status', 'amount_cents', 'captured_cents', 'refunded_cents'])
        .where('restaurant_id', '=', restaurantId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    close: () => books.drop(),
  };
}

/** The money a payment still holds: an authorisation's amount, or what was captured and not refunded. */
export function heldCents(payment: LedgerPayment): number {
  if (payment.status === 'authorised') return payment.amount_cents;
  if (payment.status === 'captured' || payment.status === 'partially_refunded') return payment.captured_cents - payment.refunded_cents;
  return 0;
}
