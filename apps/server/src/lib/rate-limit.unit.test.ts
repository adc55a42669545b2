import { describe, expect, it } from 'vitest';
import { createNetworkKeys, networkPrefixesOf } from './network-keys';
import { networkOf, slidingCount } from './rate-limit';

describe('the network a per-address limit counts', () => {
  it('is an IPv4 address itself, also written as an IPv4-mapped IPv6 address', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    const network = '2001:db8:85a3:1::/64';
    for (const address of ['2001:db8:85a3:1::1', '2001:0db8:85a3:0001:ffff:ffff:ffff:ffff', '2001:DB8:85A3:1:0:0:0:2', '2001:db8:85a3:1::7%eth0', '2001:db8:85a3:1:0:0:203.0.113.7']) {
      expect(networkOf(address), address).toBe(network);
    }
    expect(networkOf('2001:db8:85a3:2::1')).toBe('2001:db8:85a3:2::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(networkOf('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
  });
});

describe('the network (the wider prefix) of an address, and the keyed hashes kept of both', () => {
  it('is an IPv4 /24 and an IPv6 /48, however the address is written', () => {
    expect(networkPrefixesOf('203.0.113.7')).toEqual({ address: '203.0.113.7', network: '203.0.113.0/24' });
    expect(networkPrefixesOf('::ffff:203.0.113.200')).toEqual({ address: '203.0.113.200', network: '203.0.113.0/24' });
    for (const address of ['2001:db8:85a3:1::1', '2001:0db8:85a3:ffff:ffff:ffff:ffff:ffff', '2001:DB8:85A3:0:0:0:0:2', '2001:db8:85a3::7%eth0']) {
      expect(networkPrefixesOf(address).network, address).toBe('2001:db8:85a3::/48');
    }
    expect(networkPrefixesOf('2001:db8:85a4::1').network).toBe('2001:db8:85a4::/48');
  });

  it('keeps no address in its keys: 128-bit keyed hashes, the same for every address of one prefix, other for another secret', () => {
    const keysOf = createNetworkKeys('a-secret-of-the-shop-0123456789abcdef');
    const one = keysOf('203.0.113.7');
    expect(one.address).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(one.network).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(one.address).not.toBe(one.network);
    expect(keysOf('::ffff:203.0.113.7')).toEqual(one);
    expect(keysOf('203.0.113.8').network).toBe(one.network);
    expect(keysOf('203.0.113.8').address).not.toBe(one.address);
    expect(keysOf('2001:db8:1:2::1')).toEqual(keysOf('2001:db8:1:2:ffff::9'));
    expect(createNetworkKeys('another-secret-of-the-shop-0123456789')('203.0.113.7')).not.toEqual(one);
  });
});

describe('the attempts a limit weighs over its sliding window', () => {
  it('counts this window whole and the window before by the share the last window still covers', () => {
    expect(slidingCount(undefined, 0.3)).toBe(0);
    expect(slidingCount({ hits: 3, previous: 0 }, 0.9)).toBe(3);
    expect(slidingCount({ hits: 1, previous: 10 }, 0.5)).toBe(6);
    expect(slidingCount({ hits: 1, previous: 10 }, 1)).toBe(1);
    expect(slidingCount({ hits: 2, previous: 8 }, 0)).toBe(10);
  });

  it('does not start afresh at a window’s edge: attempts just before it and just after add up', () => {
    const max = 5;
    // Four attempts a second before the edge of a 15-minute window, two a second after it.
    const elapsed = 1000 / (15 * 60_000);
    expect(slidingCount({ hits: 1, previous: 4 }, elapsed)).toBeLessThanOrEqual(max);
    expect(slidingCount({ hits: 2, previous: 4 }, elapsed)).toBeGreaterThan(max);
  });
});
