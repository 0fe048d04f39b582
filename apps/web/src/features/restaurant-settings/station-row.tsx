import { STATION_NAME_MAX } from '@servery/domain/kitchen-stations';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/ui/form/form';

interface Props {
  index: number;
  /** How many of the draft's sections it makes now (null: a station added on this form). */
  sections: number | null;
  /** Null: it cannot be removed (the last station, or a role that reads only). */
  onRemove: (() => void) | null;
  /** Its name in the person's language (the move buttons say which station they move). */
  name: string;
  /** Moves it from `index` to `to`; null: a role that reads only. */
  onMove: ((to: number) => void) | null;
  count: number;
}

/** One station: its name in English and in French, what it makes now, its Move up, Move down and Remove buttons. */
export function StationRow({ index, sections, onRemove, name, onMove, count }: Props) {
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
      <div className="button-row">
        {onMove && index > 0 && (
          <button id={`station-${index}-up`} type="button" className="button button--small" onClick={() => onMove(index - 1)}>
            {t('staffSettingsStations.moveUp')}
            <span className="visually-hidden"> {name}</span>
          </button>
        )}
        {onMove && index < count - 1 && (
          <button id={`station-${index}-down`} type="button" className="button button--small" onClick={() => onMove(index + 1)}>
            {t('staffSettingsStations.moveDown')}
            <span className="visually-hidden"> {name}</span>
          </button>
        )}
        {onRemove && (
          <button type="button" className="button button--small" onClick={onRemove}>
            {t('staffSettings.remove')}
            <span className="visually-hidden"> {label}</span>
          </button>
        )}
      </div>
    </fieldset>
  );
}
