/**
 * Payment calls (spec ordering.md section 7; ports/payments.ts). `tokenize` stands in for the
 * processor's hosted card field: the number and CVD are checked (card.ts), handed to the processor
 * port and dropped; only the token, brand, last four and expiry come back. Nothing here logs a body.
 * Wallets: Google Pay is offered where the browser and the processor support it; Apple Pay also
 * needs the processor's Apple merchant identity (the sandbox has none).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import {
  ApplePayMerchantSession,
  ApplePaySessionRequest,
  PaymentConfigRequest,
  PaymentConfigResponse,
  TokenizeRequest,
  TokenizeResponse,
} from '@servery/contracts/payment';
import { availablePaymentMethods, needsReference, referenceLabel, type ReferenceMethod } from '@servery/domain/payment-method';
import type { LocalisedLabel } from '@servery/domain/taxes';
import { TEST_CARDS } from '@servery/domain/test-cards';
import { AppError } from '../../lib/app-error';
import { tenantOf } from '../../plugins/request-context';
import { tokenizeCard } from '../../use-cases/accounts/card-entry';

const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope, 422: ErrorEnvelope };
const idOf = (value: number | string | undefined) => (value === undefined ? undefined : String(value));

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/payment/get-payment-config',
    {
      schema: {
        tags: ['payment'],
        summary: 'The processor, the payment methods offered here and their reference labels',
        body: PaymentConfigRequest,
        response: { 200: PaymentConfigResponse, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request, idOf(request.body.app8RestaurantId));
      const settings = restaurant.settings;
      const processor = app.ports.payments;
      const methods = availablePaymentMethods({
        processor: settings.payment_processor,
        extraPaymentMethods: settings.extraPaymentMethods,
        // A wallet only where the browser supports it and the processor takes it; Apple Pay also needs
        // a merchant identity to open the payment sheet's session (get-apple-pay-session).
        wallets: {
          applePay: request.body.applePay && processor.wallets.applePay && processor.applePayMerchant,
          googlePay: request.body.googlePay && processor.wallets.googlePay && processor.googlePayMerchant,
        },
        hideCreditCard: request.body.genericCatering && settings.genericCateringHideCreditCard,
      });
      const references = methods.filter((method): method is ReferenceMethod => needsReference(method));
      const localized: Partial<Record<ReferenceMethod, LocalisedLabel>> = {};
      const labels: Partial<Record<ReferenceMethod, string>> = {};
      for (const method of references) {
        const label = referenceLabel(method, settings.extraPaymentMethods);
        localized[method] = label;
        labels[method] = label[request.locale];
      }
      const sandbox = settings.payment_processor === 'sandbox' && processor.testMode;
      return {
        processor: settings.payment_processor === 'sandbox' ? processor.name : settings.payment_processor,
        methods,
        referenceLabels: labels,
        referenceLabelsLocalized: localized,
        postalCodeRequired: settings.avs,
        testMode: sandbox,
        testCards: sandbox ? Object.values(TEST_CARDS).map((card) => ({ ...card })) : [],
      };
    },
  );

  app.post(
    '/api/payment/tokenize',
    {
      schema: {
        tags: ['payment'],
        summary: 'Exchange card fields for a token (the number and CVD are never stored)',
        body: TokenizeRequest,
        response: { 200: TokenizeResponse, ...errors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      return tokenizeCard(app.database.db, app.ports.payments, restaurant, request.body, app.now());
    },
  );

  app.post(
    '/api/payment/get-apple-pay-session',
    {
      schema: {
        tags: ['payment'],
        summary: 'An Apple Pay merchant session (only where the processor has an Apple merchant)',
        body: ApplePaySessionRequest,
        response: { 200: ApplePayMerchantSession, ...errors },
      },
    },
    async (request) => {
      await tenantOf(request, idOf(request.body.app8RestaurantId));
      // Only a processor with an Apple Pay merchant identity (`applePayMerchant`) can validate a
      // merchant session, and none built in has one: the sandbox authorises its published Apple Pay
      // test tokens at POST /orders but cannot open the payment sheet (so get-payment-config never
      // offers Apple Pay with it), and pay on premise takes no payment online. A remote processor
      // with a merchant identity would add the session call to the port and answer it here.
      throw new AppError('APPLE_PAY_UNSUPPORTED');
    },
  );
};
