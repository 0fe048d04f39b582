/**
 * The product's rate limits as data, and the fixed-window arithmetic they share
 * (docs/decisions/0015-rate-limits.md). The counters live in the database
 * (apps/api/src/use-cases/platform/rate-limits.ts) so every server process sees the same ones.
 *
 * Sign-in and password reset are limited three ways so that an attack on an account cannot lock its
 * owner out: per account and address (the guesser), per address (one address trying many accounts),
 * and a much higher per-account ceiling that only unfamiliar addresses count against; past it they
 * are slowed to one attempt per account a minute instead of refused, and the owner's familiar
 * addresses are never held by it.
 */
export interface Limit {
  /** Hits allowed in one window. */
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;

export const LIMITS = {
  /** Password checks per account and address: the guesser at one address. */
  signInPair: { max: 5, windowSeconds: 15 * MINUTE },
  /** Password checks per address over all accounts (credential stuffing from one address). */
  signInAddress: { max: 30, windowSeconds: 15 * MINUTE },
  /** Failed checks of one account from unfamiliar addresses, all together; past it: signInSlow. */
  signInAccount: { max: 50, windowSeconds: 15 * MINUTE },
  /** Past the account's ceiling, unfamiliar addresses share one check a minute. */
  signInSlow: { max: 1, windowSeconds: MINUTE },
  /** Reset e-mails per account and address. */
  forgotPair: { max: 3, windowSeconds: 15 * MINUTE },
  forgotAddress: { max: 20, windowSeconds: 15 * MINUTE },
  forgotAccount: { max: 10, windowSeconds: 60 * MINUTE },
  forgotSlow: { max: 1, windowSeconds: 5 * MINUTE },
  /** user-exist names accounts: every look-up counts. */
  accountLookupAddress: { max: 20, windowSeconds: 15 * MINUTE },
  /** Gift-card and promo-code look-ups that found nothing usable, per address and per restaurant. */
  giftCardAddress: { max: 10, windowSeconds: 15 * MINUTE },
  giftCardRestaurant: { max: 200, windowSeconds: 15 * MINUTE },
  promoCodeAddress: { max: 20, windowSeconds: 15 * MINUTE },
  promoCodeRestaurant: { max: 400, windowSeconds: 15 * MINUTE },
  /** Order-ready texts cost money: every request counts, per address, per restaurant and per order. */
  readyTextAddress: { max: 10, windowSeconds: 15 * MINUTE },
  readyTextRestaurant: { max: 300, windowSeconds: 60 * MINUTE },
  readyTextOrder: { max: 3, windowSeconds: 24 * 60 * MINUTE },
  /** Event-suite look-ups by link (public facts of a suite): per address, so ids cannot be walked. */
  eventSuiteLookupAddress: { max: 60, windowSeconds: 15 * MINUTE },
  /** Login-as (an operator opening an owner's session): per operator and per address. */
  loginAsOperator: { max: 30, windowSeconds: 15 * MINUTE },
  loginAsAddress: { max: 60, windowSeconds: 15 * MINUTE },
  /**
   * New accounts per address: a family or an office signs up a few; a script signing up hundreds is
   * refused. Every attempt counts (an e-mail already taken too: the answer names an account).
   */
  registerAddress: { max: 30, windowSeconds: 60 * MINUTE },
  /**
   * Declined card payments per address (card testing: trying stolen numbers on a cheap order). Read
   * before a payment, counted after a decline; an approved payment counts nothing.
   */
  declinedPaymentAddress: { max: 20, windowSeconds: 60 * MINUTE },
  /**
   * Loyalty checks name enrolled e-mails: every check counts. Checkout asks once per e-mail typed, and
   * an office or a venue shares one address, hence a ceiling that slows a walk rather than a diner.
   */
  loyaltyLookupAddress: { max: 120, windowSeconds: 15 * MINUTE },
  /** Membership numbers that were no member's (the answer names the member). */
  memberLookupAddress: { max: 10, windowSeconds: 15 * MINUTE },
  /** Subsidy codes tried on an account that were not the school's (codes are short and shared). */
  subsidyCodeAddress: { max: 20, windowSeconds: 15 * MINUTE },
  /** Place-name suggestions come per keystroke; venue searches per button press. Per address. */
  placeSuggestAddress: { max: 120, windowSeconds: MINUTE },
  venueSearchAddress: { max: 30, windowSeconds: MINUTE },
  /** Failures a browser reports (routes/client-errors.ts): a broken page reports a few; a flood is refused. */
  clientErrorAddress: { max: 30, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

export interface Window {
  start: Date;
  end: Date;
}

/** The window of `limit` that holds `now`: windows are aligned on the epoch, so every process agrees. */
export function windowAt(limit: Limit, now: Date): Window {
  const length = limit.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / length) * length;
  return { start: new Date(start), end: new Date(start + length) };
}

/** Whole seconds until the window of `now` ends, at least 1 (the Retry-After header). */
export function retryAfterSeconds(limit: Limit, now: Date): number {
  return Math.max(1, Math.ceil((windowAt(limit, now).end.getTime() - now.getTime()) / 1000));
}
