import path from 'node:path';
import type { ShopConfigFile } from '@festival/contract';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_SHOP_CONFIG, type Env } from '../../../env';
import type { PaymentGateway } from '../gateway';
import { chooseGateway, type GatewayChoice, type GatewayEnvironment, type ProviderCredentials } from '../gateway-choice';
import { createSandboxGateway, type SandboxGateway } from '../sandbox-gateway';
import { createMollieGateway } from './mollie';
import { createStripeGateway } from './stripe';

/** The providers' credentials as the environment gives them (the only place they come from; decision 0037). */
export function credentialsFromEnv(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL' | 'MOLLIE_API_KEY' | 'MOLLIE_API_URL'>): ProviderCredentials {
  return {
    stripe: { secretKey: env.STRIPE_SECRET_KEY, webhookSecrets: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL },
    mollie: { apiKey: env.MOLLIE_API_KEY, apiUrl: env.MOLLIE_API_URL },
  };
}

/**
 * The gateway the choice names, built from its credentials (chooseGateway has checked them), or
 * null when the shop offers no card payments. The server and the organiser's commands (a refund
 * goes back through the provider) build theirs here.
 */
export function createConfiguredGateway(
  choice: Pick<GatewayChoice, 'provider'>,
  deps: { credentials?: ProviderCredentials | undefined; appSecret: string; logger?: FastifyBaseLogger | undefined; sandbox?: SandboxGateway | undefined },
): PaymentGateway | SandboxGateway | null {
  switch (choice.provider) {
    case null:
      return null;
    case 'sandbox':
      return deps.sandbox ?? createSandboxGateway(deps.appSecret);
    case 'stripe': {
      const stripe = deps.credentials?.stripe;
      return createStripeGateway({ secretKey: stripe?.secretKey ?? '', webhookSecrets: [...(stripe?.webhookSecrets ?? [])], apiUrl: stripe?.apiUrl, logger: deps.logger });
    }
    case 'mollie':
      return createMollieGateway({ apiKey: deps.credentials?.mollie?.apiKey ?? '', apiUrl: deps.credentials?.mollie?.apiUrl, logger: deps.logger });
  }
}

/** What decides the gateway, as the environment says it (the server and the organiser's commands read the same). */
export function gatewayEnvironmentFromEnv(env: Env): GatewayEnvironment {
  return { production: env.NODE_ENV === 'production', sandboxPayments: env.SANDBOX_PAYMENTS, demoConfig: path.resolve(env.SHOP_CONFIG) === DEMO_SHOP_CONFIG, credentials: credentialsFromEnv(env) };
}

/**
 * The gateway of an organiser's command (a refund goes back through it): the one the shop itself
 * would use, chosen by the same rules, so a command never refunds through another provider or
 * the sandbox. Refuses (GatewayConfigError) where the shop would refuse to start.
 */
export function gatewayForCommand(config: Pick<ShopConfigFile, 'gateway' | 'paymentMethods' | 'publicBaseUrl'>, env: Env): PaymentGateway | null {
  const environment = gatewayEnvironmentFromEnv(env);
  return createConfiguredGateway(chooseGateway(config, environment), { credentials: environment.credentials, appSecret: env.APP_SECRET });
}
