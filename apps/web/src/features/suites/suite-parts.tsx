/**
 * The suite's checkout parts (ordering/plugins.tsx `SuiteParts`): a chunk of their own, fetched only
 * for a suite order (suite-plugin.ts `load`).
 */
import type { SuiteCheckout as CoreSuiteCheckout, SuiteCheckoutOptions, SuiteParts } from '../../ordering';
import { EventDayDelivery, SuiteLoginNotice, SuitePaymentSection, SuiteSection, SuiteTabNote } from './suite-checkout';
import { useSuiteCheckout } from './use-suite-checkout';

function useCheckout(options: SuiteCheckoutOptions): CoreSuiteCheckout {
  const suite = useSuiteCheckout(options);
  const section = suite.section ? (
    <SuiteSection id={options.id} {...suite.section} />
  ) : (
    suite.eventDayInfo && <EventDayDelivery id={options.id} info={suite.eventDayInfo} />
  );
  return { ...suite, section };
}

export const suiteParts: SuiteParts = {
  useCheckout,
  PaymentSection: SuitePaymentSection,
  LoginNotice: SuiteLoginNotice,
  TabNote: SuiteTabNote,
};
