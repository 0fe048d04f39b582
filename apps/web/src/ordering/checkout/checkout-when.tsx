/** When the order is wanted: as soon as possible or a slot the server offers (pickup or delivery). */
import { useTranslation } from 'react-i18next';
import type { SchedulingResponse } from './checkout-api';
import { FieldError } from '../../components/ui/form/field';
import { useFieldProblem } from '../../components/ui/form/form';
import { formatTime } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import type { PickupChoice } from './checkout-model';

export function PickupSection({
  id,
  delivery,
  scheduling,
  pickup,
  onChange,
}: {
  id: string;
  /** The order is delivered: the same choice, said as a delivery time. */
  delivery: boolean;
  scheduling: SchedulingResponse | null;
  pickup: PickupChoice;
  onChange: (pickup: PickupChoice) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const error = useFieldProblem('pickup');
  const days = scheduling?.days.filter((day) => day.slots.length > 0) ?? [];
  const asap = scheduling?.asap;
  const headingId = `${id}-pickup-heading`;
  const selectedDay = pickup.kind === 'slot' ? days.find((day) => day.date === pickup.date) : undefined;
  const firstSlot = (date: string): PickupChoice => {
    const slot = days.find((day) => day.date === date)?.slots[0];
    return slot ? { kind: 'slot', date, time: slot.startTime } : { kind: 'none' };
  };
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {delivery ? t('checkout.when.deliveryTitle') : t('checkout.when.title')}
      </h3>
      {/* The server's ASAP time, the kitchen queue included (decision 0131): the menu banner's wait, said as a clock time. */}
      {asap && (
        <p id={`${id}-asap-hint`} className="checkout-hint">
          {asap.available && asap.readyAt
            ? t('checkout.when.asapReady', { time: formatTime(asap.readyAt, locale, scheduling.zone), prep: asap.prepTimeLabel })
            : t('checkout.when.prepTime', { prep: asap.prepTimeLabel })}
        </p>
      )}
      {!asap?.available && days.length === 0 ? (
        <p id={`${id}-pickup`} data-field="pickup" tabIndex={-1} role="alert" className="field-error">
          {t('checkout.when.none')}
        </p>
      ) : (
        <fieldset
          id={`${id}-pickup`}
          data-field="pickup"
          tabIndex={-1}
          className="checkout-fieldset"
          aria-describedby={error ? `${id}-pickup-error` : undefined}
        >
          <legend className="visually-hidden">{delivery ? t('checkout.when.deliveryTitle') : t('checkout.when.title')}</legend>
          {asap?.available && (
            <label className="checkout-choice">
              <input
                type="radio"
                name={`${id}-when`}
                checked={pickup.kind === 'asap'}
                aria-describedby={`${id}-asap-hint`}
                onChange={() => onChange({ kind: 'asap' })}
              />
              <span>{t('checkout.when.asap')}</span>
            </label>
          )}
          {days.length > 0 && (
            <label className="checkout-choice">
              <input
                type="radio"
                name={`${id}-when`}
                checked={pickup.kind === 'slot'}
                onChange={() => onChange(firstSlot(days[0]?.date ?? ''))}
              />
              <span>{t('checkout.when.later')}</span>
            </label>
          )}
          {pickup.kind === 'slot' && (
            <div className="checkout-row checkout-row--wide">
              <div className="form-field">
                <label htmlFor={`${id}-day`} className="form-field__label">
                  {t('checkout.when.day')}
                </label>
                <select
                  id={`${id}-day`}
                  className="text-input"
                  value={pickup.date}
                  onChange={(event) => onChange(firstSlot(event.target.value))}
                >
                  {days.map((day) => (
                    <option key={day.date} value={day.date}>
                      {day.dateLabel}
                    </option>
                  ))}
                </select>
              </div>
              <div className="form-field">
                <label htmlFor={`${id}-time`} className="form-field__label">
                  {t('checkout.when.time')}
                </label>
                <select
                  id={`${id}-time`}
                  className="text-input"
                  value={pickup.time}
                  onChange={(event) => onChange({ kind: 'slot', date: pickup.date, time: event.target.value })}
                >
                  {(selectedDay?.slots ?? []).map((slot) => (
                    <option key={slot.start} value={slot.startTime}>
                      {slot.localLabel}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
        </fieldset>
      )}
      <FieldError id={`${id}-pickup-error`} error={error} />
    </section>
  );
}
