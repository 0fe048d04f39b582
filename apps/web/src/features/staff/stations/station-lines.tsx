import type { StaffOrder } from '@servery/contracts/staff';
import { useTranslation } from 'react-i18next';
import type { StationAction } from './station-api';
import { isLineMade, linesAtStation, stationActionsFor } from './station-rules';
import type { Station } from './use-station-board';

/** The board's station as a card needs it: which, all of them (to name the others) and its bump and recall. */
export interface StationView {
  station: Station;
  stations: readonly Station[];
  /** The whole station's bump or recall, or one line's (`line`). */
  onAct: (order: StaffOrder, action: StationAction, line?: { id: number; name: string }) => void;
}

/**
 * A card's lines on one station's board: the station's own, each marked once made and each with its
 * own Made toggle (a station makes an order's items one by one), the other stations' counted ("+2 at
 * the Bar"), and the station's Bump or Recall for the whole order.
 */
export function StationLines({ order, station, stations, busy, onAct }: StationView & { order: StaffOrder; busy: boolean }) {
  const { t } = useTranslation();
  const mine = linesAtStation(order, station.id);
  const others = new Map<string, number>();
  for (const line of order.lines) {
    const at = line.station ?? 'kitchen';
    if (at !== station.id) others.set(at, (others.get(at) ?? 0) + 1);
  }
  const nameOf = (id: string) => stations.find((entry) => entry.id === id)?.name ?? id;
  const actions = stationActionsFor(order, station.id);
  return (
    <div className="staff-station">
      <ul className="staff-card__lines">
        {mine.map((line, index) => {
          const made = isLineMade(order, line);
          return (
            <li key={line.line_id ?? index}>
              <span className={made ? 'staff-station__done' : undefined}>
                <strong>{line.quantity} ×</strong> {line.name}
                {line.options.length > 0 && <span className="staff-card__options"> ({line.options.join(', ')})</span>}
                {line.instructions && <span className="staff-card__options"> “{line.instructions}”</span>}
              </span>
              {made && <strong className="staff-station__badge"> {t('staffStations.made')}</strong>}
              {actions.length > 0 && typeof line.line_id === 'number' && (
                <button
                  type="button"
                  className="button staff-station__line"
                  aria-pressed={made}
                  aria-label={t('staffStations.lineLabel', { name: line.name, number: order.number })}
                  disabled={busy}
                  onClick={() => onAct(order, made ? 'recall' : 'bump', { id: line.line_id ?? 0, name: line.name })}
                >
                  {t('staffStations.lineMade')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {others.size > 0 && (
        <p className="staff-card__facts">
          {[...others].map(([id, count]) => t('staffStations.elsewhere', { count, station: nameOf(id) })).join(' · ')}
        </p>
      )}
      {order.notes && <p className="staff-card__facts">{t('checkout.notes.forKitchen', { text: order.notes })}</p>}
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={action === 'bump' ? 'button button--primary' : 'button'}
          aria-label={t(`staffStations.${action}Label`, { number: order.number, station: station.name })}
          disabled={busy}
          onClick={() => onAct(order, action)}
        >
          {t(`staffStations.${action}`)}
        </button>
      ))}
    </div>
  );
}
