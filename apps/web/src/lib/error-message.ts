import type { TFunction } from 'i18next';
import en from '../i18n/en-CA.json';
import { isApiError } from './api';

type ErrorName = keyof (typeof en)['errors'];

function isKnownError(name: string): name is ErrorName {
  return Object.hasOwn(en.errors, name);
}

/**
 * The message a person sees for a failure, translated by the envelope's stable `error` name
 * (never by parsing the server's text); unknown names get the generic message.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  return errorNameMessage(t, isApiError(error) ? error.error : 'generic');
}

/** The same, from an error name alone (a tender set-costs could not apply names its error without throwing). */
export function errorNameMessage(t: TFunction, name: string): string {
  return t(`errors.${isKnownError(name) ? name : 'generic'}`);
}
