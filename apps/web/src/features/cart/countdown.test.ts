import { describe, expect, it } from 'vitest';
import { clockOffsetMs, remainingMs } from '../../lib/cart-clock';
import { formatRemaining } from './countdown-text';

const at = (iso: string) => Date.parse(iso);

describe('the reservation countdown', () => {
  it('counts down from the expiry by the server clock when both clocks agree', () => {
    const offset = clockOffsetMs('2027-06-01T12:00:00.000Z', at('2027-06-01T12:00:00.000Z'));
    expect(offset).toBe(0);
    expect(remainingMs('2027-06-01T12:15:00.000Z', offset, at('2027-06-01T12:00:00.000Z'))).toBe(15 * 60_000);
    expect(remainingMs('2027-06-01T12:15:00.000Z', offset, at('2027-06-01T12:14:30.000Z'))).toBe(30_000);
  });

  it('corrects a browser clock that runs 7 minutes behind the server', () => {
    // The answer says 12:00 on the server; the browser thinks it is 11:53.
    const offset = clockOffsetMs('2027-06-01T12:00:00.000Z', at('2027-06-01T11:53:00.000Z'));
    expect(offset).toBe(7 * 60_000);
    // Ten browser seconds later, 14:50 are left, not the 21:50 the browser's own clock would say.
    expect(remainingMs('2027-06-01T12:15:00.000Z', offset, at('2027-06-01T11:53:10.000Z'))).toBe(14 * 60_000 + 50_000);
    // At 12:08 browser time (12:15 on the server) the time is up.
    expect(remainingMs('2027-06-01T12:15:00.000Z', offset, at('2027-06-01T12:08:00.000Z'))).toBe(0);
  });

  it('corrects a browser clock that runs ahead of the server, in another time zone notation', () => {
    // The browser is 3 minutes ahead; the server writes its time with an offset.
    const offset = clockOffsetMs('2027-06-01T14:00:00+02:00', at('2027-06-01T12:03:00.000Z'));
    expect(offset).toBe(-3 * 60_000);
    expect(remainingMs('2027-06-01T12:15:00.000Z', offset, at('2027-06-01T12:03:00.000Z'))).toBe(15 * 60_000);
    expect(remainingMs('2027-06-01T12:15:00.000Z', offset, at('2027-06-01T12:17:59.000Z'))).toBe(1000);
  });

  it('never goes below zero once the time is up', () => {
    expect(remainingMs('2027-06-01T12:15:00.000Z', 0, at('2027-06-01T13:00:00.000Z'))).toBe(0);
  });

  it('treats an unreadable server time as no offset and an unreadable expiry as expired', () => {
    expect(clockOffsetMs('not a date', 123)).toBe(0);
    expect(remainingMs('not a date', 0, 0)).toBe(0);
  });

  it('shows minutes and seconds, rounding up so 0:00 means the time is up', () => {
    expect(formatRemaining(15 * 60_000)).toBe('15:00');
    expect(formatRemaining(14 * 60_000 + 59_001)).toBe('15:00');
    expect(formatRemaining(14 * 60_000 + 59_000)).toBe('14:59');
    expect(formatRemaining(5_000)).toBe('0:05');
    expect(formatRemaining(1)).toBe('0:01');
    expect(formatRemaining(0)).toBe('0:00');
    expect(formatRemaining(-5)).toBe('0:00');
  });
});
