import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * /{slug}/staff/settings brings the staff console's gate and navigation (features/staff) and the
 * settings screen (features/restaurant-settings) together with the forms of other features on the
 * same draft (the delivery, features/restaurant-delivery; the discount codes and promos,
 * features/restaurant-offers, decision 0110), which only the app may do (features never import each
 * other). One lazy chunk of its own: nothing of it reaches the diner's menu.
 */
export function settingsScreen(): Promise<ComponentType> {
  return Promise.all([
    import('../features/staff/staff-access'),
    import('../features/restaurant-settings/settings-screen'),
    import('../features/restaurant-delivery/delivery-form'),
    import('../features/restaurant-offers/offers-forms'),
  ]).then(
    ([{ StaffGate }, { SettingsScreen }, { DeliveryForm }, { OffersForms }]) =>
      function SettingsRouteScreen() {
        const { t } = useTranslation();
        return (
          <StaffGate area="menu_view" title={t('staffSettings.title')}>
            {(access) => (
              <SettingsScreen
                access={access}
                moreForms={(slot) => (
                  <>
                    <DeliveryForm
                      caller={slot.caller}
                      file={slot.draft.file}
                      canChange={slot.canChange}
                      busy={slot.busy}
                      save={slot.save}
                    />
                    <OffersForms {...slot} />
                  </>
                )}
              />
            )}
          </StaffGate>
        );
      },
  );
}
