import type { SuiteDeliveryPreference, SuitesInfoBody, SuiteTab } from '@servery/contracts/suites';
import { localDateTime, zonedInstant } from '@servery/domain/price-schedule';

/*
 * A suite pre-order's delivery choice (spec ordering.md checkout "suite pre-order delivery preference"):
 * what the checkout's suite section shows and changes (suite-checkout.tsx), and what the order sends.
 */

export interface SuiteChoice {
  preference: SuiteDeliveryPreference;
  /** yyyy-MM-ddTHH:mm in the venue's time zone (a datetime-local value), for "custom". */
  time: string;
  notes: string;
}

export const DEFAULT_SUITE_CHOICE: SuiteChoice = { preference: 'before_event', time: '', notes: '' };

/** The venue-zone wall time of an instant as a datetime-local value. */
export function wallTime(iso: string, zone: string): string {
  const local = localDateTime(new Date(iso), zone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local.year}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}`;
}

/** Changing a pre-order starts from it: its preference, its chosen time (for "custom") and its notes. */
export function suiteChoiceOf(
  preOrder: { delivery_preference: SuiteDeliveryPreference | null; deliver_at: string | null; notes: string } | null,
  zone: string,
): SuiteChoice {
  if (!preOrder?.delivery_preference) return { ...DEFAULT_SUITE_CHOICE, notes: preOrder?.notes ?? '' };
  const time = preOrder.delivery_preference === 'custom' && preOrder.deliver_at ? wallTime(preOrder.deliver_at, zone) : '';
  return { preference: preOrder.delivery_preference, time, notes: preOrder.notes };
}

/**
 * What the order sends (spec ordering.md: suitesInfo{deliveryTime, notes, tabLimit}): the preference,
 * for "custom" the chosen wall time as an instant, the notes, and the tab limit the checkout showed.
 */
export function suitesInfoOf(choice: SuiteChoice, zone: string, tabLimit: number | null): SuitesInfoBody {
  const common = { notes: choice.notes.trim(), tabLimit };
  if (choice.preference !== 'custom') return { deliveryPreference: choice.preference, ...common };
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(choice.time);
  if (!match) return { deliveryPreference: 'custom', deliveryTime: null, ...common };
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  return { deliveryPreference: 'custom', deliveryTime: zonedInstant(zone, year, month, day, hour, minute).toISOString(), ...common };
}

/**
 * The suite's tab as a pre-order sees it: its limit, and what the pre-order may take of it (a change
 * replaces the current pre-order, whose amount leaves the tab first: decision 0025, point 3).
 */
export function preOrderTab(tab: SuiteTab, replacing: number): { limit: number | null; available: number | null } {
  return { limit: tab.limit, available: tab.limit === null ? null : Math.max(0, tab.limit - tab.spent + replacing) };
}
