import { STATION_NAME_MAX } from '@servery/domain/kitchen-stations';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/ui/form/form';

interface Props {
  index: number;
  /** How many of the draft's sections it makes now (null: a station added on this form). */
  sections: number | null;
  /** Null: it cannot be removed (the last station, or a role that reads only). */
  onRemove: (() => void) | null;
}

/** One station: its name in English and in French, what it makes now, and its Remove button. */
export function StationRow({ index, sections, onRemove }: Props) {
  const { t } = useTranslation();
  const label = t('staffSettingsStations.number', { number: index + 1 });
  return (
    <fieldset className="settings__day">
      <legend>{index === 0 ? t('staffSettingsStations.first', { station: label }) : label}</legend>
      <div className="settings__pair">
        <div lang="en">
          <FormTextField
            id={`station-${index}-en`}
            field={`stations.${index}.en`}
            label={t('staffSettingsStations.nameEn', { station: label })}
            maxLength={STATION_NAME_MAX}
          />
        </div>
        <div lang="fr">
          <FormTextField
            id={`station-${index}-fr`}
            field={`stations.${index}.fr`}
            label={t('staffSettingsStations.nameFr', { station: label })}
            maxLength={STATION_NAME_MAX}
          />
        </div>
      </div>
      <p className="form-field__hint">
        {sections === null ? t('staffSettingsStations.added') : t('staffSettingsStations.sections', { count: sections })}
      </p>
      {onRemove && (
        <button type="button" className="button button--small" onClick={onRemove}>
          {t('staffSettings.remove')}
          <span className="visually-hidden"> {label}</span>
        </button>
      )}
    </fieldset>
  );
}
