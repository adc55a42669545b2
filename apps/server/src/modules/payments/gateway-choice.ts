import type { ShopConfigFile } from '@festival/contract';
import { SANDBOX_PROVIDER } from './sandbox-gateway';

/** The providers this shop has an adapter for (gateways/<provider>.ts join them: Stripe, Mollie). */
export const KNOWN_GATEWAYS = [SANDBOX_PROVIDER] as const;
export type KnownGateway = (typeof KNOWN_GATEWAYS)[number];

/** What decides whether the sandbox may take payments (decision 0026). */
export interface GatewayEnvironment {
  /** NODE_ENV=production. */
  production: boolean;
  /** SANDBOX_PAYMENTS: true ("1") allows the sandbox in production, false ("0") refuses it anywhere, undefined leaves the rule below. */
  sandboxPayments?: boolean | undefined;
  /** The configuration is the demo shop's own file (SHOP_CONFIG unset or pointing at it), not a shop of one's own. */
  demoConfig: boolean;
}

export interface GatewayChoice {
  /** The provider card payments go to, or null: no card payments are offered. */
  provider: KnownGateway | null;
  /** What the log must say at start (the sandbox in use, cards listed without a gateway). */
  warnings: string[];
}

/** A configuration the shop refuses to start with; its message is for the operator to read. */
export class GatewayConfigError extends Error {
  override name = 'GatewayConfigError';
}

/**
 * Which gateway takes the shop's card payments. A shop names its gateway in its configuration
 * ("gateway"); without one no card payment is offered (there is no default provider). The
 * sandbox, whose test cards pay orders with no money moving, runs outside production, in
 * production for the demo shop, and for a shop of one's own in production only with
 * SANDBOX_PAYMENTS=1; SANDBOX_PAYMENTS=0 refuses it everywhere. A provider without an adapter
 * refuses to start rather than silently taking no payments.
 */
export function chooseGateway(config: Pick<ShopConfigFile, 'gateway' | 'paymentMethods'>, environment: GatewayEnvironment): GatewayChoice {
  const named = config.gateway?.trim() ?? '';
  const listsCards = Object.hasOwn(config.paymentMethods, 'credit_card');
  if (named === '') {
    return { provider: null, warnings: listsCards ? ['paymentMethods lists credit_card but the shop configuration names no "gateway": card payments are not offered'] : [] };
  }
  if (!(KNOWN_GATEWAYS as readonly string[]).includes(named)) {
    throw new GatewayConfigError(
      `The shop configuration names the payment gateway "${named}", which this shop has no adapter for (available: ${KNOWN_GATEWAYS.join(', ')}). ` +
        'Name one of those, or remove "gateway" to offer no card payments.',
    );
  }
  if (environment.sandboxPayments === false) {
    throw new GatewayConfigError('The shop configuration names the "sandbox" gateway, but SANDBOX_PAYMENTS=0 refuses it. Name a real payment provider in "gateway", or remove it to offer no card payments.');
  }
  if (environment.production && !environment.demoConfig && environment.sandboxPayments !== true) {
    throw new GatewayConfigError(
      'The shop configuration names the "sandbox" gateway under NODE_ENV=production: its test card 4242 4242 4242 4242 would pay real orders with no money moving. ' +
        'Name your payment provider in "gateway" (or remove it to offer no card payments), or set SANDBOX_PAYMENTS=1 if this is a test shop.',
    );
  }
  return { provider: SANDBOX_PROVIDER, warnings: ['card payments go to the sandbox gateway: test cards pay orders and no money moves (its pages say so)'] };
}

/** The configuration as the shop uses it: without a usable gateway, no card payment method is offered (to the browser or at checkout). */
export function withOfferedPaymentMethods<T extends Pick<ShopConfigFile, 'paymentMethods'>>(config: T, choice: GatewayChoice): T {
  if (choice.provider !== null || !Object.hasOwn(config.paymentMethods, 'credit_card')) return config;
  const { credit_card: _card, ...others } = config.paymentMethods;
  return { ...config, paymentMethods: others };
}
