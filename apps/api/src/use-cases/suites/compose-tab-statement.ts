/**
 * The e-mail a suite's owner gets when the tab closes (use-cases/suites/suite-tabs.ts): the invoice, or the
 * charge to their card, or why the charge failed, with every order of the tab (number, when, for whom,
 * by whom, amount), in the owner's language. Times in the venue's zone (12-hour in English, 24-hour in
 * French).
 */
import type { Locale } from '@servery/contracts/tenant-file';
import { dateTimeFormat, moneyFormat } from '../../lib/intl-formats';

export interface StatementLine {
  number: number;
  placedAt: string;
  /** "Olivia Owner", or a guest's name. */
  forWhom: string;
  /** The operator who placed it; null when the owner did. */
  placedBy: string | null;
  amount: number;
}

export interface StatementInput {
  locale: Locale;
  zone: string;
  venue: string;
  event: string;
  suite: string;
  lines: readonly StatementLine[];
  total: number;
  settlement: { kind: 'invoiced'; invoiceNumber: string } | { kind: 'charged'; brand: string; last4: string } | { kind: 'failed' };
}

const TEXT = {
  'en-CA': {
    invoiceSubject: (venue: string, number: string) => `Invoice ${number} from ${venue}: your suite's tab`,
    chargeSubject: (venue: string) => `Your suite's tab at ${venue} was charged`,
    failedSubject: (venue: string) => `We could not charge your suite's tab at ${venue}`,
    intro: (suite: string, event: string) => `The tab of ${suite} for ${event} is closed.`,
    invoice: (number: string, total: string) => `Invoice ${number}: ${total} to pay.`,
    charged: (total: string, brand: string, last4: string) => `${total} was charged to your ${brand} ending in ${last4}.`,
    failed: (total: string) =>
      `We could not charge ${total} to a saved card. Please add a card to your account; the venue will charge the tab again.`,
    line: (line: StatementLine, when: string, amount: string) =>
      `#${line.number}  ${when}  for ${line.forWhom}${line.placedBy ? `, placed by ${line.placedBy}` : ''}  ${amount}`,
    total: 'Total',
  },
  'fr-CA': {
    invoiceSubject: (venue: string, number: string) => `Facture ${number} de ${venue} : l’ardoise de votre loge`,
    chargeSubject: (venue: string) => `L’ardoise de votre loge chez ${venue} a été débitée`,
    failedSubject: (venue: string) => `Nous n’avons pas pu débiter l’ardoise de votre loge chez ${venue}`,
    intro: (suite: string, event: string) => `L’ardoise de ${suite} pour ${event} est fermée.`,
    invoice: (number: string, total: string) => `Facture ${number} : ${total} à payer.`,
    charged: (total: string, brand: string, last4: string) => `${total} a été débité de votre ${brand} se terminant par ${last4}.`,
    failed: (total: string) =>
      `Nous n’avons pas pu débiter ${total} d’une carte enregistrée. Veuillez ajouter une carte à votre compte; l’établissement débitera l’ardoise de nouveau.`,
    line: (line: StatementLine, when: string, amount: string) =>
      `no ${line.number}  ${when}  pour ${line.forWhom}${line.placedBy ? `, passée par ${line.placedBy}` : ''}  ${amount}`,
    total: 'Total',
  },
} as const;

export function composeTabStatement(input: StatementInput): { subject: string; text: string } {
  const text = TEXT[input.locale];
  const money = moneyFormat(input.locale);
  const when = dateTimeFormat(input.locale, {
    timeZone: input.zone,
    dateStyle: 'short',
    timeStyle: 'short',
    hour12: input.locale === 'en-CA',
  });
  const total = money.format(input.total / 100);
  const { settlement } = input;
  const subject =
    settlement.kind === 'invoiced'
      ? text.invoiceSubject(input.venue, settlement.invoiceNumber)
      : settlement.kind === 'charged'
        ? text.chargeSubject(input.venue)
        : text.failedSubject(input.venue);
  const outcome =
    settlement.kind === 'invoiced'
      ? text.invoice(settlement.invoiceNumber, total)
      : settlement.kind === 'charged'
        ? text.charged(total, settlement.brand, settlement.last4)
        : text.failed(total);
  const lines = input.lines.map((line) => text.line(line, when.format(new Date(line.placedAt)), money.format(line.amount / 100)));
  return {
    subject,
    text: [text.intro(input.suite, input.event), outcome, '', ...lines, '', `${text.total}: ${total}`].join('\n'),
  };
}
