import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from './api';

export type ResourceState<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

const IDLE = { status: 'idle' } as const;
const LOADING = { status: 'loading' } as const;

/**
 * Loads what `key` names (null: nothing to load) and reloads when it changes. `initial` is data
 * already in hand for the first key (from the server render): it is shown at once and not fetched.
 * A change of key aborts the request in flight.
 */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  initial?: T | null,
): { state: ResourceState<T>; reload: () => void } {
  const [entry, setEntry] = useState<{ key: string | null; state: ResourceState<T> }>(() => ({
    key,
    state: key === null ? IDLE : initial != null ? { status: 'ready', data: initial } : LOADING,
  }));
  const [attempt, setAttempt] = useState(0);
  const initialKey = useRef(initial != null ? key : null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (key === null) {
      setEntry({ key, state: IDLE });
      return;
    }
    if (attempt === 0 && initialKey.current === key) return;
    initialKey.current = null;
    const controller = new AbortController();
    setEntry({ key, state: LOADING });
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setEntry({ key, state: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setEntry({ key, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // Between a key change and its effect, show loading rather than the previous key's data.
  const state: ResourceState<T> = entry.key === key ? entry.state : key === null ? IDLE : LOADING;
  return { state, reload };
}
