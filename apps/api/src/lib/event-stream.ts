/**
 * A server-sent event stream on a hijacked reply: the headers every stream of ours sends (no caching,
 * no proxy buffering), then events and comment lines until the client leaves or the server closes.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface EventStream {
  send: (event: string, data: unknown, id?: string) => void;
  /** A comment line: keeps proxies from closing a quiet connection. */
  comment: (text: string) => void;
  /** How long the browser waits before it connects again after a drop. */
  retry: (ms: number) => void;
  end: () => void;
  /** Aborts when the client leaves (or `end` is called). */
  signal: AbortSignal;
}

export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const raw = reply.raw;
  // The headers the hooks put on the reply (security headers, request id) go out with the stream's own.
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const left = new AbortController();
  // The response's close: the client went away (or the stream ended).
  raw.on('close', () => left.abort());
  const open = () => !left.signal.aborted && !raw.writableEnded;
  return {
    send: (event, data, id) => {
      if (open()) raw.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment: (text) => {
      if (open()) raw.write(`: ${text}\n\n`);
    },
    retry: (ms) => {
      if (open()) raw.write(`retry: ${ms}\n\n`);
    },
    end: () => {
      if (!raw.writableEnded) raw.end();
      left.abort();
    },
    signal: left.signal,
  };
}

/** How often a long-lived stream checks its caller again: a removal or a sign-out ends it within a second, on a busy machine too (issue 29 item 1). */
export const STREAM_CHECK_MS = 500;

/** What keeps a long-lived stream open: how often to look again, what must still hold, what to release. */
export interface StreamLease {
  /** How often a comment line keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
  /** How often `stillAllowed` runs (STREAM_CHECK_MS unless a test says otherwise). */
  checkMs?: number;
  /** The caller still signed in, still on the team: a rejection ends the stream. */
  stillAllowed: () => Promise<unknown>;
  /** The event subscription feeding the stream, closed when the stream ends. */
  subscription: { close: () => void };
}

/**
 * The long-lived streams of one plugin: each checks its caller again twice a second and ends when the
 * check fails (removed from the team, signed out, the session gone on any process: the check reads
 * the database), sends a comment line every heartbeat, and ends when the client leaves or the server
 * closes (so a restart or a test's close never waits on an open stream). The staff board's and the
 * suite tabs' streams (routes/staff/orders.ts, routes/catering/suite-tabs.ts) hold theirs here.
 */
export function streamKeeper(app: FastifyInstance): (stream: EventStream, lease: StreamLease) => void {
  const open = new Set<EventStream>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });
  return (stream, { heartbeatMs, checkMs = STREAM_CHECK_MS, stillAllowed, subscription }) => {
    const release = () => {
      clearInterval(check);
      subscription.close();
      open.delete(stream);
    };
    let checking = false;
    let lastBeat = Date.now();
    const check = setInterval(
      () => {
        // A slow database: one check at a time, not a pile of them.
        if (checking) return;
        checking = true;
        stillAllowed()
          .then(
            () => {
              if (Date.now() - lastBeat < heartbeatMs) return;
              lastBeat = Date.now();
              stream.comment('still here');
            },
            () => stream.end(),
          )
          .finally(() => (checking = false));
      },
      Math.min(checkMs, heartbeatMs),
    );
    open.add(stream);
    // A client that left while the caller was being checked: nothing is held for it.
    if (stream.signal.aborted) release();
    else stream.signal.addEventListener('abort', release, { once: true });
  };
}
