import type { ElementType, ReactNode } from 'react';
import { languageOf, type Locale } from '../../i18n/locales';
import { useTexts } from '../../i18n/texts';

/**
 * The `lang` attribute for text in `textLocale` on a page in the diner's locale: set only when they
 * differ (an untranslated English name on a French page), so screen readers switch voice.
 */
export function useLangAttribute(textLocale: Locale): string | undefined {
  const { locale } = useTexts();
  return textLocale === locale ? undefined : languageOf(textLocale);
}

/** Plain text (names, ingredients) in its language. */
export function LocalizedText({
  as: Tag = 'span',
  text,
  locale,
  className,
}: {
  as?: ElementType;
  text: string;
  locale: Locale;
  className?: string;
}) {
  const lang = useLangAttribute(locale);
  return (
    <Tag className={className} lang={lang}>
      {text}
    </Tag>
  );
}

/**
 * Restaurant-provided HTML (descriptions, announcements, banners). The server sanitises it before it
 * leaves (contracts/restaurant.ts: default mode for descriptions and announcements, strict for
 * banners), so it is written as is; it never comes from the address bar or the diner.
 */
export function RestaurantHtml({
  html,
  locale,
  className,
  id,
}: {
  html: string;
  locale: Locale;
  className?: string;
  id?: string;
}): ReactNode {
  const lang = useLangAttribute(locale);
  if (html.trim() === '') return null;
  return <div id={id} className={className} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}
