import type { TFunction } from 'i18next';
import type en from '../i18n/en-CA.json';
import { isApiError } from './api';

type ErrorName = keyof (typeof en)['errors'];
type CodeFamily = keyof (typeof en)['errorCodes'];

/**
 * Asked of the catalogue the translator has, not of a bundled copy: the menu's first load carries
 * only `errors.generic` (i18n/first-load-messages.ts), the rest arrives with the whole catalogue.
 */
function isKnownError(t: TFunction, name: string): name is ErrorName {
  return name !== '' && t(`errors.${name as ErrorName}`, { defaultValue: '' }) !== '';
}

/**
 * The spec's catalogue codes by what they mean to a diner (accounts-and-suites.md section 8), for an
 * answer whose error name this build does not know (a newer server, a payment processor or point of
 * sale passing its code through). Where the spec puts a code in two families the one that tells the
 * diner what to do wins: 418 is "orders paused" before "availability", 1804 "out of stock" before
 * "unable to make payment". 422 is left out: our only 422 code is the delivery area's, which has a
 * name, and calling an unknown 422 an availability error would mislead.
 */
export const CODE_FAMILIES: Readonly<Record<number, CodeFamily>> = {
  200: 'unableToPay',
  1803: 'unableToPay',
  1804: 'outOfStock',
  416: 'availability',
  417: 'availability',
  424: 'availability',
  418: 'ordersPaused',
  419: 'ordersPaused',
  415: 'soldOut',
  426: 'unavailable',
  428: 'priceChanged',
  410: 'transactionFailed',
};

/**
 * The message a person sees for a failure, translated by the envelope's stable `error` name
 * (never by parsing the server's text); an unknown name by its catalogue code; else the generic message.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return errorNameMessage(t, 'generic');
  if (isKnownError(t, error.error)) return [errorNameMessage(t, error.error), ...itemDetails(error.details)].join(' ');
  const family = Object.hasOwn(CODE_FAMILIES, error.code) ? CODE_FAMILIES[error.code] : undefined;
  return family ? t(`errorCodes.${family}`) : errorNameMessage(t, 'generic');
}

/**
 * What the server said of one cart item (`items.<id>`, already in the request's language): which item
 * and how many are left when a count runs short (apps/api/src/use-cases/checkout/take-stock.ts), said
 * after the general message so the diner knows which line to lower.
 */
function itemDetails(details: ReadonlyArray<{ path: string; message: string }> | undefined): string[] {
  return (details ?? []).filter((detail) => /^items\.\d+$/.test(detail.path)).map((detail) => detail.message.trim());
}

/**
 * A failure as a field's problem (components/ui/form/field-problem.ts), worded when it is shown: a
 * known error with nothing of the server's own to add by its catalogue key, so a language switch
 * words it again; anything else as the text `errorMessage` gives now.
 */
export function errorProblem(
  t: TFunction,
  error: unknown,
): { key: 'message'; name: `errors.${ErrorName}` } | { key: 'server'; text: string } {
  if (isApiError(error) && isKnownError(t, error.error) && itemDetails(error.details).length === 0)
    return { key: 'message', name: `errors.${error.error}` };
  return { key: 'server', text: errorMessage(t, error) };
}

/** The same, from an error name alone (a tender set-costs could not apply names its error without throwing). */
export function errorNameMessage(t: TFunction, name: string): string {
  return t(`errors.${isKnownError(t, name) ? name : 'generic'}`);
}

/**
 * A failure as a toast (spec accounts-and-suites.md section 8): a localised prefix plus the server's
 * own message (already in the request's language); a server message that is a list gives the prefix
 * alone. A failure with no server message (the network, a proxy's page, a bug) gets our message for it.
 */
export function errorToast(t: TFunction, error: unknown): string {
  const prefix = t('toast.errorPrefix');
  const said = isApiError(error) ? error.serverMessage : undefined;
  if (Array.isArray(said)) return prefix;
  const text = typeof said === 'string' && said.trim() !== '' ? said.trim() : errorMessage(t, error);
  return `${prefix} ${text}`;
}
