import type { MenusResponse, PublicRestaurant } from '@servery/contracts/restaurant';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createI18n, loadAllMessages } from '../../i18n/i18n';
import { LOCALES, languageOf, type Locale } from '../../i18n/locales';
import { TranslationProvider } from '../../i18n/texts';
import { errorMessage } from '../../lib/error-message';
import { DEFAULT_TIME_ZONE } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useLocale } from '../../lib/use-locale';
import { getPreview, type MenuEditorCaller } from './menu-editor-api';
import { previewOrderType, type EditorFile } from './menu-file';
import type { OrderType } from '@servery/domain/order-type';

export interface PreviewListProps {
  menus: MenusResponse;
  zone: string;
  /** How the items are laid out: the draft's theme (`draftLayout`). */
  layout: Pick<PublicRestaurant['theme'], 'card_style' | 'browse_menu_style'>;
}

/** The draft theme's item layout, as the diner's menu lays it out once published (the file's defaults where it says nothing). */
export function draftLayout(file: EditorFile): PreviewListProps['layout'] {
  const theme: { card_style?: unknown; browse_menu_style?: unknown } =
    typeof file.theme === 'object' && file.theme !== null ? file.theme : {};
  return {
    card_style: theme.card_style === 'horizontal' ? 'horizontal' : 'vertical',
    browse_menu_style: theme.browse_menu_style === 'gallery' ? 'gallery' : 'list',
  };
}

/**
 * The draft as a diner would see it were it published now (GET .../draft/preview), at a phone's
 * width, in the language chosen here whatever the console's language: the list is drawn under a
 * translator of its own, so the diner's words and the menu's texts are that language's.
 */
export function DraftPreview({
  caller,
  file,
  List,
}: {
  caller: MenuEditorCaller;
  file: EditorFile;
  List: ComponentType<PreviewListProps>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="menu-preview-title" className="menu-editor__preview">
      <h2 id="menu-preview-title">{t('menuEditor.previewTitle')}</h2>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{t('menuEditor.previewShow')}</summary>
        {open && (
          <Preview
            caller={caller}
            orderType={previewOrderType(file)}
            zone={typeof file.zone === 'string' ? file.zone : DEFAULT_TIME_ZONE}
            layout={draftLayout(file)}
            List={List}
          />
        )}
      </details>
    </section>
  );
}

function Preview({
  caller,
  orderType,
  List,
  ...shown
}: Omit<PreviewListProps, 'menus'> & { caller: MenuEditorCaller; orderType: OrderType; List: ComponentType<PreviewListProps> }) {
  const { t } = useTranslation();
  // At first the console's own language; the manager may look at the other.
  const { locale: consoleLocale } = useLocale();
  const [language, setLanguage] = useState<Locale>(consoleLocale);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    void loadAllMessages([...LOCALES]).finally(() => current && setReady(true));
    return () => {
      current = false;
    };
  }, []);
  const translator = useMemo(() => (ready ? createI18n(language) : null), [ready, language]);
  const preview = useQuery({
    queryKey: queryKeys.staff.menuPreview(caller.slug, caller.credentials.userId),
    // The draft's own order type: a school's scheduled menus show for none of dine-in (menu-file.ts).
    queryFn: ({ signal }) => getPreview(caller, orderType, signal),
  });
  return (
    <>
      <fieldset className="menu-editor__preview-language">
        <legend>{t('menuEditor.previewLanguage')}</legend>
        {LOCALES.map((locale) => (
          <label key={locale}>
            <input
              type="radio"
              name="menu-preview-language"
              value={locale}
              checked={language === locale}
              onChange={() => setLanguage(locale)}
            />{' '}
            {t(`menuEditor.language.${locale}`)}
          </label>
        ))}
      </fieldset>
      {preview.isError && <p role="alert">{errorMessage(t, preview.error)}</p>}
      {(!preview.data || !translator) && !preview.isError && <p>{t('menuEditor.loading')}</p>}
      {preview.data && translator && (
        <div className="menu-editor__phone" lang={languageOf(language)}>
          <TranslationProvider i18n={translator}>
            <List menus={preview.data} {...shown} />
          </TranslationProvider>
        </div>
      )}
    </>
  );
}
