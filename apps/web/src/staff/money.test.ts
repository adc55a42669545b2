import { describe, expect, it } from 'vitest';
import { amountInput, formatAmount, parseAmount } from './money';

const minor = (text: string, currency = 'EUR') => {
  const parsed = parseAmount(text, currency);
  return parsed.ok ? parsed.minor : parsed.problem;
};

describe('typed amounts in minor units', () => {
  it('reads a comma or a dot as the decimal separator', () => {
    expect(minor('12,50')).toBe(1250);
    expect(minor('12.50')).toBe(1250);
    expect(minor('12.5')).toBe(1250);
    expect(minor('12,05')).toBe(1205);
    expect(minor('12')).toBe(1200);
    expect(minor('0,01')).toBe(1);
    expect(minor(',5')).toBe(50);
  });

  it('takes thousands separators when both are typed, and the currency sign and spaces', () => {
    expect(minor('1.234,56')).toBe(123456);
    expect(minor('1,234.56')).toBe(123456);
    expect(minor('€ 1 234,56')).toBe(123456);
    expect(minor(' 45.50 EUR ')).toBe(4550);
  });

  it('follows the currency’s decimals', () => {
    expect(minor('500', 'JPY')).toBe(500);
    expect(minor('5,5', 'JPY')).toBe('decimals');
    expect(minor('1.234', 'KWD')).toBe(1234);
  });

  it('never guesses: more decimals, odd groups, letters and signs are refused', () => {
    expect(minor('1,234')).toBe('decimals');
    expect(minor('12.505')).toBe('decimals');
    expect(minor('1.23.4')).toBe('invalid');
    expect(minor('12,50.1')).toBe('invalid');
    expect(minor('1,23.45')).toBe('invalid');
    expect(minor('12.')).toBe('invalid');
    expect(minor('abc')).toBe('invalid');
    expect(minor('-5')).toBe('invalid');
    expect(minor('1e3')).toBe('invalid');
    expect(minor('')).toBe('empty');
    expect(minor('   ')).toBe('empty');
  });
});

describe('amounts shown and offered to type', () => {
  it('formats minor units in the currency', () => {
    expect(formatAmount(4550, 'EUR', 'en-GB')).toBe('€45.50');
    expect(formatAmount(4550, 'EUR', 'nl-NL')).toBe('€\u00a045,50');
    expect(formatAmount(500, 'JPY', 'en-GB')).toBe('JP¥500');
  });

  it('writes minor units as a typed amount that reads back the same', () => {
    expect(amountInput(1250, 'EUR')).toBe('12.50');
    expect(amountInput(5, 'EUR')).toBe('0.05');
    expect(amountInput(500, 'JPY')).toBe('500');
    for (const value of [0, 1, 99, 100, 123456]) expect(minor(amountInput(value, 'EUR'))).toBe(value);
  });
});
