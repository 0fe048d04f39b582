import { render, type RenderResult } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '../components/ui/toasts';
import { createI18n } from '../i18n/i18n';
import type { Locale } from '../i18n/locales';

/**
 * Renders shared UI or a feature's screen with what the app provides around it (a fresh i18n
 * instance, toasts, a router at `path`). Tests of the whole route table live in app/ and use the
 * app's own providers; this helper stays in the shared layer so features can use it.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', locale = 'en-CA' }: { path?: string; locale?: Locale } = {},
): RenderResult & { i18n: I18n } {
  const i18n = createI18n(locale);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </ToastProvider>
    </I18nextProvider>,
  );
  return { ...result, i18n };
}
