import { useEffect, useRef } from 'react';

/** What to do with each named event of a stream: its JSON data (null without any), and a way to close the stream. */
export type StreamListeners = Record<string, (data: unknown, close: () => void) => void>;

/**
 * One server-sent event stream while `url` is set: a page's live parts (the confirmation's status,
 * the profile's orders in progress) open theirs here. The listeners are read at each event, so a new
 * render's listeners do not reopen the stream; a new `url` (or null) does, and so does a new `key` (what
 * the stream follows changed: the profile's list gained an order in progress). The browser's EventSource
 * reconnects by itself after a drop; a listener closes the stream for good when it has heard enough.
 * Without EventSource (old browsers, tests), nothing opens and the page keeps what it loaded.
 */
export function useEventSource(
  url: string | null,
  listeners: StreamListeners,
  { withCredentials = false, key = '' }: { withCredentials?: boolean; key?: string } = {},
): void {
  const latest = useRef(listeners);
  useEffect(() => {
    latest.current = listeners;
  });
  const names = Object.keys(listeners).sort().join(' ');
  useEffect(() => {
    if (url === null || typeof EventSource === 'undefined') return;
    const source = withCredentials ? new EventSource(url, { withCredentials: true }) : new EventSource(url);
    const close = () => source.close();
    for (const name of names.split(' ')) {
      source.addEventListener(name, (event) => {
        const raw = (event as MessageEvent<unknown>).data;
        latest.current[name]?.(typeof raw === 'string' && raw !== '' ? (JSON.parse(raw) as unknown) : null, close);
      });
    }
    return close;
    // `key` is not read inside: a new one only opens a new stream.
  }, [url, names, withCredentials, key]);
}
