import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * The two widths a visitor's address is counted at (decision 0025):
 * - `address`: one subscriber: an IPv4 address, or an IPv6 /64 (a subscriber commonly holds a
 *   whole /64 and could take a fresh address from it for every request);
 * - `network`: a site or a block of a provider: an IPv4 /24, or an IPv6 /48.
 * An IPv4-mapped IPv6 address counts as the IPv4 address it carries.
 */
export interface NetworkPrefixes {
  address: string;
  network: string;
}

export function networkPrefixesOf(ip: string): NetworkPrefixes {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1]! : isIP(address) === 4 ? address : null;
  if (v4 !== null) return { address: v4, network: `${v4.split('.').slice(0, 3).join('.')}.0/24` };
  if (isIP(address) !== 6) return { address, network: address };
  const groups = ipv6Groups(address);
  return { address: `${groups.slice(0, 4).join(':')}::/64`, network: `${groups.slice(0, 3).join(':')}::/48` };
}

/** The eight groups of an IPv6 address, without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  // An IPv6 address ending in dotted IPv4 notation holds two groups in its last part.
  const dotted = [...front, ...back].at(-1)?.includes('.') ? 1 : 0;
  const groups = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length - dotted)).fill('0'), ...back];
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}

/**
 * Keyed hashes of a visitor's address and network, for what the shop stores about them (attempt
 * counters, hold counts, carts, the networks a customer logged in from): a row tells whether two
 * visitors shared an address or network, but not which one, to anyone without the shop's
 * secret. 128 bits, base64url.
 */
export function createNetworkKeys(secret: string) {
  const keyOf = (width: string, prefix: string) => createHmac('sha256', secret).update(`${width}:${prefix}`).digest('base64url').slice(0, 22);
  return (ip: string): NetworkPrefixes => {
    const prefixes = networkPrefixesOf(ip);
    return { address: keyOf('address', prefixes.address), network: keyOf('network', prefixes.network) };
  };
}

export type NetworkKeysOf = ReturnType<typeof createNetworkKeys>;
