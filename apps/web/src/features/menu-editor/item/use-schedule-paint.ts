/**
 * What the editable schedule grid (schedule-grid-editor.tsx) keeps between events: the cell that has
 * the grid's one tab stop (roving tabindex), the selection's other corner, a drag in progress and the
 * hours shown. The pointer paints on release what it was dragged across; the keyboard moves the
 * cell (arrows, Home/End), extends the selection (Shift) and paints it (Space, Enter).
 */
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { moveCell, selectionOf, windowFrom, windowShowing, type Cell, type Selection } from './schedule-paint';

const cellOf = (element: Element | null): Cell | null => {
  const cell = element?.closest<HTMLElement>('[data-slot]');
  return cell ? { day: Number(cell.dataset.day), slot: Number(cell.dataset.slot) } : null;
};

export interface SchedulePaint {
  active: Cell;
  selection: Selection;
  startHour: number | null;
  setStartHour: (hour: number | null) => void;
  gridRef: React.RefObject<HTMLDivElement | null>;
  onPointerDown: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerCancel: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onFocus: (event: FocusEvent<HTMLDivElement>) => void;
}

export function useSchedulePaint(paint: (selection: Selection) => void): SchedulePaint {
  const [active, setActive] = useState<Cell>({ day: 0, slot: 0 });
  const [anchor, setAnchor] = useState<Cell>(active);
  const [drag, setDrag] = useState<{ anchor: Cell; focus: Cell } | null>(null);
  const [startHour, setStartHourState] = useState<number | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef(false);

  // The cell with the tab stop is always one shown: zooming moves it into the hours shown.
  const shown = windowFrom(startHour);
  const inView = (cell: Cell): Cell => ({ ...cell, slot: Math.max(shown.from, Math.min(shown.to - 1, cell.slot)) });
  const current = inView(active);

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${current.day}"][data-slot="${current.slot}"]`)?.focus();
  });

  const moveTo = (cell: Cell, extend: boolean) => {
    setActive(cell);
    if (!extend) setAnchor(cell);
    setStartHourState((hour) => windowShowing(hour, cell.slot));
    focusNext.current = true;
  };

  return {
    active: current,
    selection: drag ? selectionOf(drag.anchor, drag.focus) : selectionOf(inView(anchor), current),
    startHour,
    setStartHour: setStartHourState,
    gridRef,
    onPointerDown: (event) => {
      const cell = cellOf(event.target as Element);
      if (!cell || event.button !== 0) return;
      // No text selection or scrolling while painting; the grid keeps the pointer until it is released.
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDrag({ anchor: cell, focus: cell });
    },
    onPointerMove: (event) => {
      if (!drag) return;
      const cell = cellOf(document.elementFromPoint(event.clientX, event.clientY));
      if (cell && (cell.day !== drag.focus.day || cell.slot !== drag.focus.slot)) setDrag({ ...drag, focus: cell });
    },
    onPointerUp: () => {
      if (!drag) return;
      paint(selectionOf(drag.anchor, drag.focus));
      setDrag(null);
      setAnchor(drag.focus);
      setActive(drag.focus);
      focusNext.current = true;
    },
    onPointerCancel: () => setDrag(null),
    // A cell focused otherwise (a screen reader's cursor, a click between drags) takes the tab stop.
    onFocus: (event) => {
      const cell = cellOf(event.target as Element);
      if (!cell || drag || (cell.day === current.day && cell.slot === current.slot)) return;
      setActive(cell);
      setAnchor(cell);
    },
    onKeyDown: (event) => {
      if (!(event.target as Element).closest('[data-slot]')) return;
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        paint(selectionOf(inView(anchor), current));
        return;
      }
      if (event.key === 'Escape') {
        setAnchor(current);
        return;
      }
      const next = moveCell(current, event.key);
      if (!next) return;
      event.preventDefault();
      moveTo(next, event.shiftKey);
    },
  };
}
