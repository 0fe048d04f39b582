/**
 * The suite's checkout parts (ordering/plugins.tsx `SuiteParts`): a chunk of their own, fetched only
 * for a suite order (suite-plugin.ts `load`).
 */
import type { SuiteCheckout as CoreSuiteCheckout, SuiteCheckoutOptions, SuiteParts } from '../../ordering';
import { SuiteLoginNotice, SuitePaymentSection, SuiteSection, SuiteTabNote } from './suite-checkout';
import { useSuiteCheckout } from './use-suite-checkout';

function useCheckout(options: SuiteCheckoutOptions): CoreSuiteCheckout {
  const suite = useSuiteCheckout(options);
  return { ...suite, section: suite.section && <SuiteSection id={options.id} {...suite.section} /> };
}

export const suiteParts: SuiteParts = {
  useCheckout,
  PaymentSection: SuitePaymentSection,
  LoginNotice: SuiteLoginNotice,
  TabNote: SuiteTabNote,
};
