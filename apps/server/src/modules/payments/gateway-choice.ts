import type { ShopConfigFile } from '@festival/contract';
import { SANDBOX_PROVIDER } from './sandbox-gateway';

/** The providers this shop has an adapter for: the sandbox, and gateways/<provider>.ts. */
export const KNOWN_GATEWAYS = [SANDBOX_PROVIDER, 'stripe', 'mollie'] as const;
export type KnownGateway = (typeof KNOWN_GATEWAYS)[number];

/** What decides whether the sandbox may take payments (decision 0026). */
export interface GatewayEnvironment {
  /** NODE_ENV=production. */
  production: boolean;
  /** SANDBOX_PAYMENTS: true ("1") allows the sandbox in production, false ("0") refuses it anywhere, undefined leaves the rule below. */
  sandboxPayments?: boolean | undefined;
  /** The configuration is the demo shop's own file (SHOP_CONFIG unset or pointing at it), not a shop of one's own. */
  demoConfig: boolean;
  /** The providers' credentials, from the environment only (decision 0037). */
  credentials?: ProviderCredentials;
}

export interface ProviderCredentials {
  /** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (several while rotating), STRIPE_API_URL (a local double). */
  stripe?: { secretKey?: string | undefined; webhookSecrets?: readonly string[] | undefined; apiUrl?: string | undefined };
  /** MOLLIE_API_KEY, MOLLIE_API_URL (a local double). */
  mollie?: { apiKey?: string | undefined; apiUrl?: string | undefined };
}

export interface GatewayChoice {
  /** The provider card payments go to, or null: no card payments are offered. */
  provider: KnownGateway | null;
  /** What the log must say at start (the sandbox in use, cards listed without a gateway, a provider in test mode). */
  warnings: string[];
  /** A real provider's key is a live one: real money moves. */
  live?: boolean;
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
export function chooseGateway(config: Pick<ShopConfigFile, 'gateway' | 'paymentMethods' | 'publicBaseUrl'>, environment: GatewayEnvironment): GatewayChoice {
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
  if (named === 'stripe') return chooseStripe(config, environment.credentials?.stripe ?? {});
  if (named === 'mollie') return chooseMollie(config, environment.credentials?.mollie ?? {});
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

const STRIPE_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/;
const MOLLIE_KEY = /^(test|live)_[A-Za-z0-9]+$/;

/**
 * What a live key needs before real money may move: the provider's own API (a live key is never
 * sent to another host, such as a test double), and a public address over HTTPS that the provider
 * can send its news and the payer back to.
 */
function liveKeyProblems(provider: string, config: Pick<ShopConfigFile, 'publicBaseUrl'>, apiUrl: string | undefined, apiVariable: string): void {
  if (apiUrl) throw new GatewayConfigError(`${apiVariable} points the ${provider} SDK at ${apiUrl}, but the key is a live key: a live key only ever goes to ${provider} itself. Remove ${apiVariable}, or use a test key.`);
  if (!/^https:\/\//.test(config.publicBaseUrl) || /^https:\/\/(localhost|127\.|\[::1\])/.test(config.publicBaseUrl)) {
    throw new GatewayConfigError(
      `The shop's public address is ${config.publicBaseUrl}, but a live ${provider} key needs one that ${provider} and payers can reach over HTTPS (its notifications and the payer's return go there). Set "publicBaseUrl" to the shop's https:// address.`,
    );
  }
}

function chooseStripe(config: Pick<ShopConfigFile, 'publicBaseUrl'>, credentials: NonNullable<ProviderCredentials['stripe']>): GatewayChoice {
  const key = credentials.secretKey ?? '';
  if (!key) throw new GatewayConfigError('The shop configuration names the "stripe" gateway, but STRIPE_SECRET_KEY is not set. Set it to the secret key (sk_live_… or sk_test_…) or a restricted key (rk_…) from the Stripe dashboard (docs/payments.md).');
  if (!STRIPE_KEY.test(key)) throw new GatewayConfigError('STRIPE_SECRET_KEY is not a Stripe secret key: it starts with sk_live_, sk_test_, rk_live_ or rk_test_. A publishable key (pk_…) cannot create payments.');
  const live = key.includes('_live_');
  const secrets = credentials.webhookSecrets ?? [];
  const badSecret = secrets.find((secret) => !/^whsec_[A-Za-z0-9]+$/.test(secret));
  if (badSecret !== undefined) throw new GatewayConfigError('STRIPE_WEBHOOK_SECRET must list webhook signing secrets (whsec_…), comma-separated.');
  if (!secrets.length) {
    throw new GatewayConfigError(
      (live ? 'STRIPE_SECRET_KEY is a live key, but STRIPE_WEBHOOK_SECRET is not set' : 'STRIPE_WEBHOOK_SECRET is not set') +
        ': without it the shop cannot verify Stripe\'s news, and no payment would ever be confirmed. ' +
        'Register the webhook endpoint in the Stripe dashboard (docs/payments.md) and set STRIPE_WEBHOOK_SECRET to its signing secret (whsec_…)' +
        (live ? '.' : '; for a shop on your own machine, `stripe listen` prints one.'),
    );
  }
  if (live) {
    liveKeyProblems('Stripe', config, credentials.apiUrl, 'STRIPE_API_URL');
    return { provider: 'stripe', warnings: [], live: true };
  }
  return { provider: 'stripe', warnings: ['card payments go to Stripe in test mode (a test key): no money moves'], live: false };
}

function chooseMollie(config: Pick<ShopConfigFile, 'publicBaseUrl'>, credentials: NonNullable<ProviderCredentials['mollie']>): GatewayChoice {
  const key = credentials.apiKey ?? '';
  if (!key) throw new GatewayConfigError('The shop configuration names the "mollie" gateway, but MOLLIE_API_KEY is not set. Set it to the API key (live_… or test_…) of the website profile in the Mollie dashboard (docs/payments.md).');
  if (!MOLLIE_KEY.test(key)) throw new GatewayConfigError('MOLLIE_API_KEY is not a Mollie API key: it starts with live_ or test_.');
  // Mollie's news carries only a payment id, which the shop reads back from Mollie with this key: no webhook secret exists.
  if (key.startsWith('live_')) {
    liveKeyProblems('Mollie', config, credentials.apiUrl, 'MOLLIE_API_URL');
    return { provider: 'mollie', warnings: [], live: true };
  }
  return { provider: 'mollie', warnings: ['card payments go to Mollie in test mode (a test key): no money moves'], live: false };
}
