/**
 * One attempt at a network ESC/POS printer (docs/decisions/0099-network-ticket-printer.md): a raw
 * TCP connection to the host and port the restaurant set (9100 by default, "JetDirect"), the bytes
 * written, the connection closed. The attempt is bounded by a timeout; a printer that is off, out of
 * reach or refusing fails it with a short reason (ECONNREFUSED, TIMEOUT, ...) that staff can read.
 *
 * A printer sits on the restaurant's network, so private addresses are allowed; what a printer
 * never is: this machine (loopback), a link-local address (a cloud's metadata service at
 * 169.254.169.254), an unspecified, multicast or broadcast one. Those are refused unless the
 * deployment allows them (config KITCHEN_PRINTER_TARGETS=any: development and the tests, with a
 * receiver on this machine). The address checked is the one connected to.
 */
import dns from 'node:dns';
import net from 'node:net';
import { DeliveryError, reasonOf } from './outbound';

/** `lan`: any address but this machine's and the special ones; `any`: loopback too. */
export type PrinterTargets = 'lan' | 'any';

/** The reason recorded on a ticket refused for its address. */
export const REFUSED_ADDRESS = 'REFUSED_ADDRESS';

const neverAPrinter = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  neverAPrinter.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  neverAPrinter.addSubnet(prefix, bits, 'ipv6');

/** Whether a printer may be at this address when only LAN printers are allowed. */
export function isPrinterAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked as the IPv4 one it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return !neverAPrinter.check(mapped, 'ipv4');
  return !neverAPrinter.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const printerOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || addresses.some((entry) => !isPrinterAddress(entry.address)))
      return callback(new DeliveryError(REFUSED_ADDRESS), '', 0);
    if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** Sends the bytes; resolves once the printer has taken them all and the connection closed cleanly. */
export async function sendToPrinter(
  printer: { host: string; port: number },
  bytes: Uint8Array,
  options: { timeoutMs: number; targets: PrinterTargets },
): Promise<void> {
  const checked = options.targets === 'lan';
  if (checked && net.isIP(printer.host) !== 0 && !isPrinterAddress(printer.host)) throw new DeliveryError(REFUSED_ADDRESS);
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    let grace: NodeJS.Timeout | null = null;
    const socket = net.connect({ host: printer.host, port: printer.port, ...(checked && { lookup: printerOnlyLookup }) });
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (grace) clearTimeout(grace);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new DeliveryError('TIMEOUT')), options.timeoutMs);
    socket.on('error', finish);
    socket.on('connect', () => {
      // What a printer sends back (its status) is read and dropped: unread bytes would make the
      // close a reset, which may throw away the end of the ticket.
      socket.resume();
      socket.end(bytes);
    });
    // Sent: the printer closes its side after the job, or a printer that keeps the connection open
    // has had a moment to read everything by the end of the grace.
    socket.on('finish', () => {
      grace = setTimeout(() => finish(), Math.min(1500, options.timeoutMs));
    });
    socket.on('close', (hadError) => {
      if (grace) clearTimeout(grace);
      finish(hadError ? new DeliveryError('CLOSED') : undefined);
    });
  }).catch((error: unknown) => {
    throw error instanceof DeliveryError ? error : new DeliveryError(reasonOf(error));
  });
}
