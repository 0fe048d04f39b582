import type { NotificationResponse } from '@servery/contracts/orders';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { OrderNotificationForm } from '@servery/contracts/forms';
import { formatPhone } from '@servery/domain/card';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { useApiClient } from '../../lib/use-api-client';
import { RestaurantFrame } from '../../components/restaurant-shell/restaurant-frame';
import { readPlacedOrder } from '../checkout/checkout-storage';
import { readHandOver } from './notification-hand-over';

/**
 * /{restaurant_slug}/order-notification: leave a phone number and get a text when the order is ready.
 * The server texts only for the order's holder: the order placed in this tab sends its access token
 * (features/checkout/checkout-storage.ts); any other number is answered as not found.
 */
export function OrderNotificationScreen() {
  return <RestaurantFrame>{(restaurant) => <NotificationForm restaurant={restaurant} />}</RestaurantFrame>;
}

/** An order number that is not one of ours (or not this tab's) is that field's message. */
const ERROR_FIELDS = { ORDER_NOT_FOUND: ['order', 'notification.orderNotFound'] } as const;

function NotificationForm({ restaurant }: { restaurant: PublicRestaurant }) {
  const { t } = useTranslation();
  const id = useId();
  const { search, state } = useLocation();
  const client = useApiClient(restaurant.id);
  const handOver = readHandOver(state);
  const form = useZodForm(OrderNotificationForm, {
    defaultValues: { order: new URLSearchParams(search).get('order') ?? '', phone: handOver?.phone ? formatPhone(handOver.phone) : '' },
  });
  const [done, setDone] = useState<NotificationResponse | null>(null);

  async function send({ order, phone }: { order: string; phone: string }) {
    const placed = handOver ?? readPlacedOrder(restaurant.slug);
    const answer = await client.request<NotificationResponse>('/api/orders/notification', {
      method: 'POST',
      body: {
        data: {
          config: { checkNum: order, ...(placed && { accessToken: placed.token }) },
          checkout: { contact: { phone_number: phone } },
        },
      },
    });
    setDone(answer);
  }

  return (
    <section className="landing__section notification" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('screens.OrderNotification.title')}</h2>
      {done ? (
        <div role="status" className="notification__done">
          <p>{t('notification.done', { number: done.orderNumber, phone: done.phone })}</p>
          <p>
            <Link to={`/${restaurant.slug}`}>{t('notification.backToMenu')}</Link>
          </p>
        </div>
      ) : (
        <Form form={form} className="notification-form" errorFields={ERROR_FIELDS} onValid={send}>
          <p>{t('notification.intro')}</p>
          <FormTextField
            field="order"
            id={`${id}-order`}
            label={t('notification.orderLabel')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            required
          />
          <FormTextField
            field="phone"
            id={`${id}-phone`}
            label={t('notification.phoneLabel')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={12}
            required
            format={formatPhone}
          />
          <FormFailure />
          <SubmitButton>{t('notification.submit')}</SubmitButton>
        </Form>
      )}
    </section>
  );
}
