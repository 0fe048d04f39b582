import type { Locale } from '../i18n/locales';
import { DEFAULT_TIME_ZONE } from '../lib/format';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * When a draft was saved or a version published, with the month in words so that no one reads
 * 02/12 as February: "Dec 2, 2026, 8:43 a.m." / "2 déc. 2026, 8 h 43", in the restaurant's zone.
 * Not lib/format.ts's formatDateTime: the diner's screens keep the spec's dd/MM/yyyy there.
 */
export function formatDraftWhen(value: string, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): string {
  const key = `${locale}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(locale === 'fr-CA' ? { hourCycle: 'h23' as const } : { hour12: true }),
    });
    formats.set(key, format);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

/** The restaurant's zone as its file names it (`zone`), when it is one Intl knows; else Toronto, as lib/format.ts. */
export function zoneOfFile(file: unknown): string {
  const zone = typeof file === 'object' && file !== null ? (file as { zone?: unknown }).zone : undefined;
  if (typeof zone !== 'string' || zone === '') return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
