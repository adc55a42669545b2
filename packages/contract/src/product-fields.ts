import { z } from 'zod';
import { catalogueBoolean, catalogueCode, catalogueCount, catalogueInstant, catalogueMoney, windowProblem } from './catalogue-fields';
import { paymentPlanEntry } from './catalog';
import { festivalDays } from './checkin-list-fields';
import { itemTextTranslations } from './catalogue-languages';
import { priceTierMessages, priceTiers } from './price-tiers';
import { itemTaxProblem } from './rate-fields';
import { merchandiseVariant, variantMessages } from './variants';
import { productQuestions } from './product-questions';
import { issueMessage, message, messageWith, type Text } from './i18n/text';

/**
 * The rules of products and merchandise (issue 37 point 1, decision 0103), shared by the catalogue
 * file's `products` and `merchandise` (the importer) and the back office's item calls (create,
 * duplicate, archive on the Catalogue page): one schema and one set of rules across entries, so the
 * file and the browser refuse the same values with the same words.
 */

const codeUsedBy = messageWith<{ code: string; by: string }>({
  id: 'productFieldMessages.codeUsedBy',
  defaultMessage: '"{code}" is already used by {by}; codes must be unique across products and merchandise',
});
const codeTaken = messageWith<{ code: string }>({ id: 'productFieldMessages.codeTaken', defaultMessage: '"{code}" is the code of another product or merchandise item' });
const noEvent = messageWith<{ code: string }>({ id: 'productFieldMessages.noEvent', defaultMessage: 'no event has the code "{code}"' });
const eventArchived = messageWith<{ code: string }>({ id: 'productFieldMessages.eventArchived', defaultMessage: 'the event "{code}" is archived: restore it first, or choose another' });
const noTax = messageWith<{ code: string }>({ id: 'productFieldMessages.noTax', defaultMessage: 'no tax rate has the code "{code}"' });
const planSum = messageWith<{ sum: number; total: number }>({ id: 'productFieldMessages.planSum', defaultMessage: 'the amounts add up to {sum}, but price plus fee is {total}' });

export const productFieldMessages = {
  name: message({ id: 'productFieldMessages.name', defaultMessage: 'must be 1-200 characters' }),
  productType: message({ id: 'productFieldMessages.productType', defaultMessage: 'must be a lower-case word such as ticket, transport or camping' }),
  merchandiseType: message({ id: 'productFieldMessages.merchandiseType', defaultMessage: 'must be a lower-case word such as shirt' }),
  image: message({ id: 'productFieldMessages.image', defaultMessage: 'must be a relative path to a .webp, .png, .jpg or .svg file' }),
  imagesMax: message({ id: 'productFieldMessages.imagesMax', defaultMessage: 'at most 4 images' }),
  /** The back office's create takes no images: they are added to an item that exists. */
  imagesLater: message({ id: 'productFieldMessages.imagesLater', defaultMessage: 'Images are added once the item exists.' }),
  description: message({ id: 'productFieldMessages.description', defaultMessage: 'must be at most 20000 characters' }),
  sort: message({ id: 'productFieldMessages.sort', defaultMessage: 'must be a whole number' }),
  planTooShort: message({ id: 'productFieldMessages.planTooShort', defaultMessage: 'a payment plan needs an initial payment and at least one instalment' }),
  transportRequired: message({ id: 'productFieldMessages.transportRequired', defaultMessage: 'is required for a transport product' }),
  transportOnly: message({ id: 'productFieldMessages.transportOnly', defaultMessage: 'is only allowed when type is transport' }),
  travelTimeRequired: message({ id: 'productFieldMessages.travelTimeRequired', defaultMessage: 'is required for fixed transport' }),
  travelTimesRequired: message({ id: 'productFieldMessages.travelTimesRequired', defaultMessage: 'needs at least one time for selectable transport' }),
  departureTwice: message({ id: 'productFieldMessages.departureTwice', defaultMessage: 'another departure leaves at the same time' }),
  /** Said after an item's code; `by`: where the code is first used (the file's products[0]). */
  codeUsedBy: (code: string, by: string) => codeUsedBy({ code, by }),
  /** Said after an item's code, in the back office. */
  codeTaken: (code: string) => codeTaken({ code }),
  noEvent: (code: string) => noEvent({ code }),
  eventArchived: (code: string) => eventArchived({ code }),
  noTax: (code: string) => noTax({ code }),
  planSum: (sum: number, total: number) => planSum({ sum, total }),
};

