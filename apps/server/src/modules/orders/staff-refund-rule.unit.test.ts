import { describe, expect, it } from 'vitest';
import { staffRefundRule, staffRefundRules } from './order-view';

const now = new Date('2027-06-01T12:00:00Z');
const open = { status: 'active', paidEnough: true, inOpenRefund: false, productRefundable: true, refundFrom: null, refundUntil: null, now };

describe('what staff may refund (decision 0076)', () => {
  it('refunds by the customer’s rules: a live, paid item of a refundable product inside its window', () => {
    expect(staffRefundRule(open)).toEqual({ refundable: 'yes', refund_rule: null });
    expect(staffRefundRule({ ...open, refundFrom: new Date('2027-05-01T00:00:00Z'), refundUntil: new Date('2027-06-02T00:00:00Z') })).toEqual({ refundable: 'yes', refund_rule: null });
  });

  it('asks for the override where only the product’s rules stand in the way', () => {
    expect(staffRefundRule({ ...open, productRefundable: false })).toEqual({ refundable: 'override', refund_rule: staffRefundRules.productNotRefundable });
    expect(staffRefundRule({ ...open, refundUntil: now })).toEqual({ refundable: 'override', refund_rule: staffRefundRules.windowOver });
    expect(staffRefundRule({ ...open, refundFrom: new Date('2027-06-02T00:00:00Z') })).toEqual({ refundable: 'override', refund_rule: staffRefundRules.windowNotOpen });
  });

  it('never refunds what is refunded, cancelled, in a refund, not issued or not paid, whatever the product’s rules', () => {
    for (const [facts, rule] of [
      [{ status: 'refunded' }, staffRefundRules.refunded],
      [{ status: 'cancelled', productRefundable: false }, staffRefundRules.cancelled],
      [{ inOpenRefund: true }, staffRefundRules.inRefund],
      [{ status: 'refund' }, staffRefundRules.inRefund],
      [{ status: 'pending' }, staffRefundRules.notIssued],
      [{ paidEnough: false, refundUntil: now }, staffRefundRules.notPaid],
      [{ complimentary: true, productRefundable: false }, staffRefundRules.complimentary],
    ] as const) {
      expect(staffRefundRule({ ...open, ...facts }), rule).toEqual({ refundable: 'no', refund_rule: rule });
    }
  });
});
