import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from './order-card';
import { STATION_SHORTCUTS } from './stations/station-rules';

/** The board's keys, listed: the order's moves, and a station's bump and recall (stations/station-rules.ts). */
export function BoardShortcuts() {
  const { t } = useTranslation();
  const keys = [
    ...Object.entries(SHORTCUTS).map(([key, action]) => [key, t(`staff.board.keys.${action}`)] as const),
    ...Object.entries(STATION_SHORTCUTS).map(([key, action]) => [key, t(`staffStations.keys.${action}`)] as const),
  ];
  return (
    <details className="staff-shortcuts">
      <summary>{t('staff.board.shortcuts')}</summary>
      <p>{t('staff.board.shortcutsHelp')}</p>
      <dl className="staff-shortcuts__keys">
        {keys.map(([key, label]) => (
          <div key={key}>
            <dt>
              <kbd>{key.toUpperCase()}</kbd>
            </dt>
            <dd>{label}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
