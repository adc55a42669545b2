import { describe, expect, it } from 'vitest';
import { readEnv } from '../../env';
import { chooseGateway, GatewayConfigError, withOfferedPaymentMethods } from './gateway-choice';
import { refundReason } from './payments.service';

const cards = { credit_card: 'Credit card', bank_transfer: 'Bank transfer' };
const publicBaseUrl = 'https://tickets.example.org';
const sandbox = { gateway: 'sandbox', paymentMethods: cards, publicBaseUrl };
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
    for (const gateway of ['paypal', 'Stripe', 'Sandbox', 'sandbox2']) {
      expect(() => chooseGateway({ gateway, paymentMethods: cards, publicBaseUrl }, { production: false, demoConfig: false })).toThrow(`"${gateway}", which this shop has no adapter for`);
    }
  });

  it('offers no card payment without a gateway: there is no default provider', () => {
    for (const gateway of [undefined, null, '', '  ']) {
      const choice = chooseGateway({ gateway, paymentMethods: cards, publicBaseUrl }, own);
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

/** Issue 20 point 5: a real provider's keys come from the environment, and a live key goes live only when it can be. */
describe('choosing Stripe or Mollie', () => {
  const stripe = { gateway: 'stripe', paymentMethods: cards, publicBaseUrl };
  const mollie = { gateway: 'mollie', paymentMethods: cards, publicBaseUrl };
  const withStripe = (credentials: { secretKey?: string; webhookSecrets?: string[]; apiUrl?: string }) => ({ ...own, credentials: { stripe: credentials } });

  it('refuses to start with a live Stripe key and no webhook secret, saying what to set', () => {
    expect(() => chooseGateway(stripe, withStripe({ secretKey: 'sk_live_abc123' }))).toThrow(/live key, but STRIPE_WEBHOOK_SECRET is not set.*whsec_/s);
    expect(() => chooseGateway(stripe, withStripe({ secretKey: 'rk_live_abc123', webhookSecrets: [] }))).toThrow(GatewayConfigError);
    expect(chooseGateway(stripe, withStripe({ secretKey: 'sk_live_abc123', webhookSecrets: ['whsec_one', 'whsec_two'] }))).toEqual({ provider: 'stripe', warnings: [], live: true });
  });

  it('refuses a missing or malformed key, a malformed webhook secret, and a live key sent elsewhere or behind a non-HTTPS address', () => {
    expect(() => chooseGateway(stripe, withStripe({}))).toThrow(/STRIPE_SECRET_KEY is not set/);
    expect(() => chooseGateway(stripe, withStripe({ secretKey: 'pk_live_abc' }))).toThrow(/publishable key/);
    expect(() => chooseGateway(stripe, withStripe({ secretKey: 'sk_test_abc', webhookSecrets: ['not-a-secret'] }))).toThrow(/whsec_/);
    expect(() => chooseGateway(stripe, withStripe({ secretKey: 'sk_live_abc', webhookSecrets: ['whsec_a'], apiUrl: 'http://127.0.0.1:9' }))).toThrow(/STRIPE_API_URL.*live key/);
    for (const address of ['http://tickets.example.org', 'https://localhost:3000']) {
      expect(() => chooseGateway({ ...stripe, publicBaseUrl: address }, withStripe({ secretKey: 'sk_live_abc', webhookSecrets: ['whsec_a'] }))).toThrow(/over HTTPS/);
    }
    expect(() => chooseGateway(mollie, { ...own, credentials: {} })).toThrow(/MOLLIE_API_KEY is not set/);
    expect(() => chooseGateway(mollie, { ...own, credentials: { mollie: { apiKey: 'abc' } } })).toThrow(/live_ or test_/);
    expect(() => chooseGateway(mollie, { ...own, credentials: { mollie: { apiKey: 'live_abc', apiUrl: 'http://127.0.0.1:9/v2/' } } })).toThrow(/MOLLIE_API_URL/);
  });

  it('runs test keys anywhere, warning that no money moves', () => {
    const testStripe = chooseGateway({ ...stripe, publicBaseUrl: 'http://localhost:3000' }, withStripe({ secretKey: 'sk_test_abc', webhookSecrets: ['whsec_a'], apiUrl: 'http://127.0.0.1:9' }));
    expect(testStripe).toEqual({ provider: 'stripe', warnings: [expect.stringContaining('test mode')], live: false });
    // A test key needs its webhook secret too: without it no payment could be confirmed.
    expect(() => chooseGateway(stripe, withStripe({ secretKey: 'sk_test_abc' }))).toThrow(/STRIPE_WEBHOOK_SECRET is not set.*stripe listen/s);
    const testMollie = chooseGateway({ ...mollie, publicBaseUrl: 'http://localhost:3000' }, { ...own, credentials: { mollie: { apiKey: 'test_abc' } } });
    expect(testMollie).toEqual({ provider: 'mollie', warnings: [expect.stringContaining('test mode')], live: false });
    expect(chooseGateway(mollie, { ...own, credentials: { mollie: { apiKey: 'live_abc' } } })).toEqual({ provider: 'mollie', warnings: [], live: true });
  });

  it('reads the providers\' variables from the environment, several webhook secrets comma-separated', () => {
    const env = readEnv({ APP_SECRET: 'x'.repeat(32), STRIPE_SECRET_KEY: ' sk_test_1 ', STRIPE_WEBHOOK_SECRET: 'whsec_a, whsec_b,', MOLLIE_API_URL: '' });
    expect(env.STRIPE_SECRET_KEY).toBe('sk_test_1');
    expect(env.STRIPE_WEBHOOK_SECRET).toEqual(['whsec_a', 'whsec_b']);
    expect(env.MOLLIE_API_URL).toBeUndefined();
    expect(() => readEnv({ APP_SECRET: 'x'.repeat(32), STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
  });
});

/** Issue 18 point 6: which money an order keeps. */
describe('refundReason', () => {
  const order = { paymentStatus: 'pending' as const, totalPaid: 0, totalPrice: 4100 };
  const open = { status: 'open' as const, amount: 4100 };
  it('keeps the money of the open attempt of an order that still owes it', () => {
    expect(refundReason(open, order)).toBeNull();
    expect(refundReason({ status: 'open', amount: 1000 }, { paymentStatus: 'partial', totalPaid: 3100, totalPrice: 4100 }, { status: 'pending' })).toBeNull();
    // Accepted by the provider and settling later (issue 20): its money is the order's too.
    expect(refundReason({ status: 'pending', amount: 4100 }, { ...order, paymentStatus: 'processing' })).toBeNull();
  });
  it('sends back money for a closed attempt, a paid or ended order, a paid instalment, or more than is owed', () => {
    for (const status of ['cancelled', 'expired', 'failed'] as const) expect(refundReason({ status, amount: 4100 }, order)).toBe('attempt-closed');
    expect(refundReason(open, { ...order, paymentStatus: 'paid', totalPaid: 4100 })).toBe('order-paid');
    for (const paymentStatus of ['abandoned', 'cancelled'] as const) expect(refundReason(open, { ...order, paymentStatus })).toBe('order-closed');
    for (const status of ['paid', 'cancelled'] as const) expect(refundReason({ status: 'open', amount: 1000 }, { ...order, paymentStatus: 'partial', totalPaid: 1000 }, { status })).toBe('instalment-closed');
    expect(refundReason(open, { ...order, paymentStatus: 'partial', totalPaid: 1 })).toBe('overpaid');
  });
});
