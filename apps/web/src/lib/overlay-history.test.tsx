import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useOverlayHistory } from './overlay-history';

/** An overlay as the menu's are: open while its owner says so, closed by its own button or by Back. */
function Overlay({ name, onClose }: { name: string; onClose: () => void }) {
  useOverlayHistory(onClose);
  return (
    <div role="dialog" aria-label={name}>
      <button type="button" onClick={onClose}>
        Close {name}
      </button>
    </div>
  );
}

/** The menu's overlays: the cart, checkout (which replaces the cart in one render) and an item over the cart. */
function Page() {
  const [cart, setCart] = useState(false);
  const [checkout, setCheckout] = useState(false);
  const [item, setItem] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setCart(true)}>
        Open cart
      </button>
      <button type="button" onClick={() => setItem(true)}>
        Open item
      </button>
      <button
        type="button"
        onClick={() => {
          setCart(false);
          setCheckout(true);
        }}
      >
        To checkout
      </button>
      {cart && <Overlay name="Cart" onClose={() => setCart(false)} />}
      {checkout && <Overlay name="Checkout" onClose={() => setCheckout(false)} />}
      {item && <Overlay name="Item" onClose={() => setItem(false)} />}
    </main>
  );
}

const depth = () => ((window.history.state as Record<string, unknown> | null)?.['servery-overlays'] as number | undefined) ?? 0;
const dialogs = () => screen.queryAllByRole('dialog').map((dialog) => dialog.getAttribute('aria-label'));
/** The history as the browser's Back and Forward move in it (jsdom fires `popstate` a task later). */
async function traverse(delta: number) {
  const landed = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  await act(async () => {
    window.history.go(delta);
    await landed;
  });
}
/** Our own traversals have landed: the entry is the one of what is open. */
const settled = () => waitFor(() => expect(depth()).toBe(dialogs().length));

// An overlay an earlier test closed may still be going back over its entry: each test starts on the page's own.
beforeEach(settled);
afterEach(settled);

describe('overlay history (the browser’s Back closes the overlay on top)', () => {
  it('Back closes the open overlay and leaves the diner on the page', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open cart' }));
    await waitFor(() => expect(depth()).toBe(1));

    await traverse(-1);
    expect(dialogs()).toEqual([]);
    expect(depth()).toBe(0);
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('closing by its own button goes back over its entry, and Forward reopens nothing', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open item' }));
    await waitFor(() => expect(depth()).toBe(1));
    const landed = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Close Item' }));
    await act(async () => {
      await landed;
    });
    // Back from here leaves the page: the entry the page had is the current one again.
    expect(depth()).toBe(0);
    expect(dialogs()).toEqual([]);

    // Forward lands on the closed overlay's entry: nothing opens, and the history goes back to the page's.
    await traverse(1);
    expect(dialogs()).toEqual([]);
    await settled();
    expect(depth()).toBe(0);
  });

  it('one overlay handing over to another keeps one entry; Back then closes the one shown', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open cart' }));
    await waitFor(() => expect(depth()).toBe(1));
    const length = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'To checkout' }));
    expect(dialogs()).toEqual(['Checkout']);
    await act(async () => {
      await Promise.resolve();
    });
    expect(window.history.length).toBe(length);
    expect(depth()).toBe(1);

    await traverse(-1);
    expect(dialogs()).toEqual([]);
  });

  it('an overlay over another owns a second entry: Back closes the top one only', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open item', hidden: true }));
    await waitFor(() => expect(depth()).toBe(2));
    expect(dialogs()).toEqual(['Cart', 'Item']);

    await traverse(-1);
    expect(dialogs()).toEqual(['Cart']);
    expect(depth()).toBe(1);
    await traverse(-1);
    expect(dialogs()).toEqual([]);
  });
});
