import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, retryDelayMs } from './mail-sender';
import { parseMailbox, senderAddress } from './sender-address';

describe('the retry back-off', () => {
  it('waits 5 s after the first failure and doubles the wait, up to 15 minutes', () => {
    const waits = Array.from({ length: 10 }, (_, index) => retryDelayMs(index + 1));
    expect(waits).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000, 900_000, 900_000]);
  });

  it(`gives up after ${DEFAULT_RETRY.maxAttempts} attempts, about three hours after the first`, () => {
    expect(retryDelayMs(DEFAULT_RETRY.maxAttempts - 1)).toBe(900_000);
    expect(retryDelayMs(DEFAULT_RETRY.maxAttempts)).toBeNull();
    let total = 0;
    for (let attempts = 1; attempts < DEFAULT_RETRY.maxAttempts; attempts += 1) total += retryDelayMs(attempts)!;
    expect(total / 3_600_000).toBeGreaterThan(2.5);
    expect(total / 3_600_000).toBeLessThan(4);
  });
});

describe('the sender address', () => {
  const config = { name: 'Northwind "Festival"', publicBaseUrl: 'https://tickets.example.org/shop' };

  it("defaults to the shop's name at no-reply@ the public host", () => {
    expect(senderAddress(undefined, config)).toEqual({ name: 'Northwind "Festival"', address: 'no-reply@tickets.example.org' });
    expect(senderAddress(undefined, { ...config, publicBaseUrl: 'http://127.0.0.1:3000' }).address).toBe('no-reply@localhost');
    expect(senderAddress(undefined, { ...config, publicBaseUrl: 'http://localhost:3000' }).address).toBe('no-reply@localhost');
  });

  it("takes MAIL_FROM, with the shop's name when it has none", () => {
    expect(senderAddress('shop@example.org', config)).toEqual({ name: 'Northwind "Festival"', address: 'shop@example.org' });
    expect(senderAddress('"Box Office" <box@example.org>', config)).toEqual({ name: 'Box Office', address: 'box@example.org' });
  });

  it('refuses anything but one address', () => {
    for (const text of ['', 'not an address', 'a@example.org, b@example.org', '"Name" <>', 'x@']) expect(parseMailbox(text), text).toBeNull();
  });
});
