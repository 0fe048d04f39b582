import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { ErrorFallback } from '../components/ui/error-fallback';
import { createI18n } from '../i18n/i18n';
import { TranslationProvider } from '../i18n/texts';
import { CHUNK_TIMEOUT_MS } from './chunk-load';
import { lazyScreen } from './lazy-screen';

function Hello() {
  return <h1>Hello</h1>;
}

function renderScreen(Screen: React.ComponentType, locale: 'en-CA' | 'fr-CA' = 'en-CA') {
  return render(
    <TranslationProvider i18n={createI18n(locale)}>
      <ErrorBoundary fallback={(props) => <ErrorFallback {...props} />}>
        <Suspense fallback={<p>Loading</p>}>
          <Screen />
        </Suspense>
      </ErrorBoundary>
    </TranslationProvider>,
  );
}

describe('lazyScreen', () => {
  it('renders the screen once its chunk has loaded', async () => {
    renderScreen(lazyScreen(() => Promise.resolve(Hello)));
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeTruthy();
  });

  it('shows a localised message on a failed chunk, and Retry imports it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<React.ComponentType>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Hello);
    renderScreen(lazyScreen(load), 'fr-CA');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cette page n’a pas pu être chargée' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up on a chunk that has not arrived after 120 s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    renderScreen(lazyScreen(() => new Promise<never>(() => {})));
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS));
    expect(screen.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeTruthy();
  });
});
