/**
 * Intl formatters kept per language and options: building one costs tens of microseconds (as much as
 * the rest of a receipt or a scheduling answer), using one costs about one
 * (docs/decisions/0048-per-order-work.md). The options name everything that decides the output (the
 * zone among them), so one kept formatter answers exactly as a new one would. Bounded: the server
 * asks for a few languages, styles and the zones of its restaurants; emptied when full.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const MAX_FORMATS = 500;

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    if (dateTimeFormats.size >= MAX_FORMATS) dateTimeFormats.clear();
    dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  }
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    if (numberFormats.size >= MAX_FORMATS) numberFormats.clear();
    numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  }
  return format;
}
