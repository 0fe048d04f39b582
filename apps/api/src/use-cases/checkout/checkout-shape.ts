/**
 * The one thing that differs between checkouts once the policy is known: how a cart becomes orders
 * (order-types/policy.ts `CheckoutSplit`). A shape prices its cart its own way (one cart; every
 * school day and student; every vendor's part), gives the plan its input, and drafts the orders the
 * commit stores. The pipeline (place-checkout.ts) runs every step in the same order for all of them.
 */
import type { OrderTypePolicy } from '@servery/domain/order-types/policy';
import type { OrderPlan, PlanCheckout, PlanError, PlanInput } from '@servery/domain/plan-order';
import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import type { AppError } from '../../lib/app-error';
import type { Executor } from '../../kernel/executor';
import type { EventSuiteSealer } from '../../lib/event-suite-link';
import type { CreateMarketplaceOrderRequest } from '@servery/contracts/marketplace';
import type { PlaceOrderRequest } from '@servery/contracts/orders';
import type { CreateK12OrderRequest } from '@servery/contracts/school';
import type { Locale } from '@servery/contracts/tenant-file';
import type { LoginAs, OfferedOperator } from '@servery/domain/order-types/suite';
import type { CommitPlacementOptions, PlacementServices } from './commit-checkout';

/** What every checkout takes from its request besides its body (routes/orders/placement-request.ts). */
export interface CheckoutContext {
  database: Db;
  restaurant: Restaurant;
  idempotencyKey: string;
  locale: Locale;
  services: PlacementServices;
  now: Date;
  /** The signed-in diner (or the suite's owner a login-as session orders for); null for a guest. */
  userId: number | null;
  /** The restaurant's member cookie: the member the cart was priced for. */
  memberCookie?: string | undefined;
  /** The caller's address, for the limits on tender guesses and declined payments. */
  address: string;
  /** The request body's hash (order-request-hash.ts): the same key with another body is refused. */
  hash: string;
  /** The site's address (config PUBLIC_URL) for the receipt's links; absent: the receipt has none. */
  publicUrl?: string | undefined;
}

/** What the plan needs that only I/O gives: the saved card the checkout names and where a postal code is. */
export type PlanLoads = PlanInput['loaded'];

/** What a shape adds to the commit: its orders, what they spend once, and their capacity, receipt and answer. */
export type ShapeCommit<Answer> = Pick<
  CommitPlacementOptions<Answer>,
  'tenders' | 'drafts' | 'checkCapacity' | 'replay' | 'receipt' | 'answer' | 'suite' | 'alongside'
>;

export interface CheckoutShape<Answer, Admitted, Priced> {
  /** The diner's checkout as the plan reads it (a saved card, a delivery address to place). */
  readonly checkout: PlanCheckout;
  /** The order type the plan is asked about (its delivery rule and its policy). */
  readonly type: PlanInput['type'];
  /** The answer of the checkout placed earlier under this key; null when the key is new. */
  replay(db: Executor): Promise<Answer | null>;
  /** The policy the checkout follows, with what decided it (a suite order's event suite). */
  admit(): Promise<{ policy: OrderTypePolicy; admitted: Admitted }>;
  /** The cart priced through the same code as the cart's costs; stale lines and tenders stop here. */
  price(admitted: Admitted): Promise<Priced>;
  planInput(priced: Priced, loaded: PlanLoads, admitted: Admitted): PlanInput;
  /** The plan's refusal as the client hears it; absent: as the plan says it. */
  refusal?(error: PlanError, priced: Priced): AppError;
  commit(priced: Priced, plan: OrderPlan, admitted: Admitted, loaded: PlanLoads): ShapeCommit<Answer>;
}

export type PlacementContext = Omit<CheckoutContext, 'hash'>;

/** The restaurant a shape reads its settings from. */
export type Settings = Restaurant['settings'];

/** What each placement call sends, by the route it came through. */
export type CheckoutRequest =
  | {
      kind: 'order';
      body: PlaceOrderRequest;
      /** Opens sealed event-suite values (a suite order's `config.eventSuite`). */
      sealer: EventSuiteSealer;
      /** The caller's login-as session and the operator token the order offers (the suite policy's caller rule). */
      loginAs: LoginAs | null;
      operator: OfferedOperator;
      /**
       * The venue's operator changing a suite's pre-order (use-cases/suites/pre-order-change.ts; never
       * from a request body); `record` keeps the change and its reason in the order's own transaction.
       */
      operatorChange?: { operatorUserId: number; record: (trx: Executor, order: OrderRow) => Promise<void> } | undefined;
    }
  | { kind: 'school'; body: CreateK12OrderRequest }
  | { kind: 'marketplace'; body: CreateMarketplaceOrderRequest };
