import { describe, expect, it } from 'vitest';
import { readEnv } from '../../env';
import { chooseGateway, GatewayConfigError, withOfferedPaymentMethods } from './gateway-choice';
import { refundReason } from './payments.service';

const cards = { credit_card: 'Credit card', bank_transfer: 'Bank transfer' };
const sandbox = { gateway: 'sandbox', paymentMethods: cards };
const own = { production: true, demoConfig: false };

/** Issue 18 point 12: the sandbox gateway takes no live shop's orders. */
describe('which gateway takes card payments', () => {
  it('refuses the sandbox for a shop of its own in production unless SANDBOX_PAYMENTS=1 says so', () => {
    expect(() => chooseGateway(sandbox, own)).toThrow(GatewayConfigError);
    expect(() => chooseGateway(sandbox, own)).toThrow(/NODE_ENV=production.*SANDBOX_PAYMENTS=1/s);
    expect(chooseGateway(sandbox, { ...own, sandboxPayments: true }).provider).toBe('sandbox');
  });

  it('takes the sandbox outside production and for the demo shop, always with a warning', () => {
    for (const environment of [{ production: false, demoConfig: false }, { production: true, demoConfig: true }]) {
      const choice = chooseGateway(sandbox, environment);
      expect(choice.provider).toBe('sandbox');
      expect(choice.warnings.join(' ')).toMatch(/sandbox.*no money moves/);
    }
  });

  it('refuses the sandbox anywhere with SANDBOX_PAYMENTS=0, and a gateway it has no adapter for', () => {
    expect(() => chooseGateway(sandbox, { production: false, demoConfig: true, sandboxPayments: false })).toThrow(/SANDBOX_PAYMENTS=0/);
    for (const gateway of ['stripe', 'Sandbox', 'sandbox2']) {
      expect(() => chooseGateway({ gateway, paymentMethods: cards }, { production: false, demoConfig: false })).toThrow(`"${gateway}", which this shop has no adapter for`);
    }
  });

  it('offers no card payment without a gateway: there is no default provider', () => {
    for (const gateway of [undefined, null, '', '  ']) {
      const choice = chooseGateway({ gateway, paymentMethods: cards }, own);
      expect(choice).toEqual({ provider: null, warnings: [expect.stringContaining('card payments are not offered')] });
      expect(withOfferedPaymentMethods({ paymentMethods: cards }, choice).paymentMethods).toEqual({ bank_transfer: 'Bank transfer' });
    }
    const chosen = chooseGateway(sandbox, { production: false, demoConfig: false });
    expect(withOfferedPaymentMethods({ paymentMethods: cards }, chosen).paymentMethods).toEqual(cards);
  });

  it('reads SANDBOX_PAYMENTS from the environment as 1/0 and refuses other values', () => {
    const base = { APP_SECRET: 'x'.repeat(32) };
    expect(readEnv({ ...base }).SANDBOX_PAYMENTS).toBeUndefined();
    expect(readEnv({ ...base, SANDBOX_PAYMENTS: '1' }).SANDBOX_PAYMENTS).toBe(true);
    expect(readEnv({ ...base, SANDBOX_PAYMENTS: '0' }).SANDBOX_PAYMENTS).toBe(false);
    expect(() => readEnv({ ...base, SANDBOX_PAYMENTS: 'yes' })).toThrow(/SANDBOX_PAYMENTS/);
  });
});

/** Issue 18 point 6: which money an order keeps. */
describe('refundReason', () => {
  const order = { paymentStatus: 'pending' as const, totalPaid: 0, totalPrice: 4100 };
  const open = { status: 'open' as const, amount: 4100 };
  it('keeps the money of the open attempt of an order that still owes it', () => {
    expect(refundReason(open, order)).toBeNull();
    expect(refundReason({ status: 'open', amount: 1000 }, { paymentStatus: 'partial', totalPaid: 3100, totalPrice: 4100 }, { status: 'pending' })).toBeNull();
  });
  it('sends back money for a closed attempt, a paid or ended order, a paid instalment, or more than is owed', () => {
    for (const status of ['cancelled', 'expired', 'failed'] as const) expect(refundReason({ status, amount: 4100 }, order)).toBe('attempt-closed');
    expect(refundReason(open, { ...order, paymentStatus: 'paid', totalPaid: 4100 })).toBe('order-paid');
    for (const paymentStatus of ['abandoned', 'cancelled'] as const) expect(refundReason(open, { ...order, paymentStatus })).toBe('order-closed');
    for (const status of ['paid', 'cancelled'] as const) expect(refundReason({ status: 'open', amount: 1000 }, { ...order, paymentStatus: 'partial', totalPaid: 1000 }, { status })).toBe('instalment-closed');
    expect(refundReason(open, { ...order, paymentStatus: 'partial', totalPaid: 1 })).toBe('overpaid');
  });
});
