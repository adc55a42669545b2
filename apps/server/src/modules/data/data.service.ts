import type { ShopConfigFile, UserData } from '@festival/contract';
import type { Db } from '../../db/client';
import { findSessionCustomer } from '../accounts/session.service';
import { listShopItems } from '../catalog/catalog.service';

/**
 * The user data of get-data and of every call that answers "data". A token that no longer
 * belongs to a customer answers customer null, and the web app logs out (spec section 4).
 * Orders, refunds and existing tickets are filled by the checkout and portal modules.
 */
export async function getUserData(db: Db, config: ShopConfigFile, token: string | null | undefined): Promise<UserData> {
  const [customer, items] = await Promise.all([findSessionCustomer(db, token), listShopItems(db)]);
  return {
    customer: customer
      ? { full_name: customer.fullName, email: customer.email, country: customer.country, address: customer.address }
      : null,
    config: { shopActive: config.shopActive, merchandiseActive: config.merchandiseActive },
    country: customer?.country ?? null,
    orders: [],
    refunds: [],
    products: config.shopActive ? items.products : [],
    merchandise: config.shopActive && config.merchandiseActive ? items.merchandise : [],
    existing_tickets: [],
  };
}
