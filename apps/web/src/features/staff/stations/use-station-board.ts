import type { StaffOrder } from '@servery/contracts/staff';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import type { StaffCaller } from '../staff-api';
import { bumpAtStation, type StationAction } from './station-api';

export interface Station {
  id: string;
  name: string;
}

/** The station this device shows (decision 0107): a kitchen tablet stays on the kitchen, the bar's on the bar. */
const storageKey = (slug: string) => `servery.staff.station.${slug}`;

function saved(slug: string, stations: readonly Station[]): string | null {
  try {
    const id = window.localStorage.getItem(storageKey(slug));
    return id && stations.some((station) => station.id === id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * The board's station (null: all of them), remembered per device, and the station's bump and recall
 * of an order or of one of its lines: the answer's order goes in place at once (`replace`), the stream brings the others'.
 */
export function useStationBoard(
  caller: StaffCaller,
  stations: readonly Station[],
  report: { replace: (order: StaffOrder) => void; announce: (text: string) => void; fail: (text: string | null) => void },
) {
  const { t } = useTranslation();
  const [station, setStationState] = useState<string | null>(() => saved(caller.slug, stations));
  const [busy, setBusy] = useState<string | null>(null);
  const setStation = useCallback(
    (id: string | null) => {
      setStationState(id);
      try {
        if (id) window.localStorage.setItem(storageKey(caller.slug), id);
        else window.localStorage.removeItem(storageKey(caller.slug));
      } catch {
        // A browser that keeps nothing (private mode) still switches for this visit.
      }
    },
    [caller.slug],
  );
  const { replace, announce, fail } = report;
  const act = useCallback(
    async (order: StaffOrder, action: StationAction, line: { id: number; name: string } | null = null) => {
      if (!station) return;
      fail(null);
      setBusy(order.id);
      try {
        const answer = await bumpAtStation(caller, order.id, station, action, line?.id ?? null);
        replace(answer.order);
        const name = stations.find((entry) => entry.id === station)?.name ?? station;
        const done = answer.order.status === 'ready' && order.status !== 'ready';
        const back = order.status === 'ready' && answer.order.status !== 'ready';
        announce(
          done
            ? t('staffStations.bumpedReady', { number: order.number, station: name })
            : back
              ? t('staffStations.backInKitchen', { number: order.number, station: name })
              : line
                ? t(action === 'bump' ? 'staffStations.lineBumped' : 'staffStations.lineRecalled', {
                    name: line.name,
                    number: order.number,
                    station: name,
                  })
                : t(`staffStations.${action}ed`, { number: order.number, station: name }),
        );
      } catch (caught) {
        fail(errorMessage(t, caught));
      } finally {
        setBusy(null);
      }
    },
    [announce, caller, fail, replace, station, stations, t],
  );
  const current = stations.find((entry) => entry.id === station) ?? null;
  return { station: current, setStation, act, busy };
}
