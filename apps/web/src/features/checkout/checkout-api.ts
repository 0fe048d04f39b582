/**
 * The checkout calls (API in apps/api/src/routes/orders/place-order.ts, scheduling.ts and
 * routes/payment/payment.ts). Types only come from contracts (`import type`), so zod stays out of
 * the bundle. Card data goes to `tokenize` and nowhere else: the order carries only the token.
 */
import type { AuthResponse, RegisterUserRequest } from '@servery/contracts/accounts';
import type { OrderDelivery, OrderView, PlaceOrderResponse, SchedulingResponse } from '@servery/contracts/orders';
import type { PaymentConfigResponse, TokenizeResponse } from '@servery/contracts/payment';
import type { PaymentMethod } from '@servery/domain/payment-method';
import type { OrderType } from '@servery/domain/order-type';
import type { ApiClient } from '../../lib/api';
import type { CartItem, SetCostsBody } from '../cart/cart-api';

export type { OrderView, PlaceOrderResponse, SchedulingResponse };

export type PlaceableOrderType = 'dine_in' | 'take-out' | 'catering' | 'generic_catering';

export function isPlaceable(type: OrderType): type is PlaceableOrderType {
  return type === 'dine_in' || type === 'take-out' || type === 'catering' || type === 'generic_catering';
}

export type PaymentConfig = PaymentConfigResponse;

export type TokenizedCard = TokenizeResponse;

export interface PlaceOrderBody {
  type: PlaceableOrderType;
  data: {
    config: {
      tableNum?: string | null;
      takeout: boolean;
      takeoutType?: 'pickup' | 'delivery' | null;
      genericCatering: boolean;
      genericTableLocation?: string | null;
      takeoutDateRange?: { start: string; end: string } | null;
      takeoutSpecificDates?: string[] | null;
    };
    items: CartItem[];
    costs: SetCostsBody['costs'];
    checkout: {
      paymentMethod: PaymentMethod | null;
      pickup: { delivery: boolean; notes: string; dueByDate?: string | null; dueByTime?: string | null; scheduled: boolean };
      contact: { full_name: string; email: string; phone_number: string };
      delivery?: OrderDelivery | null;
      card?: { token: string } | null;
      chosenCreditCard?: string | null;
      savePaymentMethodOnCheckout?: boolean;
      tab?: { owner: string } | null;
      applePayPaymentToken?: string | null;
      googlePayPaymentPayload?: string | null;
      purchaseOrder: string;
      costCenter: string;
      invoice: string;
      questions: Array<{ id: number; answers: number[] }>;
    };
  };
}

const post = <T>(client: ApiClient, path: string, body: unknown, headers?: Record<string, string>) =>
  client.request<T>(path, { method: 'POST', body, ...(headers ? { headers } : {}) });

/** POST /api/payment/get-payment-config: the methods offered (wallets only where this browser supports them). */
export function getPaymentConfig(
  client: ApiClient,
  request: { applePay: boolean; googlePay: boolean; genericCatering?: boolean },
): Promise<PaymentConfig> {
  return post(client, '/api/payment/get-payment-config', request);
}

/** POST /api/payment/get-apple-pay-session: the merchant session Apple Pay's sheet asks for. */
export function getApplePaySession(client: ApiClient, body: { validationUrl: string; domain: string }): Promise<unknown> {
  return post(client, '/api/payment/get-apple-pay-session', body);
}

/** POST /api/auth/register-user from the checkout's contact form: the new account, signed in. */
export function registerAtCheckout(client: ApiClient, body: Omit<RegisterUserRequest, 'registerAtCheckout'>): Promise<AuthResponse> {
  return post(client, '/api/auth/register-user', { ...body, registerAtCheckout: true });
}

/** POST /api/payment/tokenize: the only call that ever sees a card number or CVD. */
export function tokenizeCard(
  client: ApiClient,
  card: { number: string; expiry: string; cvd: string; postal_code: string },
): Promise<TokenizedCard> {
  return post(client, '/api/payment/tokenize', card);
}

/** POST /api/orders/scheduling: ASAP and the pickup slots that are not full. */
export function getScheduling(
  client: ApiClient,
  body: { type: PlaceableOrderType; items: CartItem[]; config?: { takeoutDateRange?: unknown; takeoutSpecificDates?: unknown } },
): Promise<SchedulingResponse> {
  return post(client, '/api/orders/scheduling', body);
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
