import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { EventDayDelivery } from './suite-checkout';

// Tonight's game: 7 p.m. to 9:30 p.m. in Edmonton (UTC-6 under the zone rules the app ships), on a day the browser's own clock is not at.
const INFO = {
  event: {
    id: 3973,
    name: 'Tonight: Nighthawks vs. Edmonton Prospects',
    localization: { 'fr-CA': { name: 'Ce soir : Nighthawks c. Prospects d’Edmonton' } },
    starts_at: '2030-01-16T01:00:00.000Z',
    ends_at: '2030-01-16T03:30:00.000Z',
    pre_order_lock_at: '2030-01-13T06:59:00.000Z',
    image: null,
    menu_ids: [3010, 3011],
  },
  eventSuite: { id: 3987, suite: { id: 3951, name: 'Suite 2 — Centre ice', location: 'Level 2' } },
  zone: 'America/Edmonton',
  sealed: false,
};

describe('the event-day checkout (decision 0130)', () => {
  it.each([
    ['en-CA', '2030-01-15T20:00:00.000Z', "Delivered to your suite at 7:00 PM (the event's start)."],
    ['fr-CA', '2030-01-15T20:00:00.000Z', 'Livrée à votre loge à 19 h 00 (début de l’événement).'],
    ['en-CA', '2030-01-16T01:10:00.000Z', 'Delivered as soon as possible (the event has begun).'],
    ['fr-CA', '2030-01-16T01:10:00.000Z', 'Livrée dès que possible (l’événement a commencé).'],
  ] as const)('in %s, with the server at %s, says when the order comes', (locale, server, text) => {
    // The browser's clock is years before the event: only the server's time can say it has begun.
    renderWithProviders(<EventDayDelivery id="checkout" info={INFO} />, { locale, serverNow: new Date(server) });
    expect(screen.getByRole('region', { name: /Suite 2 — Centre ice/ })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });
});
