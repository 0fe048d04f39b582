import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryLosses, type DeliveryFile } from './delivery-file';

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
 * the school of each saved student there.
 * Focus comes to the question when it opens.
 */
export function DeliveryOff({ file, students, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const losses = deliveryLosses(file);
  useEffect(() => box.current?.focus(), []);

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
    <div
      ref={box}
      className="delivery__confirm"
      role="group"
      tabIndex={-1}
      aria-labelledby="delivery-off-title"
      aria-describedby="delivery-off-what"
    >
      <h3 id="delivery-off-title">{t('staffDelivery.off.title')}</h3>
      <div id="delivery-off-what">
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
      </div>
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
          {t('staffDelivery.off.confirm')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('staffDelivery.off.cancel')}
        </button>
      </div>
    </div>
  );
}
