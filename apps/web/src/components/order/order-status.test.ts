import type { ClientConfig } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { testOrder } from '../../../test/test-order';
import { amountDue, asksForTerms, attemptsState, awaitsCardPayment, cardPaymentState, isCardPaymentPending, isFailedReturn, orderItemsHidden, orderStatusNote, orderStatusText, paymentReturnOf, type PaymentReturn } from './order-status';

const config: Pick<ClientConfig, 'texts' | 'statusLabels'> = {
  texts: {
    underConstructionTitle: '',
    underConstructionText: '',
    termsAndConditions: '',
    privacyPolicy: '',
    securityStatement: '',
    cookiePolicy: '',
    faqs: '',
    awaitingPayment: 'Awaiting Payment',
    paymentCancelled: 'Payment Cancelled',
    paymentAbandoned: 'Payment Abandoned',
    refunded: 'Refunded',
  },
  statusLabels: { payment: { pending: 'Pending', paid: 'Paid' }, ticket: {}, refund: {} },
};

describe('the payment status of an order (spec section 4)', () => {
  it('shows a bank transfer without a plan that waits for money as awaiting payment', () => {
    for (const status of ['pending', 'partial', 'processing', 'problem'] as const) {
      const order = testOrder({ payment_method: 'bank_transfer', payment_status: status });
      // A short label in the status cell; the configured text is a paragraph of its own (decision 0071).
      expect(orderStatusText(order, config)).toBe('Awaiting payment');
      expect(orderStatusNote(order, config)).toBe('Awaiting Payment');
      expect(orderStatusText(order, { ...config, statusLabels: { ...config.statusLabels, payment: { awaiting_payment: 'Waiting for your transfer' } } })).toBe('Waiting for your transfer');
    }
    expect(orderStatusNote(testOrder({ payment_method: 'credit_card', payment_status: 'pending' }), config)).toBeNull();
    // With a payment plan, or by card, the status's own label.
    expect(orderStatusText(testOrder({ payment_method: 'bank_transfer', payment_status: 'pending', has_payment_plan: true }), config)).toBe('Pending');
    expect(orderStatusText(testOrder({ payment_method: 'credit_card', payment_status: 'pending' }), config)).toBe('Pending');
  });

  it('shows cancelled, abandoned and fully refunded orders with their configured texts, and hides the items of the first two', () => {
    const cancelled = testOrder({ payment_status: 'cancelled' });
    const abandoned = testOrder({ payment_status: 'abandoned' });
    const refunded = testOrder({ payment_status: 'paid', fully_refunded: true });
    expect(orderStatusText(cancelled, config)).toBe('Payment Cancelled');
    expect(orderStatusText(abandoned, config)).toBe('Payment Abandoned');
    expect(orderStatusText(refunded, config)).toBe('Refunded');
    expect([cancelled, abandoned, refunded].map(orderItemsHidden)).toEqual([true, true, false]);
  });

  it('uses the configured label of any other status, or the status itself', () => {
    expect(orderStatusText(testOrder({ payment_status: 'paid' }), config)).toBe('Paid');
    expect(orderStatusText(testOrder({ payment_status: 'processing' }), config)).toBe('Processing');
  });

  it('counts what is still due', () => {
    expect(amountDue(testOrder({ total_price: 19300, total_paid: 5000 }))).toBe(14300);
    expect(amountDue(testOrder({ total_price: 19300, total_paid: 19500 }))).toBe(0);
  });
});

