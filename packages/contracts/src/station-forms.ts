/**
 * The settings screen's kitchen stations form (docs/decisions/0108-restaurant-settings-on-the-menu-draft.md,
 * amended; decision 0107): each station's name in English and French, as typed. A new station has no
 * id yet (""): the web makes one from its English name when it saves. The saved file is checked again
 * by the tenant file's own schema (`KitchenStation`, tenant-file.ts), with the same limits.
 *
 * A rule's message travels as `params.messageKey`, a key of the web's catalogue (settings-forms.ts).
 */
import { MAX_STATIONS, STATION_NAME_MAX } from '@servery/domain/kitchen-stations';
import { z } from './browser-zod';
import type { MessageKeyParams } from './settings-forms';
import { hasControlCharacters } from './text-input';

const controlCharacters: MessageKeyParams = { messageKey: 'staffSettings.error.controlCharacters' };
const sameName: MessageKeyParams = { messageKey: 'staffSettingsStations.error.sameName' };

/** A name in one language: required, trimmed, at most the file's length, no control characters. */
const StationName = z
  .string()
  .trim()
  .min(1)
  .max(STATION_NAME_MAX)
  .refine((name) => !hasControlCharacters(name), { params: controlCharacters });

/** One station: its id in the file ("" for one added on this form) and its names. */
export const StationForm = z.object({ id: z.string(), en: StationName, fr: StationName });
export type StationForm = z.input<typeof StationForm>;

/**
 * The restaurant's stations in order (the first takes the sections that name none): one at least,
 * at most the file's twelve, and no two with the same name in a language (the board's picker and
 * the menu editor's select would show two alike).
 */
export const KitchenStationsForm = z.object({ stations: z.array(StationForm).min(1).max(MAX_STATIONS) }).superRefine((form, ctx) => {
  for (const language of ['en', 'fr'] as const) {
    const seen = new Set<string>();
    form.stations.forEach((station, index) => {
      const name = station[language].trim().toLocaleLowerCase('en-CA');
      if (name !== '' && seen.has(name)) ctx.addIssue({ code: 'custom', path: ['stations', index, language], params: sameName });
      seen.add(name);
    });
  }
});
export type KitchenStationsForm = z.input<typeof KitchenStationsForm>;
