import { vi } from 'vitest';

/**
 * A stand-in for the browser's EventSource (jsdom has none) in the tests of the screens that follow a
 * server-sent stream: the test says what the server sends. `install()` in a test's set-up puts it in
 * place of the global and forgets the sources an earlier test opened.
 */
export class FakeEventSource {
  /** Every source opened since `install()`, oldest first. */
  static opened: FakeEventSource[] = [];
  /** The newest source, or null when none was opened. */
  static get last(): FakeEventSource | null {
    return FakeEventSource.opened.at(-1) ?? null;
  }

  static install(): void {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }

  closed = false;
  private listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /** An event of `type` with `data` as its JSON body, to each listener of that type. */
  send(type: string, data: unknown = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  close() {
    this.closed = true;
  }
}
