/**
 * Intl formatters kept per language and options: building one costs tens of microseconds (as much as
 * the rest of a receipt or a scheduling answer), using one costs about one
 * (docs/decisions/0048-per-order-work.md). The options name everything that decides the output (the
 * zone among them), so one kept formatter answers exactly as a new one would. Bounded: the server
 * asks for a few languages, styles and the zones of its restaurants; emptied when full.
 */
const MAX_FORMATS = 500;

/** A formatter made by `make` once per language and options, kept in `kept`. */
function keptFormat<Options, Format>(
  kept: Map<string, Format>,
  make: (locale: string, options: Options) => Format,
  locale: string,
  options: Options,
): Format {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = kept.get(key);
  if (!format) {
    if (kept.size >= MAX_FORMATS) kept.clear();
    kept.set(key, (format = make(locale, options)));
  }
  return format;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return keptFormat(dateTimeFormats, (l, o) => new Intl.DateTimeFormat(l, o), locale, options);
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return keptFormat(numberFormats, (l, o) => new Intl.NumberFormat(l, o), locale, options);
}

/**
 * A moment as the e-mails write it (receipts, suite reminders, a moved suite order): the full date and a
 * short time in the venue's zone, 12-hour in English, 24-hour in French.
 */
export function venueDateTime(locale: string, zone: string): Intl.DateTimeFormat {
  return dateTimeFormat(locale, { timeZone: zone, dateStyle: 'full', timeStyle: 'short', hour12: locale === 'en-CA' });
}

/** Dollars as every e-mail and text writes them ("$12.50", "12,50 $"): the receipts, tab statements and school notices. */
export function moneyFormat(locale: string): Intl.NumberFormat {
  return numberFormat(locale, { style: 'currency', currency: 'CAD' });
}
