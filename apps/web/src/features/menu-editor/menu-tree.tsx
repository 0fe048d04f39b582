import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { ItemForm } from './item-form';
import {
  addItem,
  displayOrder,
  itemsAt,
  moveItem,
  moveSection,
  parseDollars,
  removeItem,
  type EditorFile,
  type FileItem,
  type FileMenu,
  type ItemPlace,
} from './menu-file';
import type { MenuDraftState } from './use-menu-draft';

interface TreeProps {
  file: EditorFile;
  state: MenuDraftState;
  canChange: boolean;
}

/**
 * The menu as a tree of disclosures: menu groups, their menus, the menus' sections and own items, in
 * the order diners see them. A section's items are drawn when it is opened, so a 300-item menu stays
 * quick; each can be opened for editing, moved up or down, or removed, and a section moved or given an item.
 */
export function MenuTree({ file, state, canChange }: TreeProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="menu-tree-title" className="menu-editor__tree">
      <h2 id="menu-tree-title">{t('menuEditor.treeTitle')}</h2>
      {(file.menu_groups ?? []).map((group, g) => (
        <details key={group.id} open className="menu-editor__group">
          <summary>
            <span className="menu-editor__kind">{t('menuEditor.group')}</span> {group.name}
          </summary>
          {displayOrder(group.menus ?? []).map((m) => (
            <MenuBranch
              key={group.menus![m]!.id}
              menu={group.menus![m]!}
              group={g}
              index={m}
              file={file}
              state={state}
              canChange={canChange}
            />
          ))}
        </details>
      ))}
    </section>
  );
}

function MenuBranch({ menu, group, index, ...tree }: TreeProps & { menu: FileMenu; group: number; index: number }) {
  const { t } = useTranslation();
  const sections = menu.sections ?? [];
  const ownItems = { group, menu: index, section: null };
  return (
    <details className="menu-editor__menu">
      <summary>
        <span className="menu-editor__kind">{t('menuEditor.menu')}</span> {menu.name}
      </summary>
      {(menu.items ?? []).length > 0 && <ItemList title={t('menuEditor.menuItems', { menu: menu.name })} place={ownItems} {...tree} />}
      {displayOrder(sections).map((s, rank) => {
        const section = sections[s]!;
        const move = (step: -1 | 1) => {
          const next = moveSection(tree.file, group, index, s, step);
          if (next) void tree.state.save(next, t('menuEditor.sectionMoved', { name: section.name }));
        };
        return (
          <ItemList
            key={section.id}
            title={section.name}
            place={{ group, menu: index, section: s }}
            {...tree}
            sectionControls={
              tree.canChange && (
                <div className="button-row menu-editor__controls">
                  <span className="menu-editor__kind">{t('menuEditor.sectionOrder')}</span>
                  <MoveButtons
                    name={section.name}
                    first={rank === 0}
                    last={rank === sections.length - 1}
                    busy={tree.state.busy}
                    onMove={move}
                    section
                  />
                </div>
              )
            }
          />
        );
      })}
    </details>
  );
}

function ItemList({
  title,
  place,
  file,
  state,
  canChange,
  sectionControls,
}: TreeProps & { title: string; place: ItemPlace; sectionControls?: React.ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const items = itemsAt(file, place);
  const order = displayOrder(items);

  async function add() {
    const { file: next, item } = addItem(file, place, { name: t('menuEditor.newItemName', { lng: 'en-CA' }), price: '0.00' });
    const refused = await state.save(next, t('menuEditor.itemAdded', { section: title }));
    if (refused.length === 0 && !state.conflict) setEditing(item.id);
  }

  return (
    <details className="menu-editor__section" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
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
  editing: boolean;
  onEdit: (on: boolean) => void;
}

function ItemRow({ item, place, index, first, last, editing, onEdit, file, state, canChange }: RowProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const cents = parseDollars(String(item.price));
  const formId = `menu-editor-item-${item.id}`;
  const move = (step: -1 | 1) => {
    const next = moveItem(file, place, index, step);
    if (next) void state.save(next, t('menuEditor.itemMoved', { name: item.name }));
  };
  return (
    <li className="menu-editor__item">
      <div className="menu-editor__row">
        <span className="menu-editor__name">{item.name}</span>
        <span className="menu-editor__price">{cents === null ? String(item.price) : formatMoney(cents, locale)}</span>
        <div className="button-row menu-editor__controls">
          <button
            type="button"
            className="button button--small"
            aria-expanded={editing}
            aria-controls={editing ? formId : undefined}
            onClick={() => onEdit(!editing)}
          >
            {canChange ? t('menuEditor.edit') : t('menuEditor.details')}
            <span className="visually-hidden"> {item.name}</span>
          </button>
          {canChange && (
            <>
              <MoveButtons name={item.name} first={first} last={last} busy={state.busy} onMove={move} />
              <button
                type="button"
                className="button button--small"
                disabled={state.busy}
                onClick={() => void state.save(removeItem(file, place, index), t('menuEditor.itemRemoved', { name: item.name }))}
              >
                {t('menuEditor.remove')}
                <span className="visually-hidden"> {item.name}</span>
              </button>
            </>
          )}
        </div>
      </div>
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
    </li>
  );
}

/** Up and down by buttons (keyboard as well as pointer); the end a thing cannot go past is disabled. */
function MoveButtons({
  name,
  first,
  last,
  busy,
  onMove,
  section = false,
}: {
  name: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  section?: boolean;
}) {
  const { t } = useTranslation();
  const up = section ? t('menuEditor.moveSectionUp', { name }) : t('menuEditor.moveUp', { name });
  const down = section ? t('menuEditor.moveSectionDown', { name }) : t('menuEditor.moveDown', { name });
  return (
    <>
      <button type="button" className="button button--small" aria-label={up} disabled={busy || first} onClick={() => onMove(-1)}>
        {t('menuEditor.up')}
      </button>
      <button type="button" className="button button--small" aria-label={down} disabled={busy || last} onClick={() => onMove(1)}>
        {t('menuEditor.down')}
      </button>
    </>
  );
}
