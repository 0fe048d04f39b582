import { useTranslation } from 'react-i18next';

interface WeekPickerProps {
  headingId: string;
  /** The week's dates as a person reads them ("Nov 23 – 27, 2026"). */
  dates: string;
  fetching: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/**
 * The week's heading between its previous and next buttons. A polite live region says which week is
 * now shown (or loading), so a screen-reader user hears where a button took them without moving focus.
 */
export function WeekPicker({ headingId, dates, fetching, onPrevious, onNext }: WeekPickerProps) {
  const { t } = useTranslation();
  return (
    <div className="week-picker">
      <h2 id={headingId} className="week-picker__title">
        {t('school.weekOf', { dates })}
      </h2>
      <div className="week-picker__buttons">
        <button type="button" className="button week-picker__button" onClick={onPrevious}>
          <span aria-hidden="true">‹</span>
          {t('school.previousWeek')}
        </button>
        <button type="button" className="button week-picker__button" onClick={onNext}>
          {t('school.nextWeek')}
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {fetching ? t('school.loadingWeek', { dates }) : t('school.showingWeek', { dates })}
      </p>
    </div>
  );
}
