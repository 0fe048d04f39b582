/**
 * The e-mail that reminds a suite's owner to pre-order before the lock (use-cases/suites/suite-reminders.ts),
 * in the owner's language, from the venue (its name in the subject and the signature): the event,
 * the suite, the lock in the venue's time zone (12-hour in English, 24-hour in French) and the link
 * to the suite's pre-order screen.
 */
import type { Locale } from '@servery/contracts/tenant-file';
import { venueDateTime } from '../../lib/intl-formats';

export interface ReminderInput {
  locale: Locale;
  zone: string;
  venue: string;
  event: string;
  suite: string;
  /** "Level 2, east": where the suite is; '' when the venue gives none. */
  location: string;
  lockAt: string;
  link: string;
}

const TEXT = {
  'en-CA': {
    subject: (input: ReminderInput) => `${input.venue}: pre-order for ${input.suite} before ${input.event}`,
    hello: 'Hello,',
    body: (input: ReminderInput, lock: string) =>
      `You have not placed a pre-order for ${input.suite}${input.location ? ` (${input.location})` : ''} at ${input.event} yet. Pre-orders close on ${lock}.`,
    open: 'Choose your food and drinks here:',
    after: 'After that time, only the venue can change what is prepared for your suite.',
    thanks: (venue: string) => `Thank you,\n${venue}`,
  },
  'fr-CA': {
    subject: (input: ReminderInput) => `${input.venue} : précommandez pour ${input.suite} avant ${input.event}`,
    hello: 'Bonjour,',
    body: (input: ReminderInput, lock: string) =>
      `Vous n’avez pas encore passé de précommande pour ${input.suite}${input.location ? ` (${input.location})` : ''} à ${input.event}. Les précommandes ferment le ${lock}.`,
    open: 'Choisissez vos plats et vos boissons ici :',
    after: 'Passé ce délai, seul l’établissement peut changer ce qui est préparé pour votre loge.',
    thanks: (venue: string) => `Merci,\n${venue}`,
  },
} as const;

export function composeSuiteReminder(input: ReminderInput): { subject: string; text: string } {
  const text = TEXT[input.locale];
  const lock = venueDateTime(input.locale, input.zone).format(new Date(input.lockAt));
  // "… at 11:59 p.m." ends its own sentence.
  const lockSentence = lock.endsWith('.') ? lock.slice(0, -1) : lock;
  return {
    subject: text.subject(input),
    text: [
      text.hello,
      '',
      text.body(input, lockSentence),
      '',
      text.open,
      input.link,
      '',
      text.after,
      '',
      text.thanks(input.venue),
      '',
    ].join('\n'),
  };
}
