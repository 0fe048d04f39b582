import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { ApiError } from './api';
import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it('translates by the envelope’s error name, not by its message', () => {
    const { t } = createI18n('fr-CA');
    const error = new ApiError({ status: 409, code: 419, error: 'ORDERS_PAUSED', message: 'whatever the server said' });
    expect(errorMessage(t, error)).toBe('Ce restaurant ne prend pas de commandes pour le moment.');
  });

  it('falls back to a generic message', () => {
    const { t } = createI18n('en-CA');
    expect(errorMessage(t, new ApiError({ status: 418, code: 418, error: 'SOMETHING_NEW', message: 'x' }))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(errorMessage(t, new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
