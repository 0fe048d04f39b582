/**
 * The tenant file's `discount_codes` and `hasDiscounts` and the "Discount codes" form's values
 * (contracts/discount-codes-form.ts), both ways, as pure functions (decision 0110): the form shows a
 * code's window as the restaurant's wall clock (its `zone`), and what it sends changes only those two
 * keys. And back from a refused file's paths to the form's fields.
 */
import { decimalValue, type DiscountCodeForm, type DiscountCodesForm } from '@servery/contracts/discount-codes-form';
import { localDateTime, zonedInstant } from '@servery/domain/price-schedule';
import type { FieldProblem } from '../../components/ui/form/field-problem';

/** A code as the file writes it (tenant-file.ts DiscountCode; `value` a decimal, as text or a number). */
export interface FileDiscountCode {
  code: string;
  type: 'percentage' | 'dollar';
  value: string | number;
  starts_at?: string | null;
  ends_at?: string | null;
  max_uses?: number | null;
}

/** The file as this form reads it: only its keys are typed; the rest passes through. */
export interface OffersFile {
  zone?: string;
  discount_codes?: FileDiscountCode[];
  hasDiscounts?: boolean;
  [key: string]: unknown;
}

/** The file's default zone (tenant-file.ts), for a file that names none. */
const DEFAULT_ZONE = 'America/Toronto';
const zoneOf = (file: OffersFile) => file.zone ?? DEFAULT_ZONE;
const codesOf = (file: OffersFile): FileDiscountCode[] => (Array.isArray(file.discount_codes) ? file.discount_codes : []);
const two = (n: number) => String(n).padStart(2, '0');

/** An instant as the wall clock of `zone`, to the minute ("2026-06-01T00:00"); empty for none (or a text that does not read). */
export function wallClockOf(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const instant = new Date(iso);
  if (!Number.isFinite(instant.getTime())) return '';
  const wall = localDateTime(instant, zone);
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}`;
}

/**
 * A wall clock of `zone` ("2026-06-01T00:00") as an instant with the zone's offset then
 * ("2026-06-01T00:00:00-04:00"), as the demo files write them. A time a clock change skips moves
 * forward by the gap; a repeated one is its first (domain zonedInstant).
 */
export function instantOf(wallClock: string, zone: string): string {
  const [year, month, day, hour, minute] = wallClock.split(/[-T:]/).map(Number) as [number, number, number, number, number];
  const instant = zonedInstant(zone, year, month, day, hour, minute);
  const wall = localDateTime(instant, zone);
  const offset = (Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - instant.getTime()) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  const local = `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}:00`;
  return `${local}${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
}

export function codesValues(file: OffersFile): DiscountCodesForm {
  const zone = zoneOf(file);
  return {
    offered: file.hasDiscounts === true,
    codes: codesOf(file).map((code, index) => ({
      file_index: index,
      code: code.code,
      type: code.type,
      value: String(code.value),
      starts_at: wallClockOf(code.starts_at, zone),
      ends_at: wallClockOf(code.ends_at, zone),
      max_uses: code.max_uses == null ? '' : String(code.max_uses),
    })),
  };
}

/** The file's instant for a wall clock on the form: the file's own text while it still reads as that wall clock (its seconds kept). */
function instantFor(before: string | null | undefined, wallClock: string, zone: string): string | null {
  if (wallClock === '') return null;
  return before && wallClockOf(before, zone) === wallClock ? before : instantOf(wallClock, zone);
}

/** "10.50" -> "10.5", "2,5" -> "2.5", "05" -> "5": the value as the file's decimals read (values kept if unchanged). */
const decimal = (text: string) => String(decimalValue(text));

/** The file with the form's codes in the form's order, trimmed; a code kept keeps what the form did not change. */
export function applyCodes(file: OffersFile, values: DiscountCodesForm): OffersFile {
  const zone = zoneOf(file);
  const before = codesOf(file);
  return {
    ...file,
    hasDiscounts: values.offered,
    discount_codes: values.codes.map((code: DiscountCodeForm): FileDiscountCode => {
      const kept = code.file_index >= 0 ? before[code.file_index] : undefined;
      const value = kept && decimal(String(kept.value)) === decimal(code.value) ? kept.value : decimal(code.value);
      const entry: FileDiscountCode = { code: code.code.trim(), type: code.type, value: String(value) };
      const starts = instantFor(kept?.starts_at, code.starts_at, zone);
      const ends = instantFor(kept?.ends_at, code.ends_at, zone);
      const uses = code.max_uses.trim();
      if (starts !== null) entry.starts_at = starts;
      if (ends !== null) entry.ends_at = ends;
      if (uses !== '') entry.max_uses = Number(uses);
      return entry;
    }),
  };
}

const FIELDS: Record<string, string> = {
  code: 'code',
  type: 'type',
  value: 'value',
  starts_at: 'starts_at',
  ends_at: 'ends_at',
  max_uses: 'max_uses',
};

/** The codes form's field for a refused file's path (`$.discount_codes[1].ends_at`); undefined: not one of its fields. */
export function codesFieldOf(path: string): string | undefined {
  if (path === '$.hasDiscounts') return 'offered';
  const match = /^\$\.discount_codes\[(\d+)\](?:\.(\w+))?$/.exec(path);
  if (!match) return undefined;
  return `codes.${match[1]}.${FIELDS[match[2] ?? ''] ?? 'code'}`;
}

/** The file's rules for a code worded as the form's own (undefined: said as the file's rule). */
export function codesWording(message: string): FieldProblem | undefined {
  if (message.startsWith('discount code ')) return { key: 'message', name: 'staffOffers.error.duplicateCode' };
  if (message === 'must not be empty') return { key: 'message', name: 'staffOffers.error.codeEmpty' };
  if (message === 'a percentage is at most 100') return { key: 'message', name: 'staffOffers.error.percentOver' };
  if (message === 'must be after starts_at') return { key: 'message', name: 'staffOffers.error.endBeforeStart' };
  if (message.startsWith('must be a decimal number')) return { key: 'message', name: 'staffOffers.error.number' };
  return undefined;
}
