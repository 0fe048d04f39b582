/** Payment configuration, card tokenisation and wallets (spec ordering.md section 7). */
import { z } from 'zod';
import { PAYMENT_METHODS } from '@servery/domain/payment-method';

const LocalLabel = z.object({ 'en-CA': z.string(), 'fr-CA': z.string() });

export const PaymentConfigRequest = z.object({
  app8RestaurantId: z.union([z.number().int(), z.string().max(100)]).optional(),
  /** What this browser supports; wallets are offered only when it says so. */
  applePay: z.boolean().default(false),
  googlePay: z.boolean().default(false),
  /** A generic catering order (genericCateringHideCreditCard hides the card and wallets). */
  genericCatering: z.boolean().default(false),
});
export type PaymentConfigRequest = z.infer<typeof PaymentConfigRequest>;

export const PaymentConfigResponse = z.object({
  processor: z.string(),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** Labels of the methods needing a reference, in the request's language. */
  referenceLabels: z.partialRecord(z.enum(['invoice', 'cost_center', 'purchase_order']), z.string()),
  referenceLabelsLocalized: z.partialRecord(z.enum(['invoice', 'cost_center', 'purchase_order']), LocalLabel),
  postalCodeRequired: z.boolean(),
  testMode: z.boolean(),
  testCards: z.array(z.object({ number: z.string(), type: z.string().nullable(), outcome: z.string(), description: z.string() })),
});
export type PaymentConfigResponse = z.infer<typeof PaymentConfigResponse>;

export const TokenizeRequest = z.strictObject({
  number: z.string().max(40),
  /** MMYY */
  expiry: z.string().max(10),
  cvd: z.string().max(10),
  postal_code: z.string().max(20).default(''),
});
export type TokenizeRequest = z.infer<typeof TokenizeRequest>;

export const TokenizeResponse = z.object({
  token: z.string(),
  brand: z.enum(['AMEX', 'MC', 'VISA']),
  last4: z.string(),
  expiry: z.string(),
});
export type TokenizeResponse = z.infer<typeof TokenizeResponse>;

export const ApplePaySessionRequest = z.object({
  validationUrl: z.string().max(500).optional(),
  processor: z.string().max(50).optional(),
  domain: z.string().max(300).optional(),
  app8RestaurantId: z.union([z.number().int(), z.string().max(100)]).optional(),
});
export type ApplePaySessionRequest = z.infer<typeof ApplePaySessionRequest>;

/**
 * Apple's merchant session, handed to the payment sheet as Apple answered it: declared field by field
 * so that the answer stays an allowlist (docs/decisions/0067-answers-by-role.md) the day a processor
 * with a merchant identity answers it. No built-in processor does yet (APPLE_PAY_UNSUPPORTED).
 */
export const ApplePayMerchantSession = z.object({
  epochTimestamp: z.number().int(),
  expiresAt: z.number().int(),
  merchantSessionIdentifier: z.string(),
  nonce: z.string(),
  merchantIdentifier: z.string(),
  domainName: z.string(),
  displayName: z.string(),
  signature: z.string(),
  operationalAnalyticsIdentifier: z.string().optional(),
  retries: z.number().int().optional(),
  pspId: z.string().optional(),
});
export type ApplePayMerchantSession = z.infer<typeof ApplePayMerchantSession>;
