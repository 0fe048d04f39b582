/**
 * Painting the price schedule's grid (schedule-grid-editor.tsx): a rectangle of weekdays and
 * 15-minute slots takes one letter (a price) or X (not sold), and each day changed is written back as
 * the ranges text its field shows ("11:00-14:00 A"), so the grid and the day fields say the same and
 * the draft keeps the tenant file's 96 letters per day (price-schedule-file.ts).
 */
import { SCHEDULE_DAYS, type PriceScheduleForm } from '@servery/contracts/forms';
import { formatDayRanges, parseDayRanges } from '@servery/domain/price-schedule-ranges';

export type ScheduleDay = (typeof SCHEDULE_DAYS)[number];
export type ScheduleDays = PriceScheduleForm['days'];

export const SLOTS = 96;
export const NOT_SOLD = 'X';
const BLANK_DAY = NOT_SOLD.repeat(SLOTS);

/** A cell of the grid: a weekday's row (0 Sunday .. 6 Saturday) and a slot (0 is 00:00-00:15 .. 95). */
export interface Cell {
  day: number;
  slot: number;
}

/** The cells between two corners, whichever way they were dragged: rows `fromDay..toDay`, slots `fromSlot..toSlot` (inclusive). */
export interface Selection {
  fromDay: number;
  toDay: number;
  fromSlot: number;
  toSlot: number;
}

export function selectionOf(anchor: Cell, focus: Cell): Selection {
  return {
    fromDay: Math.min(anchor.day, focus.day),
    toDay: Math.max(anchor.day, focus.day),
    fromSlot: Math.min(anchor.slot, focus.slot),
    toSlot: Math.max(anchor.slot, focus.slot),
  };
}

export const inSelection = (selection: Selection, day: number, slot: number) =>
  day >= selection.fromDay && day <= selection.toDay && slot >= selection.fromSlot && slot <= selection.toSlot;

/** A day's 96 letters as its field's text reads them; a day that does not parse is drawn (and painted over) as not sold. */
export const daySlots = (text: string | undefined): string => parseDayRanges(text ?? '') ?? BLANK_DAY;

/**
 * A day's 96 letters with slots `from..to` (inclusive, either order, clamped to the day) set to
 * `letter` (upper case; X: not sold).
 */
export function paintSlots(slots: string, from: number, to: number, letter: string): string {
  const first = Math.max(0, Math.min(from, to));
  const last = Math.min(SLOTS - 1, Math.max(from, to));
  const padded = slots.padEnd(SLOTS, NOT_SOLD).slice(0, SLOTS);
  if (first > last) return padded;
  return padded.slice(0, first) + letter.toUpperCase().repeat(last - first + 1) + padded.slice(last + 1);
}

/**
 * The days' texts with the selection painted `letter`: each day of the selection read as the grid
 * draws it, painted, and written as ranges ("11:00-14:00 A, 14:00-17:00 B"; "" when never sold).
 * The other days' texts are kept as typed, even when they do not parse.
 */
export function paintWeek(days: ScheduleDays, selection: Selection, letter: string): ScheduleDays {
  const next = { ...days };
  SCHEDULE_DAYS.forEach((day, index) => {
    if (index < selection.fromDay || index > selection.toDay) return;
    next[day] = formatDayRanges(paintSlots(daySlots(days[day]), selection.fromSlot, selection.toSlot, letter));
  });
  return next;
}

/** The hours a narrow screen may zoom to: the whole day, or 6 hours from a start hour. */
export interface HourWindow {
  /** First slot shown. */
  from: number;
  /** The slot after the last shown. */
  to: number;
}

export const WHOLE_DAY: HourWindow = { from: 0, to: SLOTS };
/** The 6-hour windows offered, starting every 3 hours (00:00-06:00 .. 18:00-24:00), so any 3 hours fit one. */
export const WINDOW_STARTS = [0, 3, 6, 9, 12, 15, 18];
export const windowFrom = (startHour: number | null): HourWindow =>
  startHour === null ? WHOLE_DAY : { from: startHour * 4, to: Math.min(SLOTS, (startHour + 6) * 4) };

/** The window that shows `slot`: `current` when it does, else the 6-hour window that centres it best. */
export function windowShowing(current: number | null, slot: number): number | null {
  const shown = windowFrom(current);
  if (current === null || (slot >= shown.from && slot < shown.to)) return current;
  const hour = Math.floor(slot / 4);
  return WINDOW_STARTS.reduce((best, start) => (Math.abs(start + 3 - hour) < Math.abs(best + 3 - hour) ? start : best), 0);
}

/** A cell after a key: arrows move a slot or a day, Home/End to the day's ends; null for other keys. */
export function moveCell(cell: Cell, key: string): Cell | null {
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, value));
  switch (key) {
    case 'ArrowLeft':
      return { ...cell, slot: clamp(cell.slot - 1, SLOTS - 1) };
    case 'ArrowRight':
      return { ...cell, slot: clamp(cell.slot + 1, SLOTS - 1) };
    case 'ArrowUp':
      return { ...cell, day: clamp(cell.day - 1, SCHEDULE_DAYS.length - 1) };
    case 'ArrowDown':
      return { ...cell, day: clamp(cell.day + 1, SCHEDULE_DAYS.length - 1) };
    case 'Home':
      return { ...cell, slot: 0 };
    case 'End':
      return { ...cell, slot: SLOTS - 1 };
    default:
      return null;
  }
}
