import { useCallback, useState } from 'react';
import { isApiError } from '../../lib/api';
import { useApiClient } from '../../lib/use-api-client';
import { getDiscountInfo, getGiftCard, staleCartOf, validateCart } from './cart-api';
import type { CartChoices } from './cart-model';
import type { Cart } from './use-cart';

/**
 * What only the cart screen does (so it lives in its chunk, not the menu's): checking a promo code or
 * a gift card with the server before the costs use it, and validating the cart before checkout.
 */
export function useCartTenders(cart: Cart, restaurantId: number) {
  const client = useApiClient(restaurantId);
  const { setCodeError, setDiscountCode, setVoucher } = cart;

  /** get-discount-info, then set-costs prices it. A refused code says why and is not kept (the costs come without it). */
  const applyDiscountCode = useCallback(
    async (code: string): Promise<boolean> => {
      setCodeError('discount', null);
      try {
        const info = await getDiscountInfo(client, code.trim());
        setDiscountCode(info.code);
        return true;
      } catch (error) {
        setDiscountCode(null);
        setCodeError('discount', { name: isApiError(error) ? error.error : 'generic' });
        return false;
      }
    },
    [client, setCodeError, setDiscountCode],
  );

  const applyGiftCard = useCallback(
    async (number: string): Promise<boolean> => {
      setCodeError('voucher', null);
      const digits = number.replace(/[\s-]/g, '');
      if (!/^\d{8,19}$/.test(digits)) {
        setCodeError('voucher', { key: 'giftCardFormat' });
        return false;
      }
      try {
        const card = await getGiftCard(client, digits);
        setVoucher({ code: digits, masked: card.giftCardNumber, balance: card.balance });
        return true;
      } catch (error) {
        setVoucher(null);
        setCodeError('voucher', { name: isApiError(error) ? error.error : 'generic' });
        return false;
      }
    },
    [client, setCodeError, setVoucher],
  );

  const removeDiscountCode = useCallback(() => {
    setCodeError('discount', null);
    setDiscountCode(null);
  }, [setCodeError, setDiscountCode]);

  const removeGiftCard = useCallback(() => {
    setCodeError('voucher', null);
    setVoucher(null);
  }, [setCodeError, setVoucher]);

  return { applyDiscountCode, removeDiscountCode, applyGiftCard, removeGiftCard };
}

export type CartTenders = ReturnType<typeof useCartTenders>;

export interface Validation {
  status: 'idle' | 'busy' | 'valid' | 'error';
  error: unknown;
}

const IDLE: Validation = { status: 'idle', error: null };

/**
 * "Continue to checkout": POST /orders/validate. A stale cart is replaced by the server's fresh one
 * (the notice says what changed); a validation speaks only for the cart it checked.
 */
export function useCartValidation(cart: Cart, restaurantId: number): { validation: Validation; validate: () => Promise<boolean> } {
  const client = useApiClient(restaurantId);
  const [state, setState] = useState<{ for: CartChoices | null } & Validation>({ for: null, ...IDLE });
  const { choices, orderType, acceptStaleCart } = cart;

  const validate = useCallback(async () => {
    setState({ for: choices, status: 'busy', error: null });
    try {
      await validateCart(client, choices.items, orderType);
      setState({ for: choices, status: 'valid', error: null });
      return true;
    } catch (error) {
      const stale = staleCartOf(error);
      if (stale) acceptStaleCart(stale, choices.items);
      setState({ for: choices, status: 'error', error });
      return false;
    }
  }, [client, choices, orderType, acceptStaleCart]);

  return { validation: state.for === choices ? { status: state.status, error: state.error } : IDLE, validate };
}
