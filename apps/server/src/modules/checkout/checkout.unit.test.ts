import { describe, expect, it } from 'vitest';
import { parseAmount } from '../orders/orders-command';
import { newCode } from '../../lib/new-code';
import { missingAddressLines } from './checkout.service';
import { paymentPlanDueDates } from './payment-plan-dates';

describe('payment plan due dates', () => {
  it('adds each entry’s count of days, weeks or months to now; the first entry is due now', () => {
    const now = new Date('2027-01-31T10:00:00Z');
    const dates = paymentPlanDueDates(
      [
        { amount: 4900, units: 'days', count: 0 },
        { amount: 4800, units: 'weeks', count: 2 },
        { amount: 4800, units: 'months', count: 1 },
        { amount: 4800, units: 'months', count: 13 },
      ],
      now,
    );
    expect(dates.map((entry) => entry.dueAt.toISOString())).toEqual([
      '2027-01-31T10:00:00.000Z',
      '2027-02-14T10:00:00.000Z',
      // 31 January plus a month is the last day of February.
      '2027-02-28T10:00:00.000Z',
      '2028-02-29T10:00:00.000Z',
    ]);
    expect(dates.map((entry) => entry.amount)).toEqual([4900, 4800, 4800, 4800]);
  });
});

describe('payment plan due dates across a daylight-saving change', () => {
  it('counts whole days of 24 hours and calendar months, so a due date keeps its instant of day in UTC', () => {
    // Amsterdam moves to summer time on 28 March 2027: the schedule does not shift by the hour.
    const now = new Date('2027-03-20T11:00:00Z');
    const dates = paymentPlanDueDates(
      [
        { amount: 1, units: 'days', count: 10 },
        { amount: 1, units: 'weeks', count: 1 },
        { amount: 1, units: 'months', count: 1 },
      ],
      now,
    );
    expect(dates.map((entry) => entry.dueAt.toISOString())).toEqual(['2027-03-30T11:00:00.000Z', '2027-03-27T11:00:00.000Z', '2027-04-20T11:00:00.000Z']);
  });
});

describe('the amount of a bank transfer as the organiser types it', () => {
  it('reads major units with a point, a comma or none, into minor units', () => {
    expect(parseAmount('189.50')).toBe(18950);
    expect(parseAmount('189,5')).toBe(18950);
    expect(parseAmount(' 189 ')).toBe(18900);
    expect(parseAmount('0.01')).toBe(1);
  });
  it('refuses nothing, zero, negative amounts, more than two decimals and text', () => {
    for (const text of ['', '0', '0.00', '-5', '1.234', '12a', '1e3', '1.2.3']) expect(parseAmount(text), text).toBeNull();
  });
});

describe('checkout helpers', () => {
  const config = { addressLines: [{ text: 'Street', required: true }, { text: 'Line 2', required: false }, { text: 'City', required: true }] };
  it('names the required address lines that are empty, in the configured order', () => {
    expect(missingAddressLines(config, { Street: ' ', 'Line 2': '', City: 'Utrecht' })).toEqual(['Street']);
    expect(missingAddressLines(config, null)).toEqual(['Street', 'City']);
    expect(missingAddressLines(config, { Street: 'Main 1', City: 'Utrecht' })).toEqual([]);
  });
  it('names them as a page in another language does, the address still keyed by the default’s text', () => {
    const german = [{ text: 'Street', label: 'Straße', required: true }, { text: 'Line 2', required: false }, { text: 'City', label: 'Ort', required: true }];
    expect(missingAddressLines(config, { Street: 'Main 1' }, german)).toEqual(['Ort']);
    expect(missingAddressLines(config, { Straße: 'Main 1', Ort: 'Utrecht' }, german)).toEqual(['Straße', 'Ort']);
  });
  it('makes codes of the given length without look-alike characters', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newCode(20)));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-KM-NP-Z2-9]{20}$/);
  });
});
