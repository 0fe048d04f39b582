import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * /{slug}/staff/gift-cards brings the staff console's gate and navigation (features/staff) and the
 * gift cards screen (features/staff-gift-cards) together, which only the app may do (features never
 * import each other). One lazy chunk of its own: nothing of it reaches the diner's menu.
 */
export function giftCardsScreen(): Promise<ComponentType> {
  return Promise.all([import('../features/staff/staff-access'), import('../features/staff-gift-cards/gift-cards-screen')]).then(
    ([{ StaffGate }, { GiftCardsScreen }]) =>
      function GiftCardsRouteScreen() {
        const { t } = useTranslation();
        return (
          <StaffGate area="gift_cards" title={t('staffGiftCards.title')}>
            {(access) => <GiftCardsScreen caller={access.caller} />}
          </StaffGate>
        );
      },
  );
}
