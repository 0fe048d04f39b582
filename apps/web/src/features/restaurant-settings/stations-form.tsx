import { KitchenStationsForm } from '@servery/contracts/station-forms';
import { MAX_STATIONS } from '@servery/domain/kitchen-stations';
import { useEffect, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { useLocale } from '../../lib/use-locale';
import type { SettingsFile } from './settings-file';
import { useSettingsSave, type SettingsDraftState } from './settings-save';
import { StationRow } from './station-row';
import { applyStations, sectionsByStation, sectionsMoved, stationsFieldOf, stationsValues, stationsWording } from './stations-file';

interface Props {
  file: SettingsFile;
  state: SettingsDraftState;
  canChange: boolean;
}

/**
 * The kitchen's stations (decision 0107), each with its board: their names in English and French,
 * one added (its id made from its English name when saved), renamed (its id kept), moved up or down
 * (the file's order: the board's picker lists them so; a section stays at its station) or removed. The
 * first takes the sections that name none, and those of a station removed, in the same save: the
 * form says how many before and after. The last station stays.
 */
export function StationsForm({ file, state, canChange }: Props) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const form = useZodForm(KitchenStationsForm, { defaultValues: stationsValues(file) });
  const save = useSettingsSave(state);
  const stations = useFieldArray({ control: form.control, name: 'stations' });
  const values = useWatch({ control: form.control, name: 'stations' }) ?? [];
  const counts = sectionsByStation(file);
  const moved = sectionsMoved(file, { stations: values });
  const first = values[0];
  const firstName = (first && (locale === 'fr-CA' ? first.fr : first.en).trim()) || t('staffSettingsStations.number', { number: 1 });

  const [announce, setAnnounce] = useState('');
  const [focusNext, setFocusNext] = useState<string | null>(null);
  const nameOf = (index: number) =>
    (values[index] && (locale === 'fr-CA' ? values[index].fr : values[index].en).trim()) ||
    t('staffSettingsStations.number', { number: index + 1 });

  // Focus follows the moved station: its same button at its new place, or the other one at an end.
  useEffect(() => {
    if (!focusNext) return;
    document.getElementById(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const move = (from: number, to: number) => {
    const name = nameOf(from);
    stations.move(from, to);
    setAnnounce(t('staffSettingsStations.moved', { station: name, number: to + 1, count: stations.fields.length }));
    const atEnd = to === 0 || to === stations.fields.length - 1;
    const sameWay = to < from ? 'up' : 'down';
    const otherWay = to < from ? 'down' : 'up';
    setFocusNext(`station-${to}-${atEnd ? otherWay : sameWay}`);
  };

  const remove = (index: number) => {
    stations.remove(index);
    // Focus stays in the list: on the station that took the removed one's place, else the one before.
    form.setFocus(`stations.${Math.min(index, stations.fields.length - 2)}.en`);
  };

  return (
    <Form
      form={form}
      onValid={(valid) => {
        const count = sectionsMoved(file, valid);
        const notice = count > 0 ? t('staffSettingsStations.savedMoved', { count, station: firstName }) : t('staffSettingsStations.saved');
        return save(applyStations(file, valid), notice, { fieldOf: stationsFieldOf, wording: stationsWording });
      }}
      failureMessage={() => null}
      aria-labelledby="settings-stations-title"
      className="settings__form"
    >
      <h2 id="settings-stations-title">{t('staffSettingsStations.title')}</h2>
      <p className="form-field__hint">{t('staffSettingsStations.hint')}</p>
      <fieldset disabled={!canChange} className="settings__fieldset">
        {stations.fields.map((station, index) => (
          <StationRow
            key={station.id}
            index={index}
            sections={values[index]?.id ? (counts.get(values[index].id) ?? 0) : null}
            onRemove={canChange && stations.fields.length > 1 ? () => remove(index) : null}
            name={nameOf(index)}
            onMove={canChange ? (to) => move(index, to) : null}
            count={stations.fields.length}
          />
        ))}
        {canChange && stations.fields.length < MAX_STATIONS && (
          <button type="button" className="button button--small" onClick={() => stations.append({ id: '', en: '', fr: '' })}>
            {t('staffSettingsStations.add')}
          </button>
        )}
        {canChange && stations.fields.length >= MAX_STATIONS && (
          <p className="form-field__hint">{t('staffSettingsStations.most', { count: MAX_STATIONS })}</p>
        )}
      </fieldset>
      {/* Polite, without the status role: the one status of this form says where removed stations' sections go. */}
      <p aria-live="polite" className="visually-hidden">
        {announce}
      </p>
      <p role="status" className="form-field__hint">
        {moved > 0 && t('staffSettingsStations.willMove', { count: moved, station: firstName })}
      </p>
      <FormFailure />
      {canChange && (
        <div className="button-row">
          <SubmitButton busy={state.busy} busyLabel={t('staffSettings.saving')}>
            {t('staffSettingsStations.save')}
          </SubmitButton>
        </div>
      )}
    </Form>
  );
}
