import type { NotificationResponse } from '@servery/contracts/orders';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { formatPhone, validateNotificationPhone, type FieldMessage } from '@servery/domain/card';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { useApiClient } from '../../lib/use-api-client';
import { RestaurantFrame } from '../../components/restaurant-shell/restaurant-frame';
import { readPlacedOrder } from '../checkout/checkout-storage';

/**
 * /{restaurant_slug}/order-notification: leave a phone number and get a text when the order is ready.
 * The server texts only for the order's holder: the order placed in this tab sends its access token
 * (features/checkout/checkout-storage.ts); any other number is answered as not found.
 */
export function OrderNotificationScreen() {
  return <RestaurantFrame>{(restaurant) => <NotificationForm restaurant={restaurant} />}</RestaurantFrame>;
}

type Errors = Partial<Record<'order' | 'phone', FieldMessage | { key: 'orderNotFound' }>>;

function NotificationForm({ restaurant }: { restaurant: PublicRestaurant }) {
  const { t } = useTranslation();
  const id = useId();
  const { search } = useLocation();
  const client = useApiClient(restaurant.id);
  const [order, setOrder] = useState(() => new URLSearchParams(search).get('order') ?? '');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<NotificationResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<'order' | 'phone', HTMLInputElement | null>>>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const next: Errors = {};
    if (order.trim() === '') next.order = { key: 'required' };
    const checked = validateNotificationPhone(phone);
    if (!checked.ok) next.phone = checked.error;
    setErrors(next);
    setFailure(null);
    const first = next.order ? 'order' : next.phone ? 'phone' : null;
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    setBusy(true);
    const placed = readPlacedOrder(restaurant.slug);
    try {
      const answer = await client.request<NotificationResponse>('/api/orders/notification', {
        method: 'POST',
        body: {
          data: {
            config: { checkNum: order.trim(), ...(placed && { accessToken: placed.token }) },
            checkout: { contact: { phone_number: checked.ok ? checked.value : phone } },
          },
        },
      });
      setDone(answer);
    } catch (error) {
      if (isApiError(error) && error.error === 'ORDER_NOT_FOUND') {
        setErrors({ order: { key: 'orderNotFound' } });
        inputs.current.order?.focus();
      } else setFailure(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'order' | 'phone', label: string, input: { value: string; onChange: (value: string) => void; tel?: boolean }) => {
    const error = errors[name];
    const inputId = `${id}-${name}`;
    return (
      <div className="notification-form__field">
        <label htmlFor={inputId} className="table-form__label">
          {label}
        </label>
        <input
          ref={(element) => {
            inputs.current[name] = element;
          }}
          id={inputId}
          className="text-input"
          type={input.tel ? 'tel' : 'text'}
          inputMode={input.tel ? 'tel' : 'numeric'}
          autoComplete={input.tel ? 'tel-national' : 'off'}
          maxLength={input.tel ? 12 : 40}
          value={input.value}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => input.onChange(event.target.value)}
        />
        {error && (
          <p id={`${inputId}-error`} className="field-error">
            {error.key === 'orderNotFound'
              ? t('notification.orderNotFound')
              : t(`checkout.field.${error.key}`, 'params' in error ? error.params : {})}
          </p>
        )}
      </div>
    );
  };

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
        <form className="notification-form" noValidate onSubmit={(event) => void submit(event)}>
          <p>{t('notification.intro')}</p>
          {field('order', t('notification.orderLabel'), { value: order, onChange: setOrder })}
          {field('phone', t('notification.phoneLabel'), { value: phone, onChange: (value) => setPhone(formatPhone(value)), tel: true })}
          {failure && (
            <p role="alert" className="field-error">
              {failure}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('notification.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
