import { createContext, use, useMemo, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { I18n } from './i18n';
import { toLocale, type Locale } from './locales';

/** What a component needs to say something: react-i18next's `t` and the locale it translates in. */
export interface Texts {
  t: TFunction;
  locale: Locale;
  /** The instance behind them (lib/use-locale.ts switches its language). */
  i18n: I18n;
}

const TextsContext = createContext<Texts | null>(null);

/**
 * One react-i18next hook for the whole tree, read below through a context: react-i18next's hook costs
 * every component that calls it a store subscription, two effects and a copy of the instance, and a
 * 300-item menu's cards called it about nine times each (2,700 hooks to render and hydrate; docs/decisions/0055-react-i18next.md).
 * The value changes with the language (app/providers.tsx gives react-i18next a new view per language),
 * so it reaches the parts of a server-rendered page React has not hydrated yet as the provider's did.
 */
function TextsProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const texts = useMemo(() => ({ t, locale, i18n }), [t, locale, i18n]);
  return <TextsContext value={texts}>{children}</TextsContext>;
}

/** react-i18next's provider with the one hook under it (app/providers.tsx; tests that need translations alone). */
export function TranslationProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <TextsProvider>{children}</TextsProvider>
    </I18nextProvider>
  );
}

/** `t` and the locale from the nearest TextsProvider (app/providers.tsx puts one under react-i18next's). */
export function useTexts(): Texts {
  const texts = use(TextsContext);
  if (!texts) throw new Error('useTexts needs a TextsProvider (app/providers.tsx)');
  return texts;
}
