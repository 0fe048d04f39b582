import { useTranslation } from 'react-i18next';
import { languageOf } from '../../i18n/locales';
import { useLocale } from '../../lib/use-locale';

/**
 * Switches between English and French. The button names the other language in that language
 * ("Français" on an English page), with `lang` so a screen reader pronounces it correctly.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  const target = locale === 'fr-CA' ? 'en-CA' : 'fr-CA';
  return (
    <button type="button" className="language-switch" lang={languageOf(target)} onClick={() => setLocale(target)}>
      {t('language.switch')}
    </button>
  );
}
