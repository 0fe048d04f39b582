import { describe, expect, it, vi } from 'vitest';

describe('switching language', () => {
  it('re-renders a mounted component in French, without a reload, once the French catalogue has loaded', async () => {
    // A module registry of its own: no catalogue loaded but English's first-load part, as in a browser
    // that opened the menu in English (the tests' setup registers every catalogue in the shared one).
    // Everything that renders comes from the same registry, so there is one React and one context.
    vi.resetModules();
    const { createElement: h } = await import('react');
    const { fireEvent, render, screen } = await import('@testing-library/react');
    const { useTranslation } = await import('react-i18next');
    const { TranslationProvider } = await import('./texts');
    const { createI18n, isCatalogueLoaded, loadAllMessages } = await import('./i18n');
    const { i18nForReact } = await import('./i18n-for-react');
    const { LanguageSwitch } = await import('../components/ui/language-switch');

    expect(isCatalogueLoaded('fr-CA')).toBe(false);
    const i18n = createI18n('en-CA');
    function Labels() {
      const { t } = useTranslation();
      // item.add is a first-load message; screens.Login.title is only in the whole catalogue.
      return h('p', null, `${t('item.add')} / ${t('screens.Login.title')}`);
    }
    const { unmount } = render(h(TranslationProvider, { i18n: i18nForReact(i18n) }, h(LanguageSwitch), h(Labels)));
    const labels = screen.getByText(/^Add to order \//);
    // English's whole catalogue arrives while the browser is idle (main.tsx), French's is not asked for.
    await loadAllMessages();
    expect(isCatalogueLoaded('fr-CA')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Français' }));

    expect(await screen.findByText('Ajouter à la commande / Connexion')).toBe(labels);
    expect(labels.isConnected).toBe(true);
    expect(isCatalogueLoaded('fr-CA')).toBe(true);
    expect(i18n.language).toBe('fr-CA');
    expect(screen.getByRole('button', { name: 'English' })).toBeTruthy();
    unmount();
  });
});
