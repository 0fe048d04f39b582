import type { HubCheckout, SuiteCheckout } from '../plugins';

const NO_HUB: HubCheckout = {
  active: false,
  heldLines: new Map(),
  notices: null,
  takeTimes: () => undefined,
  timeChosen: () => undefined,
  refused: () => false,
  place: () => Promise.reject(new Error('not a marketplace hub')),
};

const NO_SUITE: SuiteCheckout = {
  value: null,
  preOrder: false,
  eventDay: false,
  section: null,
  info: null,
  stopped: () => false,
  addOperator: () => undefined,
  refused: () => false,
};

/**
 * Checkout where the restaurant splits nothing by vendor: the hub's plug-in is not fetched and this
 * stands in for its hook (ordering/plugins.tsx `HubParts.useCheckout`), inert. Checkout calls one or
 * the other for the panel's whole life (the restaurant does not change under it).
 */
export function useNoHub(): HubCheckout {
  return NO_HUB;
}

/** Checkout of an order that is not a suite's: the suite's plug-in is not fetched and this stands in for its hook, inert. */
export function useNoSuite(): SuiteCheckout {
  return NO_SUITE;
}
