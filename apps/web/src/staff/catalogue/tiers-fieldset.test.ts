import { describe, expect, it } from 'vitest';
import { say } from '../../lib/say';
import { newTierRow, type FieldProblems } from '../catalogue-page';
import { tierFieldNames, tierRowsOf, tiersOfRows } from './tiers-fieldset';

const AMSTERDAM = 'Europe/Amsterdam';

describe('the tiers fieldset’s reckoning (decision 0099)', () => {
  it('names each tier’s fields as a problem’s sentence does', () => {
    const names = tierFieldNames(2);
    expect(Object.keys(names)).toEqual(['tiers.0.price', 'tiers.0.until', 'tiers.0.units', 'tiers.1.price', 'tiers.1.until', 'tiers.1.units']);
    expect(say(names['tiers.1.until']!)).toBe('End of tier 2');
    expect(tierFieldNames(0)).toEqual({});
  });

  it('reads an item’s tiers as rows on the event’s clocks, and the rows back as the file writes them', () => {
    const tiers = [
      { price: 6500, until: '2027-03-01T00:00:00+01:00' },
      { price: 7000, units: 100 },
    ];
    const rows = tierRowsOf(tiers, 'EUR', AMSTERDAM);
    expect(rows).toEqual([
      { price: '65.00', end: 'until', until: '2027-03-01T00:00', units: '' },
      { price: '70.00', end: 'units', until: '', units: '100' },
    ]);
    const problems: FieldProblems = {};
    expect(tiersOfRows(rows, 'EUR', AMSTERDAM, problems)).toEqual(tiers);
    expect(problems).toEqual({});
    expect(tierRowsOf(null, 'EUR', AMSTERDAM)).toEqual([]);
    expect(tiersOfRows([], 'EUR', AMSTERDAM, problems)).toBeNull();
  });

  it('puts an amount or a moment it cannot read at the tier’s field', () => {
    const problems: FieldProblems = {};
    tiersOfRows([{ ...newTierRow(), price: 'cheap', until: '2027-03-01T00:00' }, { ...newTierRow(), price: '10.00', until: '2027-03-28T02:30' }], 'EUR', AMSTERDAM, problems);
    expect(Object.keys(problems)).toEqual(['tiers.0.price', 'tiers.1.until']);
    // An end left empty is the schema's to refuse (a tier has exactly one end).
    const empty: FieldProblems = {};
    expect(tiersOfRows([{ ...newTierRow(), price: '10.00' }], 'EUR', AMSTERDAM, empty)).toEqual([{ price: 1000 }]);
    expect(empty).toEqual({});
  });
});
