import path from 'node:path';
import type { ShopConfigFile } from '@festival/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import type { Database } from '../../apps/server/src/db/client';
import { REPO_ROOT } from '../../apps/server/src/env';
import { loadShopConfig } from '../../apps/server/src/modules/config/shop-config';
import type { PaymentGateway } from '../../apps/server/src/modules/payments/gateway';
import type { ProviderCredentials } from '../../apps/server/src/modules/payments/gateway-choice';
import { createConfiguredGateway } from '../../apps/server/src/modules/payments/gateways/configured';
import { TEST_HOLD_LIMITS } from '../../apps/server/test/test-shop';
import { demoDatabase } from './own-shop';

/**
 * A shop served in the test's own process with a real provider's gateway pointed at that
 * provider's local double (apps/server/test/provider-doubles): the providers' and the unpaid
 * orders' journeys.
 */

export type ProviderName = 'stripe' | 'mollie';

/** Minor units of an amount as the shop or a double writes it ("€179.50", "179.50"): the euro's two decimals. */
export const minorUnits = (text: string) => {
  const match = /(\d[\d,]*)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[1]!.replaceAll(',', '') + match[2]!);
};

/** The shop, served in this process on a database of its own, taking card payments through the provider's double. */
export interface ProviderShop {
  base: string;
  database: Database;
  config: ShopConfigFile;
  /** The gateway the shop uses: the organiser's command refunds through the same one. */
  gateway: PaymentGateway;
  app: FastifyInstance;
}

export async function startShop(provider: ProviderName, port: number, credentials: ProviderCredentials): Promise<ProviderShop> {
  const base = `http://127.0.0.1:${port}`;
  const database = await demoDatabase();
  try {
    const config: ShopConfigFile = { ...loadShopConfig(path.join(REPO_ROOT, 'config/demo-shop.json')), gateway: provider, publicBaseUrl: base };
    const appSecret = `providers-journey-secret-${provider}-of-at-least-32-characters`;
    const gateway = createConfiguredGateway({ provider }, { credentials, appSecret });
    if (!gateway) throw new Error(`no ${provider} gateway was built`);
    const app = await buildApp({
      db: database.db,
      config,
      webRoot: path.join(REPO_ROOT, 'apps/web/dist'),
      devMailbox: true,
      appSecret,
      holdLimits: TEST_HOLD_LIMITS,
      gatewayEnvironment: { production: false, demoConfig: false, credentials },
      gateway,
    });
    try {
      await app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      await app.close();
      throw error;
    }
    return { base, database, config, gateway, app };
  } catch (error) {
    await database.close();
    throw error;
  }
}


