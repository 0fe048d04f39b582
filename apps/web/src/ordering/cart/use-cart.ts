import { orderTypePolicy } from '@servery/domain/order-type';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { MenuGroupFile } from '@servery/contracts/tenant-file';
import type { OrderType } from '@servery/domain/order-type';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useToasts } from '../../components/ui/toasts';
import { useTranslation } from 'react-i18next';
import { skipToken, useQuery } from '@tanstack/react-query';
import { PRICING_QUERY } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { abortableDelay } from '../../lib/abortable-delay';
import { useNow } from '../../lib/clock';
import { errorMessage, errorToast } from '../../lib/error-message';
import { localizedText } from '../../lib/localize';
import { bearer, useSession } from '../../lib/session';
import type { ApiClient } from '../../lib/api';
import { useApiClient } from '../../lib/use-api-client';
import { useLocale } from '../../lib/use-locale';
import {
  addItem,
  setCosts,
  staleCartOf,
  type AddItemResult,
  type CartItem,
  type Costs,
  type SetCostsBody,
  type SetCostsResult,
  type StaleCart,
} from './cart-api';
import {
  cartQuantity,
  costChoices,
  defaultTip,
  entryKey,
  indexEntries,
  keepInstructions,
  staleNotice,
  toNewCartItem,
  type AppliedVoucher,
  type CartChoices,
  type CartNotice,
  type EntryKey,
  type TipChoice,
} from './cart-model';
import type * as CartStorageModule from './cart-storage';
import type { ItemChoice, ItemChoiceResult } from '../item/item-choice';
import type { MenuItemEntry } from '../../lib/menu-model';
import type { Ordering } from '../../components/restaurant-shell/use-ordering';
import type { ServerHold } from '../plugins';

const NO_HOLDS: ReadonlyMap<string, ServerHold> = new Map();

/** Changes that come in a burst (stepper clicks) are priced once they settle. */
export const COSTS_DEBOUNCE_MS = 150;

let storageModule: Promise<typeof CartStorageModule> | null = null;
/** Persistence is its own chunk, fetched after hydration: the menu's first load does not carry it. */
function loadCartStorage() {
  storageModule ??= import('./cart-storage').catch((error: unknown) => {
    storageModule = null;
    throw error;
  });
  return storageModule;
}

export type CostsStatus = 'idle' | 'busy' | 'error';
/** Which tender a message is about: what the diner typed, or a code the server later refused. */
export type CodeField = 'discount' | 'voucher' | 'payWhatYouCan';
/** A refused code's error name (translated by name) or a message of our own. */
export type CodeError = { name: string } | { key: 'giftCardFormat' };

export interface Cart {
  /** false when only viewing the menu: no cart at all. */
  enabled: boolean;
  /** The saved cart has been looked at (after hydration); until then the cart is empty and nothing is saved. */
  ready: boolean;
  orderType: OrderType;
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
  /** Signed-in diners come with the accounts issue: a cart saved signed in is not restored signed out, and back. */
  loggedIn?: boolean;
}

/** What a set-costs answer is for the cart: its costs, or a stale cart (415/426/428) to replace the lines with. */
type PricedCart = { kind: 'priced'; result: SetCostsResult } | { kind: 'stale'; stale: StaleCart; items: CartItem[] };

/**
 * The set-costs query's function: the debounce, then the call. A stale cart is an answer (its fresh
 * lines and costs), unless its lines are the ones sent: a server that keeps calling its own lines
 * stale must not make the cart loop, so that one is an error.
 */
async function priceCart(
  client: ApiClient,
  body: SetCostsBody,
  signal: AbortSignal,
  headers?: Record<string, string>,
): Promise<PricedCart> {
  await abortableDelay(COSTS_DEBOUNCE_MS, signal);
  try {
    return { kind: 'priced', result: await setCosts(client, body, signal, headers) };
  } catch (error) {
    const stale = staleCartOf(error);
    if (stale && JSON.stringify(keepInstructions(stale.items, body.items)) !== JSON.stringify(body.items))
      return { kind: 'stale', stale, items: body.items };
    throw error;
  }
}

/**
 * The diner's cart at one restaurant: its lines and choices, the server's costs for them, and the
 * calls that change them. Costs are a query (POST set-costs, debounced, the stale request
 * cancelled) whenever the lines, tip, codes or takeout option change; a stale cart (415/426/428) is
 * replaced by the server's fresh lines with a notice of what changed. The cart is saved per
 * restaurant (cart-storage.ts) and restored in an effect, after hydration.
 */
