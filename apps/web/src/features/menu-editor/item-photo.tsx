import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { menuImageSources } from '../../lib/menu-image';

interface ItemPhotoProps {
  id: string;
  /** The item's `image` as the form holds it (null: none). */
  image: string | null;
  /**
   * The photo as the draft has it (null: none). "Uploaded: save the item" is said until the photo
   * is the draft's: once the item is saved with it, it is no longer so.
   */
  saved: string | null;
  onChange: (image: string | null) => void;
  upload: (file: File) => Promise<string>;
  disabled: boolean;
  /** Whose photo: an item's (a square card and a wide frame) or a menu's (a square beside its name). */
  of?: 'item' | 'menu';
}

const TEXTS = {
  item: { hint: 'menuPhoto.hint', preview: 'menuPhoto.preview', uploaded: 'menuPhoto.uploaded', removed: 'menuPhoto.removed' },
  menu: {
    hint: 'menuPhoto.menuHint',
    preview: 'menuPhoto.menuPreview',
    uploaded: 'menuPhoto.menuUploaded',
    removed: 'menuPhoto.menuRemoved',
  },
} as const;

/**
 * An item's photo, or a menu's: a labelled file input that uploads the chosen file at once (the server decodes it
 * to know it is a photo and resizes it, docs/decisions/0102-menu-images-in-the-database.md), a preview
 * as the menu's card shows it, and a button to remove it. The item's `image` changes when the item is
 * saved. A file that is not a photo, or too large, is the field's message and changes nothing.
 */
export function ItemPhoto({ id, image, saved, onChange, upload, disabled, of = 'item' }: ItemPhotoProps) {
  const { t } = useTranslation();
  const texts = TEXTS[of];
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  // "Uploaded" and "removed" ask for a save; said while the form's photo is not yet the draft's.
  const [asksSave, setAsksSave] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputId = `${id}-photo`;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setProblem(null);
    setBusy(true);
    setStatus(t('menuPhoto.uploading'));
    setAsksSave(false);
    try {
      onChange(await upload(file));
      setStatus(t(texts.uploaded));
      setAsksSave(true);
    } catch (error) {
      setStatus('');
      // A body over the limit is refused before the server reads it (413 PAYLOAD_TOO_LARGE): the photo's own words.
      setProblem(isApiError(error) && error.status === 413 ? t('errors.IMAGE_TOO_LARGE') : errorMessage(t, error));
    } finally {
      setBusy(false);
      input.value = '';
    }
  }

  function remove() {
    onChange(null);
    setProblem(null);
    setStatus(t(texts.removed));
    setAsksSave(true);
  }

  const described = [`${inputId}-hint`, problem ? `${inputId}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="menu-editor__photo">
      <div className="form-field">
        <label htmlFor={inputId} className="form-field__label">
          {t('menuPhoto.label')}
        </label>
        {image ? (
          <img className="menu-editor__photo-preview" {...menuImageSources(image, 'card')} alt={t(texts.preview)} width={96} height={96} />
        ) : (
          <p className="menu-editor__photo-none">{t('menuPhoto.none')}</p>
        )}
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="menu-editor__photo-input"
          aria-describedby={described}
          aria-invalid={problem ? true : undefined}
          disabled={disabled || busy}
          onChange={(event) => void choose(event)}
        />
        <p id={`${inputId}-hint`} className="form-field__hint">
          {t(texts.hint)}
        </p>
        {problem && (
          <p id={`${inputId}-error`} className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      {image && !disabled && (
        <button type="button" className="button" onClick={remove}>
          {t('menuPhoto.remove')}
        </button>
      )}
      <p role="status" className="menu-editor__photo-status">
        {asksSave && image === saved ? '' : status}
      </p>
    </div>
  );
}
