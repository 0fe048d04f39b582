import type { PlaceLeft } from '@servery/domain/school-order';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  left: readonly PlaceLeft[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asked before a save that renames or removes a school, grade, classroom or teacher saved students
 * use (domain `placesLeftUnlisted`): each such place with how many students, and what follows (their
 * orders keep the old name on the production list until a parent picks again). Focus comes to the
 * question when it opens, as for turning delivery off (delivery-off.tsx).
 */
export function StudentsLeft({ left, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);

  return (
    <div
      ref={box}
      className="delivery__confirm"
      role="group"
      tabIndex={-1}
      aria-labelledby="delivery-students-title"
      aria-describedby="delivery-students-what"
    >
      <h3 id="delivery-students-title">{t('staffDelivery.students.title')}</h3>
      <div id="delivery-students-what">
        <p>{t('staffDelivery.students.intro')}</p>
        <ul>
          {left.map((place) => (
            <li key={`${place.field}\u0000${place.school}\u0000${place.value}`}>
              {t(`staffDelivery.students.${place.field}`, { value: place.value, school: place.school, count: place.students })}
            </li>
          ))}
        </ul>
        <p>{t('staffDelivery.students.after')}</p>
      </div>
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
          {t('staffDelivery.students.confirm')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('staffDelivery.students.cancel')}
        </button>
      </div>
    </div>
  );
}
