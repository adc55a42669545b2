// @vitest-environment happy-dom
import { english, type ClientConfig, type Order, paymentMessages } from '@festival/contract';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getConfig } from '../../lib/config';
import { installTestConfig } from '../../../test/test-config';
import { testOrder } from '../../../test/test-order';
import { BankTransferDetails } from './BankTransferDetails';

beforeAll(installTestConfig);

let originalConfig: ClientConfig;
beforeEach(() => {
  originalConfig = structuredClone(getConfig());
  Object.assign(getConfig(), {
    bankTransfer: { accountHolder: 'Festival BV', iban: 'NL00BANK0123456789', bic: 'BANKNL2A', referencePrefix: 'NWF' },
    locale: 'en-GB',
    timezone: 'Europe/Amsterdam',
  });
});
afterEach(() => {
  cleanup();
  Object.assign(getConfig(), originalConfig);
});

const transfer = (fields: Partial<Order>) => testOrder({ payment_method: 'bank_transfer', payment_status: 'pending', total_paid: 0, payment_reference: 'NWF-ABC123', ...fields });
const deadline = () => document.getElementById('order-bank-deadline')?.textContent ?? null;

/** Decision 0032: the bank details of an unpaid transfer say by when it must arrive, as its e-mail does. */
describe('the bank details', () => {
  it("name the order's pay-by date in the shop's zone, in the e-mail's words", () => {
    // 23:30 UTC on the 13th is already the 14th in Amsterdam, where the shop counts its days.
    render(<BankTransferDetails order={transfer({ pay_by: '2027-03-13T23:30:00.000Z' })} />);
    expect(document.getElementById('order-bank-reference')?.textContent).toBe('NWF-ABC123');
    expect(deadline()).toBe(english(paymentMessages.payBy('14 Mar 2027')));
    expect(deadline()).toBe('Please make sure it arrives by 14 Mar 2027: an order still unpaid then is cancelled and its items go back on sale.');
  });

  it('say nothing of a deadline when the order has none', () => {
    render(<BankTransferDetails order={transfer({ pay_by: null })} />);
    expect(document.getElementById('order-bank-details')).not.toBeNull();
    expect(deadline()).toBeNull();
  });

  it('are not shown, deadline included, for an order that is paid', () => {
    render(<BankTransferDetails order={transfer({ payment_status: 'paid', total_paid: 10000, pay_by: '2027-03-14T12:00:00.000Z' })} />);
    expect(document.getElementById('order-bank-details')).toBeNull();
    expect(deadline()).toBeNull();
  });
});
