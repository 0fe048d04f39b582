/**
 * Texts through an HTTP SMS provider (docs/decisions/0033-message-relay.md): a JSON POST
 * `{ id, from, to, text }` to SMS_PROVIDER_URL with the provider's credential as a bearer token,
 * signed like a webhook (lib/signature.ts: `Servery-Timestamp`, `Servery-Signature`) when a signing
 * key is set, and the outbox id as `Idempotency-Key` so a provider that honours it sends a retried
 * text once. Any 2xx is accepted; anything else, or no answer within the timeout, is a failure.
 */
import { signBody, unixSeconds } from '../lib/signature';
import { DeliveryError, reasonOf, type SmsTransport } from './outbound';

export interface SmsProviderSettings {
  url: string;
  from: string;
  token: string | null;
  signingSecret: string | null;
  timeoutMs: number;
}

export function httpSmsTransport(settings: SmsProviderSettings): SmsTransport {
  return {
    name: 'http',
    async send(message, now) {
      const body = JSON.stringify({ id: message.id, from: settings.from, to: message.to, text: message.text });
      const timestamp = unixSeconds(now);
      const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': message.id };
      if (settings.token) headers.authorization = `Bearer ${settings.token}`;
      if (settings.signingSecret) {
        headers['servery-timestamp'] = String(timestamp);
        headers['servery-signature'] = signBody(settings.signingSecret, timestamp, body);
      }
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: 'POST',
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        throw new DeliveryError(reasonOf(error));
      }
      // The answer's body is the provider's business (it may echo the number): read and drop it.
      await response.arrayBuffer().catch(() => undefined);
      if (response.status < 200 || response.status >= 300) throw new DeliveryError(`HTTP ${response.status}`, response.status);
    },
  };
}
