/**
 * The demo arena's times as the suite journeys read them (suites.spec.ts, suites-operator-session.spec.ts):
 * the server's clock, when an event's pre-orders lock, and an instant as the screens show it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eventInstant, localDaysBetween, shiftLocalDays } from '../../packages/domain/src/event-suites';
import { localDateTime } from '../../packages/domain/src/price-schedule';
import { todayAtOnePmInToronto } from '../../scripts/open-hours.mjs';

export const ZONE = 'America/Edmonton';
export const SERVER_NOW = todayAtOnePmInToronto();

interface FileEvent {
  id: number;
  starts_at: string;
  pre_order_lock_at: string;
  import_day_offset?: number;
}
const EVENTS = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../tenants/northside-arena.json'), 'utf8')) as { events: FileEvent[] }
).events;

/** When an event's pre-orders lock, as the import placed it (apps/api/src/use-cases/platform/import-tenants.ts). */
export function lockOf(eventId: number): Date {
  const event = EVENTS.find((entry) => entry.id === eventId)!;
  const start = eventInstant(event.starts_at, ZONE);
  const days = localDaysBetween(start, SERVER_NOW, ZONE) + (event.import_day_offset ?? 0);
  return new Date(shiftLocalDays(eventInstant(event.pre_order_lock_at, ZONE), ZONE, days));
}

/** When an event starts, as the import placed it (the same days as its lock, lockOf). */
export function startOf(eventId: number): Date {
  const event = EVENTS.find((entry) => entry.id === eventId)!;
  const start = eventInstant(event.starts_at, ZONE);
  const days = localDaysBetween(start, SERVER_NOW, ZONE) + (event.import_day_offset ?? 0);
  return new Date(shiftLocalDays(start, ZONE, days));
}

/** An instant as the screens show it (dd/MM/yyyy, 12-hour in English, 24-hour in French) in the arena's zone. */
export function shown(instant: Date, locale: 'en' | 'fr'): string {
  const local = localDateTime(instant, ZONE);
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${pad(local.day)}/${pad(local.month)}/${local.year}`;
  return `${date} ${shownTime(instant, locale)}`;
}

/** An instant's clock time as the screens show it ("7:00 PM", "19 h 00") in the arena's zone. */
export function shownTime(instant: Date, locale: 'en' | 'fr'): string {
  const local = localDateTime(instant, ZONE);
  const pad = (value: number) => String(value).padStart(2, '0');
  if (locale === 'fr') return `${local.hour} h ${pad(local.minute)}`;
  return `${local.hour % 12 || 12}:${pad(local.minute)} ${local.hour < 12 ? 'AM' : 'PM'}`;
}