const p = {
  name: issueMessage(productFieldMessages.name),
  productType: issueMessage(productFieldMessages.productType),
  merchandiseType: issueMessage(productFieldMessages.merchandiseType),
  image: issueMessage(productFieldMessages.image),
  imagesMax: issueMessage(productFieldMessages.imagesMax),
  description: issueMessage(productFieldMessages.description),
  sort: issueMessage(productFieldMessages.sort),
  planTooShort: issueMessage(productFieldMessages.planTooShort),
};

/** Most images an item has (the file's and the back office's). */
export const CATALOGUE_IMAGES_MAX = 4;

/** An image of the file: a path relative to the file's folder. */
export const catalogueImagePath = z.string({ error: p.image }).regex(/^[A-Za-z0-9._/-]+\.(webp|png|jpe?g|svg)$/, p.image);

export const catalogueRefundRules = z
  .object({
    refundable: catalogueBoolean.default(false),
    fee: catalogueMoney.default(0),
    from: catalogueInstant.nullish(),
    until: catalogueInstant.nullish(),
  })
  .strict()
  .default({ refundable: false, fee: 0 });

const saleFields = {
  code: catalogueCode,
  // Not trimmed: the file's text reads back as written (the export's round trip); never blank.
  name: z.string({ error: p.name }).max(200, p.name).refine((name) => name.trim() !== '', p.name),
  /** The price; with tiers, the price once every tier has ended (decision 0099). */
  price: catalogueMoney,
  /** Price tiers before `price`, in order: each a price until a moment, or for the first units taken (decision 0099). */
  tiers: priceTiers.nullish(),
  fee: catalogueMoney.default(0),
  tax: catalogueCode.describe('code of a tax rate'),
  images: z.array(catalogueImagePath).max(CATALOGUE_IMAGES_MAX, p.imagesMax).default([]),
  description: z.string({ error: p.description }).max(20_000, p.description).default(''),
  /** null or absent: unlimited. */
  stock: catalogueCount.nullish(),
  featured: catalogueBoolean.default(false),
  force_view: catalogueBoolean.default(false),
  on_sale: catalogueBoolean.default(true),
  /** The sale window: an item on sale sells from on_sale_from (absent: at once) until on_sale_until (absent: for good). */
  on_sale_from: catalogueInstant.nullish(),
  on_sale_until: catalogueInstant.nullish(),
  limit_per_order: catalogueCount.default(0),
  refund: catalogueRefundRules,
  sort: z.number({ error: p.sort }).int(p.sort).min(-2_147_483_648, p.sort).max(2_147_483_647, p.sort).default(0),
  /** The name and description in the shop's other languages: `{ de: { name: …, description: … } }` (decision 0094). */
  translations: itemTextTranslations.optional(),
  /** Archived (decision 0103): the shop shows it nowhere; it stays, with its orders and tickets. */
  archived: catalogueBoolean.default(false),
};

type SaleWindows = { on_sale_from?: string | null | undefined; on_sale_until?: string | null | undefined; refund: { from?: string | null | undefined; until?: string | null | undefined } };

/** Windows end after they start: the sale's and the refund requests' (the back office checks the same). */
function saleRules(item: SaleWindows, ctx: z.RefinementCtx): void {
  const sale = windowProblem(item.on_sale_from, item.on_sale_until, 'on_sale_from');
  if (sale) ctx.addIssue({ code: 'custom', path: ['on_sale_until'], message: issueMessage(sale) });
  const refund = windowProblem(item.refund.from, item.refund.until, 'refund.from');
  if (refund) ctx.addIssue({ code: 'custom', path: ['refund', 'until'], message: issueMessage(refund) });
}

const lowerCaseWord = /^[a-z][a-z0-9-]*$/;

export const departureDefinition = z.object({ time: catalogueInstant, seats: catalogueCount.nullish() }).strict();

