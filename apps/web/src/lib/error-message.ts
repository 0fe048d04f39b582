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
  const name = isApiError(error) ? error.error : 'generic';
  return t(`errors.${isKnownError(name) ? name : 'generic'}`);
}
