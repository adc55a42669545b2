import { portalMessages } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { isoOfLocal, localInputOf, openAmount, refundPreview } from './order-page';

const ticket = (code: string, price: number, refundFee = 0, fee = 0) => ({ code, price, refund_fee: refundFee, fee });
const detail = (overrides: { shipping_amount?: number; has_payment_plan?: boolean; total_paid?: number } = {}) =>
  ({
    order: { shipping_amount: 0, has_payment_plan: false, total_paid: 20000, ...overrides },
    tickets: [ticket('T1', 8000, 500), ticket('T2', 8000)],
    merchandise: [ticket('M1', 2500, 100), ticket('M2', 1500)],
  }) as unknown as Parameters<typeof refundPreview>[0];

describe('a refund of chosen items', () => {
  it('is each item’s price less its refund fee', () => {
    expect(refundPreview(detail(), ['T1'], [])).toEqual({ total: 7500, problem: null });
    expect(refundPreview(detail(), ['T1', 'T2'], [])).toEqual({ total: 15500, problem: null });
  });

  it('gives merchandise its share of the shipping', () => {
    expect(refundPreview(detail({ shipping_amount: 501 }), [], ['M1']).total).toBe(2400 + 251);
    expect(refundPreview(detail({ shipping_amount: 501 }), [], ['M1', 'M2']).total).toBe(2400 + 1500 + 501);
  });

  it('says why when nothing is chosen or tickets and merchandise are mixed', () => {
    expect(refundPreview(detail(), ['T1'], ['M1']).problem).toBe(portalMessages.noMixing);
    expect(refundPreview(detail(), [], []).problem).not.toBeNull();
  });

  it('refunds a payment-plan order as what was paid less the fees', () => {
    expect(refundPreview(detail({ has_payment_plan: true, total_paid: 6000 }), ['T1'], []).total).toBe(6000 - 500 - 100);
  });
});

describe('the order page’s figures and times', () => {
  it('keeps what is open at nothing or more', () => {
    expect(openAmount({ total_price: 5000, total_paid: 1250 })).toBe(3750);
    expect(openAmount({ total_price: 5000, total_paid: 6000 })).toBe(0);
  });

  it('turns a local date-time field into ISO and back', () => {
    const iso = isoOfLocal('2026-08-14T20:30');
    expect(iso).toBe(new Date(2026, 7, 14, 20, 30).toISOString());
    expect(localInputOf(iso!)).toBe('2026-08-14T20:30');
    expect(isoOfLocal('2026-06-31T10:00')).toBeNull();
    expect(isoOfLocal('')).toBeNull();
    expect(isoOfLocal('tomorrow')).toBeNull();
  });
});
