import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { ApiError, NETWORK_ERROR, toApiError } from './api';
import { errorMessage, errorProblem, errorToast } from './error-message';

const apiError = (code: number, error: string, message: string | string[] = 'what the server said') =>
  new ApiError({
    status: 409,
    code,
    error,
    message: typeof message === 'string' ? message : message.join(' '),
    serverMessage: message,
  });

describe('errorMessage', () => {
  it('translates by the envelope’s error name, not by its message', () => {
    const { t } = createI18n('fr-CA');
    const error = new ApiError({ status: 409, code: 419, error: 'ORDERS_PAUSED', message: 'whatever the server said' });
    expect(errorMessage(t, error)).toBe('Ce restaurant ne prend pas de commandes pour le moment.');
  });

  it('names the cart item a short count refused, in the server’s words after the general message', () => {
    const { t } = createI18n('fr-CA');
    const error = new ApiError({
      status: 409,
      code: 427,
      error: 'ITEM_STOCK_SHORT',
      message: 'whatever',
      details: [
        { path: 'items.41', message: 'Crème brûlée : il n’en reste que 2.' },
        { path: 'contact.email', message: 'not about an item' },
      ],
    });
    expect(errorMessage(t, error)).toBe(
      'Il en reste moins d’un article de votre panier que la quantité demandée. Réduisez-la et réessayez. Crème brûlée : il n’en reste que 2.',
    );
  });

  // The spec's catalogue codes (accounts-and-suites.md section 8): our own answers by their names,
  // an answer whose name this build does not know by its code.
  it.each([
    ['en-CA', 416, 'TIMESLOT_UNAVAILABLE', 'This pickup time is no longer available. Please choose another time.'],
    ['fr-CA', 416, 'TIMESLOT_UNAVAILABLE', 'Cette heure de cueillette n’est plus offerte. Veuillez choisir une autre heure.'],
    ['en-CA', 418, 'ASAP_PAUSED', 'This restaurant has paused orders for as soon as possible. Please choose a later pickup time.'],
    [
      'fr-CA',
      418,
      'ASAP_PAUSED',
      'Ce restaurant a suspendu les commandes dès que possible. Veuillez choisir une heure de cueillette plus tard.',
    ],
    ['en-CA', 424, 'TIMESLOT_FULL', 'This pickup time is now full. Please choose another time.'],
    ['fr-CA', 424, 'TIMESLOT_FULL', 'Cette heure de cueillette est maintenant complète. Veuillez choisir une autre heure.'],
    [
      'en-CA',
      1803,
      'PAYMENT_PROCESSOR_UNAVAILABLE',
      'We could not reach the payment service, so nothing was charged. Please try again in a moment.',
    ],
    [
      'fr-CA',
      1803,
      'PAYMENT_PROCESSOR_UNAVAILABLE',
      'Nous n’avons pas pu joindre le service de paiement : rien n’a été débité. Veuillez réessayer dans un moment.',
    ],
    ['en-CA', 200, 'PROCESSOR_REFUSED', 'We were unable to make the payment. Please try again or use another payment method.'],
    [
      'fr-CA',
      200,
      'PROCESSOR_REFUSED',
      'Nous n’avons pas pu effectuer le paiement. Veuillez réessayer ou utiliser un autre mode de paiement.',
    ],
    ['en-CA', 1803, 'GATEWAY_DOWN', 'We were unable to make the payment. Please try again or use another payment method.'],
    ['en-CA', 1804, 'POS_OUT_OF_STOCK', 'An item in your cart is out of stock, so the payment was not made. Please review your cart.'],
    [
      'fr-CA',
      1804,
      'POS_OUT_OF_STOCK',
      'Un article de votre panier est en rupture de stock : le paiement n’a pas été effectué. Veuillez revoir votre panier.',
    ],
    ['en-CA', 416, 'SLOT_GONE', 'This time is not available for ordering. Please choose another time.'],
    ['fr-CA', 424, 'SLOT_BOOKED', 'Cette heure n’est pas offerte pour commander. Veuillez choisir une autre heure.'],
    ['en-CA', 418, 'KITCHEN_BUSY', 'This restaurant is not taking orders right now.'],
    ['fr-CA', 418, 'KITCHEN_BUSY', 'Ce restaurant ne prend pas de commandes pour le moment.'],
    ['en-CA', 422, 'SOMETHING_NEW', 'Something went wrong. Please try again.'],
    ['en-CA', 999, 'SOMETHING_NEW', 'Something went wrong. Please try again.'],
  ] as const)('%s: code %i (%s) reads “%s”', (locale, code, name, expected) => {
    const { t } = createI18n(locale);
    expect(errorMessage(t, apiError(code, name))).toBe(expected);
  });

  it('falls back to a generic message', () => {
    const { t } = createI18n('en-CA');
    expect(errorMessage(t, new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});

describe('errorToast', () => {
  it.each([
    ['en-CA', apiError(1804, 'POS_OUT_OF_STOCK', 'The kitchen is out of soup.'), 'Error: The kitchen is out of soup.'],
    ['fr-CA', apiError(1804, 'POS_OUT_OF_STOCK', 'La cuisine n’a plus de soupe.'), 'Erreur : La cuisine n’a plus de soupe.'],
    ['en-CA', apiError(400, 'VALIDATION_FAILED', ['name is required', 'email is invalid']), 'Error:'],
    ['fr-CA', apiError(400, 'VALIDATION_FAILED', ['name is required']), 'Erreur :'],
    [
      'en-CA',
      apiError(200, 'PROCESSOR_REFUSED', '  '),
      'Error: We were unable to make the payment. Please try again or use another payment method.',
    ],
    [
      'fr-CA',
      new ApiError({ status: 0, code: 0, error: NETWORK_ERROR, message: 'The request did not reach the server.' }),
      'Erreur : Nous n’avons pas pu joindre le serveur. Vérifiez votre connexion Internet, puis réessayez.',
    ],
    ['en-CA', new Error('boom'), 'Error: Something went wrong. Please try again.'],
  ] as const)('%s: %o gives “%s”', (locale, error, expected) => {
    const { t } = createI18n(locale);
    expect(errorToast(t, error)).toBe(expected);
  });

  it('keeps the server’s message from its envelope, and a list as a list (prefix only)', async () => {
    const { t } = createI18n('en-CA');
    const said = (body: unknown) => toApiError(new Response(JSON.stringify(body), { status: 409 }));
    expect(errorToast(t, await said({ code: 1803, error: 'X', message: 'Processor busy.' }))).toBe('Error: Processor busy.');
    const listed = await said({ code: 200, error: 'X', message: ['a', 'b'] });
    expect(listed.code).toBe(200);
    expect(errorToast(t, listed)).toBe('Error:');
    // A proxy's page is no server message: our own words for its status.
    expect(errorToast(t, await toApiError(new Response('<html>', { status: 502, statusText: 'Bad Gateway' })))).toBe(
      'Error: Something went wrong on our side. Please try again.',
    );
  });
});

describe('errorProblem (a field worded when shown, so a language switch words it again)', () => {
  const { t } = createI18n('en-CA');
  it('a known error without details: its catalogue key', () => {
    const error = new ApiError({
      status: 404,
      code: 404,
      error: 'SUBSIDY_CODE_NOT_FOUND',
      message: 'This subsidy code is not valid here.',
    });
    expect(errorProblem(t, error)).toEqual({ key: 'message', name: 'errors.SUBSIDY_CODE_NOT_FOUND' });
  });
  it('a known error with an item’s details, or an unknown one: the words of now', () => {
    const short = new ApiError({
      status: 409,
      code: 427,
      error: 'ITEM_STOCK_SHORT',
      message: 'whatever',
      details: [{ path: 'items.41', message: 'Crème brûlée: only 2 left.' }],
    });
    expect(errorProblem(t, short)).toEqual({ key: 'server', text: errorMessage(t, short) });
    expect(errorProblem(t, new Error('boom'))).toEqual({ key: 'server', text: errorMessage(t, new Error('boom')) });
  });
});
