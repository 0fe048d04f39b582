/**
 * The session's events, not state (lib/session.ts): the app layer registers these once (the saved
 * carts are cleared with the session, the layout goes to /login when it expires).
 */
const clearedListeners = new Set<() => void>();
const expiredListeners = new Set<() => void>();

/** Called after every `clearSession` (the app layer clears the saved carts here: lib may not import features). */
export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/** Called after an answer with code 201 cleared the session (the layout goes to /login keeping the query). */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

export function notifySessionCleared(): void {
  for (const listener of clearedListeners) listener();
}

export function notifySessionExpired(): void {
  for (const listener of expiredListeners) listener();
}
