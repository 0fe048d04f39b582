/**
 * The real server as a child process (`node apps/api/dist/main.js`, built once by scripts/lib.mjs
 * ensureApiBuild), for the tests that need what only a process shows: two processes on one
 * database, a SIGKILL in the middle of a batch, the database stopped under load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from '../config';

export const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
const MAIN = path.join(repoRoot, 'apps/api/dist/main.js');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<number>;
  output: () => string;
}

export interface ExitedProcess {
  exitCode: number;
  output: string;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ServerProcessOptions {
  /**
   * The largest file the server may write, in KiB (the shell's `ulimit -f`): a write past it fails
   * with EFBIG, as a failing disk's would (Node ignores SIGXFSZ). For SQLite's write faults.
   */
  fileSizeLimitKb?: number;
}

/** Starts the server on `databaseUrl`; resolves once /api/health answers 200, or with the exit code. */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess | ExitedProcess> {
  const port = await freePort();
  let output = '';
  const limit = options.fileSizeLimitKb;
  const [command, args] =
    limit === undefined
      ? [process.execPath, [MAIN]]
      : ['/bin/sh', ['-c', `ulimit -f ${Math.ceil(limit)} && exec "$0" "$1"`, process.execPath, MAIN]];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DELIVERY_WORKERS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const ended = await Promise.race([exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 200))]);
    if (ended !== null) return { exitCode: ended, output };
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, child, exited, output: () => output };
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output}`);
}

/** Like startServerProcess, for a test in which the server must start. */
export async function startedServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const server = await startServerProcess(databaseUrl, env, options);
  if (!('url' in server)) throw new Error(`the server exited (${server.exitCode}):\n${server.output}`);
  return server;
}

/** Stops the server (SIGTERM runs its shutdown; SIGKILL does not) and waits for it to be gone. */
export async function stopServerProcess(server: ServerProcess | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}

/** A JSON request to the demo restaurant maple-bistro (tenants/maple-bistro.json). */
export const json = (method: string, body?: object, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', 'x-restaurant-id': 'maple-bistro', ...headers },
  ...(body && { body: JSON.stringify(body) }),
});

/** A test card, tokenised by the sandbox processor (ports/sandbox-processor.ts) as a browser would. */
export async function cardToken(server: { url: string }): Promise<string> {
  const card = await fetch(
    `${server.url}/api/payment/tokenize`,
    json('POST', { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' }),
  );
  if (card.status !== 200) throw new Error(`tokenize answered ${card.status}: ${await card.text()}`);
  return ((await card.json()) as { token: string }).token;
}

const SOUP = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 1, orderPrice: 800, orderOptions: [] };

/** A soup at table 5, paid by card, with its Idempotency-Key (the restaurant must be open: set CLOCK_START). */
export function placeDineInOrder(server: { url: string }, key: string, token: string): Promise<Response> {
  return fetch(
    `${server.url}/api/orders`,
    json(
      'POST',
      {
        type: 'dine_in',
        data: {
          config: { tableNum: '5' },
          items: [SOUP],
          costs: {},
          checkout: {
            paymentMethod: 'credit_card',
            contact: { full_name: 'Table Five', email: 'table5@example.com', phone_number: '416-555-0101' },
            card: { token },
            questions: [{ id: 1920, answers: [0] }],
          },
        },
      },
      { 'idempotency-key': key },
    ),
  );
}
