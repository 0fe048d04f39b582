import type { PlaceLeft } from '@servery/domain/school-order';
import { useTranslation } from 'react-i18next';
import { DeliveryQuestion } from './delivery-question';

interface Props {
  left: readonly PlaceLeft[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asked before a save that renames or removes a school, grade, classroom or teacher saved students
 * use (domain `placesLeftUnlisted`): each such place with how many students, and what follows (their
 * orders keep the old name on the production list and its CSV until a parent picks again). The question takes the
 * focus when it opens (delivery-question.tsx).
 */
export function StudentsLeft({ left, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <DeliveryQuestion
      id="delivery-students"
      title={t('staffDelivery.students.title')}
      confirm={t('staffDelivery.students.confirm')}
      cancel={t('staffDelivery.students.cancel')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('staffDelivery.students.intro')}</p>
      <ul>
        {left.map((place) => (
          <li key={`${place.field}\u0000${place.school}\u0000${place.value}`}>
            {t(`staffDelivery.students.${place.field}`, { value: place.value, school: place.school, count: place.students })}
          </li>
        ))}
      </ul>
      <p>{t('staffDelivery.students.after')}</p>
    </DeliveryQuestion>
  );
}
