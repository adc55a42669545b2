import { describe, expect, it } from 'vitest';
import { english, issueText } from './index';
import { currentPrice, nextTierChange, priceOfUnit, priceSchedule, priceTierMessages, priceTiers, storedPriceTiers, type PriceTier } from './price-tiers';

const MARCH = Date.parse('2027-03-01T00:00:00+01:00');
const APRIL = Date.parse('2027-04-01T00:00:00+02:00');
const FEBRUARY = Date.parse('2027-02-01T12:00:00+01:00');
const at = (instant: number) => new Date(instant).toISOString();

/** Early bird until 1 March, then regular for the first 500 units, then the item's own price (6000). */
const tiers: PriceTier[] = [
  { price: 4000, until: at(MARCH) },
  { price: 5000, units: 500 },
];

describe('the price of a unit under price tiers', () => {
  it('is the first tier that has not ended: by moment, then by the unit’s place among those taken', () => {
    expect(currentPrice(tiers, 6000, FEBRUARY, 0).price).toBe(4000);
    // Early bird ignores the count: 700 units taken before 1 March still pay its price.
    expect(currentPrice(tiers, 6000, FEBRUARY, 700).price).toBe(4000);
    expect(currentPrice(tiers, 6000, MARCH, 0).price).toBe(5000);
    expect(currentPrice(tiers, 6000, MARCH, 499).price).toBe(5000);
    expect(currentPrice(tiers, 6000, MARCH, 500).price).toBe(6000);
  });

  it('switches at the instant: the tier’s moment is the first of the next price', () => {
    expect(currentPrice(tiers, 6000, MARCH - 1, 0).price).toBe(4000);
    expect(currentPrice(tiers, 6000, MARCH, 0).price).toBe(5000);
  });

  it('prices the unit that crosses a quantity boundary once: the N-th at the tier, the next above it', () => {
    const schedule = priceSchedule(tiers, 6000, MARCH);
    expect(schedule).toEqual({ steps: [{ units: 500, price: 5000 }], otherwise: 6000 });
    expect(priceOfUnit(schedule, 500)).toBe(5000);
    expect(priceOfUnit(schedule, 501)).toBe(6000);
    // Before 1 March the early bird applies to every unit, whatever its place.
    expect(priceSchedule(tiers, 6000, FEBRUARY)).toEqual({ steps: [], otherwise: 4000 });
  });

  it('says what comes next: the price from a moment, or after the units left at this price', () => {
    expect(currentPrice(tiers, 6000, FEBRUARY, 10).next).toEqual({ price: 5000, from: at(MARCH), after_units: null });
    expect(currentPrice(tiers, 6000, MARCH, 460).next).toEqual({ price: 6000, from: null, after_units: 40 });
    expect(currentPrice(tiers, 6000, MARCH, 499).next).toEqual({ price: 6000, from: null, after_units: 1 });
    expect(currentPrice(tiers, 6000, MARCH, 500).next).toBeNull();
    // After 1 March with 700 taken, the regular tier is used up too: the early bird ends straight into the item's price.
    expect(currentPrice(tiers, 6000, FEBRUARY, 700).next).toEqual({ price: 6000, from: at(MARCH), after_units: null });
    expect(currentPrice(null, 6000, FEBRUARY, 0)).toEqual({ price: 6000, next: null });
    // A tier that ends into the same price is no change to announce.
    expect(currentPrice([{ price: 6000, units: 10 }], 6000, FEBRUARY, 0).next).toBeNull();
  });

  it('knows when the next moment tier ends, the snapshot’s next change', () => {
    const two: PriceTier[] = [{ price: 1, until: at(MARCH) }, { price: 2, until: at(APRIL) }];
    expect(nextTierChange(two, FEBRUARY)).toBe(MARCH);
    expect(nextTierChange(two, MARCH)).toBe(APRIL);
    expect(nextTierChange(two, APRIL)).toBeNull();
    expect(nextTierChange(null, FEBRUARY)).toBeNull();
  });

  it('keeps moments in UTC', () => {
    expect(storedPriceTiers([{ price: 1, until: '2027-03-01T00:00:00+01:00' }, { price: 2, units: 3 }])).toEqual([{ price: 1, until: '2027-02-28T23:00:00.000Z' }, { price: 2, units: 3 }]);
    expect(storedPriceTiers([])).toBeNull();
  });
});

describe('the tiers rules (the catalogue file and the back office alike)', () => {
  const problems = (value: unknown) => {
    const checked = priceTiers.safeParse(value);
    return checked.success ? {} : Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), english(issueText(issue))]));
  };

  it('takes tiers in order, moments and units each ascending', () => {
    expect(problems(tiers)).toEqual({});
    expect(problems([{ price: 0, units: 1 }, { price: 10, until: at(MARCH) }, { price: 20, units: 2 }, { price: 30, until: at(APRIL) }])).toEqual({});
  });

  it('refuses moments or units out of order, naming the tier they must follow', () => {
    expect(problems([{ price: 1, until: at(APRIL) }, { price: 2, until: at(MARCH) }])).toEqual({ '1.until': english(priceTierMessages.earlier(1)) });
    expect(problems([{ price: 1, units: 50 }, { price: 2, until: at(MARCH) }, { price: 3, units: 50 }])).toEqual({ '2.units': english(priceTierMessages.fewer(1)) });
  });

  it('refuses a tier without an end, with both, or with a price or count the file refuses', () => {
    expect(problems([{ price: 1 }])).toEqual({ '0.until': english(priceTierMessages.oneEnd) });
    expect(problems([{ price: 1, until: at(MARCH), units: 3 }])).toEqual({ '0.until': english(priceTierMessages.oneEnd) });
    expect(Object.keys(problems([{ price: 1.5, units: 3 }]))).toEqual(['0.price']);
    expect(Object.keys(problems([{ price: -1, units: 3 }]))).toEqual(['0.price']);
    expect(problems([{ price: 1, units: 0 }])).toEqual({ '0.units': english(priceTierMessages.units) });
    expect(Object.keys(problems([{ price: 1, until: 'next week' }]))).toEqual(['0.until']);
    expect(Object.keys(problems([{ price: 1, units: 3, extra: true }]))).toEqual(['0']);
    expect(Object.keys(problems(Array.from({ length: 21 }, (_, index) => ({ price: 1, units: index + 1 }))))).toEqual(['']);
  });
});
