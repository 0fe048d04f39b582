import { ERRORS, type ErrorName } from '@servery/contracts/errors';
import type { MenuDraftConflict } from '@servery/contracts/staff-menu';

/** The one exception type for outcomes the client must hear about; the error handler maps it to HTTP. */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(
    readonly errorName: ErrorName,
    readonly details?: Array<{ path: string; message: string }>,
    /** Fresh data the client needs to recover (a stale cart's items and costs). */
    readonly extra?: {
      invalid_items?: Array<{ orderId: number; code: number; error: string; name?: { 'en-CA': string; 'fr-CA': string } | null }>;
      items?: unknown[];
      costs?: unknown;
      /** TAB_LIMIT_EXCEEDED: cents left on the suite's tab. */
      remaining?: number;
      /** SERVICE_UNAVAILABLE from /api/health: the dependencies that do not answer. */
      down?: string[];
      /** MENU_DRAFT_CHANGED: the draft now and what changed since the refused save's base. */
      draft_conflict?: MenuDraftConflict;
    },
    /** A limit's refusal (429): when to try again, sent as Retry-After. */
    readonly headers?: { retryAfterSeconds?: number },
    /** What went wrong underneath (kept for the server log; never sent to the client). */
    options?: ErrorOptions,
  ) {
    super(errorName, options);
    this.name = 'AppError';
    this.status = ERRORS[errorName].status;
    this.code = ERRORS[errorName].code;
  }
}
