import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import { TranslationProvider } from '../../i18n/texts';
import { ErrorBoundary } from './error-boundary';
import { ErrorFallback } from './error-fallback';

let shouldThrow = true;
function Flaky() {
  if (shouldThrow) throw new Error('boom');
  return <h1>Recovered</h1>;
}

function Harness() {
  const [key, setKey] = useState('a');
  return (
    <>
      <button type="button" onClick={() => setKey('b')}>
        Navigate
      </button>
      <ErrorBoundary resetKey={key} fallback={(props) => <ErrorFallback {...props} />}>
        <Flaky />
      </ErrorBoundary>
    </>
  );
}

describe('error boundary', () => {
  it('shows a localised "Something went wrong" with a Retry that renders again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    render(
      <TranslationProvider i18n={createI18n('en-CA')}>
        <Harness />
      </TranslationProvider>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByRole('button', { name: 'Reload the page' })).toBeNull();

    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('heading', { name: 'Recovered' })).toBeTruthy();
  });

  it('recovers when the reset key (the path) changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    render(
      <TranslationProvider i18n={createI18n('fr-CA')}>
        <Harness />
      </TranslationProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Un problème est survenu' })).toBeTruthy();
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Navigate' }));
    expect(screen.getByRole('heading', { name: 'Recovered' })).toBeTruthy();
  });
});
