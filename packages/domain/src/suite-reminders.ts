/**
 * When a suite owner is reminded to pre-order (docs/decisions/0106-suite-pre-order-reminders.md):
 * from `hours` before the event's pre-order lock until the lock, and only while nothing is
 * submitted. Pure: the server's sweep passes its clock in.
 */
export interface ReminderEvent {
  pre_order_lock_at: string;
}

export type ReminderDecision = { send: true } | { send: false; why: 'off' | 'too_early' | 'locked' | 'no_owner_email' | 'submitted' };

export interface ReminderFacts {
  event: ReminderEvent;
  /** The venue's lead time in hours (tenant file `suite_reminder_hours`); null: no reminders. */
  hours: number | null;
  ownerEmail: string | null | undefined;
  /** Whether the suite has a live pre-order. */
  submitted: boolean;
}

/** The instant the reminder becomes due: `hours` before the lock. */
export function reminderDueAt(event: ReminderEvent, hours: number): Date {
  return new Date(Date.parse(event.pre_order_lock_at) - hours * 3_600_000);
}

/** Whether the event is inside its reminder window at `now` (the lock not reached). */
export function inReminderWindow(event: ReminderEvent, hours: number | null, now: Date): boolean {
  if (hours === null) return false;
  return now.getTime() >= reminderDueAt(event, hours).getTime() && now.getTime() < Date.parse(event.pre_order_lock_at);
}

export function reminderDecision(facts: ReminderFacts, now: Date): ReminderDecision {
  if (facts.hours === null) return { send: false, why: 'off' };
  if (now.getTime() >= Date.parse(facts.event.pre_order_lock_at)) return { send: false, why: 'locked' };
  if (!inReminderWindow(facts.event, facts.hours, now)) return { send: false, why: 'too_early' };
  if (!facts.ownerEmail || facts.ownerEmail.trim() === '') return { send: false, why: 'no_owner_email' };
  if (facts.submitted) return { send: false, why: 'submitted' };
  return { send: true };
}
