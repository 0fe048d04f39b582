/** The pre-order's badge on the owner's pages (suite-facts.tsx): in the operator's words, both languages. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PreOrderStateLine } from './suite-facts';

const EVENT = {
  id: 3971,
  name: 'Prairie Lights Holiday Concert',
  localization: {},
  starts_at: '2026-12-13T02:30:00.000Z',
  ends_at: null,
  pre_order_lock_at: '2026-12-10T06:59:00.000Z',
  image: null,
  menu_ids: [3010],
};
const ZONE = 'America/Edmonton';

describe("the owner's pre-order badge", () => {
  it.each([
    ['en-CA', 'No pre-order yet', 'No pre-order (closed)', 'Locked'],
    ['fr-CA', 'Aucune précommande pour l’instant', 'Aucune précommande (délai passé)', 'Verrouillée'],
  ] as const)(
    'in %s, names the pre-order, not a bare "not submitted", and says pre-orders closed with none',
    (locale, none, closedNone, locked) => {
      const first = renderWithProviders(<PreOrderStateLine state="not_submitted" event={EVENT} zone={ZONE} />, { locale });
      expect(screen.getByText(none)).toBeTruthy();
      expect(screen.queryByText(/Not submitted|Non soumise/)).toBeNull();
      first.unmount();
      const second = renderWithProviders(<PreOrderStateLine state="locked" placed={false} event={EVENT} zone={ZONE} />, { locale });
      expect(screen.getByText(closedNone)).toBeTruthy();
      second.unmount();
      // One was placed, or the page cannot know (a visitor's landing): locked.
      renderWithProviders(
        <>
          <PreOrderStateLine state="locked" placed event={EVENT} zone={ZONE} />
          <PreOrderStateLine state="locked" event={EVENT} zone={ZONE} />
        </>,
        { locale },
      );
      expect(screen.getAllByText(locked)).toHaveLength(2);
    },
  );
});
