import { MenuNameForm } from '@servery/contracts/forms';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { ConfirmRemove, DisclosureButton, MoveButtons, useFieldRefusal } from './editor-parts';
import type { EditorFile, Localization } from './menu-file';
import { fileStations, nameValues, renameAt, setSectionStation, type StructurePlace } from './structure-file';
import { useLocale } from '../../lib/use-locale';
import type { MenuDraftState } from './use-menu-draft';

/** `$.menu_groups[0].menus[1].sections[2]`: the path the server's details name the thing at `place` by. */
export function structurePath(place: StructurePlace): string {
  let path = `$.menu_groups[${place.group}]`;
  if ('menu' in place) path += `.menus[${place.menu}]`;
  if ('section' in place) path += `.sections[${place.section}]`;
  return path;
}

const nameFieldOf = (suffix: string) => (suffix === '.name' ? 'name_en' : suffix === '.localization["fr-CA"].name' ? 'name_fr' : undefined);

interface ControlsProps {
  /** What it is and its name, for the buttons' names: "the section Starters". */
  what: string;
  entry: { name: string; localization?: Localization | undefined };
  place: StructurePlace;
  file: EditorFile;
  state: MenuDraftState;
  /** Up and down, when it can move: its rank's ends and the move. */
  move?: { first: boolean; last: boolean; onMove: (step: -1 | 1) => void };
  /** Removing it, said before it is done ("Remove the section Starters and its 6 items?"). */
  remove?: { question: string; onRemove: () => void };
  children?: ReactNode;
}

/**
 * A menu group's, menu's or section's own buttons: rename (English and French side by side), move up
 * or down, remove after a confirmation, and whatever else its place adds (an "Add a section" button).
 */
export function StructureControls({ what, entry, place, file, state, move, remove, children }: ControlsProps) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const formId = `menu-editor-name-${structurePath(place).replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <>
      <div className="button-row menu-editor__controls">
        <DisclosureButton open={renaming} controls={formId} what={what} onToggle={() => setRenaming(!renaming)}>
          {t('menuEditorStructure.rename')}
        </DisclosureButton>
        {move && (
          <MoveButtons
            up={t('menuEditorStructure.moveUp', { what })}
            down={t('menuEditorStructure.moveDown', { what })}
            first={move.first}
            last={move.last}
            busy={state.busy}
            onMove={move.onMove}
          />
        )}
        {remove && (
          <button type="button" className="button button--small" disabled={state.busy} onClick={() => setConfirming(true)}>
            {t('menuEditor.remove')}
            <span className="visually-hidden"> {what}</span>
          </button>
        )}
        {children}
      </div>
      {remove && confirming && (
        <ConfirmRemove question={remove.question} onConfirm={remove.onRemove} onCancel={() => setConfirming(false)} />
      )}
      {renaming && (
        <NameForm id={formId} what={what} entry={entry} place={place} file={file} state={state} onClose={() => setRenaming(false)} />
      )}
    </>
  );
}

function NameForm({
  id,
  what,
  entry,
  place,
  file,
  state,
  onClose,
}: Omit<ControlsProps, 'move' | 'remove' | 'children'> & { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const refuseFields = useFieldRefusal();
  const form = useZodForm(MenuNameForm, { defaultValues: nameValues(entry), messages: { name_en: 'menuEditorStructure.nameRequired' } });

  async function onValid(values: MenuNameForm) {
    const refused = await state.save(renameAt(file, place, values), t('menuEditorStructure.renamed', { name: values.name_en.trim() }), {
      path: structurePath(place),
      fieldOf: nameFieldOf,
    });
    refuseFields(refused);
    onClose();
  }

  return (
    <Form
      form={form}
      onValid={onValid}
      failureMessage={() => null}
      id={id}
      className="menu-editor__form"
      aria-label={t('menuEditorStructure.renameLabel', { what })}
    >
      <div className="menu-editor__languages">
        <div lang="en">
          <FormTextField id={`${id}-name_en`} field="name_en" label={t('menuEditor.field.nameEn')} required maxLength={200} />
        </div>
        <div lang="fr">
          <FormTextField
            id={`${id}-name_fr`}
            field="name_fr"
            label={t('menuEditor.field.nameFr')}
            maxLength={200}
            hint={t('menuEditor.field.frenchHint')}
          />
        </div>
      </div>
      <div className="button-row">
        <SubmitButton busy={state.busy} busyLabel={t('menuEditor.saving')}>
          {t('menuEditorStructure.saveName')}
        </SubmitButton>
        <button type="button" className="button" onClick={onClose}>
          {t('menuEditor.close')}
        </button>
      </div>
    </Form>
  );
}

/** Which kitchen station makes a section's items (decision 0107); shown when the file lists more than one station. */
export function SectionStation({
  file,
  state,
  place,
  section,
}: {
  file: EditorFile;
  state: MenuDraftState;
  place: { group: number; menu: number; section: number };
  section: { name: string; station?: unknown };
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const stations = fileStations(file);
  if (stations.length < 2) return null;
  const id = `menu-editor-station-${place.group}-${place.menu}-${place.section}`;
  const current = typeof section.station === 'string' && stations.some((s) => s.id === section.station) ? section.station : stations[0]!.id;
  return (
    <span className="menu-editor__station">
      <label htmlFor={id}>
        {t('staffStations.editorLabel')}
        <span className="visually-hidden"> {t('menuEditorStructure.theSection', { name: section.name })}</span>
      </label>{' '}
      <select
        id={id}
        className="text-input"
        value={current}
        disabled={state.busy}
        onChange={(event) => {
          const station = stations.find((s) => s.id === event.target.value);
          const next = setSectionStation(file, place.group, place.menu, place.section, event.target.value);
          void state.save(
            next,
            t('staffStations.editorSaved', { name: section.name, station: station?.name[locale] ?? event.target.value }),
          );
        }}
      >
        {stations.map((station) => (
          <option key={station.id} value={station.id}>
            {station.name[locale]}
          </option>
        ))}
      </select>
    </span>
  );
}