const productFields = {
  ...saleFields,
  event: catalogueCode.describe('code of an event'),
  /** ticket (entry), transport, or any other word for an add-on (camping, parking, locker...). */
  type: z.string({ error: p.productType }).regex(lowerCaseWord, p.productType),
  payment_plan: z.array(paymentPlanEntry).min(2, p.planTooShort).nullish(),
  name_changes: z
    .object({
      allowed: catalogueBoolean.default(false),
      until: catalogueInstant.nullish(),
      limit: catalogueCount.default(0),
    })
    .strict()
    .default({ allowed: false, limit: 0 }),
  email_changes: catalogueBoolean.default(false),
  /** An add-on sold only with one of these products (codes of its event's products) for the same holder (decision 0104). */
  requires: z.array(catalogueCode).min(1).nullish(),
  /** The festival days a day ticket is for: the check-in lists that name it admit it on these only, unless a list says otherwise. */
  days: festivalDays.nullish(),
  transport: z
    .object({
      travel_time_type: z.enum(['fixed', 'selectable']),
      /** For fixed transport: the one departure. */
      travel_time: catalogueInstant.nullish(),
      /** For selectable transport: the departures, seats null = untracked. */
      travel_times: z.array(departureDefinition).default([]),
      changes_until: catalogueInstant.nullish(),
    })
    .strict()
    .nullish(),
};

type ProductShape = z.output<z.ZodObject<typeof productFields>>;

/** A product's rules within itself: windows, tiers beside a plan, what its type needs of transport. */
function productRules(product: ProductShape, ctx: z.RefinementCtx): void {
  saleRules(product, ctx);
  const t = productFieldMessages;
  if (product.payment_plan && product.tiers) ctx.addIssue({ code: 'custom', path: ['tiers'], message: issueMessage(priceTierMessages.noPlan) });
  if (product.type === 'transport' && !product.transport) ctx.addIssue({ code: 'custom', path: ['transport'], message: issueMessage(t.transportRequired) });
  if (product.type !== 'transport' && product.transport) ctx.addIssue({ code: 'custom', path: ['transport'], message: issueMessage(t.transportOnly) });
  const transport = product.transport;
  if (transport?.travel_time_type === 'fixed' && !transport.travel_time) {
    ctx.addIssue({ code: 'custom', path: ['transport', 'travel_time'], message: issueMessage(t.travelTimeRequired) });
  }
  if (transport?.travel_time_type === 'selectable') {
    if (transport.travel_times.length === 0) ctx.addIssue({ code: 'custom', path: ['transport', 'travel_times'], message: issueMessage(t.travelTimesRequired) });
    // One row a departure time: the shop keeps a departure by its item and time.
    const seen = new Set<number>();
    transport.travel_times.forEach((time, index) => {
      const at = Date.parse(time.time);
      if (seen.has(at)) ctx.addIssue({ code: 'custom', path: ['transport', 'travel_times', index, 'time'], message: issueMessage(t.departureTwice) });
      seen.add(at);
    });
  }
}

const merchandiseFields = {
  ...saleFields,
  /** The kind of merchandise, used by the listing's type filter (shirt, hoodie, poster...). */
  type: z.string({ error: p.merchandiseType }).regex(lowerCaseWord, p.merchandiseType),
};

/** A merchandise entry's own rules: windows, and stock on its variants when it has some (decision 0104). */
function merchandiseRules(item: SaleWindows & { stock?: number | null | undefined; variants?: readonly unknown[] | null | undefined }, ctx: z.RefinementCtx): void {
  saleRules(item, ctx);
  if (item.variants?.length && item.stock !== undefined && item.stock !== null) ctx.addIssue({ code: 'custom', path: ['stock'], message: issueMessage(variantMessages.stockPerVariant) });
}

/**
 * A product (entry ticket, add-on, transport, with or without a payment plan) as the file writes
 * it, with the questions its buyers are asked (decision 0106; the back office edits them on a
 * product that exists, so its create takes none).
 */
export const productDefinition = z
  .object({ ...productFields, questions: productQuestions.default([]) })
  .strict()
  .superRefine(productRules);
export type ProductDefinition = z.output<typeof productDefinition>;
export type ProductDefinitionInput = z.input<typeof productDefinition>;

