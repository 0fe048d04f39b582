import type { PlaceOrderBody } from '@servery/contracts/orders';
import type { MinimalEventInfo, SuitesInfoBody } from '@servery/contracts/suites';
import type { OrderingConfig } from '@servery/domain/ordering-config';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { useNow } from '../../lib/clock';
import { formatMoney } from '../../lib/format';
import { useSessionActions } from '../../lib/session';
import { useLocale } from '../../lib/use-locale';
import type { EventSuiteView } from '../../ordering';
import type { SuiteSection } from './suite-checkout';
import { preOrderTab, suiteChoiceOf, suitesInfoOf, type SuiteChoice } from './suite-choice';
import { preOrderLocked } from './suite-menu';

export interface SuiteCheckout {
  /** The link's event suite (an id or the value the server sealed); null: not a suite order. */
  value: string | null;
  /** Before event day: the owner's pre-order, paid by a saved card, delivered when its preference says. */
  preOrder: boolean;
  /** Event day: the order goes on the suite's tab, settled by the operator's payment preference after the event. */
  eventDay: boolean;
  /** The pre-order's delivery section (`SuiteSection`, without its id); null: none. */
  section: Omit<Parameters<typeof SuiteSection>[0], 'id'> | null;
  /** Event day: the event suite whose order is brought at the event's start or as soon as possible (`EventDayDelivery`); null otherwise. */
  eventDayInfo: MinimalEventInfo | null;
  /** What the order sends as suitesInfo; null: not a suite order. */
  info: SuitesInfoBody | null;
  /** A pre-order's own checks before anything is sent; true: one failed and says so. */
  stopped: (signedIn: boolean, savedCard: string | null) => boolean;
  /** An operator ordering for the suite (login-as) sends its own token with the order (spec section 7). */
  addOperator: (body: PlaceOrderBody) => void;
  /** The server refused the suite's time or its tab; false: not the suite's refusal. */
  refused: (error: unknown, text: string) => boolean;
}

/**
 * A suite order's part of the checkout (spec accounts-and-suites.md sections 4 and 7): which kind it
 * is, the pre-order's delivery choice and its checks, what the order sends and the suite's refusals.
 * `suite` is the event suite the menu loaded (event-suite.ts).
 */
export function useSuiteCheckout({
  id,
  config,
  suite,
  zone,
  setFailure,
}: {
  id: string;
  config: Pick<OrderingConfig, 'eventSuite' | 'eventDayOrdering'>;
  suite: EventSuiteView | null | undefined;
  /** The restaurant's zone, for a pre-order whose event is not known. */
  zone: string;
  setFailure: (text: string | null) => void;
}): SuiteCheckout {
  const { t } = useTranslation();
  const { locale } = useLocale();
  // Read when the order is sent (an operator may have signed in since the render), on this tree's client.
  const { getOperatorSession } = useSessionActions();
  const now = useNow();
  const value = config.eventSuite;
  const preOrder = value !== null && !config.eventDayOrdering;
  const eventDay = value !== null && config.eventDayOrdering;
  // A pre-order's event (its times) and, for its owner, the pre-order it changes and the suite's tab.
  const event = preOrder ? (suite?.info ?? null) : null;
  const owner = preOrder ? (suite?.owner?.eventSuite ?? null) : null;
  const [choice, setChoice] = useState<SuiteChoice>(() => suiteChoiceOf(owner?.preOrder ?? null, event?.zone ?? zone));
  const [error, setError] = useState<string | null>(null);
  const info = event ? suitesInfoOf(choice, event.zone, owner?.tab.limit ?? null) : eventDay ? {} : null;
  return {
    value,
    preOrder,
    eventDay,
    section: event && {
      info: event,
      tab: owner ? preOrderTab(owner.tab, owner.preOrder?.total ?? 0) : null,
      choice,
      error,
      onChange: (next) => {
        setChoice(next);
        setError(null);
      },
    },
    eventDayInfo: eventDay ? (suite?.info ?? null) : null,
    info,
    stopped: (signedIn, savedCard) => {
      if (!preOrder) return false;
      if (!signedIn) {
        setFailure(t('checkout.suite.logIn'));
        return true;
      }
      // The server refuses these too; saying so here keeps the owner on the field to fix.
      if (event && preOrderLocked(event, now)) {
        setFailure(t('errors.PRE_ORDER_LOCKED'));
        return true;
      }
      if (savedCard === null) {
        setFailure(t('errors.PRE_ORDER_REQUIRES_SAVED_CARD'));
        return true;
      }
      if (info?.deliveryPreference === 'custom' && !info.deliveryTime) {
        setError(t('errors.SUITE_DELIVERY_TIME_INVALID'));
        requestAnimationFrame(() => document.getElementById(`${id}-suite-time`)?.focus());
        return true;
      }
      return false;
    },
    addOperator: (body) => {
      const operator = getOperatorSession();
      if (eventDay && operator.status === 'authenticated') body.operatorToken = operator.credentials.token;
    },
    refused: (refusal, text) => {
      if (!isApiError(refusal)) return false;
      if (refusal.error === 'SUITE_DELIVERY_TIME_INVALID') setError(text);
      else if (refusal.error === 'TAB_LIMIT_EXCEEDED' && refusal.remaining !== undefined)
        setFailure(`${text} ${t('checkout.suite.tabLeft', { remaining: formatMoney(refusal.remaining, locale) })}`);
      else return false;
      return true;
    },
  };
}