export function useCart({ restaurant, ordering, groups, loggedIn = false }: UseCartOptions): Cart {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { show } = useToasts();
  const now = useNow();
  const client = useApiClient(restaurant.id);
  // A signed-in diner's cart is priced as theirs: their credits are a tender and their subsidy code
  // counts (spec accounts-and-suites.md section 4, "on login, credits are applied to the cart"), the
  // same way POST /orders will price it. Signing in or out prices the cart again.
  const session = useSession();
  const credentials = session.status === 'authenticated' ? session.credentials : null;
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
  const owner = useMemo(
    () => ({ restaurantId: restaurant.id, slug: restaurant.slug, loggedIn, eventSuite, actingFor }),
    [restaurant.id, restaurant.slug, loggedIn, eventSuite, actingFor],
  );
  const entries = useMemo(() => indexEntries(groups), [groups]);

  const [choices, setChoices] = useState<CartChoices>(() => ({
    items: [],
    tip: defaultTip(restaurant.tipConfig),
    discountCode: null,
    voucher: null,
    delivery: ordering.config.takeoutType === 'delivery',
    payWhatYouCan: null,
  }));
  const choicesRef = useRef(choices);
  useEffect(() => {
    choicesRef.current = choices;
  });
  const [ready, setReady] = useState(false);
  // An item added before the saved cart has been looked at goes into the restored cart, not under it.
  const [whenReady] = useState(() => {
    let resolve = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  });
  const storageRef = useRef<typeof CartStorageModule | null>(null);
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

  // The menu as it is when a restore starts: an effect event, so a later menu refresh does not restore again.
  const restoreMenu = useEffectEvent(() => ({
    entries,
    zone: restaurant.zone,
    maxItemsPerCart: restaurant.maxItemsPerCart,
    maxMealsPerCart: restaurant.maxMealsPerCart,
  }));

  // Restore once the page is interactive: never during the server render or the first render.
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const menu = restoreMenu();
    loadCartStorage().then(
      (storage) => {
        if (cancelled) return;
        storageRef.current = storage;
        const outcome = storage.restoreCart(
          storage.browserStorage(),
          owner,
          {
            entries: menu.entries,
            now: nowRef.current,
            zone: menu.zone,
            maxItemsPerCart: menu.maxItemsPerCart,
            maxMealsPerCart: menu.maxMealsPerCart,
          },
          Date.now(),
        );
        if (outcome.status === 'restored') {
          choicesRef.current = outcome.choices;
          setChoices(outcome.choices);
          setNotice(outcome.notice);
        }
        setReady(true);
        whenReady.resolve();
      },
      () => {
        // Without the persistence chunk (offline) the cart still works, in memory.
        if (cancelled) return;
        setReady(true);
        whenReady.resolve();
      },
    );
    return () => {
      cancelled = true;
    };
    // Once per restaurant, order type and owner; later menu refreshes do not re-read the saved cart.
  }, [enabled, owner, whenReady]);

  useEffect(() => {
    if (!enabled || !ready) return;
    const storage = storageRef.current;
    storage?.saveCart(storage.browserStorage(), owner, choices, Date.now());
  }, [enabled, ready, owner, choices]);

  const replaceWithFresh = useCallback((stale: StaleCart, previous: CartItem[]): boolean => {
    const fresh = keepInstructions(stale.items, previous);
    // A server that keeps calling its own lines stale must not make us loop.
    if (JSON.stringify(fresh) === JSON.stringify(previous)) return false;
    setChoices((current) => (current.items === previous ? { ...current, items: fresh } : current));
    setNotice(staleNotice(stale.invalidItems, previous));
    return true;
  }, []);

  // The costs are a query keyed by what they depend on (the cart's content, who prices it): a change
  // moves to a new key, and TanStack cancels the stale request (its signal) as the old key loses its
  // last observer. The query function waits the debounce on that signal first, so typing a quantity
  // sends one request. The last costs stay shown while the next are asked (PRICING_QUERY, lib/query-client.ts).
  const { items, tip, discountCode, voucher, delivery, payWhatYouCan } = choices;
  const costsBody = useMemo<SetCostsBody | null>(
    () =>
      enabled && ready && items.length > 0
        ? {
            items,
            costs: costChoices({ items, tip, discountCode, voucher, delivery, payWhatYouCan }),
            ...(orderTypePolicy(orderType).allowsDelivery ? { checkout: { pickup: { delivery } } } : {}),
            type: orderType,
            tableNum,
          }
        : null,
    [enabled, ready, items, tip, discountCode, voucher, delivery, payWhatYouCan, orderType, tableNum],
  );
  const costsQuery = useQuery({
    queryKey: queryKeys.cartCosts(restaurant.id, credentials?.userId ?? null, costsBody),
    queryFn: costsBody
      ? ({ signal }) => priceCart(clientRef.current, costsBody, signal, credentials ? bearer(credentials) : undefined)
      : skipToken,
    ...PRICING_QUERY,
  });
  // The last costs the server gave, shown while a retry or an error replaces the answer.
  const [shownCosts, setShownCosts] = useState<Costs | null>(null);
  const answered = costsQuery.data;
  const answeredCosts = answered ? (answered.kind === 'priced' ? answered.result.costs : answered.stale.costs) : null;
  if (answeredCosts && answeredCosts !== shownCosts) setShownCosts(answeredCosts);

  // What an answer changes in the cart: a code the server could not apply is dropped, with its reason
  // (the costs come without it); a stale cart is replaced by the server's fresh lines.
  const settled = costsQuery.isPlaceholderData ? undefined : answered;
  useEffect(() => {
    if (!settled) return;
    if (settled.kind === 'stale') {
      replaceWithFresh(settled.stale, settled.items);
      return;
    }
    const dropped: Partial<CartChoices> = {};
    for (const rejected of settled.result.rejected) {
      if (rejected.field === 'discount') dropped.discountCode = null;
      else if (rejected.field === 'voucher') dropped.voucher = null;
      else if (rejected.field === 'subsidyDiscount') dropped.payWhatYouCan = null;
      else continue;
      setCodeError(rejected.field === 'subsidyDiscount' ? 'payWhatYouCan' : rejected.field, { name: rejected.error });
    }
    if (Object.keys(dropped).length > 0) setChoices((current) => ({ ...current, ...dropped }));
  }, [settled, replaceWithFresh, setCodeError]);

  const costsState: { costs: Costs | null; status: CostsStatus; error: unknown } =
    costsBody === null
      ? { costs: null, status: 'idle', error: null }
      : costsQuery.isFetching
        ? { costs: shownCosts, status: 'busy', error: null }
        : costsQuery.isError
          ? { costs: shownCosts, status: 'error', error: costsQuery.error }
          : { costs: answeredCosts ?? shownCosts, status: 'idle', error: null };

  const lineName = useCallback(
    (line: Pick<CartItem, 'id' | 'menu_id' | 'section_id'>) => {
      const entry = entries.get(entryKey(line));
      return entry ? localizedText(entry.item, 'name', locale).text : null;
    },
    [entries, locale],
  );

  const add = useCallback(
    async (choice: ItemChoice): Promise<ItemChoiceResult> => {
      const toAdd = toNewCartItem(choice);
      await whenReady.promise;
      const snapshot = choicesRef.current.items;
      const name = lineName({ id: choice.itemId, menu_id: choice.menuId, section_id: choice.sectionId }) ?? '';
      try {
        let result: AddItemResult;
        try {
          result = await addItem(clientRef.current, snapshot, toAdd, orderType);
        } catch (error) {
          // 428 on the line being added: the server's price differs from the dialog's (the menu changed
          // since it loaded; promos are in the dialog's price already). The line is not in the cart yet:
          // take the server's price.
          const fresh = staleCartOf(error);
          const line = fresh?.items[0];
          if (!fresh || !line || !fresh.invalidItems.every((entry) => entry.error === 'ITEM_PRICE_CHANGED')) throw error;
          result = await addItem(
            clientRef.current,
            snapshot,
            { ...toAdd, orderPrice: line.orderPrice, orderOptions: line.orderOptions },
            orderType,
          );
        }
        const isNewLine = !snapshot.some((line) => line.orderId === result.orderId);
        const next = keepInstructions(result.items, snapshot).map((line) =>
          isNewLine && line.orderId === result.orderId && toAdd.specialInstructions
            ? { ...line, specialInstructions: toAdd.specialInstructions }
            : line,
        );
        setChoices((current) => ({ ...current, items: next }));
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
    [lineName, orderType, restaurant.maxItemsPerCart, show, t, whenReady],
  );

  const setItems = useCallback((next: CartItem[]) => setChoices((current) => ({ ...current, items: next })), []);
  const setTip = useCallback((next: TipChoice) => setChoices((current) => ({ ...current, tip: next })), []);
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
  }, [owner.slug]);

  const { refetch: refetchCosts } = costsQuery;
  const retryCosts = useCallback(() => void refetchCosts(), [refetchCosts]);
  const dismissNotice = useCallback(() => setNotice(null), []);

  return {
    enabled,
    ready,
    orderType,
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
