import { describe, expect, it, vi } from 'vitest';
import { detectWallets, GOOGLE_PAY_METHOD, keepBrowserWallets, type WalletWindow } from './checkout-wallets';

function paymentRequest(answer: boolean | 'never' | 'throws') {
  const methods: string[] = [];
  const Request = vi.fn(function (this: unknown, data: PaymentMethodData[]) {
    methods.push(...data.map((entry) => entry.supportedMethods));
    return {
      canMakePayment: () =>
        answer === 'never'
          ? new Promise<boolean>(() => {})
          : answer === 'throws'
            ? Promise.reject(new Error('no'))
            : Promise.resolve(answer),
    };
  });
  return { Request: Request as unknown as WalletWindow['PaymentRequest'], methods };
}

describe('wallet detection', () => {
  it('offers nothing without a browser, or in a browser with neither wallet (headless Chromium)', async () => {
    expect(await detectWallets(undefined)).toEqual({ applePay: false, googlePay: false });
    expect(await detectWallets({ isSecureContext: true })).toEqual({ applePay: false, googlePay: false });
    const { Request } = paymentRequest(false);
    expect(await detectWallets({ isSecureContext: true, PaymentRequest: Request })).toEqual({ applePay: false, googlePay: false });
  });

  it('offers Apple Pay where ApplePaySession says it can pay, and does not ask for Google Pay there', async () => {
    const { Request } = paymentRequest(true);
    const win: WalletWindow = { isSecureContext: true, ApplePaySession: { canMakePayments: () => true }, PaymentRequest: Request };
    expect(await detectWallets(win)).toEqual({ applePay: true, googlePay: false });
    expect(Request).not.toHaveBeenCalled();
    expect(await detectWallets({ ...win, ApplePaySession: { canMakePayments: () => false } })).toEqual({
      applePay: false,
      googlePay: true,
    });
    const throwing = {
      canMakePayments: (): boolean => {
        throw new Error('insecure');
      },
    };
    expect((await detectWallets({ isSecureContext: true, ApplePaySession: throwing })).applePay).toBe(false);
  });

  it('offers Google Pay when PaymentRequest with Google Pay can make a payment, never on an insecure page, and gives up after the timeout', async () => {
    const yes = paymentRequest(true);
    expect(await detectWallets({ isSecureContext: true, PaymentRequest: yes.Request })).toEqual({ applePay: false, googlePay: true });
    expect(yes.methods).toEqual([GOOGLE_PAY_METHOD]);
    expect((await detectWallets({ isSecureContext: false, PaymentRequest: yes.Request })).googlePay).toBe(false);
    expect((await detectWallets({ isSecureContext: true, PaymentRequest: paymentRequest('throws').Request })).googlePay).toBe(false);
    expect((await detectWallets({ isSecureContext: true, PaymentRequest: paymentRequest('never').Request }, 20)).googlePay).toBe(false);
  });
});

describe('keepBrowserWallets', () => {
  it('asks the browser nothing when no wallet is offered, and drops an offered wallet the browser lacks', async () => {
    const created = vi.fn();
    vi.stubGlobal('PaymentRequest', created);
    try {
      const cardOnly = { methods: ['credit_card' as const] };
      expect(await keepBrowserWallets(cardOnly)).toBe(cardOnly);
      // Asking about Google Pay would fetch Google's manifest: no PaymentRequest unless it is offered.
      expect(created).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
    expect((await keepBrowserWallets({ methods: ['credit_card', 'google_pay'] as const })).methods).toEqual(['credit_card']);
  });
});
