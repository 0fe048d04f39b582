/** The owner's e-mail when an event's times move a suite order (compose-delivery-moved.ts): each moment's words, in both languages. */
import { describe, expect, it } from 'vitest';
import { composeDeliveryMoved, type DeliveryMovedInput } from './compose-delivery-moved';

const base: DeliveryMovedInput = {
  locale: 'en-CA',
  zone: 'America/Edmonton',
  venue: 'Northside Arena',
  event: 'Tonight: Nighthawks',
  suite: 'Suite 2 — Blue line',
  number: 12,
  kind: 'pre_order',
  placedByStaff: false,
  preference: 'before_event',
  // 7:30 p.m. in Edmonton (UTC-6 under its 2026 rules), was 6:30 p.m.
  deliverAt: '2026-12-13T01:30:00.000Z',
  was: '2026-12-13T00:30:00.000Z',
};

describe('the e-mail of a suite order moved with its event', () => {
  it('names the pre-order, the new moment and the old one in English, 12-hour', () => {
    const { subject, text } = composeDeliveryMoved(base);
    expect(subject).toBe('Northside Arena: a new time for order #12 (Suite 2 — Blue line)');
    expect(text).toMatch(
      /^Hello,\n\nThe times of Tonight: Nighthawks have changed\. Your pre-order #12 for Suite 2 — Blue line will now be brought before the event, Saturday, December 12, 2026 at 7:30\sp\.m\. \(it was [^\n]* at 6:30\sp\.m\.\)\.\nNothing else on the order has changed\.\n\nThank you,\nNorthside Arena\n$/,
    );
  });

  it('says "as soon as it is ready" for an event-day order whose new moment has come, in French, 24-hour', () => {
    const { subject, text } = composeDeliveryMoved({ ...base, locale: 'fr-CA', kind: 'event_day', preference: null, deliverAt: null });
    expect(subject).toBe('Northside Arena : nouvelle heure pour la commande no 12 (Suite 2 — Blue line)');
    expect(text).toContain(
      'Votre commande no 12 pour Suite 2 — Blue line sera maintenant apportée dès qu’elle sera prête (c’était samedi 12 décembre 2026 à 18 h 30).',
    );
    expect(text).toContain('Merci,\nNorthside Arena');
  });

  it.each([
    [
      'en-CA',
      'event_day',
      'The order #12 placed for Suite 2 — Blue line by the venue’s staff will now be brought at the start of the event',
    ],
    ['en-CA', 'pre_order', 'The pre-order #12 placed for Suite 2 — Blue line by the venue’s staff will now be brought'],
    [
      'fr-CA',
      'event_day',
      'La commande no 12 passée pour Suite 2 — Blue line par le personnel de l’établissement sera maintenant apportée au début de l’événement',
    ],
    [
      'fr-CA',
      'pre_order',
      'La précommande no 12 passée pour Suite 2 — Blue line par le personnel de l’établissement sera maintenant apportée',
    ],
  ] as const)('in %s, says an operator’s %s was placed by the venue’s staff, not "your order"', (locale, kind, words) => {
    const { subject, text } = composeDeliveryMoved({ ...base, locale, kind, placedByStaff: true, preference: 'event_start' });
    expect(text).toContain(words);
    expect(text).not.toMatch(/Your (pre-)?order|Votre (pré)?commande/);
    expect(subject).not.toMatch(/your|votre/i);
  });
});
