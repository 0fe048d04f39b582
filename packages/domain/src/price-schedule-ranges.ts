/**
 * A weekday of a price schedule (96 letters, one per 15-minute slot; price-schedule.ts) as the time
 * ranges a person reads and types: "11:00-16:00 A, 16:00-19:00 B". A slot no range covers is X (not
 * sold then). The menu editor shows each weekday this way, and checks what is typed with `parseDayRanges`.
 */
import { SLOTS_PER_DAY } from './price-schedule';

export interface SlotRange {
  /** First slot, 0..95. */
  from: number;
  /** The slot after the last, 1..96. */
  to: number;
  /** The price's letter, upper case. */
  letter: string;
}

const unavailable = (letter: string) => letter === 'X' || letter === 'x';

/** The runs of one letter in a weekday's slots, left out where it is not sold (X); a short string is X past its end. */
export function dayRanges(slots: string): SlotRange[] {
  const ranges: SlotRange[] = [];
  for (let slot = 0; slot < Math.min(slots.length, SLOTS_PER_DAY); slot += 1) {
    const letter = slots.charAt(slot);
    if (unavailable(letter)) continue;
    const last = ranges.at(-1);
    if (last && last.to === slot && last.letter === letter.toUpperCase()) last.to = slot + 1;
    else ranges.push({ from: slot, to: slot + 1, letter: letter.toUpperCase() });
  }
  return ranges;
}

/** Slot 0..96 as a 24-hour time: 0 is "00:00", 66 is "16:30", 96 is "24:00". */
export function slotTime(slot: number): string {
  const minutes = slot * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A weekday's slots as text: "11:00-16:00 A, 16:00-19:00 B"; "" when it is never sold that day. */
export function formatDayRanges(slots: string): string {
  return dayRanges(slots)
    .map((range) => `${slotTime(range.from)}-${slotTime(range.to)} ${range.letter}`)
    .join(', ');
}

// "11:00", "11h00", "11 h", "9:30": hours and optional minutes.
const TIME = String.raw`(\d{1,2})\s*(?:[:h]\s*(\d{2})?)?`;
const RANGE = new RegExp(String.raw`^${TIME}\s*(?:-|–|à|to)\s*${TIME}\s+([A-WYZa-wyz])$`);

function slotOf(hours: string, minutes: string | undefined): number | null {
  const total = Number(hours) * 60 + Number(minutes ?? '0');
  if (total % 15 !== 0 || total > 24 * 60) return null;
  return total / 15;
}

/**
 * The 96 letters of a weekday typed as ranges ("11:00-16:00 A, 16:00-19:00 B", French "11 h - 16 h A"
 * too), or null when it does not parse: a range that is not times on the quarter hour from 00:00 to
 * 24:00 and one letter (not X), that ends before it starts, or that overlaps another. Empty: X all day.
 */
export function parseDayRanges(text: string): string | null {
  const slots = Array.from({ length: SLOTS_PER_DAY }, () => 'X');
  const entries = text
    .split(/[,;\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const match = RANGE.exec(entry);
    if (!match) return null;
    const from = slotOf(match[1]!, match[2]);
    const to = slotOf(match[3]!, match[4]);
    if (from === null || to === null || to <= from) return null;
    for (let slot = from; slot < to; slot += 1) {
      if (slots[slot] !== 'X') return null;
      slots[slot] = match[5]!.toUpperCase();
    }
  }
  return slots.join('');
}
