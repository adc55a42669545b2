import {
  checkinListDefinition,
  listedProductCode,
  merchandiseDefinition,
  onsaleDefinition,
  productDefinition,
  voucherDefinition,
  shippingRateDefinition,
  eventDefinition,
  taxRateDefinition,
} from '@festival/contract';
import { z } from 'zod';

/**
 * The organiser's catalogue file (YAML or JSON), documented in docs/catalogue.md.
 * Money is integer minor units (12500 is 125.00); times are ISO-8601 with an offset.
 */

/** An event: the same schema the back office's event calls take (packages/contract, event-fields.ts). */
export const catalogueEvent = eventDefinition;

/** A product (decision 0103): the same schema the back office's item calls take (packages/contract, product-fields.ts). */
export const catalogueProduct = productDefinition;

/** A merchandise item (decision 0103): the same schema the back office's item calls take. */
export const catalogueMerchandise = merchandiseDefinition;

/** A voucher of any kind (decision 0096): the same schema the back office's voucher calls take. */
export const catalogueVoucher = voucherDefinition;

/** A shipping rate (decision 0101): the same schema the back office's shipping rate editor takes. */
export const catalogueShippingRate = shippingRateDefinition;

/** A tax rate (decision 0101): the same schema the back office's tax rate editor takes. */
export const catalogueTaxRate = taxRateDefinition;

/**
 * Where and when the products of an event admit (issue 21): the scanner checks a ticket against a
 * list. The back office's list editor takes the same schema (packages/contract, checkin-list-fields.ts);
 * products are checked against the file's products as a whole by `checkinListProblems` (catalogue-import.ts).
 */
export const catalogueCheckinList = checkinListDefinition;

/**
 * An on-sale (issue 23, decision 0048): when a sale opens for some products, and how its waiting
 * room admits buyers. The back office's `onsale-create` takes the same schema (contract,
 * onsale-rules.ts); products are checked against the file's products and merchandise as a whole.
 */
export const catalogueOnsale = onsaleDefinition;

export const catalogueFile = z
  .object({
    events: z.array(catalogueEvent).default([]),
    tax_rates: z.array(catalogueTaxRate).default([]),
    products: z.array(catalogueProduct).default([]),
    merchandise: z.array(catalogueMerchandise).default([]),
    vouchers: z.array(catalogueVoucher).default([]),
    shipping_rates: z.array(catalogueShippingRate).default([]),
    checkin_lists: z.array(catalogueCheckinList).default([]),
    onsales: z.array(catalogueOnsale).default([]),
  })
  .strict();
export type CatalogueFile = z.infer<typeof catalogueFile>;
export type CatalogueCheckinListProduct = CatalogueFile['checkin_lists'][number]['products'][number];
export { listedProductCode };
