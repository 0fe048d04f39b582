/** Whether a promo code can be used at `now` (spec ordering.md section 5; validity dates and usage limits). */
export interface DiscountCodeRules {
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
}

export type DiscountCodeStatus =
  | { ok: true; remainingUses: number | null }
  | { ok: false; error: 'DISCOUNT_CODE_NOT_STARTED' | 'DISCOUNT_CODE_EXPIRED' | 'DISCOUNT_CODE_USED_UP' };

/** A code is valid from starts_at (inclusive) until ends_at (exclusive), for at most max_uses orders. */
export function discountCodeStatus(code: DiscountCodeRules, uses: number, now: Date): DiscountCodeStatus {
  const at = now.getTime();
  if (code.starts_at !== null && at < Date.parse(code.starts_at)) return { ok: false, error: 'DISCOUNT_CODE_NOT_STARTED' };
  if (code.ends_at !== null && at >= Date.parse(code.ends_at)) return { ok: false, error: 'DISCOUNT_CODE_EXPIRED' };
  if (code.max_uses !== null && uses >= code.max_uses) return { ok: false, error: 'DISCOUNT_CODE_USED_UP' };
  return { ok: true, remainingUses: code.max_uses === null ? null : code.max_uses - uses };
}

/** How a typed promo code is compared with the restaurant's codes: trimmed, any case. */
export function normaliseDiscountCode(text: string): string {
  return text.trim().toUpperCase();
}

/** The restaurant's code that `text` names (the one place codes are matched), or null. */
export function findDiscountCode<Code extends { code: string }>(codes: readonly Code[], text: string): Code | null {
  const wanted = normaliseDiscountCode(text);
  return codes.find((candidate) => normaliseDiscountCode(candidate.code) === wanted) ?? null;
}
