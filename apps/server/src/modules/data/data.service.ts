import type { ShopConfigFile, UserData } from '@festival/contract';
import { SerializedAnswer, type PrecompressedEncoding } from '../../http/api-route';
import { compressAnswer, deflatePart, gzipOfParts, ONE_CALL_MAX_BYTES, type DeflatedPart } from '../../http/compression';
import type { Db } from '../../db/client';
import type { CustomerRow } from '../accounts/session.queries';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import { bankTransferOffered, customerOrdersAndRefunds } from '../orders/order-view';
import { readerLanguage } from '../../lib/reader';

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
  /**
   * A visitor's "cart and data" answer, `{"cart":<cart>,"data":…}`: the cart serialised per call,
   * the rest (the visitor's data) spliced in as encoded, and deflated for gzip, once per snapshot.
   */
  visitorCartAnswer(snapshot: CatalogSnapshot, cart: unknown): SerializedAnswer;
  /**
   * An answer that ends with a customer's user data, `<head><user data>}`: their own parts
   * serialised per call, the catalogue's (the same for everyone, most of the answer) spliced in
   * as encoded, and deflated for gzip, once per snapshot. `head` opens the answer up to the
   * data's key (`{"data":`, or `{"cart":…,"data":`).
   */
  customerAnswer(snapshot: CatalogSnapshot, data: UserData, head: string): SerializedAnswer;
}

/** What every answer of one snapshot shares, made at its first use. */
interface SnapshotAnswers {
  json: string;
  bytes: Buffer;
  compressed: Partial<Record<PrecompressedEncoding, Buffer>>;
  /** `,"data":…}`: the end of a visitor's "cart and data" answer after `{"cart":…`. */
  dataTail: Buffer;
  /** `"products":…,"merchandise":…}}`: the end of a customer's answer after their own data. */
  catalogue: Buffer;
  deflated: { dataTail?: DeflatedPart; catalogue?: DeflatedPart };
}

/**
 * Answers that end with a part shared by the snapshot: the JSON as bytes, and gzip (the shared
 * part deflated once, the call's own bytes spliced before it; http/compression.ts) for a
 * browser that takes it. Brotli cannot be spliced: such an answer is sent as gzip even to a
 * browser that prefers brotli, a few percent larger and many times cheaper than compressing the
 * whole answer again on every call.
 */
function splicedAnswer(own: string, shared: Buffer, deflated: () => DeflatedPart): SerializedAnswer {
  const head = Buffer.from(own);
  const json = Buffer.concat([head, shared]);
  // A customer with a long history: their own part would be deflated on the event loop, so the
  // answer goes the way of every large one instead (compressed on the way out, off the loop).
  if (head.length > ONE_CALL_MAX_BYTES) return new SerializedAnswer(json);
  return new SerializedAnswer(json, () => gzipOfParts([head, deflated()]), ['gzip']);
}

export function createVisitorAnswers(config: ShopConfigFile): VisitorAnswers {
  const answers = new WeakMap<CatalogSnapshot, SnapshotAnswers>();
  const of = (snapshot: CatalogSnapshot) => {
    let answer = answers.get(snapshot);
    if (!answer) {
      const visitorData = buildUserData(snapshot, config, null);
      const json = JSON.stringify({ data: visitorData });
      const catalogue = Buffer.from(`"products":${JSON.stringify(visitorData.products)},"merchandise":${JSON.stringify(visitorData.merchandise)}}}`);
      answer = { json, bytes: Buffer.from(json), compressed: {}, dataTail: Buffer.from(`,${json.slice(1)}`), catalogue, deflated: {} };
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
    visitorCartAnswer(snapshot, cart) {
      const answer = of(snapshot);
      return splicedAnswer(`{"cart":${JSON.stringify(cart)}`, answer.dataTail, () => (answer.deflated.dataTail ??= deflatePart(answer.dataTail)));
    },
    customerAnswer(snapshot, data, head) {
      // Everyone's products and merchandise are the visitor's (buildUserData), so they are spliced:
      // copying the encoded catalogue costs less than encoding its text again on every answer.
      const { products: _products, merchandise: _merchandise, ...own } = data;
      const answer = of(snapshot);
      return splicedAnswer(`${head}${JSON.stringify(own).slice(0, -1)},`, answer.catalogue, () => (answer.deflated.catalogue ??= deflatePart(answer.catalogue)));
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
  return async (given, customer, options) => {
    // The catalogue's texts in the customer's language where the caller has none of a request's
    // (an answer made by a service): their account's, which follows their switcher (decision 0094).
    const language = given.language ?? readerLanguage(config, customer.language);
    const snapshot = given.language === null ? given.in(language) : given;
    if (options?.versionIsCurrent && customer.dataVersion === 0) return buildUserData(snapshot, config, customer);
    // The answers in their language too, also where the catalogue has no texts in it (the snapshot is then the default's).
    const { orders, refunds, existingTickets } = await customerOrdersAndRefunds(db, customer.id, snapshot, appSecret, now(), undefined, bankTransferOffered(config), refundProvider, language);
    return { ...buildUserData(snapshot, config, customer), orders, refunds, existing_tickets: existingTickets };
  };
}
