import { useTranslation } from 'react-i18next';
import type { Station } from './use-station-board';

/** Which station's board this device shows: all, or one (remembered on the device). */
export function StationPicker({
  stations,
  station,
  onChange,
}: {
  stations: readonly Station[];
  station: Station | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="staff-station-picker">
      <label htmlFor="staff-station">{t('staffStations.picker')}</label>
      <select
        id="staff-station"
        className="text-input"
        value={station?.id ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{t('staffStations.all')}</option>
        {stations.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.name}
          </option>
        ))}
      </select>
    </div>
  );
}
