import { useLocaleDefaults } from './use-locale-defaults';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuItemForm } from '@servery/contracts/forms';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import {
  applyItemValues,
  ITEM_FLAGS,
  itemPath,
  itemValues,
  parseDollars,
  withImage,
  withItems,
  type EditorFile,
  type FileItem,
  type ItemPlace,
} from './menu-file';
import { useFieldRefusal } from './editor-parts';
import { ItemPhoto } from './item-photo';
import { ItemFactsFields } from './item/item-facts-fields';
import { filePromos } from './item/item-promos-file';
import { ItemPromosField } from './item/item-promos-field';
import type { MenuDraftState } from './use-menu-draft';
import { useLocale } from '../../lib/use-locale';

/** Each field's own message, whatever its rule found wrong (the form's check or the server's). */
const FIELD_MESSAGES = {
  name_en: 'menuEditor.field.nameRequired',
  price: 'menuEditor.field.priceInvalid',
  calories: 'menuEditor.field.caloriesInvalid',
  tax1: 'menuEditorItemFields.taxInvalid',
  tax2: 'menuEditorItemFields.taxInvalid',
} as const satisfies Record<string, ParseKeys>;

interface ItemFormProps {
  id: string;
  item: FileItem;
  place: ItemPlace;
  index: number;
  file: EditorFile;
  state: MenuDraftState;
  canChange: boolean;
  onClose: () => void;
}

/**
 * One item's fields: its name and description in English and French side by side, its price in
 * dollars (made exact integer cents before anything is sent; a negative or malformed amount is the
 * field's message and nothing is saved), calories, its photo (item-photo.tsx), its flags, its diets, allergens and tax
 * rates (item/item-facts-fields.tsx) and the item promos it takes (item/item-promos-field.tsx). Saving puts the item in the file
 * and saves the draft; the server's refusal of one of these fields lands on it.
 */
export function ItemForm({ id, item, place, index, file, state, canChange, onClose }: ItemFormProps) {
  const { t } = useTranslation();
  const refuseFields = useFieldRefusal();
  const promos = filePromos(file);
  const { locale } = useLocale();
  const defaults = itemValues(item, promos, locale);
  const form = useZodForm(MenuItemForm, { defaultValues: defaults, messages: FIELD_MESSAGES });
  useLocaleDefaults(form, locale, defaults);
  const [image, setImage] = useState<string | null>(typeof item.image === 'string' ? item.image : null);

  async function onValid(values: MenuItemForm) {
    const cents = parseDollars(values.price);
    if (cents === null) return;
    const next = withItems(file, place, (items) =>
      items.map((entry, at) => (at === index ? withImage(applyItemValues(entry, values, cents, promos), image) : entry)),
    );
    const refused = await state.save(next, t('menuEditor.itemSaved', { name: values.name_en }), itemPath(place, index));
    refuseFields(refused, FIELD_MESSAGES);
  }

  const field = (name: string) => `${id}-${name.replace('.', '-')}`;
  return (
    <Form
      form={form}
      onValid={onValid}
      failureMessage={() => null}
      id={id}
      className="menu-editor__form"
      aria-label={t('menuEditor.itemFormLabel', { name: item.name })}
    >
      <fieldset disabled={!canChange} className="menu-editor__fieldset">
        <div className="menu-editor__languages">
          <div lang="en">
            <FormTextField id={field('name_en')} field="name_en" label={t('menuEditor.field.nameEn')} required maxLength={200} />
            <FormTextField
              id={field('description_en')}
              field="description_en"
              label={t('menuEditor.field.descriptionEn')}
              maxLength={2000}
            />
          </div>
          <div lang="fr">
            <FormTextField
              id={field('name_fr')}
              field="name_fr"
              label={t('menuEditor.field.nameFr')}
              maxLength={200}
              hint={t('menuEditor.field.frenchHint')}
            />
            <FormTextField
              id={field('description_fr')}
              field="description_fr"
              label={t('menuEditor.field.descriptionFr')}
              maxLength={2000}
            />
          </div>
        </div>
        <div className="menu-editor__numbers">
          <FormTextField
            id={field('price')}
            field="price"
            label={t('menuEditor.field.price')}
            hint={t('menuEditor.field.priceHint')}
            inputMode="text"
            maxLength={12}
            required
          />
          <FormTextField id={field('calories')} field="calories" label={t('menuEditor.field.calories')} inputMode="numeric" maxLength={5} />
        </div>
        <ItemPhoto
          id={id}
          image={image}
          saved={typeof item.image === 'string' ? item.image : null}
          onChange={setImage}
          upload={state.uploadImage}
          disabled={!canChange}
        />
        <fieldset className="menu-editor__flags">
          <legend>{t('menuEditor.field.flags')}</legend>
          {ITEM_FLAGS.map((flag) => (
            <label key={flag} className="menu-editor__flag">
              <input type="checkbox" {...form.register(`flags.${flag}`)} /> {t(`menuEditor.flags.${flag}`)}
            </label>
          ))}
        </fieldset>
        <ItemFactsFields id={id} />
        <ItemPromosField id={id} promos={promos} />
      </fieldset>
      <FormFailure />
      <div className="button-row">
        {canChange && (
          <SubmitButton busy={state.busy} busyLabel={t('menuEditor.saving')}>
            {t('menuEditor.saveItem')}
          </SubmitButton>
        )}
        <button type="button" className="button" onClick={onClose}>
          {t('menuEditor.close')}
        </button>
      </div>
    </Form>
  );
}
