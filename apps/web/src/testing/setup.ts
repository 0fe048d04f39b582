import { cleanup, configure } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';
import { afterEach, beforeEach, vi } from 'vitest';
import enCA from '../i18n/en-CA.json';
import frCA from '../i18n/fr-CA.json';
import { registerCatalogue } from '../i18n/i18n';
import { createQueryClient, setAmbientQueryClient } from '../lib/query-client';

// findBy/waitFor give a busy 2-core CI machine room (the default 1 s is tight when property tests run beside).
configure({ asyncUtilTimeout: 10_000 });

// Each test has its own QueryClient (its cache and session), which failed queries do not retry
// (a stub answers the same every time; lib/query-client.test.ts holds the app's retry rule).
beforeEach(() => setAmbientQueryClient(createQueryClient({ test: true })));
// TanStack Query tells components in a timer of its own (setTimeout 0): fake timers would hold it,
// and a click that changes the cache would show a frame late, when the test has already looked.
// In the tests it tells them at once, inside the event's act, as the store before it did.
notifyManager.setScheduler((callback) => callback());

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
  setAmbientQueryClient(null);
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
