/**
 * Exact decimal arithmetic for money (spec pricing.md: "Rates and percentages are exact decimals
 * (0.09975 is 9975/100000, never a binary float). 'Round' means half-up to the cent").
 *
 * Exported API:
 * - `Ratio` { num: bigint; den: bigint }: an exact rational, den > 0, always in lowest terms.
 * - `parseDecimal(text): Ratio | null` reads "0.09975", "18", "13.5", "-15", "5.", ".5" is refused.
 * - `decimal(text): Ratio` the same, throwing a RangeError on text that is not a decimal (use it on
 *   data that was validated already: a bad rate there is a programming error, not a diner's).
 * - `ratio(num, den = 1)`, `fromCents(cents)`, `add`, `sub`, `mul`, `div`, `compare`, `isZero`, `sum`.
 * - `floorOf(r)`, `roundHalfUp(r)`: bigint results; half-up means toward +infinity (2.5 -> 3, -2.5 -> -2).
 * - `toCents(value: bigint): number`: a bigint cent count back to a safe integer (RangeError otherwise).
 * - `roundToCents(r)`: roundHalfUp as a number of cents.
 * - `mulCentsByRate(cents, rate)`: cents x rate ("0.13" or a Ratio), rounded half-up.
 * - `percentOfCents(cents, percent)`: cents x percent / 100 ("18" is 18 %), rounded half-up.
 * - `dollarsTextToCents(text)`: "5", "5.5", "5.555" dollars -> cents, rounded half-up (500, 550, 556).
 * - `toDecimalText(r)`: the shortest exact decimal text of a terminating rational ("0.05", "18", "-1.5").
 * - `absDecimalText(text)`: "-15" -> "15", in its shortest exact form.
 *
 * Never a binary float: every step is BigInt. Amounts in cents stay numbers at the edges (safe integers).
 */

export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d*))?$/;

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** A rational in lowest terms with a positive denominator. */
export function ratio(num: bigint | number, den: bigint | number = 1n): Ratio {
  let n = toBigInt(num);
  let d = toBigInt(den);
  if (d === 0n) throw new RangeError('Division by zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const divisor = gcd(n, d);
  return divisor > 1n ? { num: n / divisor, den: d / divisor } : { num: n, den: d };
}

function toBigInt(value: bigint | number): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a safe integer: ${value}`);
  return BigInt(value);
}

// Rates and percentages are a handful of texts read for every part of every cart: each is parsed once.
// A Ratio is never changed, so one value can be handed out again. Bounded: the oldest out first.
const parsedTexts = new Map<string, Ratio | null>();
const PARSED_TEXTS_MAX = 1000;

/** Exact decimal text to a rational; null when the text is not a plain decimal ("1e3", "12,5", "" are not). */
export function parseDecimal(text: string): Ratio | null {
  let value = parsedTexts.get(text);
  if (value === undefined) {
    value = parseDecimalText(text);
    parsedTexts.set(text, value);
    if (parsedTexts.size > PARSED_TEXTS_MAX) parsedTexts.delete(parsedTexts.keys().next().value!);
  }
  return value;
}

function parseDecimalText(text: string): Ratio | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const den = 10n ** BigInt(fraction.length);
  const num = BigInt(whole) * den + (fraction === '' ? 0n : BigInt(fraction));
  return ratio(sign === '-' ? -num : num, den);
}

/** parseDecimal for data already validated: throws a RangeError when it is not a decimal. */
export function decimal(text: string): Ratio {
  const value = parseDecimal(text);
  if (value === null) throw new RangeError(`Not a decimal: ${JSON.stringify(text)}`);
  return value;
}

export const ZERO: Ratio = { num: 0n, den: 1n };
export const ONE: Ratio = { num: 1n, den: 1n };

export function fromCents(cents: number): Ratio {
  return ratio(cents);
}

export function add(a: Ratio, b: Ratio): Ratio {
  return a.den === b.den ? ratio(a.num + b.num, a.den) : ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function sub(a: Ratio, b: Ratio): Ratio {
  return add(a, { num: -b.num, den: b.den });
}

export function mul(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.num, a.den * b.den);
}

export function div(a: Ratio, b: Ratio): Ratio {
  if (b.num === 0n) throw new RangeError('Division by zero');
  return ratio(a.num * b.den, a.den * b.num);
}

export function sum(values: Iterable<Ratio>): Ratio {
  let total = ZERO;
  for (const value of values) total = add(total, value);
  return total;
}

/** Negative, zero or positive as a is below, equal to or above b. */
export function compare(a: Ratio, b: Ratio): number {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function isZero(value: Ratio): boolean {
  return value.num === 0n;
}

/** The greatest integer not above r (also for negatives: floor(-0.5) is -1). */
export function floorOf(value: Ratio): bigint {
  const quotient = value.num / value.den;
  return value.num < 0n && quotient * value.den !== value.num ? quotient - 1n : quotient;
}

/** Half-up: floor(r + 1/2). Half a cent goes up (toward +infinity). */
export function roundHalfUp(value: Ratio): bigint {
  return floorOf({ num: 2n * value.num + value.den, den: 2n * value.den });
}

/** A bigint cent count as a number; a RangeError when it does not fit a safe integer. */
export function toCents(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Amount out of range: ${value}`);
  }
  return Number(value);
}

/** An exact amount of cents rounded half-up to a whole cent. */
export function roundToCents(value: Ratio): number {
  return toCents(roundHalfUp(value));
}

function asRatio(value: string | Ratio): Ratio {
  return typeof value === 'string' ? decimal(value) : value;
}

/** cents x rate, rounded half-up: mulCentsByRate(1000, "0.09975") is 100 (99.75 -> 100). */
export function mulCentsByRate(cents: number, rate: string | Ratio): number {
  return roundToCents(mul(fromCents(cents), asRatio(rate)));
}

/** percent % of cents, rounded half-up: percentOfCents(1250, "18") is 225. */
export function percentOfCents(cents: number, percent: string | Ratio): number {
  return roundToCents(mul(fromCents(cents), div(asRatio(percent), ratio(100))));
}

/** Dollars as exact decimal text to cents, rounded half-up ("5.555" -> 556). */
export function dollarsTextToCents(text: string): number {
  return roundToCents(mul(decimal(text), ratio(100)));
}

/** The shortest exact decimal text of r; a RangeError when r does not terminate (1/3). */
export function toDecimalText(value: Ratio): string {
  let den = value.den;
  let twos = 0;
  let fives = 0;
  while (den % 2n === 0n) {
    den /= 2n;
    twos += 1;
  }
  while (den % 5n === 0n) {
    den /= 5n;
    fives += 1;
  }
  if (den !== 1n) throw new RangeError('Not a terminating decimal');
  const places = Math.max(twos, fives);
  const scaled = (value.num * 10n ** BigInt(places)) / value.den;
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places);
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** "-15" -> "15", "07.50" -> "7.5": the absolute value in shortest exact form. */
export function absDecimalText(text: string): string {
  const value = decimal(text);
  return toDecimalText(value.num < 0n ? { num: -value.num, den: value.den } : value);
}
