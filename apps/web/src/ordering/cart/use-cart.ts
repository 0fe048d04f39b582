import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { MenuGroupFile } from '@servery/contracts/tenant-file';
import type { OrderType } from '@servery/domain/order-type';
import { isCateringOrder } from '@servery/domain/order-types/traits';
import { scaleToHeadCount } from '@servery/domain/head-count';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToasts } from '../../components/ui/toasts';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { errorMessage, errorToast } from '../../lib/error-message';
import { localizedText } from '../../lib/localize';
import { useSession } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import { queryKeys } from '../../lib/query-keys';
import type { CartItem, Costs, StaleCart } from './cart-api';
import {
  cartQuantity,
  defaultTip,
  entryKey,
  indexEntries,
  type AppliedVoucher,
  type CartChoices,
  type CartNotice,
  type EntryKey,
  type TipChoice,
} from './cart-state';
import { useSavedCart } from './cart-saved';
import type { CodeError, CodeField, CostsStatus } from './cart-costs';
import { useCartCosts } from './cart-costs-query';
import type { ItemChoice, ItemChoiceResult } from '../item/item-choice';
import type { MenuItemEntry } from '../../lib/menu-model';
import type { Ordering } from '../../components/restaurant-shell/use-ordering';
import type { ServerHold } from '../plugins';

const NO_HOLDS: ReadonlyMap<string, ServerHold> = new Map();

export type { CodeError, CodeField, CostsStatus };

export interface Cart {
  /** false when only viewing the menu: no cart at all. */
  enabled: boolean;
  /** The saved cart has been looked at (after hydration); until then the cart is empty and nothing is saved. */
  ready: boolean;
  orderType: OrderType;
  /**
   * A stadium suite's order (the link's eventSuite, a pre-order or event day): delivered to the suite
   * at the time its checkout says, on the suite's tab, so the cart leaves out pickup or delivery, the
   * restaurant's open tab and catering's notice (issue 31 defect 1).
   */
  suiteOrder: boolean;
  choices: CartChoices;
  /** Units in the cart. */
  count: number;
  costs: Costs | null;
  costsStatus: CostsStatus;
  costsError: unknown;
  retryCosts: () => void;
  notice: CartNotice | null;
  dismissNotice: () => void;
  codeErrors: Partial<Record<CodeField, CodeError>>;
  /** Items of the menus in hand, by where they sit: names for lines and notices. */
  entries: ReadonlyMap<EntryKey, MenuItemEntry>;
  /** The menus in hand (a marketplace hub's cart groups its lines by their menu group's vendor). */
  groups: readonly MenuGroupFile[];
  lineName: (line: Pick<CartItem, 'id' | 'menu_id' | 'section_id'>) => string | null;
  add: (choice: ItemChoice) => Promise<ItemChoiceResult>;
  /** Lines edited by the cart screen (quantity, remove). */
  setItems: (items: CartItem[]) => void;
  /** Catering: an item sold one per guest (`per_person`), whose line's quantity is the number of guests. */
  isPerPerson: (itemId: number) => boolean;
  /** Catering: a new number of guests; the per-person lines follow it. */
  setHeadCount: (headCount: number) => void;
  setTip: (tip: TipChoice) => void;
  /** A promo code the server accepted (get-discount-info); null removes it. Checking it is the cart screen's (cart-actions.ts). */
  setDiscountCode: (code: string | null) => void;
  setVoucher: (voucher: AppliedVoucher | null) => void;
  setDelivery: (delivery: boolean) => void;
  setPayWhatYouCan: (cents: number | null) => void;
  setCodeError: (field: CodeField, error: CodeError | null) => void;
  /**
   * A marketplace hub's vendors that the server said cannot take their lines (the checkout's times, a
   * refused placement), by vendor key (features/marketplace/vendor-state.ts): the cart and checkout
   * mark those lines with the reason and offer to take them out.
   */
  vendorHolds: ReadonlyMap<string, ServerHold>;
  setVendorHolds: (change: (current: ReadonlyMap<string, ServerHold>) => ReadonlyMap<string, ServerHold>) => void;
  /** Takes a stale-cart answer's fresh lines in place of `previous` and says what changed; false when nothing would. */
  acceptStaleCart: (stale: StaleCart, previous: CartItem[]) => boolean;
  /** After an order is placed: lines, promo code, gift card and subsidy go (and the saved copy with them). */
  clear: () => void;
}

export interface UseCartOptions {
  restaurant: PublicRestaurant;
  ordering: Ordering;
  /** Every menu this page has for the order type (what a restored line is checked against). */
  groups: readonly MenuGroupFile[];
}