/**
 * A merchandise item as the file writes it; with `variants` (sizes or colours, each sold as an
 * item of its own with its own code and stock; the entry's other fields are theirs, decision 0104).
 * The back office makes variants with Add variant, so its create takes none.
 */
export const merchandiseDefinition = z
  .object({ ...merchandiseFields, variants: z.array(merchandiseVariant).min(1).nullish() })
  .strict()
  .superRefine(merchandiseRules);
export type MerchandiseDefinition = z.output<typeof merchandiseDefinition>;
export type MerchandiseDefinitionInput = z.input<typeof merchandiseDefinition>;

/** An entry of either kind, as the back office sends a new one: the file's entry with its `kind`. */
export const itemDefinition = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('product'), ...productFields }).strict().superRefine(productRules),
  z.object({ kind: z.literal('merchandise'), ...merchandiseFields }).strict().superRefine(saleRules),
]);
export type ItemDefinition = z.output<typeof itemDefinition>;
export type ItemDefinitionInput = z.input<typeof itemDefinition>;

export type ItemProblem = { index: number; path: (string | number)[]; text: Text };

/**
 * The rule across items, the importer's and the editor's: a code names one item, across products
 * and merchandise. Linear. Entries not valid on their own are null; `by` names where a code was
 * first used (the file's products[0]); without it the text says "another item".
 */
export function itemsProblems(items: readonly ({ code: string } | null)[], by?: (index: number) => string): ItemProblem[] {
  const problems: ItemProblem[] = [];
  const first = new Map<string, number>();
  items.forEach((item, index) => {
    if (!item) return;
    const earlier = first.get(item.code);
    if (earlier === undefined) first.set(item.code, index);
    else problems.push({ index, path: ['code'], text: by ? productFieldMessages.codeUsedBy(item.code, by(earlier)) : productFieldMessages.codeTaken(item.code) });
  });
  return problems;
}

/** What an item's references are checked against: the file's sections, or the shop's live state. */
export interface ItemReferences {
  /** Whether an event of the code exists; null: unknown (the file's events could not be read). */
  eventExists: ((code: string) => boolean) | null;
  /** Whether the event is archived (the back office's editor: a new product of it would never show). */
  eventArchived?: (code: string) => boolean;
  /** Whether a tax rate of the code exists; null: unknown. */
  taxExists: ((code: string) => boolean) | null;
  /** The codes of archived tax rates. */
  archivedTax: ReadonlySet<string>;
}

/** A payment plan's amounts add up to what the item costs (price plus fee); the problem, or null. */
export function paymentPlanProblem(plan: readonly { amount: number }[] | null | undefined, total: number): Text | null {
  if (!plan) return null;
  const sum = plan.reduce((added, entry) => added + entry.amount, 0);
  return sum === total ? null : productFieldMessages.planSum(sum, total);
}

/**
 * An item's rules against the rest of the catalogue, the importer's and the editor's: its event
 * exists (and, in the back office, is not archived), its tax rate exists and is not archived, a
 * product's payment plan adds up to its price plus fee.
 */
export function itemReferenceProblems(
  item: ({ kind: 'product'; event: string; tax: string; price: number; fee: number; payment_plan?: readonly { amount: number }[] | null | undefined } | { kind: 'merchandise'; tax: string }) & { archived?: boolean | undefined },
  references: ItemReferences,
): { path: (string | number)[]; text: Text }[] {
  const problems: { path: (string | number)[]; text: Text }[] = [];
  if (item.kind === 'product') {
    if (references.eventExists && !references.eventExists(item.event)) problems.push({ path: ['event'], text: productFieldMessages.noEvent(item.event) });
    else if (references.eventArchived?.(item.event)) problems.push({ path: ['event'], text: productFieldMessages.eventArchived(item.event) });
  }
  if (references.taxExists && !references.taxExists(item.tax)) problems.push({ path: ['tax'], text: productFieldMessages.noTax(item.tax) });
  const archived = itemTaxProblem(item.tax, references.archivedTax, item.archived ?? false);
  if (archived) problems.push({ path: ['tax'], text: archived });
  if (item.kind === 'product') {
    const plan = paymentPlanProblem(item.payment_plan, item.price + item.fee);
    if (plan) problems.push({ path: ['payment_plan'], text: plan });
  }
  return problems;
}
