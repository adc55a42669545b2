import type { PaymentPlanPayment } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { INSTALMENT_LABEL_TEXTS, instalmentLabel, instalmentLabelText, instalmentTone, isInstalmentPayable, type InstalmentLabel } from './instalment-label';

const open = { payment_status: 'pending', due: false, overdue: false } as const;
const label = (payment: Partial<Pick<PaymentPlanPayment, 'payment_status' | 'due' | 'overdue'>>, hasRefunds = false) =>
  instalmentLabel({ ...open, ...payment }, { has_refunds: hasRefunds });

describe('the label of an instalment (spec section 4)', () => {
  it('is paid once paid, whatever the clock or a refund says', () => {
    expect(label({ payment_status: 'paid' })).toBe('paid');
    expect(label({ payment_status: 'paid', due: true, overdue: true }, true)).toBe('paid');
  });

  it('is cancelled for a cancelled instalment, even with refunds', () => {
    expect(label({ payment_status: 'cancelled' })).toBe('cancelled');
    expect(label({ payment_status: 'cancelled', due: true }, true)).toBe('cancelled');
  });

  it('is refund for an unpaid instalment of an order with refunds', () => {
    expect(label({}, true)).toBe('refund');
    expect(label({ due: true, overdue: true }, true)).toBe('refund');
    expect(label({ payment_status: 'processing' }, true)).toBe('refund');
  });

  it('shows a payment under way or stuck before the clock: processing, partial, problem', () => {
    expect(label({ payment_status: 'processing', due: true, overdue: true })).toBe('processing');
    expect(label({ payment_status: 'partial', due: true })).toBe('partial');
    expect(label({ payment_status: 'problem', due: true, overdue: true })).toBe('problem');
  });

  it('is overdue before due, due once the date has come, and pending before it', () => {
    expect(label({ due: true, overdue: true })).toBe('overdue');
    expect(label({ due: true })).toBe('due');
    expect(label({})).toBe('pending');
  });

  it('has a text for every label, or the configured label of the same key', () => {
    const config = { statusLabels: { payment: { partial: 'Part paid', problem: 'Payment problem' }, ticket: {}, refund: {} } };
    const texts = Object.fromEntries((Object.keys(INSTALMENT_LABEL_TEXTS) as InstalmentLabel[]).map((key) => [key, instalmentLabelText(key, config)]));
    expect(texts).toEqual({
      paid: 'Paid',
      cancelled: 'Cancelled',
      refund: 'Refund',
      pending: 'Pending',
      overdue: 'Overdue',
      due: 'Due',
      processing: 'Processing',
      partial: 'Part paid',
      problem: 'Payment problem',
    });
    expect(instalmentLabelText('partial', { statusLabels: { payment: {}, ticket: {}, refund: {} } })).toBe('Partially paid');
  });

  it('offers payment for pending, due and overdue instalments only', () => {
    const payable = (Object.keys(INSTALMENT_LABEL_TEXTS) as InstalmentLabel[]).filter(isInstalmentPayable);
    expect(payable.sort()).toEqual(['due', 'overdue', 'pending']);
  });

  it('shows paid as success and overdue or a problem as danger', () => {
    expect([instalmentTone('paid'), instalmentTone('overdue'), instalmentTone('problem'), instalmentTone('due'), instalmentTone('pending')]).toEqual(['success', 'danger', 'danger', 'info', 'neutral']);
  });
});
