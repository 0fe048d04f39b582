/**
 * A network ticket printer for the tests: a raw TCP listener (node:net) on a free port of this
 * machine that keeps what each connection sent and decodes it (escpos-decoder.ts), as a printer on
 * port 9100 would print it. `down()` stops listening (a printer switched off: connections are
 * refused), `up()` listens again on the same port.
 */
import net from 'node:net';
import type { TicketRelayOptions } from '../use-cases/platform/relay-kitchen-tickets';
import { decodeEscPos, type DecodedTicket } from './escpos-decoder';

/**
 * The kitchen-ticket relay as the tests run it against this receiver: loopback allowed (a deployment
 * refuses it by default), four attempts 5 s apart and up, a short timeout.
 */
export const RECEIVER_RELAY_OPTIONS: TicketRelayOptions = {
  policy: { maxAttempts: 4, baseDelaySeconds: 5, maxDelaySeconds: 60 },
  leaseSeconds: 60,
  batch: 20,
  timeoutMs: 2000,
  targets: 'any',
};

export interface TicketReceiver {
  port: number;
  /** Every job received, in order, decoded. */
  tickets: DecodedTicket[];
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startTicketReceiver(): Promise<TicketReceiver> {
  const tickets: DecodedTicket[] = [];
  const sockets = new Set<net.Socket>();
  const listen = (port: number) =>
    new Promise<net.Server>((resolve, reject) => {
      const server = net.createServer((socket) => {
        sockets.add(socket);
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        // The job ends when the sender closes its side, as on a JetDirect port.
        socket.on('end', () => {
          tickets.push(decodeEscPos(new Uint8Array(Buffer.concat(chunks))));
          socket.end();
        });
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
  let server: net.Server | null = await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const down = async () => {
    if (!server) return;
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  return {
    port,
    tickets,
    down,
    up: async () => {
      if (!server) server = await listen(port);
    },
    close: down,
  };
}
