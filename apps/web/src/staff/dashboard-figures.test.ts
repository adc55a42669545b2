import { describe, expect, it } from 'vitest';
import { barHeights, bucketLabel, stockShares } from './dashboard-figures';

describe('the dashboard’s figures as pictures', () => {
  it('draws bars against the largest value, keeps a sliver for a small one and none for nothing', () => {
    expect(barHeights([0, 50, 100])).toEqual([0, 0.5, 1]);
    expect(barHeights([1, 1000])).toEqual([0.02, 1]);
    expect(barHeights([0, 0])).toEqual([0, 0]);
    expect(barHeights([])).toEqual([]);
  });

  it('splits a stock bar into sold, held and available that add up to the whole', () => {
    expect(stockShares({ stock: 100, sold: 50, held: 25, available: 25 })).toEqual({ sold: 50, held: 25, available: 25 });
    // Unlimited stock: no available part.
    expect(stockShares({ stock: null, sold: 3, held: 1, available: null })).toEqual({ sold: 75, held: 25, available: 0 });
    expect(stockShares({ stock: 10, sold: 0, held: 0, available: 0 })).toEqual({ sold: 0, held: 0, available: 0 });
    // Oversold figures never draw a negative part.
    expect(stockShares({ stock: 10, sold: 12, held: 0, available: -2 })).toEqual({ sold: 100, held: 0, available: 0 });
  });

  it('labels a minute by its time and a day by its date, in the shop’s time zone', () => {
    expect(bucketLabel('2027-06-18T22:30:00.000Z', 'minute', 'Europe/Amsterdam', 'en-GB')).toBe('00:30');
    expect(bucketLabel('2027-06-18', 'day', 'Europe/Amsterdam', 'en-GB')).toBe('18 Jun 2027');
    expect(bucketLabel('2027-06-18T22:30:00.000Z', 'day', 'Europe/Amsterdam', 'en-GB')).toBe('19 Jun 2027');
  });
});
