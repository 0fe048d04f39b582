import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/ui/form/field';
import type { FieldProblem } from '../../components/ui/form/field-problem';
import { nestGroup, valuePlaces, type FileOptionGroup } from './option-file';
import { useSaveItem, type OptionsProps } from './editor-parts';

const ITEM_ITSELF = 'item';

/**
 * Puts a group under another value of the item (a "Side" choice opening "Which side?"), or back on the
 * item itself. A value inside the group itself would make the group contain itself (a loop): that is
 * the field's message and nothing is saved; the server refuses such a file too (tenant-file.ts).
 */
export function NestGroup({ group, route, ...props }: OptionsProps & { group: FileOptionGroup; route: number[] }) {
  const { t } = useTranslation();
  const { item, state } = props;
  const save = useSaveItem(props);
  const [target, setTarget] = useState('');
  const [error, setError] = useState<FieldProblem | undefined>();
  const id = `menu-editor-nest-${group.id}`;
  const places = valuePlaces(item).map((place) => ({ value: place.route.join('.'), label: place.names.join(' › ') }));

  async function nest() {
    if (target === '') {
      setError({ key: 'message', name: 'menuEditorOptions.nest.choose' });
      return;
    }
    const to = target === ITEM_ITSELF ? [] : target.split('.').map(Number);
    const next = nestGroup(item, route, to);
    if (next === 'loop') {
      setError({ key: 'message', name: 'menuEditorOptions.nest.loop' });
      document.getElementById(id)?.focus();
      return;
    }
    setError(undefined);
    const where = to.length === 0 ? item.name : (places.find((place) => place.value === target)?.label ?? '');
    await save(next, t('menuEditorOptions.nest.done', { name: group.name, where }));
  }

  return (
    <div className="menu-editor__nest">
      <SelectField
        id={id}
        label={t('menuEditorOptions.nest.label', { name: group.name })}
        value={target}
        error={error}
        placeholder={t('menuEditorOptions.nest.placeholder')}
        options={[{ value: ITEM_ITSELF, label: t('menuEditorOptions.nest.itemItself', { name: item.name }) }, ...places]}
        onChange={(value) => {
          setTarget(value);
          setError(undefined);
        }}
      />
      <button type="button" className="button button--small" disabled={state.busy} onClick={() => void nest()}>
        {t('menuEditorOptions.nest.submit', { name: group.name })}
      </button>
    </div>
  );
}
