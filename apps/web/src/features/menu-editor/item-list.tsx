import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { ItemForm } from './item-form';
import { addItem, displayOrder, itemsAt, moveItem, moveItemTo, parseDollars, removeItem, type FileItem, type ItemPlace } from './menu-file';
import { OptionGroups } from './option-groups';
import { PriceScheduleFormView } from './item/price-schedule-form';
import { ConfirmRemove, EditorRow, useDragReorder, type DragProps, type TreeProps } from './editor-parts';

/** A section's items (or a menu's own), drawn when it is opened: each edited, moved or removed, and one added. */
export function ItemList({
  title,
  place,
  file,
  state,
  canChange,
  sectionControls,
  drag = {},
}: TreeProps & {
  title: string;
  place: ItemPlace;
  sectionControls?: React.ReactNode;
  /** A section is dragged by its name onto another's (useDragReorder); a menu's own items are not a section. */
  drag?: DragProps;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const items = itemsAt(file, place);
  const order = displayOrder(items);
  const dragRow = useDragReorder(canChange && !state.busy, (from, to) => {
    const next = moveItemTo(file, place, order[from]!, to);
    if (next) void state.save(next, t('menuEditor.itemMoved', { name: items[order[from]!]!.name }));
  });

  async function add() {
    const { file: next, item } = addItem(file, place, { name: t('menuEditor.newItemName', { lng: 'en-CA' }), price: '0.00' });
    const refused = await state.save(next, t('menuEditor.itemAdded', { section: title }));
    if (refused.length === 0 && !state.conflict) setEditing(item.id);
  }

  return (
    <details className="menu-editor__section" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary {...drag}>
        {title} <span className="menu-editor__count">{t('menuEditor.itemCount', { count: items.length })}</span>
      </summary>
      {open && (
        <>
          {sectionControls}
          <ul className="menu-editor__items">
            {order.map((i, rank) => (
              <ItemRow
                key={items[i]!.id}
                item={items[i]!}
                place={place}
                index={i}
                first={rank === 0}
                last={rank === order.length - 1}
                drag={dragRow(rank)}
                editing={editing === items[i]!.id}
                onEdit={(on) => setEditing(on ? items[i]!.id : null)}
                file={file}
                state={state}
                canChange={canChange}
              />
            ))}
          </ul>
          {canChange && (
            <button type="button" className="button button--small" disabled={state.busy} onClick={() => void add()}>
              {t('menuEditor.addItem', { section: title })}
            </button>
          )}
        </>
      )}
    </details>
  );
}

interface RowProps extends TreeProps {
  item: FileItem;
  place: ItemPlace;
  index: number;
  first: boolean;
  last: boolean;
  drag: DragProps;
  editing: boolean;
  onEdit: (on: boolean) => void;
}

function ItemRow({ item, place, index, first, last, drag, editing, onEdit, file, state, canChange }: RowProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const cents = parseDollars(String(item.price));
  const formId = `menu-editor-item-${item.id}`;
  // Removing is asked first, as a section's removal is (structure-controls.tsx).
  const [confirming, setConfirming] = useState(false);
  const move = (step: -1 | 1) => {
    const next = moveItem(file, place, index, step);
    if (next) void state.save(next, t('menuEditor.itemMoved', { name: item.name }));
  };
  return (
    <li className="menu-editor__item">
      <EditorRow
        name={
          <>
            <span className="menu-editor__name">{item.name}</span>
            <span className="menu-editor__price">{cents === null ? String(item.price) : formatMoney(cents, locale)}</span>
          </>
        }
        what={item.name}
        formId={formId}
        editing={editing}
        onEdit={onEdit}
        canChange={canChange}
        busy={state.busy}
        move={{
          up: t('menuEditor.moveUp', { name: item.name }),
          down: t('menuEditor.moveDown', { name: item.name }),
          first,
          last,
          onMove: move,
        }}
        onRemove={() => setConfirming(true)}
        drag={drag}
      />
      {confirming && (
        <ConfirmRemove
          question={t('menuEditor.removeItemQuestion', { name: item.name })}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void state.save(removeItem(file, place, index), t('menuEditor.itemRemoved', { name: item.name }));
          }}
        />
      )}
      {editing && (
        <ItemForm
          id={formId}
          item={item}
          place={place}
          index={index}
          file={file}
          state={state}
          canChange={canChange}
          onClose={() => onEdit(false)}
        />
      )}
      {editing && <PriceScheduleFormView item={item} place={place} index={index} file={file} state={state} canChange={canChange} />}
      {editing && <OptionGroups item={item} place={place} index={index} file={file} state={state} canChange={canChange} route={[]} />}
    </li>
  );
}
