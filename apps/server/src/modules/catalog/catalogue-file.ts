import {
  checkinListDefinition,
  festivalDays,
  listedProductCode,
  issueMessage,
  catalogueBoolean,
  itemTextTranslations,
  catalogueCode,
  catalogueCount,
  catalogueInstant,
  catalogueMoney,
  onsaleDefinition,
  paymentPlanEntry,
  priceTierMessages,
  priceTiers,
  productQuestions,
  voucherDefinition,
  shippingRateDefinition,
  eventDefinition,
  taxRateDefinition,
  windowProblem,
} from '@festival/contract';
import { z } from 'zod';

/**
 * The organiser's catalogue file (YAML or JSON), documented in docs/catalogue.md.
 * Money is integer minor units (12500 is 125.00); times are ISO-8601 with an offset.
 */
// The field rules the back office's catalogue page uses too (packages/contract, catalogue-fields.ts).
const code = catalogueCode;
const money = catalogueMoney;
const count = catalogueCount;
const instant = catalogueInstant;
/** Festival days and the day's cut-over: the check-in lists' rules (packages/contract, checkin-list-fields.ts). */
const image = z.string().regex(/^[A-Za-z0-9._/-]+\.(webp|png|jpe?g|svg)$/, 'must be a relative path to a .webp, .png, .jpg or .svg file');

const refundRules = z
  .object({
    refundable: catalogueBoolean.default(false),
    fee: money.default(0),
    from: instant.nullish(),
    until: instant.nullish(),
  })
  .strict()
  .default({ refundable: false, fee: 0 });

const saleFields = {
  code,
  name: z.string().min(1).max(200),
  /** The price; with tiers, the price once every tier has ended (decision 0099). */
  price: money,
  /** Price tiers before `price`, in order: each a price until a moment, or for the first units taken (decision 0099). */
  tiers: priceTiers.nullish(),
  fee: money.default(0),
  tax: code.describe('code of a tax rate'),
  images: z.array(image).max(4, 'at most 4 images').default([]),
  description: z.string().default(''),
  /** null or absent: unlimited. */
  stock: count.nullish(),
  featured: z.boolean().default(false),
  force_view: z.boolean().default(false),
  on_sale: catalogueBoolean.default(true),
  /** The sale window: an item on sale sells from on_sale_from (absent: at once) until on_sale_until (absent: for good). */
  on_sale_from: instant.nullish(),
  on_sale_until: instant.nullish(),
  limit_per_order: count.default(0),
  refund: refundRules,
  sort: z.number().int().default(0),
  /** The name and description in the shop's other languages: `{ de: { name: …, description: … } }` (decision 0094). */
  translations: itemTextTranslations.optional(),
};

/** Windows end after they start: the sale's and the refund requests' (the back office checks the same). */
function saleRules(item: { on_sale_from?: string | null | undefined; on_sale_until?: string | null | undefined; refund: { from?: string | null | undefined; until?: string | null | undefined } }, ctx: z.RefinementCtx): void {
  const sale = windowProblem(item.on_sale_from, item.on_sale_until, 'on_sale_from');
  if (sale) ctx.addIssue({ code: 'custom', path: ['on_sale_until'], message: issueMessage(sale) });
  const refund = windowProblem(item.refund.from, item.refund.until, 'refund.from');
  if (refund) ctx.addIssue({ code: 'custom', path: ['refund', 'until'], message: issueMessage(refund) });
}

/** An event: the same schema the back office's event calls take (packages/contract, event-fields.ts). */
export const catalogueEvent = eventDefinition;

export const catalogueProduct = z
  .object({
    ...saleFields,
    event: code.describe('code of an event'),
    /** ticket (entry), transport, or any other word for an add-on (camping, parking, locker...). */
    type: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a lower-case word such as ticket, transport or camping'),
    payment_plan: z.array(paymentPlanEntry).min(2, 'a payment plan needs an initial payment and at least one instalment').nullish(),
    name_changes: z
      .object({
        allowed: catalogueBoolean.default(false),
        until: instant.nullish(),
        limit: count.default(0),
      })
      .strict()
      .default({ allowed: false, limit: 0 }),
    email_changes: catalogueBoolean.default(false),
    /** The festival days a day ticket is for: the check-in lists that name it admit it on these only, unless a list says otherwise. */
    days: festivalDays.nullish(),
    transport: z
      .object({
        travel_time_type: z.enum(['fixed', 'selectable']),
        /** For fixed transport: the one departure. */
        travel_time: instant.nullish(),
        /** For selectable transport: the departures, seats null = untracked. */
        travel_times: z.array(z.object({ time: instant, seats: count.nullish() }).strict()).default([]),
        changes_until: instant.nullish(),
      })
      .strict()
      .nullish(),
    /** What the buyer is asked with this product, in this order (decision 0106): per ticket or per order. */
    questions: productQuestions.default([]),
  })
  .strict()
  .superRefine((product, ctx) => {
    saleRules(product, ctx);
    if (product.payment_plan && product.tiers) ctx.addIssue({ code: 'custom', path: ['tiers'], message: issueMessage(priceTierMessages.noPlan) });
    if (product.type === 'transport' && !product.transport) {
      ctx.addIssue({ code: 'custom', path: ['transport'], message: 'is required for a transport product' });
    }
    if (product.type !== 'transport' && product.transport) {
      ctx.addIssue({ code: 'custom', path: ['transport'], message: 'is only allowed when type is transport' });
    }
    const transport = product.transport;
    if (transport?.travel_time_type === 'fixed' && !transport.travel_time) {
      ctx.addIssue({ code: 'custom', path: ['transport', 'travel_time'], message: 'is required for fixed transport' });
    }
    if (transport?.travel_time_type === 'selectable' && transport.travel_times.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['transport', 'travel_times'], message: 'needs at least one time for selectable transport' });
    }
  });

export const catalogueMerchandise = z
  .object({
    ...saleFields,
    /** The kind of merchandise, used by the listing's type filter (shirt, hoodie, poster...). */
    type: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a lower-case word such as shirt'),
  })
  .strict()
  .superRefine(saleRules);

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
