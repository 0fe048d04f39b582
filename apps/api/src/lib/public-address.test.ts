import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['151.101.1.140', true],
    ['172.32.0.1', true],
    ['100.128.0.1', true],
    ['2606:4700:4700::1111', true],
    ['2a00:1450:4001:82a::200e', true],
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['0.0.0.0', false],
    ['10.1.2.3', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.10', false],
    ['198.18.0.1', false],
    ['224.0.0.251', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    // An IPv4-mapped address is that IPv4 address (net.BlockList maps one onto the other).
    ['::ffff:8.8.8.8', true],
    ['::ffff:a9fe:a9fe', false],
    ['64:ff9b::a00:1', false],
    ['fd12:3456:789a::1', false],
    ['fe80::1', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    ['localhost', false],
    ['example.com', false],
    ['', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
