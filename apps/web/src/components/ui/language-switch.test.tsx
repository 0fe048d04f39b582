import { fireEvent, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { readCookie } from '../../lib/cookies';
import { renderWithProviders } from '../../testing/render-with-providers';
import { LanguageSwitch } from './language-switch';

function Heading() {
  const { t } = useTranslation();
  return <h1>{t('screens.Login.title')}</h1>;
}

describe('language switch', () => {
  it('switches the heading to French, keeps the choice in the locale cookie and sets <html lang>', () => {
    const { i18n } = renderWithProviders(
      <>
        <LanguageSwitch />
        <Heading />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();

    const toFrench = screen.getByRole('button', { name: 'Français' });
    expect(toFrench.getAttribute('lang')).toBe('fr');
    fireEvent.click(toFrench);

    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(i18n.language).toBe('fr-CA');
    expect(readCookie('locale')).toBe('fr-CA');
    expect(document.documentElement.lang).toBe('fr-CA');

    const toEnglish = screen.getByRole('button', { name: 'English' });
    expect(toEnglish.getAttribute('lang')).toBe('en');
    fireEvent.click(toEnglish);
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(readCookie('locale')).toBe('en-CA');
    expect(document.documentElement.lang).toBe('en-CA');
  });

  it('is a real button, so Enter and Space work', () => {
    renderWithProviders(<LanguageSwitch />, { locale: 'fr-CA' });
    const button = screen.getByRole('button', { name: 'English' });
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
  });
});
