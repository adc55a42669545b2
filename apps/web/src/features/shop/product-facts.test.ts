import { describe, expect, it } from 'vitest';
import { limitText, nameChangeText, refundText, seatsText, stockText } from './product-facts';

const date = (value: string) => `<${value.slice(0, 10)}>`;
const number = (value: number) => value.toLocaleString('en-GB');

describe('stockText', () => {
  it('shows the units left when the shop counts them', () => {
    expect(stockText({ in_stock: true, stock_level: 4999 }, number)).toBe('4,999 left');
  });

  it('says nothing for unlimited stock or a sold-out item', () => {
    expect(stockText({ in_stock: true, stock_level: null }, number)).toBeNull();
    expect(stockText({ in_stock: false, stock_level: 0 }, number)).toBeNull();
  });
});

describe('seatsText', () => {
  it("says 'Sold out' at 0 seats", () => {
    expect(seatsText(0, number)).toBe('Sold out');
  });

  it('counts the seats left', () => {
    expect(seatsText(1, number)).toBe('1 seat left');
    expect(seatsText(60, number)).toBe('60 seats left');
  });

  it('says nothing when seats are not counted', () => {
    expect(seatsText(null, number)).toBeNull();
  });
});

describe('refundText', () => {
  const none = { allow_refund_requests_from: null, allow_refund_requests_until: null };

  it('says No for an item that is not refundable', () => {
    expect(refundText({ is_refundable: false, ...none, allow_refund_requests_until: '2027-05-31' }, date)).toBe('No');
  });

  it('gives the refund window when it is set', () => {
    expect(refundText({ is_refundable: true, allow_refund_requests_from: '2026-10-01', allow_refund_requests_until: '2027-05-31' }, date)).toBe(
      'Yes, refund requests from <2026-10-01> until <2027-05-31>',
    );
    expect(refundText({ is_refundable: true, ...none, allow_refund_requests_until: '2027-05-31' }, date)).toBe(
      'Yes, refund requests until <2027-05-31>',
    );
    expect(refundText({ is_refundable: true, ...none, allow_refund_requests_from: '2026-10-01' }, date)).toBe(
      'Yes, refund requests from <2026-10-01>',
    );
    expect(refundText({ is_refundable: true, ...none }, date)).toBe('Yes');
  });
});

describe('nameChangeText', () => {
  it('says Not allowed when names cannot change', () => {
    expect(nameChangeText({ allow_name_changes: false, allow_name_changes_until: null, name_change_limit: 2 }, date)).toBe('Not allowed');
  });

  it('gives the last date and the limit', () => {
    expect(nameChangeText({ allow_name_changes: true, allow_name_changes_until: '2027-06-11', name_change_limit: 2 }, date)).toBe(
      'Allowed until <2027-06-11>, at most 2 changes',
    );
    expect(nameChangeText({ allow_name_changes: true, allow_name_changes_until: null, name_change_limit: 1 }, date)).toBe(
      'Allowed, at most 1 change',
    );
  });

  it('reads a limit of 0 as no limit', () => {
    expect(nameChangeText({ allow_name_changes: true, allow_name_changes_until: '2027-06-17', name_change_limit: 0 }, date)).toBe(
      'Allowed until <2027-06-17>, no limit on the number of changes',
    );
  });
});

describe('limitText', () => {
  it('shows a limit above 0 and nothing for 0 (no limit)', () => {
    expect(limitText(6)).toBe('At most 6 per order');
    expect(limitText(0)).toBeNull();
  });
});
