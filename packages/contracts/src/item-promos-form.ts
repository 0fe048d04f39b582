/**
 * The restaurant settings' "Item promos" form (issue 32 item 2; decision 0110): the tenant file's
 * `promos` (tenant-file.ts Promo: an id with a percentage or an amount off), which menu items, option
 * values and members name by id. The saved file is checked again by the tenant file's schema; this
 * form says first, at the field, a value that does not read.
 *
 * A rule's message travels as `params.messageKey`, a key of the web's catalogue (settings-forms.ts).
 */
import { z } from './browser-zod';
import { decimalValue } from './discount-codes-form';
import type { MessageKeyParams } from './settings-forms';

/** The most promos a restaurant keeps on the form. */
export const MAX_PROMOS = 100;

const VALUE = /^\d+([.,]\d{1,2})?$/;

function issue(ctx: z.core.$RefinementCtx, path: PropertyKey[], messageKey: string) {
  const params: MessageKeyParams = { messageKey };
  ctx.addIssue({ code: 'custom', path, params });
}

/** One promo. `promo_id`: its id in the file (0: a new one, given the next free id when saved). */
export const PromoForm = z
  .object({
    promo_id: z.number().int().nonnegative(),
    kind: z.enum(['percent', 'amount']),
    value: z.string(),
  })
  .superRefine((promo, ctx) => {
    const value = promo.value.trim();
    if (value.startsWith('-')) issue(ctx, ['value'], 'staffOffers.error.negative');
    else if (!VALUE.test(value))
      issue(ctx, ['value'], promo.kind === 'percent' ? 'staffOffers.error.percent' : 'staffOffers.error.dollars');
    else if (decimalValue(value) === 0) issue(ctx, ['value'], 'staffOffers.error.zero');
    else if (promo.kind === 'percent' && decimalValue(value) > 100) issue(ctx, ['value'], 'staffOffers.error.percentOver');
  });
export type PromoForm = z.input<typeof PromoForm>;

export const PromosForm = z.object({ promos: z.array(PromoForm).max(MAX_PROMOS) });
export type PromosForm = z.input<typeof PromosForm>;
