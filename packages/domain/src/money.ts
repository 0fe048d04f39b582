/**
 * Money is integer cents (CAD). Decimal text such as "12.50" from a data file becomes cents by string
 * arithmetic, never through a binary float.
 */
export type Cents = number;

const DECIMAL_AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** Parses "12.50", "12.5", "12" or the number 12.5 (dollars) into cents; null when it is not an amount. */
export function dollarsToCents(value: string | number): Cents | null {
  const text = typeof value === 'number' ? numberToPlainText(value) : value.trim();
  if (text === null) return null;
  const match = DECIMAL_AMOUNT.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' ? -cents : cents;
}

function numberToPlainText(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  // String(12.5) is "12.5": JavaScript prints the shortest text that reads back to the same number,
  // so a price typed as a JSON number keeps the digits the operator wrote.
  const text = String(value);
  return /e/i.test(text) ? null : text;
}

const TYPED_AMOUNT = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;

/**
 * An amount a person typed (the staff menu editor's price), in cents: "12.50", "12,50" (French),
 * "12", "$12.50", "12,50 $"; null for anything else (negative, three decimals, letters, empty,
 * $100,000 and more). String arithmetic, never a float.
 */
export function typedDollarsToCents(typed: string): Cents | null {
  const text = typed
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/\s*\$$/, '')
    .trim();
  const match = TYPED_AMOUNT.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** "12.50" for 1250: for data files and logs; screens format with Intl.NumberFormat. */
export function centsToDecimalText(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A rate or percentage kept as exact decimal text ("0.09975", "18"); null when it is not a decimal. */
export function normaliseDecimal(value: string | number): string | null {
  const text = typeof value === 'number' ? numberToPlainText(value) : value.trim();
  if (text === null || !/^\d+(\.\d+)?$/.test(text)) return null;
  return text;
}
