import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import enCA from '../i18n/en-CA.json';
import frCA from '../i18n/fr-CA.json';
import { registerCatalogue } from '../i18n/i18n';

// findBy/waitFor give a busy 2-core CI machine room (the default 1 s is tight when property tests run beside).
configure({ asyncUtilTimeout: 10_000 });

// Components render with whole catalogues at once in tests, as they do in the browser once the
// catalogue has arrived (the menu's first render has only its first-load messages: app/first-load-messages.test.tsx).
registerCatalogue('en-CA', enCA);
registerCatalogue('fr-CA', frCA);

// jsdom has <dialog> but not its methods: enough of them for the item dialog (the browser's own does the rest).
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Server-render tests run without a DOM.
  if (typeof document === 'undefined') return;
  // Saved carts (cart-storage.ts) must not carry from one test to the next.
  window.localStorage.clear();
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  });
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.lang = '';
  document.title = '';
});
