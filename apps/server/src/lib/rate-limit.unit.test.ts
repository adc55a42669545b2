import { describe, expect, it } from 'vitest';
import { networkOf } from './rate-limit';

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
