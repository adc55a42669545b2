import type { ShopConfigFile, UserData } from '@festival/contract';
import type { PrecompressedEncoding } from '../../http/api-route';
import { compressAnswer } from '../../http/compression';
import type { Db } from '../../db/client';
import type { CustomerRow } from '../accounts/session.queries';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import { bankTransferOffered, customerOrdersAndRefunds } from '../orders/order-view';

/**
 * get-data as every visitor without a session gets it, serialised and encoded once per catalogue
 * snapshot: the API's answer and the one put into pages (page-preload.ts) are the same text.
 */
export interface VisitorAnswers {
  /** `{"data":…}`. */
  json(snapshot: CatalogSnapshot): string;
  /** The same, encoded, to send as it is. */
  bytes(snapshot: CatalogSnapshot): Buffer;
  /** The same, compressed, made once per snapshot and encoding: every visitor gets the same answer. */
  compressed(snapshot: CatalogSnapshot, encoding: PrecompressedEncoding): Buffer;
  /** `,"data":…}` encoded: the end of a "cart and data" answer after `{"cart":…`. */
  dataTail(snapshot: CatalogSnapshot): Buffer;
  /**
   * An answer that ends with a customer's user data, `<head><user data>}`, as bytes to send: their
   * own parts serialised per call, the catalogue's (the same for everyone, most of the answer)
   * spliced in as encoded once per snapshot. `head` opens the answer up to the data's key
   * (`{"data":`, or `{"cart":…,"data":`).
   */
  customerAnswer(snapshot: CatalogSnapshot, data: UserData, head: string): Buffer;
}

export function createVisitorAnswers(config: ShopConfigFile): VisitorAnswers {
  const answers = new WeakMap<CatalogSnapshot, { json: string; bytes: Buffer; dataTail: Buffer; catalogue: Buffer; compressed: Partial<Record<PrecompressedEncoding, Buffer>> }>();
  const of = (snapshot: CatalogSnapshot) => {
    let answer = answers.get(snapshot);
    if (!answer) {
      const visitorData = buildUserData(snapshot, config, null);
      const json = JSON.stringify({ data: visitorData });
      const catalogue = Buffer.from(`"products":${JSON.stringify(visitorData.products)},"merchandise":${JSON.stringify(visitorData.merchandise)}}}`);
      answer = { json, bytes: Buffer.from(json), dataTail: Buffer.from(`,${json.slice(1)}`), catalogue, compressed: {} };
      answers.set(snapshot, answer);
    }
    return answer;
  };
  return {
    json: (snapshot) => of(snapshot).json,
    bytes: (snapshot) => of(snapshot).bytes,
    compressed(snapshot, encoding) {
      const answer = of(snapshot);
      return (answer.compressed[encoding] ??= compressAnswer(answer.bytes, encoding));
    },
    dataTail: (snapshot) => of(snapshot).dataTail,
    customerAnswer(snapshot, data, head) {
      // Everyone's products and merchandise are the visitor's (buildUserData), so they are spliced:
      // copying the encoded catalogue costs less than encoding its text again on every answer.
      const { products: _products, merchandise: _merchandise, ...own } = data;
      return Buffer.concat([Buffer.from(`${head}${JSON.stringify(own).slice(0, -1)},`), of(snapshot).catalogue]);
    },
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

/** get-data for a logged-in customer. */
export type CustomerData = (
  snapshot: CatalogSnapshot,
  customer: CustomerRow,
  options?: {
    /**
     * The customer row was read in this request with nothing of theirs changed since (the
     * session lookup of a read or a cart call), so its data_version is current.
     */
    versionIsCurrent?: boolean;
  },
) => Promise<UserData>;

/**
 * get-data for a logged-in customer: their details and country, their orders and refunds, and
 * the tickets they bought or hold (for the cart's add-on warning). The orders' checksums are
 * signed with the shop's secret. A customer whose data_version is still 0 has none of these
 * (database triggers count every change, migration 0006): at an on-sale, where most buyers are
 * new, their answers need no query beyond the session's.
 */
export function createCustomerData(db: Db, config: ShopConfigFile, appSecret: string, now: () => Date = () => new Date(), refundProvider: string | null = null): CustomerData {
  return async (snapshot, customer, options) => {
    if (options?.versionIsCurrent && customer.dataVersion === 0) return buildUserData(snapshot, config, customer);
    const { orders, refunds, existingTickets } = await customerOrdersAndRefunds(db, customer.id, snapshot, appSecret, now(), undefined, bankTransferOffered(config), refundProvider);
    return { ...buildUserData(snapshot, config, customer), orders, refunds, existing_tickets: existingTickets };
  };
}