/**
 * The diner's cart at one restaurant: its lines and choices, the server's costs for them, and the
 * calls that change them. Costs are a query (POST set-costs, debounced, the stale request
 * cancelled) whenever the lines, tip, codes or takeout option change; a stale cart (415/426/428) is
 * replaced by the server's fresh lines with a notice of what changed. The cart is saved per
 * restaurant (cart-storage.ts) and restored in an effect, after hydration.
 *
 * This hook and its state are on the menu's first load; what it calls once the page is interactive
 * (storage, costs, adding) is the cart's engine (cart-engine.ts), fetched right after hydration with
 * the saved cart's read. The first render's cart is empty and calls none of it; a tap on "Add" before
 * the engine is in waits for it (`whenReady`, then the engine), so it is never lost.
 */
export function useCart({ restaurant, ordering, groups }: UseCartOptions): Cart {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { show } = useToasts();
  const now = useNow();
  const client = useApiClient(restaurant.id);
  const session = useSession();
  const clientRef = useRef(client);
  const nowRef = useRef(now);
  useEffect(() => {
    clientRef.current = client;
    nowRef.current = now;
  });

  const enabled = ordering.ok && !ordering.config.viewOnly;
  const orderType = ordering.orderType;
  const tableNum = ordering.config.tableNum;
  const eventSuite = ordering.config.eventSuite;
  // An operator ordering for a suite (login-as) starts a fresh cart for each person it orders for.
  const acting = session.status === 'authenticated' ? session.user.loginAs : undefined;
  const actingFor = acting && session.status === 'authenticated' ? `${acting.eventSuiteId}:${acting.guestName ?? session.user.id}` : null;
  // The saved cart is looked at once the session is known (cart-storage.ts restoreVerdict): a cart
  // saved signed in never shows, even for a moment, to the guest a page turns out to be.
  const sessionKnown = session.status === 'anonymous' || session.status === 'authenticated';
  const loggedIn = session.status === 'authenticated';
  const userId = session.status === 'authenticated' ? session.user.id : null;
  const owner = useMemo(
    () => ({ restaurantId: restaurant.id, slug: restaurant.slug, loggedIn, userId, eventSuite, actingFor }),
    [restaurant.id, restaurant.slug, loggedIn, userId, eventSuite, actingFor],
  );
  const entries = useMemo(() => indexEntries(groups), [groups]);
  // Catering sells these one per guest (decision 0116): their lines follow the number of guests.
  const catering = isCateringOrder(orderType);
  const isPerPerson = useMemo(() => {
    const ids = new Set([...entries.values()].filter((entry) => entry.item.per_person).map((entry) => entry.item.id));
    return (id: number) => catering && ids.has(id);
  }, [entries, catering]);

  const [choices, setChoices] = useState<CartChoices>(() => ({
    items: [],
    tip: defaultTip(restaurant.tipConfig),
    discountCode: null,
    voucher: null,
    delivery: ordering.config.takeoutType === 'delivery',
    payWhatYouCan: null,
    headCount: null,
  }));
  const choicesRef = useRef(choices);
  useEffect(() => {
    choicesRef.current = choices;
  });
  const [notice, setNotice] = useState<CartNotice | null>(null);
  const [codeErrors, setCodeErrors] = useState<Partial<Record<CodeField, CodeError>>>({});
  const [vendorHolds, setVendorHolds] = useState<ReadonlyMap<string, ServerHold>>(NO_HOLDS);

  const setCodeError = useCallback((field: CodeField, error: CodeError | null) => {
    setCodeErrors((current) => {
      if (!error && !(field in current)) return current;
      const next = { ...current };
      if (error) next[field] = error;
      else delete next[field];
      return next;
    });
  }, []);

  // Restored once the page is interactive, saved on every change (cart-saved.ts).
  const { ready, whenReady, engine, engineRef, storageRef, engineForCall } = useSavedCart({
    enabled: enabled && sessionKnown,
    owner,
    restaurant,
    entries,
    nowRef,
    choices,
    choicesRef,
    setChoices,
    setNotice,
  });

  // The server priced a line otherwise than the menu in hand (a new version was published since it
  // loaded): the menus are read again, so the cards and the item dialog show what the cart now charges.
  const queryClient = useQueryClient();
  const menuChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.menusOf(restaurant.id) }),
    [queryClient, restaurant.id],
  );

  // A stale cart comes from the costs (the engine's) or the cart screen and checkout, which open on lines that the engine added.
  const replaceWithFresh = useCallback(
    (stale: StaleCart, previous: CartItem[]): boolean => {
      const engine = engineRef.current;
      if (!engine) return false;
      const fresh = engine.keepInstructions(stale.items, previous);
      // A server that keeps calling its own lines stale must not make us loop.
      if (JSON.stringify(fresh) === JSON.stringify(previous)) return false;
      setChoices((current) => (current.items === previous ? { ...current, items: fresh } : current));
      setNotice(engine.staleNotice(stale.invalidItems, previous, stale.items));
      menuChanged();
      return true;
    },
    [engineRef, menuChanged],
  );

  const { costsState, refetchCosts } = useCartCosts({
    restaurantId: restaurant.id,
    clientRef,
    enabled,
    ready,
    engine,
    choices,
    orderType,
    tableNum,
    setChoices,
    replaceWithFresh,
    setCodeError,
  });

  const lineName = useCallback(
    (line: Pick<CartItem, 'id' | 'menu_id' | 'section_id'>) => {
      const entry = entries.get(entryKey(line));
      return entry ? localizedText(entry.item, 'name', locale).text : null;
    },
    [entries, locale],
  );

  const add = useCallback(
    async (choice: ItemChoice): Promise<ItemChoiceResult> => {
      await whenReady.promise;
      const name = lineName({ id: choice.itemId, menu_id: choice.menuId, section_id: choice.sectionId }) ?? '';
      try {
        // In hand once the saved cart was read; fetched again here if that failed (offline then).
        const engine = await engineForCall();
        const snapshot = choicesRef.current.items;
        const { result, items: next, repriced } = await engine.addChoice(clientRef.current, snapshot, choice, orderType);
        if (repriced) menuChanged();
        setChoices((current) => {
          // The first per-person item sets the number of guests; later ones follow it.
          const headCount = current.headCount ?? next.find((line) => isPerPerson(line.id))?.quantity ?? null;
          return { ...current, headCount, items: scaleToHeadCount(next, headCount, isPerPerson) };
        });
        const max = restaurant.maxItemsPerCart;
        show(
          result.capped && max !== null
            ? t('cart.addedCapped', { count: result.added, max })
            : t('item.added', { quantity: result.added, name }),
          'success',
        );
        return { ok: true };
      } catch (error) {
        return { ok: false, message: errorMessage(t, error), toast: errorToast(t, error) };
      }
    },
    [engineForCall, isPerPerson, lineName, menuChanged, orderType, restaurant.maxItemsPerCart, show, t, whenReady],
  );

  const setItems = useCallback((next: CartItem[]) => setChoices((current) => ({ ...current, items: next })), []);
  const setTip = useCallback((next: TipChoice) => setChoices((current) => ({ ...current, tip: next })), []);
  const setHeadCount = useCallback(
    (headCount: number) =>
      setChoices((current) => ({ ...current, headCount, items: scaleToHeadCount(current.items, headCount, isPerPerson) })),
    [isPerPerson],
  );
  const setDelivery = useCallback((next: boolean) => setChoices((current) => ({ ...current, delivery: next })), []);
  const setPayWhatYouCan = useCallback(
    (cents: number | null) => {
      setCodeError('payWhatYouCan', null);
      setChoices((current) => ({ ...current, payWhatYouCan: cents }));
    },
    [setCodeError],
  );

  const setDiscountCode = useCallback((code: string | null) => setChoices((current) => ({ ...current, discountCode: code })), []);
  const setVoucher = useCallback((next: AppliedVoucher | null) => setChoices((current) => ({ ...current, voucher: next })), []);

  const clear = useCallback(() => {
    setChoices((current) => ({ ...current, items: [], discountCode: null, voucher: null, payWhatYouCan: null }));
    setNotice(null);
    setCodeErrors({});
    setVendorHolds(NO_HOLDS);
    const storage = storageRef.current;
    storage?.forgetCart(storage.browserStorage(), owner.slug);
  }, [owner.slug, storageRef]);

  const retryCosts = useCallback(() => void refetchCosts(), [refetchCosts]);
  const dismissNotice = useCallback(() => setNotice(null), []);

  return {
    enabled,
    ready,
    orderType,
    suiteOrder: eventSuite !== null,
    choices,
    count: cartQuantity(choices.items),
    costs: choices.items.length === 0 ? null : costsState.costs,
    costsStatus: costsState.status,
    costsError: costsState.error,
    retryCosts,
    notice,
    dismissNotice,
    codeErrors,
    entries,
    groups,
    lineName,
    add,
    setItems,
    isPerPerson,
    setHeadCount,
    setTip,
    setDiscountCode,
    setVoucher,
    setDelivery,
    setPayWhatYouCan,
    setCodeError,
    vendorHolds,
    setVendorHolds,
    acceptStaleCart: replaceWithFresh,
    clear,
  };
}
