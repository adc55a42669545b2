import type { ShopConfigFile, UserData } from '@festival/contract';
import type { CustomerRow } from '../accounts/session.queries';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';

/**
 * get-data as every visitor without a session gets it, serialised once per catalogue snapshot:
 * the API's answer and the one put into pages (page-preload.ts) are the same string.
 */
export function createVisitorAnswers(config: ShopConfigFile): (snapshot: CatalogSnapshot) => string {
  const answers = new WeakMap<CatalogSnapshot, string>();
  return (snapshot) => {
    let json = answers.get(snapshot);
    if (!json) {
      json = JSON.stringify({ data: buildUserData(snapshot, config, null) });
      answers.set(snapshot, json);
    }
    return json;
  };
}

/**
 * The user data of get-data and of every call that answers "data". A token that no longer
 * belongs to a customer answers customer null, and the web app logs out (spec section 4).
 * Orders, refunds and existing tickets are filled by the checkout and portal modules.
 */
export function buildUserData(snapshot: CatalogSnapshot, config: ShopConfigFile, customer: CustomerRow | null): UserData {
  return {
    customer: customer
      ? { full_name: customer.fullName, email: customer.email, country: customer.country, address: customer.address }
      : null,
    config: { shopActive: config.shopActive, merchandiseActive: config.merchandiseActive },
    country: customer?.country ?? null,
    orders: [],
    refunds: [],
    products: config.shopActive ? snapshot.products : [],
    merchandise: config.shopActive && config.merchandiseActive ? snapshot.merchandise : [],
    existing_tickets: [],
  };
}

