import { useTranslation } from 'react-i18next';

interface RowButtonsProps {
  /** The buttons' id prefix: "{idPrefix}-{index}-up" and "-down", which focus returns to after a move. */
  idPrefix: string;
  index: number;
  count: number;
  /** What a screen reader hears after each button's text ("Move up Room 108"). */
  name: string;
  removeText: string;
  removeName: string;
  className: string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/** A list row's move up, move down and remove buttons (name-rows.tsx, school-list.tsx). */
export function RowButtons({ idPrefix, index, count, name, removeText, removeName, className, onMove, onRemove }: RowButtonsProps) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      {index > 0 && (
        <button id={`${idPrefix}-${index}-up`} type="button" className="button button--small" onClick={() => onMove(index, index - 1)}>
          {t('staffDeliveryPlaces.moveUp')}
          <span className="visually-hidden"> {name}</span>
        </button>
      )}
      {index < count - 1 && (
        <button id={`${idPrefix}-${index}-down`} type="button" className="button button--small" onClick={() => onMove(index, index + 1)}>
          {t('staffDeliveryPlaces.moveDown')}
          <span className="visually-hidden"> {name}</span>
        </button>
      )}
      <button type="button" className="button button--small" onClick={() => onRemove(index)}>
        {removeText}
        <span className="visually-hidden"> {removeName}</span>
      </button>
    </div>
  );
}
