/** Reads a server-sent event stream in a test: what arrived, and a wait for the event a test expects. */
export interface StreamEvent<T = Record<string, unknown>> {
  event: string;
  data: T;
}

export interface OpenedStream<T> {
  response: Response;
  received: Array<StreamEvent<T>>;
  next: (match: (event: StreamEvent<T>) => boolean, withinMs: number) => Promise<StreamEvent<T>>;
  close: () => void;
  /** Resolves when the server ends the stream (or the test closes it). */
  ended: Promise<void>;
}

export async function openEventStream<T = Record<string, unknown>>(
  url: string,
  headers: Record<string, string> = {},
): Promise<OpenedStream<T>> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const received: Array<StreamEvent<T>> = [];
  const waiters: Array<() => void> = [];
  let markEnded!: () => void;
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  if (!response.ok || !response.body) markEnded();
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return markEnded();
          buffer += decoder.decode(value, { stream: true });
          let split = buffer.indexOf('\n\n');
          while (split >= 0) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event && data) received.push({ event, data: JSON.parse(data) as T });
            for (const waiter of waiters.splice(0)) waiter();
            split = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by the test.
        markEnded();
      }
    })();
  }
  const next = async (match: (event: StreamEvent<T>) => boolean, withinMs: number): Promise<StreamEvent<T>> => {
    const started = Date.now();
    for (;;) {
      const found = received.find(match);
      if (found) return found;
      const left = withinMs - (Date.now() - started);
      if (left <= 0) throw new Error(`no matching event within ${withinMs} ms; got ${JSON.stringify(received)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  };
  return { response, received, next, close: () => controller.abort(), ended };
}
