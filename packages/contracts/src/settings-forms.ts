/**
 * The staff console's restaurant settings forms (issue 32 item 2; docs/decisions/0108-restaurant-settings-on-the-menu-draft.md):
 * what a person types (text, ticks), checked before the draft is saved. The saved file is checked
 * again by the tenant file's own schema (tenant-file.ts): these forms add only what a screen can say
 * better than the file's rule (an end before its start, two ranges of one day that overlap).
 *
 * A rule's message travels as `params.messageKey`, a key of the web's catalogue, so the web words it in
 * the person's language (apps/web/src/components/ui/form/field-problem.ts).
 */
import { z } from './browser-zod';
import { typedDollarsToCents } from '@servery/domain/money';

/** The params of an issue whose message is one of the web catalogue's keys. */
export interface MessageKeyParams {
  messageKey: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function issue(ctx: z.core.$RefinementCtx, path: PropertyKey[], messageKey: string) {
  const params: MessageKeyParams = { messageKey };
  // No message of its own: the form's error map words the issue from its params (field-problem.ts).
  ctx.addIssue({ code: 'custom', path, params });
}

/**
 * One opening range: "09:30" to "14:00". `overnight`: it closes after midnight (the file writes that
 * as an end at or before the start: Friday 11:00-01:00); without it an end at or before the start is
 * an error, for that is almost always a slip.
 */
export const HoursRangeForm = z.object({ start: z.string(), end: z.string(), overnight: z.boolean() });
export type HoursRangeForm = z.input<typeof HoursRangeForm>;

/** The range's minutes from the day's midnight, or null when a time does not read. */
function span(range: HoursRangeForm): { from: number; to: number } | null {
  if (!TIME.test(range.start) || !TIME.test(range.end)) return null;
  const from = minutesOf(range.start);
  const end = minutesOf(range.end);
  return { from, to: range.overnight ? end + 24 * 60 : end };
}

/** Checks one range's times and its order, at `path` (the range's own path in the form). */
function checkRange(range: HoursRangeForm, path: PropertyKey[], ctx: z.core.$RefinementCtx): boolean {
  let fine = true;
  if (!TIME.test(range.start)) {
    issue(ctx, [...path, 'start'], 'staffSettings.error.time');
    fine = false;
  }
  if (!TIME.test(range.end)) {
    issue(ctx, [...path, 'end'], 'staffSettings.error.time');
    fine = false;
  }
  if (!fine) return false;
  const from = minutesOf(range.start);
  const to = minutesOf(range.end);
  if (!range.overnight && to <= from) {
    issue(ctx, [...path, 'end'], 'staffSettings.error.endBeforeStart');
    return false;
  }
  if (range.overnight && to >= from) {
    issue(ctx, [...path, 'end'], 'staffSettings.error.overnightEnd');
    return false;
  }
  return true;
}

/** A weekday's ranges (none: closed that day), each checked, and none overlapping another (touching is fine). */
export const DayHoursForm = z.object({ ranges: z.array(HoursRangeForm) }).superRefine((day, ctx) => {
  const spans: Array<{ from: number; to: number; index: number }> = [];
  day.ranges.forEach((range, index) => {
    if (!checkRange(range, ['ranges', index], ctx)) return;
    const at = span(range);
    if (at) spans.push({ ...at, index });
  });
  for (const later of spans) {
    if (spans.some((earlier) => earlier.index < later.index && earlier.from < later.to && later.from < earlier.to)) {
      issue(ctx, ['ranges', later.index, 'start'], 'staffSettings.error.overlap');
    }
  }
});
export type DayHoursForm = z.input<typeof DayHoursForm>;

/** A holiday: a date that is closed all day, or open only in one range (which may run past midnight). */
export const HolidayForm = z
  .object({ date: z.string(), closed: z.boolean(), start: z.string(), end: z.string(), overnight: z.boolean() })
  .superRefine((holiday, ctx) => {
    if (!DATE.test(holiday.date) || Number.isNaN(Date.parse(holiday.date))) issue(ctx, ['date'], 'staffSettings.error.date');
    if (!holiday.closed) checkRange(holiday, [], ctx);
  });
export type HolidayForm = z.input<typeof HolidayForm>;

/** The week in the file's weekday order (Sunday first) and the holidays; no two holidays on one date. */
export const OpeningHoursForm = z
  .object({ days: z.array(DayHoursForm).length(7), holidays: z.array(HolidayForm) })
  .superRefine((form, ctx) => {
    const seen = new Set<string>();
    form.holidays.forEach((holiday, index) => {
      if (seen.has(holiday.date)) issue(ctx, ['holidays', index, 'date'], 'staffSettings.error.sameDate');
      seen.add(holiday.date);
    });
  });
export type OpeningHoursForm = z.input<typeof OpeningHoursForm>;

const percent = (text: string) => /^\d{1,3}(\.\d{1,2})?$/.test(text.trim()) && Number(text) <= 100;
const wholeOrBlank = (text: string) => text.trim() === '' || /^[1-9]\d{0,3}$/.test(text.trim());

/** A charge: none, a percentage of the subtotal, or a dollar amount. */
export const ChargeForm = z.object({ kind: z.enum(['none', 'percentage', 'dollar']), value: z.string() }).superRefine((charge, ctx) => {
  if (charge.kind === 'percentage' && !percent(charge.value)) issue(ctx, ['value'], 'staffSettings.error.percent');
  if (charge.kind === 'dollar' && typedDollarsToCents(charge.value) === null) issue(ctx, ['value'], 'staffSettings.error.dollars');
});
export type ChargeForm = z.input<typeof ChargeForm>;

/**
 * Tips (up to five offered percentages, blank ones left out, and which is chosen first), the service
 * charge (the delivery charge is the Delivery form's: settings-delivery-form.ts), the cart's limits and the message diners read while orders are paused, in
 * English and French side by side.
 */
export const OrderingSettingsForm = z
  .object({
    /** Off: no tip is asked for (the file has no tip config). */
    tips_offered: z.boolean(),
    tips: z.array(z.string()).max(5),
    /** The offered percentage chosen first, by its place among the filled ones ("" none). */
    tip_default: z.string(),
    service_charge: ChargeForm,
    max_items: z.string(),
    max_meals: z.string(),
    min_meals: z.string(),
    pause_en: z.string().max(300),
    pause_fr: z.string().max(300),
  })
  .superRefine((form, ctx) => {
    form.tips.forEach((tip, index) => {
      if (tip.trim() !== '' && !percent(tip)) issue(ctx, ['tips', index], 'staffSettings.error.percent');
    });
    const filled = form.tips.filter((tip) => tip.trim() !== '').length;
    if (form.tip_default !== '' && Number(form.tip_default) >= filled) issue(ctx, ['tip_default'], 'staffSettings.error.tipDefault');
    for (const key of ['max_items', 'max_meals', 'min_meals'] as const) {
      if (!wholeOrBlank(form[key])) issue(ctx, [key], 'staffSettings.error.whole');
    }
    if (wholeOrBlank(form.min_meals) && wholeOrBlank(form.max_meals) && form.min_meals.trim() && form.max_meals.trim()) {
      if (Number(form.min_meals) > Number(form.max_meals)) issue(ctx, ['min_meals'], 'staffSettings.error.minAboveMax');
    }
  });
export type OrderingSettingsForm = z.input<typeof OrderingSettingsForm>;
