/**
 * A generic catering order's table location (the restaurant's generic_table_locations: a room or a
 * table at the event), chosen from the list; the server refuses any other (generic-catering.ts).
 */
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { loginRequired, tableLocationChoices, type TableLocation } from '@servery/domain/generic-catering';
import type { OrderType } from '@servery/domain/order-type';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginRedirectPath } from '../../components/require-session';
import { FormSelectField } from '../../components/ui/form/form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';

export interface GenericCateringCheckout {
  /** The order is a generic catering order. */
  active: boolean;
  /** The restaurant's table locations; empty: none is asked for. */
  choices: readonly TableLocation[];
  /** The room or table is asked: the order is served on site, not delivered (docs/decisions/0084-one-delivery-location-question.md). */
  asked: boolean;
  /** One is needed: served on site where pickup is not offered. */
  required: boolean;
  /** The restaurant asks for a signed-in diner and this one is a guest: they go to sign in. */
  mustSignIn: boolean;
  /** The link's genericTableLocation (a QR code on the table) where it is one of the list, else ''. */
  fromLink: string;
}

/**
 * Generic catering's part of the checkout (packages/domain/src/generic-catering.ts): the restaurant
 * may ask for a signed-in diner, and lists the table locations (rooms, tables) its orders served on
 * site go to.
 */
export function useGenericCateringCheckout({
  orderType,
  restaurant,
  delivered,
  linkLocation,
}: {
  orderType: OrderType | null;
  restaurant: Pick<PublicRestaurant, 'generic_table_locations' | 'genericCateringShowPickupOption' | 'genericCateringRequiresLogin'>;
  delivered: boolean;
  linkLocation: string | null;
}): GenericCateringCheckout {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const active = orderType === 'generic_catering';
  const choices = useMemo(
    () => (active ? tableLocationChoices(restaurant.generic_table_locations?.locations) : []),
    [active, restaurant.generic_table_locations],
  );
  // A delivered order's place is its delivery address, asked once (issue 30 defect 4): the rooms
  // and tables are where an order served on site goes.
  const asked = choices.length > 0 && !delivered;
  const required = asked && !restaurant.genericCateringShowPickupOption;
  const mustSignIn = active && session.status === 'anonymous' && loginRequired(restaurant, false);
  // A guest goes to sign in and comes back to this menu, its mode (the query) and its cart (kept in storage).
  useEffect(() => {
    if (mustSignIn) void navigate(loginRedirectPath(location.pathname, location.search));
  }, [mustSignIn, navigate, location.pathname, location.search]);
  const fromLink = choices.some((choice) => choice.value === linkLocation) ? (linkLocation ?? '') : '';
  return { active, choices, asked, required, mustSignIn, fromLink };
}

export function TableLocationSection({ id, choices, required }: { id: string; choices: readonly TableLocation[]; required: boolean }) {
  const { t } = useTranslation();
  const headingId = `${id}-table-location-heading`;
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.tableLocation.title')}
      </h3>
      <FormSelectField
        field="tableLocation"
        id={`${id}-table_location`}
        label={t('checkout.tableLocation.label')}
        placeholder={t('checkout.choose')}
        required={required}
        marks="required"
        options={choices}
      />
    </section>
  );
}
