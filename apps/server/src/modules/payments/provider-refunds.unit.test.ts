import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateRefund, paymentRefundKey } from './provider-refunds';

describe('allocateRefund', () => {
  it('takes a refund from one card payment when it covers it', () => {
    expect(allocateRefund(18600, [{ id: 7, amount: 22300, refunded: 0 }])).toEqual({ parts: [{ paymentId: 7, amount: 18600 }], byBank: 0 });
  });

  it('spreads a payment-plan refund over its instalments, newest first, whatever order they come in', () => {
    const instalments = [
      { id: 3, amount: 4900, refunded: 0 },
      { id: 9, amount: 4800, refunded: 0 },
    ];
    expect(allocateRefund(8350, instalments)).toEqual({
      parts: [
        { paymentId: 9, amount: 4800 },
        { paymentId: 3, amount: 3550 },
      ],
      byBank: 0,
    });
  });

  it('takes from each payment only what earlier refunds left of it, and skips one they used up', () => {
    const paid = [
      { id: 1, amount: 5000, refunded: 1000 },
      { id: 2, amount: 3000, refunded: 3000 },
      { id: 3, amount: 2000, refunded: 500 },
    ];
    expect(allocateRefund(4000, paid)).toEqual({
      parts: [
        { paymentId: 3, amount: 1500 },
        { paymentId: 1, amount: 2500 },
      ],
      byBank: 0,
    });
  });

  it('leaves to the bank what the card payments cannot take (a transfer, a voucher), and everything without one', () => {
    expect(allocateRefund(10000, [{ id: 4, amount: 6000, refunded: 0 }])).toEqual({ parts: [{ paymentId: 4, amount: 6000 }], byBank: 4000 });
    expect(allocateRefund(10000, [])).toEqual({ parts: [], byBank: 10000 });
    expect(allocateRefund(0, [{ id: 4, amount: 6000, refunded: 0 }])).toEqual({ parts: [], byBank: 0 });
  });

  it('never asks more of a payment than is left of it, and gives the bank only what the payments cannot take', () => {
    const payment = fc.integer({ min: 1, max: 50_000 }).chain((amount) => fc.record({ amount: fc.constant(amount), refunded: fc.integer({ min: 0, max: amount }) }));
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 5 }), fc.integer({ min: 0, max: 200_000 }), (shapes, total) => {
        const payments = shapes.map((shape, index) => ({ id: index + 1, ...shape }));
        const { parts, byBank } = allocateRefund(total, payments);
        const sent = parts.reduce((sum, part) => sum + part.amount, 0);
        expect(sent + byBank).toBe(total);
        for (const part of parts) {
          const paid = payments.find((candidate) => candidate.id === part.paymentId)!;
          expect(part.amount).toBeGreaterThan(0);
          expect(part.amount).toBeLessThanOrEqual(paid.amount - paid.refunded);
        }
        if (byBank > 0) expect(sent).toBe(payments.reduce((sum, paid) => sum + paid.amount - paid.refunded, 0));
        // Newest first: a payment is used only when every newer one is used up.
        for (const part of parts.slice(0, -1)) {
          const paid = payments.find((candidate) => candidate.id === part.paymentId)!;
          expect(part.amount).toBe(paid.amount - paid.refunded);
        }
      }),
    );
  });

  it('names each part of a refund by its refund and payment, so asking again is the same refund', () => {
    expect(paymentRefundKey(12, 345)).toBe('refund:12:payment:345');
  });
});