describe('the card payment of a pending order', () => {
  const card = (attempts: number, status: 'pending' | 'paid' = 'pending') => testOrder({ payment_method: 'credit_card', payment_status: status, payment_attempts: attempts });

  it('may be tried again, with a warning from attempt 3 (after two declines), until the maximum is declined', () => {
    expect(cardPaymentState(card(1), 5)).toEqual({ canPay: true, warnAttempts: false, maxReached: false });
    expect(cardPaymentState(card(2), 5)).toEqual({ canPay: true, warnAttempts: true, maxReached: false });
    expect(cardPaymentState(card(4), 5)).toEqual({ canPay: true, warnAttempts: true, maxReached: false });
    expect(cardPaymentState(card(5), 5)).toEqual({ canPay: false, warnAttempts: false, maxReached: true });
  });

  it('is not offered for paid orders or other methods', () => {
    expect(cardPaymentState(card(1, 'paid'), 5)).toBeNull();
    expect(cardPaymentState(testOrder({ payment_method: 'bank_transfer', payment_status: 'pending' }), 5)).toBeNull();
    expect(isCardPaymentPending(card(1))).toBe(true);
    expect(isCardPaymentPending(card(1, 'paid'))).toBe(false);
  });

  it("reads the provider's return from the address", () => {
    expect(paymentReturnOf(new URLSearchParams('payment=declined'))).toBe('declined');
    expect(paymentReturnOf(new URLSearchParams('payment=returned'))).toBe('returned');
    expect(paymentReturnOf(new URLSearchParams('payment=paid'))).toBe('paid');
    expect(paymentReturnOf(new URLSearchParams('payment=whatever'))).toBeNull();
    expect(['declined', 'cancelled', 'paid', 'returned', null].map((value) => isFailedReturn(value as PaymentReturn))).toEqual([true, true, false, false, false]);
  });

  it('counts declined attempts of an order or an instalment the same way: the next attempt is one more, warned from the third', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((declined) => attemptsState(declined, 5))).toEqual([
      { warnAttempts: false, maxReached: false, nextAttempt: 1 },
      { warnAttempts: false, maxReached: false, nextAttempt: 2 },
      { warnAttempts: true, maxReached: false, nextAttempt: 3 },
      { warnAttempts: true, maxReached: false, nextAttempt: 4 },
      { warnAttempts: true, maxReached: false, nextAttempt: 5 },
      { warnAttempts: false, maxReached: true, nextAttempt: 6 },
      { warnAttempts: false, maxReached: true, nextAttempt: 7 },
    ]);
  });

  it('offers a card payment online while a card order waits for money (the accept-terms page)', () => {
    expect(awaitsCardPayment(testOrder({ payment_method: 'credit_card', payment_status: 'pending', total_paid: 0 }))).toBe(true);
    expect(awaitsCardPayment(testOrder({ payment_method: 'credit_card', payment_status: 'partial', total_paid: 4900 }))).toBe(true);
    expect(awaitsCardPayment(testOrder({ payment_method: 'credit_card', payment_status: 'paid' }))).toBe(false);
    expect(awaitsCardPayment(testOrder({ payment_method: 'credit_card', payment_status: 'abandoned', total_paid: 0 }))).toBe(false);
    expect(awaitsCardPayment(testOrder({ payment_method: 'bank_transfer', payment_status: 'pending', total_paid: 0 }))).toBe(false);
  });
});

describe('asking for the terms (spec section 4, decision 0071)', () => {
  it('asks an order that has not accepted them while it is still to be paid, and not a paid, ended or refunded one', () => {
    expect(asksForTerms(testOrder({ accepted_ts_and_cs: false, payment_status: 'pending' }))).toBe(true);
    expect(asksForTerms(testOrder({ accepted_ts_and_cs: false, payment_status: 'partial' }))).toBe(true);
    expect(asksForTerms(testOrder({ accepted_ts_and_cs: true, payment_status: 'pending' }))).toBe(false);
    expect(asksForTerms(testOrder({ accepted_ts_and_cs: false, payment_status: 'paid' }))).toBe(false);
    expect(asksForTerms(testOrder({ accepted_ts_and_cs: false, payment_status: 'cancelled' }))).toBe(false);
    expect(asksForTerms(testOrder({ accepted_ts_and_cs: false, payment_status: 'partial', fully_refunded: true }))).toBe(false);
  });
});
