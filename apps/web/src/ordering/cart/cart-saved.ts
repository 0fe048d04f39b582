/**
 * The cart saved per restaurant (cart-storage.ts), and the cart's engine that carries it
 * (cart-engine.ts: storage, costs, adding; one chunk fetched after hydration, so the menu's first load
 * does not carry it): restored once the page is interactive, never during the server render or the
 * first render, checked against the menu in hand; saved on every change after that.
 */
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useCallback, useEffect, useEffectEvent, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { onCartsForgotten } from '../../lib/cart-count';
import type { MenuItemEntry } from '../../lib/menu-model';
import type * as CartEngineModule from './cart-engine';
import type { CartChoices, CartNotice, EntryKey } from './cart-state';
import type { CartOwner as StorageOwner } from './cart-storage';

export type CartEngine = typeof CartEngineModule;

let engineModule: Promise<CartEngine> | null = null;
/** The cart's engine, fetched once (again after a failure): after hydration, or by a tap that comes first. */
export function loadCartEngine(): Promise<CartEngine> {
  engineModule ??= import('./cart-engine').catch((error: unknown) => {
    engineModule = null;
    throw error;
  });
  return engineModule;
}

/** Whose cart it is (cart-storage.ts): the restaurant, the signed-in diner if any, the suite, the person an operator orders for. */
export type CartOwner = StorageOwner;

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
  // The engine once fetched: state for the costs query (cart-costs-query.ts), a ref for the calls.
  const [engine, setEngine] = useState<CartEngine | null>(null);
  const engineRef = useRef<CartEngine | null>(null);
  // The engine that read the saved cart: only it saves and forgets it. One fetched later (after an
  // offline read) never overwrites a saved cart it did not read.
  const storageRef = useRef<CartEngine | null>(null);
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
    loadCartEngine().then(
      (loaded) => {
        if (cancelled) return;
        engineRef.current = loaded;
        storageRef.current = loaded;
        setEngine(loaded);
        const outcome = loaded.restoreCart(
          loaded.browserStorage(),
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
        // Without the engine's chunk (offline) the cart is empty and unsaved; a tap on "Add" asks for the chunk again (use-cart.ts).
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

  /** The engine for a call: the one in hand, or fetched again (after a failure) and kept. */
  const engineForCall = useCallback(async (): Promise<CartEngine> => {
    if (engineRef.current) return engineRef.current;
    const loaded = await loadCartEngine();
    engineRef.current = loaded;
    setEngine(loaded);
    return loaded;
  }, []);

  return { ready, whenReady, engine, engineRef, storageRef, engineForCall };
}
