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

  describe('where they sit on a phone (844 px high)', () => {
    /** A control at the foot of the screen, where the toasts would sit, and a field at its head. */
    function renderAtFoot() {
      const view = render(
        <TranslationProvider i18n={createI18n('en-CA')}>
          <ToastProvider>
            <Trigger message="Added" />
            <label>
              Subsidy code <input />
            </label>
            <button type="button">Apply</button>
          </ToastProvider>
        </TranslationProvider>,
      );
      const apply = screen.getByRole('button', { name: 'Apply' });
      const field = screen.getByRole('textbox', { name: 'Subsidy code' });
      const box = (top: number) => ({
        top,
        bottom: top + 44,
        left: 0,
        right: 390,
        height: 44,
        width: 390,
        x: 0,
        y: top,
        toJSON: () => ({}),
      });
      vi.spyOn(apply, 'getBoundingClientRect').mockReturnValue(box(800));
      vi.spyOn(field, 'getBoundingClientRect').mockReturnValue(box(790));
      const region = () => view.container.querySelector('[aria-live="polite"]')!;
      return { apply, field, region };
    }

    it('rise to the head of the screen while the focused field or button is at its foot (focus not obscured)', () => {
      vi.stubGlobal('innerHeight', 844);
      const { apply, region } = renderAtFoot();
      fireEvent.click(screen.getByRole('button', { name: 'Show Added' }));
      expect(region().className).toBe('toasts');
      act(() => apply.focus());
      expect(region().className).toBe('toasts toasts--top');
      vi.unstubAllGlobals();
    });

    it('never move during a press: a tap on Apply as the field loses the focus is not lost under a toast', () => {
      vi.useFakeTimers();
      vi.stubGlobal('innerHeight', 844);
      const { apply, field, region } = renderAtFoot();
      fireEvent.click(screen.getByRole('button', { name: 'Show Added' }));
      act(() => field.focus());
      expect(region().className).toBe('toasts toasts--top');
      // The press starts on Apply; the field's focus goes to the body (a browser that focuses no button on press).
      fireEvent.pointerDown(apply);
      act(() => field.blur());
      act(() => screen.getByRole('button', { name: 'Show Added' }).focus());
      expect(region().className, 'still at the head while the finger is down').toBe('toasts toasts--top');
      fireEvent.pointerUp(apply);
      act(() => vi.runOnlyPendingTimers());
      expect(region().className, 'decided again once the press is over').toBe('toasts');
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });
  });
});
