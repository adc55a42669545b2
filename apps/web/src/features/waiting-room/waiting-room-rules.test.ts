import { english, leadingZeroBits, proofInput } from '@festival/contract';
import { sha256 } from '@festival/contract/sha256';
import { describe, expect, it } from 'vitest';
import { jittered, retryDelayMs, solveProof, turnDestination, waitText } from './waiting-room-rules';

const weekend = { external_code: 'SUN-WEEKEND', name: 'Weekend ticket', shop_item_type: 'tickets', available: true } as const;
const day = { external_code: 'SUN DAY', name: 'Day ticket', shop_item_type: 'tickets', available: true } as const;
const shirt = { external_code: 'SUN-SHIRT', name: 'Shirt', shop_item_type: 'merchandise', available: true } as const;

describe('where the turn sends the visitor', () => {
  it('goes back to the product of the sale they came from, of several the one they reached for', () => {
    expect(turnDestination('/tickets/SUN-WEEKEND', [weekend])).toBe('/tickets/SUN-WEEKEND');
    expect(turnDestination('/tickets/SUN%20DAY', [weekend, day])).toBe('/tickets/SUN%20DAY');
    expect(turnDestination('/merchandise/SUN-SHIRT?size=m', [weekend, shirt])).toBe('/merchandise/SUN-SHIRT?size=m');
  });

  it('goes back to the checkout the visitor was sent from', () => {
    expect(turnDestination('/checkout', [weekend])).toBe('/checkout');
  });

  it('without such a page (an organiser’s link, a listing, another product) goes to the sale’s first product still to be had', () => {
    expect(turnDestination(null, [weekend, day])).toBe('/tickets/SUN-WEEKEND');
    expect(turnDestination('/tickets', [{ ...weekend, available: false }, day])).toBe('/tickets/SUN%20DAY');
    expect(turnDestination('/', [shirt])).toBe('/merchandise/SUN-SHIRT');
    expect(turnDestination('/tickets/OTHER', [weekend])).toBe('/tickets/SUN-WEEKEND');
    // The same code in the other shop is another item.
    expect(turnDestination('/merchandise/SUN-WEEKEND', [weekend])).toBe('/tickets/SUN-WEEKEND');
  });

  it('with nothing left goes to the first product, which says so, and with no products to the tickets', () => {
    expect(turnDestination(null, [{ ...weekend, available: false }])).toBe('/tickets/SUN-WEEKEND');
    expect(turnDestination(null, [])).toBe('/tickets');
  });
});

describe('the waiting page’s rules', () => {
  it('tells the wait in rounded words', () => {
    expect(english(waitText(0))).toBe('less than a minute');
    expect(english(waitText(59))).toBe('less than a minute');
    expect(english(waitText(60))).toBe('about 1 minute');
    expect(english(waitText(89))).toBe('about 1 minute');
    expect(english(waitText(90))).toBe('about 2 minutes');
    expect(english(waitText(59 * 60))).toBe('about 59 minutes');
    expect(english(waitText(60 * 60))).toBe('about 1 hour');
    expect(english(waitText(72 * 60))).toBe('about 1 hour 10 minutes');
    expect(english(waitText(119 * 60))).toBe('about 2 hours');
    expect(english(waitText(150 * 60))).toBe('about 2 hours 30 minutes');
  });

  it('asks again within 20 % of what the server said, never all at once', () => {
    expect(jittered(10_000, () => 0)).toBe(8000);
    expect(jittered(10_000, () => 0.5)).toBe(10_000);
    expect(jittered(10_000, () => 0.999_999)).toBe(12_000);
    const seen = new Set(Array.from({ length: 100 }, () => jittered(5000)));
    expect(seen.size).toBeGreaterThan(50);
  });

  it('backs off after failures in a row, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('finds a nonce the server will accept, and stops when told', async () => {
    const nonce = await solveProof('abc.challenge', 10);
    expect(nonce).toMatch(/^[0-9a-z]{1,32}$/);
    expect(leadingZeroBits(sha256(proofInput('abc.challenge', nonce!)))).toBeGreaterThanOrEqual(10);
    const stopped = new AbortController();
    stopped.abort();
    await expect(solveProof('abc.challenge', 64, stopped.signal, 16)).resolves.toBeNull();
  });
});
