import { describe, expect, it } from 'vitest';
import { paymentMethodLabel } from './payment-method-label';

describe('the name of a payment method', () => {
  it('is the configured one, else the shop’s own for a voucher or the box office’s desk, else its code', () => {
    const configured = { credit_card: 'Card or iDEAL', bank_transfer: 'Bank transfer', cash: 'Contant' };
    expect(paymentMethodLabel('credit_card', configured)).toBe('Card or iDEAL');
    expect(paymentMethodLabel('cash', configured)).toBe('Contant');
    expect(paymentMethodLabel('cash', {})).toBe('Cash at the box office');
    expect(paymentMethodLabel('card_terminal', {})).toBe('Card at the box office');
    expect(paymentMethodLabel('voucher', {})).toBe('Voucher');
    expect(paymentMethodLabel('something_new', {})).toBe('something_new');
  });
});
