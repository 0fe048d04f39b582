import { useTranslation } from 'react-i18next';
import type { OfferedLocale } from '@servery/domain/locales';
import { LOCALES, languageOf } from '../../i18n/locales';
import { useLocale } from '../../lib/use-locale';

/**
 * Switches to the other language the page offers. The button names that language in that language
 * ("Français" on an English page), with `lang` so a screen reader pronounces it correctly. A
 * restaurant offering one language (its `locales`, domain/locales.ts) shows no switch.
 */
export function LanguageSwitch({ offered = LOCALES }: { offered?: readonly OfferedLocale[] }) {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  const target = offered.find((candidate) => candidate !== locale);
  if (!target) return null;
  return (
    <button type="button" className="language-switch" lang={languageOf(target)} onClick={() => setLocale(target)}>
      {t('language.switch')}
    </button>
  );
}
