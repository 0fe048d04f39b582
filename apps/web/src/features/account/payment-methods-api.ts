import type { NewCard, PaymentMethodResponse } from '@servery/contracts/accounts';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/** The saved-card calls of the payment methods screen (spec accounts-and-suites.md section 7). */

export type { NewCard };

/** The typed fields go to our API, which hands them to the payment processor and keeps only a reference. */
export function addPaymentMethod(
  client: ApiClient,
  credentials: SessionCredentials,
  card: NewCard,
  isDefault: boolean,
): Promise<PaymentMethodResponse> {
  return client.request<PaymentMethodResponse>('/api/auth/payment-method', {
    method: 'POST',
    body: { card, savingFromCheckout: false, isDefault },
    headers: bearer(credentials),
  });
}

export function setDefaultPaymentMethod(
  client: ApiClient,
  credentials: SessionCredentials,
  paymentCardId: string,
): Promise<PaymentMethodResponse> {
  return client.request<PaymentMethodResponse>('/api/auth/payment-method', {
    method: 'PUT',
    body: { paymentCardId, isDefault: true },
    headers: bearer(credentials),
  });
}

export function deletePaymentMethod(
  client: ApiClient,
  credentials: SessionCredentials,
  paymentCardId: string,
): Promise<PaymentMethodResponse> {
  return client.request<PaymentMethodResponse>('/api/auth/delete-payment', {
    method: 'POST',
    body: { paymentCardId },
    headers: bearer(credentials),
  });
}
