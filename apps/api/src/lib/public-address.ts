/**
 * Whether an IP address is on the public internet. A restaurant's staff choose their webhook
 * addresses (ports/webhooks.ts), so without this a webhook could make the server call what only it
 * can reach: itself, the machine's private network, a cloud's metadata service (169.254.169.254).
 * The ranges are IANA's special-purpose registries (RFC 6890 and its updates); an address in none of
 * them is public.
 */
import net from 'node:net';

const IPV4_NOT_PUBLIC: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const IPV6_NOT_PUBLIC: Array<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: the same
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];

const notPublic = new net.BlockList();
for (const [prefix, bits] of IPV4_NOT_PUBLIC) notPublic.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of IPV6_NOT_PUBLIC) notPublic.addSubnet(prefix, bits, 'ipv6');

/** True for a public unicast address; false for a special-purpose one or for text that is not an address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
