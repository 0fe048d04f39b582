/**
 * The restaurant settings' "Discount codes" form (issue 32 item 2; decision 0110): the tenant file's
 * `discount_codes` (tenant-file.ts) as a person edits them. Its window is the restaurant's wall clock
 * ("2026-06-01T00:00", a `datetime-local` input, read in the file's `zone`); the file writes instants
 * with their offset. The saved file is checked again by the tenant file's schema; this form says
 * first, in the person's language and at the field, what a screen can.
 *
 * A rule's message travels as `params.messageKey`, a key of the web's catalogue (settings-forms.ts).
 */
import { normaliseDiscountCode } from '@servery/domain/discount-code';
import { z } from './browser-zod';
import type { MessageKeyParams } from './settings-forms';
import { hasControlCharacters } from './text-input';

/** The longest code the form takes (a diner types it on a phone). */
export const DISCOUNT_CODE_MAX_LENGTH = 40;
/** The most codes a restaurant keeps on the form. */
export const MAX_DISCOUNT_CODES = 100;
/** The most uses a code may be given (above, leave it empty: no limit). */
export const MAX_DISCOUNT_CODE_USES = 1_000_000;

/** A value as the form takes it: digits, at most 2 decimals after a point or a comma ("10", "12.5", "2,50": French writes a comma). */
const VALUE = /^\d+([.,]\d{1,2})?$/;
/** The value as a number (a decimal comma read as a point). */
export const decimalValue = (text: string): number => Number(text.trim().replace(',', '.'));
/** A `datetime-local` input's value, to the minute. */
export const WALL_CLOCK = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

function issue(ctx: z.core.$RefinementCtx, path: PropertyKey[], messageKey: string) {
  const params: MessageKeyParams = { messageKey };
  ctx.addIssue({ code: 'custom', path, params });
}

function codeProblem(code: string): string | null {
  if (code.trim() === '') return 'staffOffers.error.codeEmpty';
  if (hasControlCharacters(code)) return 'staffOffers.error.controlCharacters';
  if (code.trim().length > DISCOUNT_CODE_MAX_LENGTH) return 'staffOffers.error.codeTooLong';
  return null;
}

function valueProblem(type: 'percentage' | 'dollar', text: string): string | null {
  const value = text.trim();
  if (value.startsWith('-')) return 'staffOffers.error.negative';
  if (!VALUE.test(value)) return type === 'percentage' ? 'staffOffers.error.percent' : 'staffOffers.error.dollars';
  if (decimalValue(value) === 0) return 'staffOffers.error.zero';
  if (type === 'percentage' && decimalValue(value) > 100) return 'staffOffers.error.percentOver';
  return null;
}

/**
 * One code. `file_index`: its place in the file when the form was read (-1: added on the form), by
 * which an unchanged window keeps the file's text (its seconds, its offset). `starts_at`, `ends_at`:
 * the restaurant's wall clock, or empty (no start, no end). `max_uses`: a whole number, or empty (no
 * limit).
 */
export const DiscountCodeForm = z
  .object({
    file_index: z.number().int().min(-1),
    code: z.string(),
    type: z.enum(['percentage', 'dollar']),
    value: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    max_uses: z.string(),
  })
  .superRefine((code, ctx) => {
    const codeIssue = codeProblem(code.code);
    if (codeIssue) issue(ctx, ['code'], codeIssue);
    const valueIssue = valueProblem(code.type, code.value);
    if (valueIssue) issue(ctx, ['value'], valueIssue);
    for (const key of ['starts_at', 'ends_at'] as const) {
      if (code[key] !== '' && !WALL_CLOCK.test(code[key])) issue(ctx, [key], 'staffOffers.error.dateTime');
    }
    if (WALL_CLOCK.test(code.starts_at) && WALL_CLOCK.test(code.ends_at) && code.ends_at <= code.starts_at) {
      issue(ctx, ['ends_at'], 'staffOffers.error.endBeforeStart');
    }
    const uses = code.max_uses.trim();
    if (uses !== '' && (!/^\d+$/.test(uses) || Number(uses) < 1 || Number(uses) > MAX_DISCOUNT_CODE_USES)) {
      issue(ctx, ['max_uses'], 'staffOffers.error.uses');
    }
  });
export type DiscountCodeForm = z.input<typeof DiscountCodeForm>;

/** The restaurant's codes; a code given twice (in any case: diners' codes are matched so) is the later one's message. */
export const DiscountCodesForm = z
  .object({
    /** Whether the cart offers diners a "Promo code" field (the file's `hasDiscounts`). */
    offered: z.boolean(),
    codes: z.array(DiscountCodeForm).max(MAX_DISCOUNT_CODES),
  })
  .superRefine((form, ctx) => {
    const seen = new Set<string>();
    form.codes.forEach((code, index) => {
      const folded = normaliseDiscountCode(code.code);
      if (folded === '') return;
      if (seen.has(folded)) issue(ctx, ['codes', index, 'code'], 'staffOffers.error.duplicateCode');
      seen.add(folded);
    });
  });
export type DiscountCodesForm = z.input<typeof DiscountCodesForm>;

/**
 * GET /api/staff/discount-codes/uses: how many placed orders used each of the restaurant's codes, by
 * the code as the order recorded it (the file's text then), most used first. A code no order used is
 * not listed. Owners and managers only (staff area `menu`).
 */
export const DiscountCodeUsesResponse = z.object({
  uses: z.array(z.object({ code: z.string(), count: z.number().int().nonnegative() })),
});
export type DiscountCodeUsesResponse = z.infer<typeof DiscountCodeUsesResponse>;
