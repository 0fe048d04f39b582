import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemPhoto } from '../item-photo';
import { withImage, withMenu } from '../menu-file';
import { structurePath } from '../structure-controls';
import type { MenuPanelProps } from './menu-ordering-form';

/**
 * A menu's photo (issue 32 item 3): uploaded and resized as an item's is (item-photo.tsx), saved in the
 * draft with its own button; diners see it as a square beside the menu's name (features/menu/menu-list.tsx).
 * A refusal (a photo of another restaurant's, a URL the file does not take) is said here.
 */
export function MenuPhotoForm({ id, menu, group, index, file, state, onClose }: MenuPanelProps) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(typeof menu.image === 'string' ? menu.image : null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(null);
    const refused = await state.save(
      withMenu(file, group, index, (entry) => withImage(entry, image)),
      t('menuPhoto.menuSaved', { name: menu.name }),
      { path: structurePath({ group, menu: index }), fieldOf: (suffix) => (suffix === '.image' ? 'image' : undefined) },
    );
    if (refused.length > 0) setRefusal(t('menuPhoto.menuRefused', { rule: refused.map(([, problem]) => problem.message).join(' ') }));
  }

  return (
    <form
      id={id}
      className="menu-editor__form"
      aria-label={t('menuPhoto.menuLabel', { name: menu.name })}
      onSubmit={(event) => void save(event)}
    >
      <ItemPhoto
        id={id}
        image={image}
        saved={typeof menu.image === 'string' ? menu.image : null}
        onChange={setImage}
        upload={state.uploadImage}
        disabled={state.busy}
        of="menu"
      />
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={state.busy}>
          {t('menuPhoto.menuSave')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('menuEditor.close')}
        </button>
      </div>
    </form>
  );
}
