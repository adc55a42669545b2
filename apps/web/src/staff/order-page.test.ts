import { english, portalMessages, staffOrderMessages } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { staffTexts } from './texts';
import { hasRefundChoices, isoOfLocal, localInputOf, openAmount, refundChoices, refundPreview, refundRequest } from './order-page';

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
    expect(refundPreview(detail(), ['T1'], ['M1']).problem).toBe(english(portalMessages.noMixing));
    expect(refundPreview(detail(), [], []).problem).not.toBeNull();
  });

  it('refunds a payment-plan order as what was paid less the fees', () => {
    expect(refundPreview(detail({ has_payment_plan: true, total_paid: 6000 }), ['T1'], []).total).toBe(6000 - 500 - 100);
  });
});

describe('the refund dialog’s items (decision 0076)', () => {
  const item = (code: string, refundable: 'yes' | 'override' | 'no') => ({ code, refundable, refund_rule: refundable === 'yes' ? null : 'why' });
  const order = {
    tickets: [item('T1', 'yes'), item('T2', 'override'), item('T3', 'no'), item('T4', 'yes')],
    merchandise: [item('M1', 'no'), item('M2', 'override')],
  } as unknown as Parameters<typeof refundChoices>[0];
  const codes = (items: { code: string }[]) => items.map((entry) => entry.code);

  it('offers what can be refunded now, shows what only the override allows apart, and never what cannot be refunded', () => {
    const choices = refundChoices(order);
    expect([codes(choices.now.tickets), codes(choices.now.merchandise)]).toEqual([['T1', 'T4'], []]);
    expect([codes(choices.outsideRules.tickets), codes(choices.outsideRules.merchandise)]).toEqual([['T2'], ['M2']]);
    expect(hasRefundChoices(order)).toBe(true);
    expect(hasRefundChoices({ tickets: [item('T3', 'no')], merchandise: [item('M1', 'no')] } as unknown as Parameters<typeof refundChoices>[0])).toBe(false);
  });

  it('sends items outside the rules only with the override ticked and a reason', () => {
    const choices = refundChoices(order);
    const off = { on: false, reason: '' };
    expect(refundRequest(choices, { tickets: ['T1'], merchandise: [] }, off)).toEqual({ tickets: ['T1'], merchandise: [], overridden: 0, problem: null });
    // Ticked while the override was on, then the override untoggled: dropped; never an item that cannot be refunded.
    expect(refundRequest(choices, { tickets: ['T1', 'T2', 'T3'], merchandise: [] }, off)).toEqual({ tickets: ['T1'], merchandise: [], overridden: 0, problem: null });
    expect(refundRequest(choices, { tickets: ['T1', 'T2', 'T3'], merchandise: [] }, { on: true, reason: '  ' })).toEqual({ tickets: ['T1', 'T2'], merchandise: [], override: true, override_reason: '', overridden: 1, problem: english(staffOrderMessages.overrideNeedsReason) });
    expect(refundRequest(choices, { tickets: [], merchandise: ['M1', 'M2'] }, { on: true, reason: ' Event moved ' })).toEqual({ tickets: [], merchandise: ['M2'], override: true, override_reason: 'Event moved', overridden: 1, problem: null });
    // The override ticked for items the rules allow anyway: nothing to override, no reason asked.
    expect(refundRequest(choices, { tickets: ['T4'], merchandise: [] }, { on: true, reason: '' })).toEqual({ tickets: ['T4'], merchandise: [], overridden: 0, problem: null });
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

describe('what the order dialogs promise a buyer without an e-mail address (a walk-in sale, decision 0076)', () => {
  it('says the buyer is e-mailed only when the buyer has an address', () => {
    expect(staffTexts.order.refundConfirm(1, '€18.00')).toContain('the buyer is e-mailed');
    expect(staffTexts.order.refundConfirm(1, '€18.00', false)).not.toContain('e-mailed');
    expect(staffTexts.order.refundConfirm(1, '€18.00', false)).toContain('tell them yourself');
    expect(staffTexts.order.cancelWhat(true)).toContain('the buyer is e-mailed');
    expect(staffTexts.order.cancelWhat(false)).not.toContain('e-mailed');
    expect(staffTexts.order.paidOutQuestion('€18.00 in cash', false)).not.toContain('e-mailed');
    expect(staffTexts.order.paidOutQuestion('€18.00 in cash')).toContain('the customer is e-mailed');
  });
});
