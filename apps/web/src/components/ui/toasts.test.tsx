import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import { TranslationProvider } from '../../i18n/texts';
import { TOAST_DURATION_MS, ToastProvider, useToasts, type ToastKind } from './toasts';

function Trigger({ message, kind }: { message: string; kind?: ToastKind }) {
  const { show } = useToasts();
  return (
    <button type="button" onClick={() => show(message, kind)}>
      Show {message}
    </button>
  );
}

function renderToasts(locale: 'en-CA' | 'fr-CA' = 'en-CA') {
  return render(
    <TranslationProvider i18n={createI18n(locale)}>
      <ToastProvider>
        <Trigger message="Saved" />
        <Trigger message="Card declined" kind="error" />
      </ToastProvider>
    </TranslationProvider>,
  );
}

describe('toasts', () => {
  it('lasts 5 seconds', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('shows a status toast in a polite live region and removes it after 5 s', () => {
    vi.useFakeTimers();
    const { container } = renderToasts();
    const region = container.querySelector('[aria-live="polite"]');
    expect(region).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show Saved' }));
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Saved');
    expect(region?.contains(toast)).toBe(true);

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('shows errors as alerts, each with its own timer', () => {
    vi.useFakeTimers();
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'Show Saved' }));
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button', { name: 'Show Card declined' }));
    expect(screen.getByRole('alert').textContent).toContain('Card declined');

    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.queryByText('Card declined')).not.toBeNull();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('can be dismissed with its labelled close button, in the diner’s language', () => {
    renderToasts('fr-CA');
    fireEvent.click(screen.getByRole('button', { name: 'Show Saved' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fermer la notification' }));
    expect(screen.queryByText('Saved')).toBeNull();
  });
});
