/**
 * The cart saved per restaurant (cart-storage.ts, its own chunk fetched after hydration: the menu's
 * first load does not carry it): restored once the page is interactive, never during the server
 * render or the first render, checked against the menu in hand; saved on every change after that.
 */
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useEffect, useEffectEvent, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { onCartsForgotten } from '../../lib/cart-count';
import type { MenuItemEntry } from '../../lib/menu-model';
import type { CartChoices, CartNotice, EntryKey } from './cart-model';
import type * as CartStorageModule from './cart-storage';

let storageModule: Promise<typeof CartStorageModule> | null = null;
/** Persistence is its own chunk, fetched after hydration: the menu's first load does not carry it. */
function loadCartStorage() {
  storageModule ??= import('./cart-storage').catch((error: unknown) => {
    storageModule = null;
    throw error;
  });
  return storageModule;
}

/** Whose cart it is (cart-storage.ts): the restaurant, the signed-in diner if any, the suite, the person an operator orders for. */
export type CartOwner = CartStorageModule.CartOwner;

export interface SavedCartOptions {
  enabled: boolean;
  owner: CartOwner;
  restaurant: Pick<PublicRestaurant, 'zone' | 'maxItemsPerCart' | 'maxMealsPerCart'>;
  entries: ReadonlyMap<EntryKey, MenuItemEntry>;
  nowRef: RefObject<Date>;
  choices: CartChoices;
  choicesRef: RefObject<CartChoices>;
  setChoices: Dispatch<SetStateAction<CartChoices>>;
  setNotice: Dispatch<SetStateAction<CartNotice | null>>;
}

export function useSavedCart({
  enabled,
  owner,
  restaurant,
  entries,
  nowRef,
  choices,
  choicesRef,
  setChoices,
  setNotice,
}: SavedCartOptions) {
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
    // Once per restaurant, order type and owner (the refs and setters are stable); later menu refreshes do not re-read the saved cart.
  }, [enabled, owner, whenReady, choicesRef, nowRef, setChoices, setNotice]);

  // Every saved cart forgotten (a sign-out, or a restore that found the sign-in ended): the open cart empties too.
  useEffect(
    () => onCartsForgotten(() => setChoices((current) => ({ ...current, items: [], discountCode: null, voucher: null }))),
    [setChoices],
  );

  useEffect(() => {
    if (!enabled || !ready) return;
    const storage = storageRef.current;
    storage?.saveCart(storage.browserStorage(), owner, choices, Date.now());
  }, [enabled, ready, owner, choices]);

  return { ready, whenReady, storageRef };
}
