/**
 * The checkout calls (API in apps/api/src/routes/orders/place-order.ts, scheduling.ts and
 * routes/payment/payment.ts). Types only come from contracts (`import type`), so zod stays out of
 * the bundle. Card data goes to `tokenize` and nowhere else: the order carries only the token.
 */
import type { AuthResponse, RegisterUserRequest } from '@servery/contracts/accounts';
import type { OrderView, PlaceOrderBody, PlaceOrderResponse, SchedulingResponse } from '@servery/contracts/orders';
import type { PaymentConfigResponse, TokenizeResponse } from '@servery/contracts/payment';
import { digitsOnly } from '@servery/domain/card';
import type { PlaceableOrderType } from '@servery/domain/order-type';
import type { CardEntry } from '../../components/ui/card-fields';
import type { ApiClient } from '../../lib/api';
import type { CartItem } from '../cart/cart-api';

export type { OrderView, PlaceOrderResponse, SchedulingResponse };

export { isPlaceable, type PlaceableOrderType } from '@servery/domain/order-type';
export type { PlaceOrderBody };

export type PaymentConfig = PaymentConfigResponse;

export type TokenizedCard = TokenizeResponse;

const post = <T>(client: ApiClient, path: string, body: unknown, headers?: Record<string, string>, signal?: AbortSignal) =>
  client.request<T>(path, { method: 'POST', body, ...(headers ? { headers } : {}), ...(signal ? { signal } : {}) });

/**
 * POST /api/payment/get-payment-config: the methods offered. `applePay`/`googlePay` true asks for the
 * wallets the restaurant's processor can take; checkout-wallets.ts then keeps those this browser has.
 */
export function getPaymentConfig(
  client: ApiClient,
  request: { applePay: boolean; googlePay: boolean; genericCatering?: boolean },
  signal?: AbortSignal,
): Promise<PaymentConfig> {
  return post(client, '/api/payment/get-payment-config', request, undefined, signal);
}

/** POST /api/payment/get-apple-pay-session: the merchant session Apple Pay's sheet asks for. */
export function getApplePaySession(client: ApiClient, body: { validationUrl: string; domain: string }): Promise<unknown> {
  return post(client, '/api/payment/get-apple-pay-session', body);
}

/** POST /api/auth/register-user from the checkout's contact form: the new account, signed in. */
export function registerAtCheckout(client: ApiClient, body: Omit<RegisterUserRequest, 'registerAtCheckout'>): Promise<AuthResponse> {
  return post(client, '/api/auth/register-user', { ...body, registerAtCheckout: true });
}

/**
 * POST /api/payment/tokenize: the only call that ever sees a card number or CVD, sent as the diner
 * typed it into the card fields (components/ui/card-fields.tsx) less the spaces and slashes.
 */
export function tokenizeCard(client: ApiClient, card: CardEntry): Promise<TokenizedCard> {
  return post(client, '/api/payment/tokenize', {
    number: digitsOnly(card.number),
    expiry: digitsOnly(card.expiry_date),
    cvd: card.cvd.trim(),
    postal_code: card.postal_code.trim(),
  });
}

/** POST /api/orders/scheduling: ASAP and the pickup slots that are not full. */
export function getScheduling(
  client: ApiClient,
  body: { type: PlaceableOrderType; items: CartItem[]; config?: { takeoutDateRange?: unknown; takeoutSpecificDates?: unknown } },
  signal?: AbortSignal,
): Promise<SchedulingResponse> {
  return post(client, '/api/orders/scheduling', body, undefined, signal);
}

/** POST /api/orders with the attempt's Idempotency-Key: a retry with the same key returns the first order. */
export function placeOrder(
  client: ApiClient,
  body: PlaceOrderBody,
  idempotencyKey: string,
  headers: Record<string, string> = {},
): Promise<PlaceOrderResponse> {
  return post(client, '/api/orders', body, { ...headers, 'Idempotency-Key': idempotencyKey });
}
