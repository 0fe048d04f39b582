/**
 * The e-mail that tells a suite's owner their order will be brought at another time because the
 * event's times moved (use-cases/suites/event-start-moves.ts; decision 0130's second amendment), in
 * the owner's language, from the venue: the event, the order's number and suite (and that the venue's
 * staff placed it, when an operator did), the new moment (named
 * as the checkout named it: before the event, at its start, at half-time) and the old one, in the
 * venue's time zone (12-hour in English, 24-hour in French, as the pre-order reminder writes them).
 */
import type { Locale } from '@servery/contracts/tenant-file';
import type { SuiteDeliveryPreference } from '@servery/domain/event-suites';
import { venueDateTime } from '../../lib/intl-formats';

export interface DeliveryMovedInput {
  locale: Locale;
  zone: string;
  venue: string;
  event: string;
  suite: string;
  number: number;
  kind: 'pre_order' | 'event_day';
  /**
   * An operator placed it (login-as, for the owner or a guest; the order's `operator_user_id`): the
   * owner did not, so it is not called "your order" but the one the venue's staff placed for the suite.
   */
  placedByStaff: boolean;
  /** The moment it now stands for; null: as soon as it is ready (the new moment has already come). */
  preference: SuiteDeliveryPreference | null;
  /** The new instant; null: as soon as it is ready. */
  deliverAt: string | null;
  /** The instant it was to be brought at. */
  was: string;
}

const TEXT = {
  'en-CA': {
    subject: (input: DeliveryMovedInput) => `${input.venue}: a new time for order #${input.number} (${input.suite})`,
    hello: 'Hello,',
    order: (input: DeliveryMovedInput) =>
      input.placedByStaff
        ? `The ${input.kind === 'pre_order' ? 'pre-order' : 'order'} #${input.number} placed for ${input.suite} by the venue’s staff`
        : `${input.kind === 'pre_order' ? 'Your pre-order' : 'Your order'} #${input.number} for ${input.suite}`,
    body: (input: DeliveryMovedInput, when: string, was: string) =>
      `The times of ${input.event} have changed. ${TEXT['en-CA'].order(input)} will now be brought ${when} (it was ${was}).`,
    moment: { before_event: 'before the event', event_start: 'at the start of the event', half_time: 'at half-time', custom: 'at' },
    asap: 'as soon as it is ready',
    same: 'Nothing else on the order has changed.',
    thanks: (venue: string) => `Thank you,\n${venue}`,
  },
  'fr-CA': {
    subject: (input: DeliveryMovedInput) => `${input.venue} : nouvelle heure pour la commande no ${input.number} (${input.suite})`,
    hello: 'Bonjour,',
    order: (input: DeliveryMovedInput) =>
      input.placedByStaff
        ? `La ${input.kind === 'pre_order' ? 'précommande' : 'commande'} no ${input.number} passée pour ${input.suite} par le personnel de l’établissement`
        : `${input.kind === 'pre_order' ? 'Votre précommande' : 'Votre commande'} no ${input.number} pour ${input.suite}`,
    body: (input: DeliveryMovedInput, when: string, was: string) =>
      `L’horaire de ${input.event} a changé. ${TEXT['fr-CA'].order(input)} sera maintenant apportée ${when} (c’était ${was}).`,
    moment: { before_event: 'avant l’événement', event_start: 'au début de l’événement', half_time: 'à la mi-temps', custom: 'à' },
    asap: 'dès qu’elle sera prête',
    same: 'Rien d’autre n’a changé dans la commande.',
    thanks: (venue: string) => `Merci,\n${venue}`,
  },
} as const;

export function composeDeliveryMoved(input: DeliveryMovedInput): { subject: string; text: string } {
  const text = TEXT[input.locale];
  const format = venueDateTime(input.locale, input.zone);
  const instant = (iso: string) => format.format(new Date(iso));
  const when =
    input.deliverAt === null
      ? text.asap
      : input.preference === 'custom' || input.preference === null
        ? `${text.moment.custom} ${instant(input.deliverAt)}`
        : `${text.moment[input.preference]}, ${instant(input.deliverAt)}`;
  return {
    subject: text.subject(input),
    text: [text.hello, '', text.body(input, when, instant(input.was)), text.same, '', text.thanks(input.venue), ''].join('\n'),
  };
}
