/**
 * Apple Pay and Google Pay (apps/api/src/ports/payments.ts): offered where the restaurant's processor
 * takes them (get-payment-config) and this browser says it can pay with them (keepBrowserWallets).
 * Headless Chromium has neither, so its checkout shows none.
 */
import type { PaymentMethod as PaymentMethodName } from '@servery/domain/payment-method';

export interface WalletSupport {
  applePay: boolean;
  googlePay: boolean;
}

interface ApplePaySessionLike {
  canMakePayments?: () => boolean;
}

/** The browser parts the detection reads (a test passes its own). */
export interface WalletWindow {
  ApplePaySession?: ApplePaySessionLike | undefined;
  PaymentRequest?: (new (methods: PaymentMethodData[], details: PaymentDetailsInit) => Pick<PaymentRequest, 'canMakePayment'>) | undefined;
  isSecureContext?: boolean;
}

export const GOOGLE_PAY_METHOD = 'https://google.com/pay';

/** Google Pay's request data (card networks the sandbox processor takes). */
export function googlePayMethodData(merchantName: string): PaymentMethodData {
  return {
    supportedMethods: GOOGLE_PAY_METHOD,
    data: {
      environment: 'TEST',
      apiVersion: 2,
      apiVersionMinor: 0,
      merchantInfo: { merchantName },
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['AMEX', 'MASTERCARD', 'VISA'] },
          tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: 'servery', gatewayMerchantId: merchantName } },
        },
      ],
    },
  };
}

function appleSupported(win: WalletWindow): boolean {
  try {
    return (
      win.isSecureContext !== false && typeof win.ApplePaySession?.canMakePayments === 'function' && win.ApplePaySession.canMakePayments()
    );
  } catch {
    // Safari throws outside a secure page.
    return false;
  }
}

async function googleSupported(win: WalletWindow, timeoutMs: number): Promise<boolean> {
  if (win.isSecureContext === false || typeof win.PaymentRequest !== 'function') return false;
  try {
    const request = new win.PaymentRequest([googlePayMethodData('Servery')], {
      total: { label: 'Total', amount: { currency: 'CAD', value: '0.00' } },
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const answer = await Promise.race([request.canMakePayment().catch(() => false), timeout]);
    clearTimeout(timer);
    return answer;
  } catch {
    return false;
  }
}

/** What this browser supports; never throws, and never waits more than `timeoutMs` for Google Pay's answer. */
export async function detectWallets(win: WalletWindow | undefined, timeoutMs = 1500): Promise<WalletSupport> {
  if (!win) return { applePay: false, googlePay: false };
  const applePay = appleSupported(win);
  // Apple's browser has no Google Pay through PaymentRequest: do not ask it.
  const googlePay = applePay ? false : await googleSupported(win, timeoutMs);
  return { applePay, googlePay };
}

let detected: Promise<WalletSupport> | null = null;

/** Once per page: the browser's answer does not change. */
export function browserWallets(): Promise<WalletSupport> {
  detected ??= detectWallets(typeof window === 'undefined' ? undefined : (window as unknown as WalletWindow));
  return detected;
}

/**
 * The server's offer less the wallets this browser cannot use. The browser is asked only when a wallet
 * is offered: checking for Google Pay fetches Google's payment manifest, which must not happen where
 * no restaurant configured Google Pay.
 */
export async function keepBrowserWallets<T extends { methods: PaymentMethodName[] }>(config: T): Promise<T> {
  if (!config.methods.includes('apple_pay') && !config.methods.includes('google_pay')) return config;
  const wallets = await browserWallets();
  const methods = config.methods.filter(
    (method) => (method !== 'apple_pay' || wallets.applePay) && (method !== 'google_pay' || wallets.googlePay),
  );
  return { ...config, methods };
}

/** The diner closed the wallet's sheet: nothing to say, the form stays. */
export class WalletCancelled extends Error {
  override readonly name = 'WalletCancelled';
}

const amountOf = (cents: number) => (cents / 100).toFixed(2);

/** Google Pay's sheet through PaymentRequest: its answer, as the payload the server passes to the processor. */
export async function payWithGooglePay(merchantName: string, cents: number): Promise<string> {
  const request = new PaymentRequest([googlePayMethodData(merchantName)], {
    total: { label: merchantName, amount: { currency: 'CAD', value: amountOf(cents) } },
  });
  let response: PaymentResponse;
  try {
    response = await request.show();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw new WalletCancelled();
    throw error;
  }
  await response.complete('success');
  return JSON.stringify(response.details);
}

interface ApplePaySessionInstance {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: (() => void) | null;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
  abort(): void;
  begin(): void;
}

type ApplePaySessionConstructor = (new (version: number, request: unknown) => ApplePaySessionInstance) & { STATUS_SUCCESS: number };

/** Apple Pay's sheet: the merchant is validated through our server, and the payment token comes back as text. */
export function payWithApplePay(
  merchantName: string,
  cents: number,
  validate: (validationUrl: string) => Promise<unknown>,
): Promise<string> {
  const Session = (window as unknown as { ApplePaySession: ApplePaySessionConstructor }).ApplePaySession;
  return new Promise<string>((resolve, reject) => {
    const session = new Session(3, {
      countryCode: 'CA',
      currencyCode: 'CAD',
      supportedNetworks: ['visa', 'masterCard', 'amex'],
      merchantCapabilities: ['supports3DS'],
      total: { label: merchantName, amount: amountOf(cents) },
    });
    session.onvalidatemerchant = (event) => {
      validate(event.validationURL).then(
        (merchantSession) => session.completeMerchantValidation(merchantSession),
        (error: unknown) => {
          session.abort();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    };
    session.onpaymentauthorized = (event) => {
      session.completePayment(Session.STATUS_SUCCESS);
      resolve(JSON.stringify(event.payment.token));
    };
    session.oncancel = () => reject(new WalletCancelled());
    session.begin();
  });
}
