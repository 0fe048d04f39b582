import { useEffect, useRef, type FocusEvent } from 'react';

/**
 * Keeps the keyboard's place across a new draft revision. The settings' forms are keyed by the
 * revision (features/restaurant-settings/settings-screen.tsx), so a save remounts them all and the
 * focused button is gone: the focus would fall to the page's start, a dozen forms above. This notes
 * where the focus was (its form, named by `aria-labelledby`, and its id) and, once the revision has
 * changed and the focus is lost, puts it back on the same control, else on that form's submit button.
 */
export function useFocusKept(revision: number | undefined): { onFocus: (event: FocusEvent<HTMLElement>) => void } {
  const last = useRef<{ form: string | null; id: string | null } | null>(null);
  useEffect(() => {
    const place = last.current;
    if (!place?.form || (document.activeElement && document.activeElement !== document.body)) return;
    const form = document.querySelector(`form[aria-labelledby="${CSS.escape(place.form)}"]`);
    const control =
      (place.id ? form?.querySelector<HTMLElement>(`#${CSS.escape(place.id)}`) : null) ??
      form?.querySelector<HTMLElement>('button[type="submit"]');
    control?.focus();
  }, [revision]);
  return {
    onFocus: (event) => {
      const target = event.target;
      last.current = { form: target.closest('form')?.getAttribute('aria-labelledby') ?? null, id: target.id || null };
    },
  };
}
