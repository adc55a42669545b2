import type { RefundRequestRow } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { accountOf, decidedText, groupIban, holderAddress, paymentMethodName, providerName, refundWays } from './refund-queue';

const bank: NonNullable<RefundRequestRow['bank']> = {
  account_holder: 'Buyer Holder',
  // As PostgreSQL's jsonb gives the fields back: shortest key first.
  holder_address: { City: 'Amsterdam', Extra: '', Postcode: ' 1012 LG', 'Street and number': 'Damrak 1' },
  bank_name: 'ABN AMRO',
  bank_city: 'Amsterdam',
  bank_country: 'NL',
  bic: 'ABNANL2A',
  iban: 'NL91ABNA0417164300',
  account: null,
};

const request = (fields: Partial<RefundRequestRow> = {}): RefundRequestRow => ({
  id: 7,
  status: 'active',
  order_code: 'ABC123',
  customer: { name: 'Buyer', email: 'buyer@example.org' },
  items: [{ kind: 'ticket', code: 'T1', name: 'Weekend', amount: 4550 }],
  total: 4550,
  shipping_refund: 0,
  currency: 'EUR',
  bank,
  payment_method: 'credit_card',
  provider: 'stripe',
  to_card: 4550,
  by_bank: 0,
  ways: { card: 4550, cash: 0, card_terminal: 0, bank: 0, bank_details: true, paid_out_by: null },
  ways_text: '€45.50 back to the card through the payment provider',
  note: null,
  requested_at: '2026-11-24T10:00:00.000Z',
  decided_at: null,
  decided_by: null,
  reason: null,
  ...fields,
});

describe('the refund queue’s sentences', () => {
  it('names payment methods and providers as people write them', () => {
    expect(paymentMethodName('credit_card')).toBe('card');
    expect(paymentMethodName('bank_transfer')).toBe('bank transfer');
    expect(paymentMethodName('gift_voucher')).toBe('gift voucher');
    expect(providerName('stripe')).toBe('Stripe');
    expect(providerName(null)).toBe('the payment provider');
  });

  it('shows an IBAN in groups of four but copies it without spaces, and an account number as given', () => {
    expect(groupIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(groupIban('NL91 ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(accountOf(bank)).toEqual({ label: 'IBAN', shown: 'NL91 ABNA 0417 1643 00', copy: 'NL91ABNA0417164300' });
    expect(accountOf({ ...bank, iban: null, account: '123-456 7' })).toEqual({ label: 'Account number', shown: '123-456 7', copy: '123-456 7' });
    expect(accountOf({ ...bank, iban: null, account: null })).toBeNull();
    expect(holderAddress(bank)).toBe('Damrak 1, 1012 LG, Amsterdam');
    expect(holderAddress({ ...bank, holder_address: { Province: 'Ontario', Town: 'Ottawa', 'Address line 1': '1 Main St', Country: 'Canada', 'ZIP code': 'K1A' } })).toBe('1 Main St, K1A, Ottawa, Ontario, Canada');
  });

  it('says which way the money goes back: to the card through the provider, by bank to the account shown, or both', () => {
    expect(refundWays(request(), 'en-GB')).toEqual(['€45.50 back to the card through Stripe.']);
    expect(refundWays(request({ to_card: 0, by_bank: 4550, provider: null }), 'en-GB')).toEqual(['€45.50 to pay by bank transfer to Buyer Holder, IBAN NL91 ABNA 0417 1643 00.']);
    expect(refundWays(request({ to_card: 3000, by_bank: 1550 }), 'en-GB')).toEqual([
      '€30.00 back to the card through Stripe.',
      '€15.50 to pay by bank transfer to Buyer Holder, IBAN NL91 ABNA 0417 1643 00.',
    ]);
    expect(refundWays(request({ to_card: 0, by_bank: 4550, bank: null }), 'en-GB')[0]).toMatch(/^€45.50 to pay by bank transfer; the request has no bank details/);
    expect(refundWays(request({ total: 0, to_card: 0, by_bank: 0 }), 'en-GB')).toEqual(['Nothing to pay back: the items were free.']);
    // Money taken at the box office goes back there (decision 0060).
    const desk = { card: 0, cash: 4550, card_terminal: 0, bank: 0, bank_details: false, paid_out_by: null };
    expect(refundWays(request({ to_card: 0, by_bank: 0, provider: null, bank: null, ways: desk }), 'en-GB')).toEqual(['€45.50 to pay out in cash at the box office: press “Paid out at the desk” on the order’s page once it is handed over.']);
    expect(decidedText({ request: request({ status: 'processing', to_card: 0, by_bank: 0, provider: null, ways: desk }), provider_error: null }, 'en-GB')).toBe('Refund of €45.50 for order ABC123 approved: pay €45.50 out at the box office and record it on the order’s page.');
  });

  it('tells what a decision did, and what is left to do by hand', () => {
    expect(decidedText({ request: request({ status: 'processed' }), provider_error: null }, 'en-GB')).toBe('Refund of €45.50 for order ABC123 approved.');
    expect(decidedText({ request: request({ status: 'processed', to_card: 0, by_bank: 4550 }), provider_error: null }, 'en-GB')).toBe('Refund of €45.50 for order ABC123 approved. Pay €45.50 by bank transfer.');
    expect(decidedText({ request: request({ status: 'processing' }), provider_error: null }, 'en-GB')).toBe('Refund of €45.50 for order ABC123 approved; it is finished when Stripe confirms.');
    expect(decidedText({ request: request({ status: 'processing' }), provider_error: 'timeout' }, 'en-GB')).toMatch(/Stripe did not take it/);
    expect(decidedText({ request: request({ status: 'rejected', to_card: 0 }), provider_error: null }, 'en-GB')).toBe('Refund request for order ABC123 rejected. The customer is e-mailed the reason.');
  });
});
