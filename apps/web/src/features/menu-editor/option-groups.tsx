import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove, EditorRow, useDragReorder, useSaveItem, type DragProps, type OptionsProps } from './editor-parts';
import { displayOrder } from './menu-file';
import { OptionGroupForm } from './option-group-form';
import { groupsAt, moveGroup, moveGroupTo, removeGroup, type FileOptionGroup, type ValueRoute } from './option-file';
import { NestGroup } from './option-nest';

/**
 * The option groups under `route` (the item's own for [], a value's nested ones below it), in the
 * order diners see them: each opened for editing (its values with it), moved, put under another
 * value, removed after a confirmation; one added. Each group's values show their own nested groups,
 * the same way, one level deeper.
 */
export function OptionGroups({ route, label, ...props }: OptionsProps & { route: ValueRoute; label?: string }) {
  const { t } = useTranslation();
  const { item, state, canChange } = props;
  const [adding, setAdding] = useState(false);
  const groups = groupsAt(item, route);
  const title = label ?? t('menuEditorOptions.title', { name: item.name });
  const titleId = `menu-editor-options-${item.id}-${route.join('-')}`;
  const order = displayOrder(groups);
  const save = useSaveItem(props);
  const dragRow = useDragReorder(canChange && !state.busy, (from, to) => {
    const next = moveGroupTo(item, [...route, order[from]!], to);
    if (next) void save(next, t('menuEditorOptions.groupMoved', { name: groups[order[from]!]!.name }));
  });
  return (
    <section aria-labelledby={titleId} className="menu-editor__options">
      <h3 id={titleId} className="menu-editor__options-title">
        {title}
      </h3>
      {groups.length === 0 && <p className="menu-editor__kind">{t('menuEditorOptions.none')}</p>}
      <ul className="menu-editor__items">
        {order.map((g, rank) => (
          <GroupRow
            key={groups[g]!.id}
            group={groups[g]!}
            route={[...route, g]}
            first={rank === 0}
            last={rank === groups.length - 1}
            drag={dragRow(rank)}
            {...props}
          />
        ))}
      </ul>
      {canChange &&
        (adding ? (
          <OptionGroupForm group={null} route={[...route, groups.length]} onClose={() => setAdding(false)} {...props} />
        ) : (
          <button type="button" className="button button--small" disabled={state.busy} onClick={() => setAdding(true)}>
            {route.length === 0 ? t('menuEditorOptions.addGroup', { name: item.name }) : t('menuEditorOptions.addNestedGroup', { title })}
          </button>
        ))}
    </section>
  );
}

function GroupRow({
  group,
  route,
  first,
  last,
  drag,
  ...props
}: OptionsProps & { group: FileOptionGroup; route: number[]; first: boolean; last: boolean; drag: DragProps }) {
  const { t } = useTranslation();
  const { item, state, canChange } = props;
  const save = useSaveItem(props);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const formId = `menu-editor-group-${group.id}`;
  const summary = [
    group.required ? t('menuEditorOptions.required') : t('menuEditorOptions.optional'),
    t('menuEditorOptions.valueCount', { count: group.values.length }),
  ].join(' · ');
  const move = (step: -1 | 1) => {
    const next = moveGroup(item, route, step);
    if (next) void save(next, t('menuEditorOptions.groupMoved', { name: group.name }));
  };
  return (
    <li className="menu-editor__item">
      <EditorRow
        name={
          <span className="menu-editor__name">
            {group.name} <span className="menu-editor__kind">({summary})</span>
          </span>
        }
        what={t('menuEditorOptions.theGroup', { name: group.name })}
        formId={formId}
        editing={editing}
        onEdit={setEditing}
        canChange={canChange}
        busy={state.busy}
        move={{
          up: t('menuEditorOptions.moveUp', { name: group.name }),
          down: t('menuEditorOptions.moveDown', { name: group.name }),
          first,
          last,
          onMove: move,
        }}
        onRemove={() => setConfirming(true)}
        drag={drag}
      />
      {confirming && (
        <ConfirmRemove
          question={t('menuEditorOptions.removeQuestion', { name: group.name, count: group.values.length })}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void save(removeGroup(item, route), t('menuEditorOptions.groupRemoved', { name: group.name }))}
        />
      )}
      {editing && (
        <>
          <OptionGroupForm id={formId} group={group} route={route} onClose={() => setEditing(false)} {...props} />
          {canChange && <NestGroup group={group} route={route} {...props} />}
          {group.values.map((value, v) => (
            <details key={value.id} className="menu-editor__section">
              <summary>
                {t('menuEditorOptions.nestedTitle', { name: value.name })}{' '}
                <span className="menu-editor__count">{t('menuEditorOptions.groupCount', { count: (value.options ?? []).length })}</span>
              </summary>
              <OptionGroups route={[...route, v]} label={t('menuEditorOptions.nestedTitle', { name: value.name })} {...props} />
            </details>
          ))}
        </>
      )}
    </li>
  );
}
