import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  /** The ids of the title and of what it says, unique on the page. */
  id: string;
  title: string;
  confirm: string;
  cancel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** What the question says: read with its title when the focus comes to it. */
  children: ReactNode;
}

/**
 * A question the Delivery form asks before a save that takes something away (turning delivery off,
 * delivery-off.tsx; leaving students unlisted, students-left.tsx): a group named by its title and
 * described by what it says, which takes the focus when it opens, with the save and the way back.
 */
export function DeliveryQuestion({ id, title, confirm, cancel, busy, onConfirm, onCancel, children }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} className="delivery__confirm" role="group" tabIndex={-1} aria-labelledby={`${id}-title`} aria-describedby={`${id}-what`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <div id={`${id}-what`}>{children}</div>
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {cancel}
        </button>
      </div>
    </div>
  );
}
