import { useEffect } from 'react';

/** Sets the tab title for a screen (the first thing a screen reader announces after navigation). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
