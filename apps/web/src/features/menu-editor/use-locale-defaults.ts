import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { Locale } from '../../i18n/locales';

/**
 * An open form's amounts are shown in the console's language ("14,25" in French, "14.25" in English:
 * menu-file.ts dollarsText). When the language changes while the form is open, the fields nobody has
 * touched are shown again in the new language's form; what the person typed stays as typed (both
 * forms are read back the same, exact to the cent).
 */
export function useLocaleDefaults<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'reset'>, locale: Locale, defaults: T): void {
  const shown = useRef(locale);
  const latest = useRef(defaults);
  latest.current = defaults;
  useEffect(() => {
    if (shown.current === locale) return;
    shown.current = locale;
    form.reset(latest.current, { keepDirtyValues: true });
  }, [form, locale]);
}
