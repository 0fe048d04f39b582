import type { ErrorEnvelope } from '@servery/contracts/errors';
import type { Locale } from '../i18n/locales';

/** Envelope code of an expired session (spec accounts-and-suites.md section 8). */
export const SESSION_EXPIRED_CODE = 201;

/** Our name for a request that never got an answer (offline, DNS, CORS); status and code are 0. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

type ErrorDetails = NonNullable<ErrorEnvelope['details']>;
/** A stale cart line named by a 415/426/428/400 answer. */
export type InvalidItem = NonNullable<ErrorEnvelope['invalid_items']>[number];

/** What a stale-cart answer carries besides the message: the offending lines and the server's fresh data. */
export interface ApiErrorExtras {
  invalidItems?: InvalidItem[] | undefined;
  /** The cart as the server prices it now (shape of the call's items). */
  items?: unknown[] | undefined;
  /** Fresh costs of that cart, when the server could compute them. */
  costs?: unknown;
  /** TAB_LIMIT_EXCEEDED: cents left on the suite's tab. */
  remaining?: number | undefined;
  /** MENU_DRAFT_CHANGED: the menu draft now, who saved it when, and the paths that changed since the save's base. */
  draftConflict?: ErrorEnvelope['draft_conflict'];
  /**
   * What the server's envelope said, as it said it: a text, or a list (then a toast shows only its
   * prefix); undefined when no envelope came back (the network, a proxy's page).
   */
  serverMessage?: string | readonly string[] | undefined;
}

/** A failed call, from the server's `{ code, error, message }` envelope or from the network. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: number;
  readonly error: string;
  readonly details: ErrorDetails | undefined;
  readonly invalidItems: InvalidItem[] | undefined;
  readonly items: unknown[] | undefined;
  readonly costs: unknown;
  readonly remaining: number | undefined;
  readonly draftConflict: ErrorEnvelope['draft_conflict'];
  readonly serverMessage: string | readonly string[] | undefined;

  constructor(
    init: { status: number; code: number; error: string; message: string; details?: ErrorDetails | undefined } & ApiErrorExtras,
    options?: ErrorOptions,
  ) {
    super(init.message, options);
    this.status = init.status;
    this.code = init.code;
    this.error = init.error;
    this.details = init.details;
    this.invalidItems = init.invalidItems;
    this.items = init.items;
    this.costs = init.costs;
    this.remaining = init.remaining;
    this.draftConflict = init.draftConflict;
    this.serverMessage = init.serverMessage;
  }

  get sessionExpired(): boolean {
    return this.code === SESSION_EXPIRED_CODE;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiClientOptions {
  locale: Locale;
  /** Sent as X-Restaurant-Id once the restaurant is known. */
  restaurantId?: number | null | undefined;
  /** Origin of the API; '' is the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called before the error is thrown when a call answers code 201; a later issue logs out here. */
  onSessionExpired?: (error: ApiError) => void;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClient {
  readonly locale: Locale;
  readonly restaurantId: number | null;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** A GET whose answer is text (a CSV download), with the same headers and errors as any call. */
  getText(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<string>;
  /** The same client speaking for one restaurant (spec: the client is rebuilt so the headers follow). */
  withRestaurant(restaurantId: number): ApiClient;
}

/**
 * The fetch wrapper every call goes through. A client is immutable: a change of locale or
 * restaurant builds a new one, so a request in flight keeps the headers it started with.
 * Responses are trusted to match the contracts' types; the server validates them on the way out.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { locale, baseUrl = '', onSessionExpired } = options;
  const restaurantId = options.restaurantId ?? null;

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    const text = await send(path, init, 'application/json');
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  /** The answer's text ('' for 204); a failed call throws its ApiError. */
  async function send(path: string, init: RequestOptions, accept: string): Promise<string> {
    const doFetch = options.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { Accept: accept, 'Accept-Language': locale };
    if (restaurantId !== null) headers['X-Restaurant-Id'] = String(restaurantId);
    // A file (a menu photo) goes as its own bytes, with the type the caller names; anything else as JSON.
    const raw = typeof Blob !== 'undefined' && init.body instanceof Blob;
    if (init.body !== undefined && !raw) headers['Content-Type'] = 'application/json';
    Object.assign(headers, init.headers);

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? null : raw ? (init.body as Blob) : JSON.stringify(init.body),
        signal: init.signal ?? null,
        credentials: 'same-origin',
      });
    } catch (cause) {
      if (isAbortError(cause)) throw cause;
      throw new ApiError({ status: 0, code: 0, error: NETWORK_ERROR, message: 'The request did not reach the server.' }, { cause });
    }

    if (!response.ok) {
      const error = await toApiError(response);
      if (error.sessionExpired) onSessionExpired?.(error);
      throw error;
    }
    if (response.status === 204) return '';
    return response.text();
  }

  return {
    locale,
    restaurantId,
    request,
    get: (path, init) => request(path, { ...init, method: 'GET' }),
    getText: (path, init) => send(path, { ...init, method: 'GET' }, 'text/csv, text/plain;q=0.9, */*;q=0.1'),
    withRestaurant: (id) => createApiClient({ ...options, restaurantId: id }),
  };
}

/** Parses the error envelope; a body that is not one (a proxy's HTML page) still gives a usable error. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: fall through to a generic error for the status.
  }
  if (isErrorEnvelope(body)) {
    return new ApiError({
      status: response.status,
      code: body.code,
      error: body.error,
      message: typeof body.message === 'string' ? body.message : body.message.join(' '),
      serverMessage: body.message,
      details: body.details,
      invalidItems: Array.isArray(body.invalid_items) ? body.invalid_items : undefined,
      items: Array.isArray(body.items) ? body.items : undefined,
      costs: body.costs,
      remaining: typeof body.remaining === 'number' ? body.remaining : undefined,
      draftConflict: typeof body.draft_conflict === 'object' && body.draft_conflict !== null ? body.draft_conflict : undefined,
    });
  }
  return new ApiError({
    status: response.status,
    code: response.status,
    error: response.status === 404 ? 'NOT_FOUND' : response.status >= 500 ? 'INTERNAL' : 'UNKNOWN',
    message: response.statusText || `HTTP ${response.status}`,
  });
}

/** Our envelope; a provider's answer may carry its message as a list of texts (spec accounts-and-suites.md section 8). */
function isErrorEnvelope(value: unknown): value is Omit<ErrorEnvelope, 'message'> & { message: string | string[] } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const message = record.message;
  const said = typeof message === 'string' || (Array.isArray(message) && message.every((part) => typeof part === 'string'));
  return typeof record.code === 'number' && typeof record.error === 'string' && said;
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
