import { describe, expect, it } from 'vitest';
import { daysBetween, defaultEvent, localDay, summarise } from './dashboard.service';

const event = (code: string, starts_at: string | null) => ({ code, starts_at });

describe('the dashboard’s rules', () => {
  it('takes the next or current event: started at most a week ago or later, else the last started, else one without a start', () => {
    const now = new Date('2027-06-20T12:00:00Z');
    const events = [event('PAST', '2026-06-18T10:00:00Z'), event('NOW', '2027-06-18T10:00:00Z'), event('NEXT', '2028-06-18T10:00:00Z'), event('UNDATED', null)];
    expect(defaultEvent(events, now)?.code).toBe('NOW');
    expect(defaultEvent(events, new Date('2027-07-01T00:00:00Z'))?.code).toBe('NEXT');
    expect(defaultEvent(events.slice(0, 2), new Date('2030-01-01T00:00:00Z'))?.code).toBe('NOW');
    expect(defaultEvent([event('UNDATED', null)], now)?.code).toBe('UNDATED');
    expect(defaultEvent([], now)).toBeUndefined();
  });

  it('counts days in the shop’s time zone, across a change of summer time', () => {
    expect(localDay(new Date('2026-01-15T23:30:00Z'), 'Europe/Amsterdam')).toBe('2026-01-16');
    expect(localDay(new Date('2026-01-15T22:59:59Z'), 'Europe/Amsterdam')).toBe('2026-01-15');
    expect(localDay(new Date('2026-01-15T23:30:00Z'), 'UTC')).toBe('2026-01-15');
    expect(daysBetween('2026-03-28', '2026-03-30')).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
  });

  it('leaves abandoned and cancelled orders out of the counts but keeps their money, and fills the days without sales', () => {
    const now = new Date('2026-01-17T12:00:00Z');
    const summary = summarise(
      [
        { day: '2026-01-15', status: 'paid', orders: 2, units: 3, gross: 300, refunded: 50 },
        { day: '2026-01-15', status: 'cancelled', orders: 1, units: 1, gross: 100, refunded: 100 },
        { day: '2026-01-17', status: 'abandoned', orders: 4, units: 4, gross: 0, refunded: 0 },
        { day: '2026-01-17', status: 'pending', orders: 1, units: 2, gross: 0, refunded: 0 },
      ],
      [],
      now,
      'Europe/Amsterdam',
    );
    expect(summary.orders).toEqual({ total: { orders: 3, gross: 400, refunded: 150, net: 250 }, today: { orders: 1, gross: 0, refunded: 0, net: 0 } });
    expect(summary.payment_statuses).toMatchObject({ paid: 2, cancelled: 1, abandoned: 4, pending: 1, partial: 0 });
    expect(summary.sales).toEqual({
      per: 'day',
      live: false,
      buckets: [
        { at: '2026-01-15', orders: 2, units: 3, revenue: 400 },
        { at: '2026-01-16', orders: 0, units: 0, revenue: 0 },
        { at: '2026-01-17', orders: 1, units: 2, revenue: 0 },
      ],
    });
  });

  it('is live with an order in the last hour or units held in carts, not with an order just before the hour', () => {
    const now = new Date('2026-01-17T12:00:30Z');
    const minute = (iso: string) => Date.parse(iso) / 1000;
    const row = (iso: string) => ({ minute: minute(iso), status: 'paid', orders: 1, units: 1, gross: 10 });
    expect(summarise([], [row('2026-01-17T11:00:00Z')], now, 'UTC').sales.per).toBe('minute');
    expect(summarise([], [row('2026-01-17T10:59:00Z')], now, 'UTC').sales.per).toBe('day');
    // Units held in carts right now: a sale has started, though no order is placed yet.
    expect(summarise([], [], now, 'UTC', true).sales).toMatchObject({ per: 'minute', live: true });
  });
});
