import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../env';
import { GatewayConfigError } from '../gateway-choice';
import { gatewayForCommand } from './configured';

/** Issue 20 point 4: the organiser's commands refund through the shop's own provider, chosen by the shop's rules. */
describe("an organiser command's gateway", () => {
  const base = { APP_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/festival-configured-unit' };
  const cards = { credit_card: 'Credit card' };
  const own = { paymentMethods: cards, publicBaseUrl: 'https://tickets.example.org' };

  it('is the provider the configuration names, built from the environment', () => {
    const env = readEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', MOLLIE_API_KEY: 'test_abc' });
    expect(gatewayForCommand({ ...own, gateway: 'stripe' }, env)?.provider).toBe('stripe');
    expect(gatewayForCommand({ ...own, gateway: 'mollie' }, env)?.provider).toBe('mollie');
    expect(gatewayForCommand({ ...own, gateway: null }, env)).toBeNull();
  });

  it('refuses where the shop would refuse to start: no key, or the sandbox in a live shop of its own', () => {
    expect(() => gatewayForCommand({ ...own, gateway: 'stripe' }, readEnv(base))).toThrow(GatewayConfigError);
    const production = readEnv({ ...base, NODE_ENV: 'production', SHOP_CONFIG: '/etc/festival/my-shop.json' });
    expect(() => gatewayForCommand({ ...own, gateway: 'sandbox' }, production)).toThrow(/SANDBOX_PAYMENTS=1/);
    expect(gatewayForCommand({ ...own, gateway: 'sandbox' }, readEnv(base))?.provider).toBe('sandbox');
  });
});
