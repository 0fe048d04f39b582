import { useTranslation } from 'react-i18next';
import { deliveryLosses, type DeliveryFile } from './delivery-file';
import { DeliveryQuestion } from './delivery-question';

interface Props {
  file: DeliveryFile;
  /** How many saved students are at the schools this takes away (student-places.ts). */
  students: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before delivery is turned off, saying what diners lose once the draft is published: the
 * choice of delivery at checkout, and the charge, radius, locations, areas (schools, stadium
 * sections) the file held, which the save removes from the draft (its history can restore them), and
 * the school of each saved student there. The question takes the focus when it opens (delivery-question.tsx).
 */
export function DeliveryOff({ file, students, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const losses = deliveryLosses(file);

  const lost = [
    losses.charge && t('staffDelivery.off.charge'),
    losses.radius !== null && t('staffDelivery.off.radius', { km: losses.radius }),
    losses.locations > 0 && t('staffDelivery.off.locations', { count: losses.locations }),
    losses.areas > 0 && t('staffDelivery.off.areas', { count: losses.areas }),
    losses.schools > 0 && t('staffDelivery.off.schools', { count: losses.schools }),
    students > 0 && t('staffDelivery.off.students', { count: students }),
    losses.sections > 0 && t('staffDelivery.off.sections', { count: losses.sections }),
  ].filter((entry): entry is string => typeof entry === 'string');

  return (
    <DeliveryQuestion
      id="delivery-off"
      title={t('staffDelivery.off.title')}
      confirm={t('staffDelivery.off.confirm')}
      cancel={t('staffDelivery.off.cancel')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('staffDelivery.off.diners')}</p>
      {lost.length > 0 && (
        <>
          <p>{t('staffDelivery.off.removed')}</p>
          <ul>
            {lost.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
        </>
      )}
      <p>{t('staffDelivery.off.restore')}</p>
    </DeliveryQuestion>
  );
}
