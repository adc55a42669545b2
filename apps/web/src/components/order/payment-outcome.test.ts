import { describe, expect, it } from 'vitest';
import { testOrder } from '../../../test/test-order';
import { outcomeOffersContact, outcomeTone, paymentOutcomeOf } from './payment-outcome';

const card = (overrides: Parameters<typeof testOrder>[0] = {}) => testOrder({ payment_method: 'credit_card', payment_status: 'pending', total_paid: 0, ...overrides });

describe('the outcome of a payment', () => {
  it('thanks only a paid order', () => {
    expect(paymentOutcomeOf(card({ payment_status: 'paid', total_paid: 19300 }), null, false)).toBe('paid');
    expect(paymentOutcomeOf(card(), 'declined', false)).toBe('declined');
    expect(paymentOutcomeOf(card(), 'cancelled', false)).toBe('cancelled');
    expect(paymentOutcomeOf(card(), null, false)).toBe('unpaid');
  });

  it("does not take the provider's word for a payment: paid on the way back is processing until the order is paid", () => {
    expect(paymentOutcomeOf(card(), 'paid', false)).toBe('processing');
    expect(paymentOutcomeOf(card(), null, true)).toBe('processing');
    // Accepted by the provider and settling later (issue 20): said as such, waiting or not.
    expect(paymentOutcomeOf(card({ payment_status: 'processing' }), null, false)).toBe('settling');
    expect(paymentOutcomeOf(card({ payment_status: 'processing' }), 'returned', true)).toBe('settling');
  });

  it("lets the order's own state win over what the provider said on the way back", () => {
    expect(paymentOutcomeOf(card({ payment_status: 'paid', total_paid: 19300 }), 'declined', false)).toBe('paid');
    expect(paymentOutcomeOf(card({ payment_status: 'abandoned' }), 'declined', false)).toBe('abandoned');
    expect(paymentOutcomeOf(card({ payment_status: 'cancelled' }), 'cancelled', false)).toBe('orderCancelled');
    expect(paymentOutcomeOf(card({ payment_status: 'paid', fully_refunded: true }), null, false)).toBe('refunded');
  });

  it('asks a bank transfer for the transfer, and names a payment plan whose first payment arrived', () => {
    expect(paymentOutcomeOf(testOrder({ payment_method: 'bank_transfer', payment_status: 'pending', total_paid: 0 }), null, false)).toBe('awaitingTransfer');
    expect(paymentOutcomeOf(card({ has_payment_plan: true, payment_status: 'partial', total_paid: 5000 }), null, false)).toBe('planStarted');
    expect(paymentOutcomeOf(card({ has_payment_plan: true, total_paid: 0 }), 'declined', false)).toBe('declined');
  });

  it('offers a contact where a payment failed or the order ended, and colours each outcome', () => {
    expect(['declined', 'cancelled', 'abandoned', 'orderCancelled', 'unpaid'].every((kind) => outcomeOffersContact(kind as never))).toBe(true);
    expect(outcomeOffersContact('paid')).toBe(false);
    expect(outcomeTone('paid')).toBe('success');
    expect(outcomeTone('declined')).toBe('danger');
    expect(outcomeTone('processing')).toBe('info');
  });
});
