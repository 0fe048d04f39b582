/**
 * What the relays send through: one e-mail or text at a time, each call bounded by a timeout. A
 * failure is thrown as a `DeliveryError` whose `reason` is safe to store and log: a reply code or an
 * error code, never the message, its recipient or a credential.
 */
export class DeliveryError extends Error {
  constructor(
    readonly reason: string,
    /** The other side's HTTP status, when it answered one. */
    readonly statusCode: number | null = null,
  ) {
    super(reason);
    this.name = 'DeliveryError';
  }
}

export interface OutboundEmail {
  /** The outbox row's id: the same on every attempt, so a duplicate can be recognised. */
  id: string;
  to: string;
  subject: string;
  text: string;
  locale: string;
}

export interface OutboundSms {
  id: string;
  to: string;
  text: string;
}

export interface EmailTransport {
  readonly name: string;
  send(message: OutboundEmail): Promise<void>;
  close(): void;
}

export interface SmsTransport {
  readonly name: string;
  send(message: OutboundSms, now: Date): Promise<void>;
}

/** A short, safe reason for an error thrown by a library or the network. */
export function reasonOf(error: unknown): string {
  if (error instanceof DeliveryError) return error.reason;
  if (error instanceof Error) {
    const withCode = error as Error & { code?: unknown; responseCode?: unknown; cause?: unknown };
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'TIMEOUT';
    const parts = [typeof withCode.code === 'string' ? withCode.code : error.name];
    if (typeof withCode.responseCode === 'number') parts.push(String(withCode.responseCode));
    const cause = withCode.cause as { code?: unknown } | undefined;
    if (cause && typeof cause.code === 'string') parts.push(cause.code);
    return parts.join(' ').slice(0, 100);
  }
  return 'UNKNOWN';
}
