import { z } from 'zod';
import { catalogueBoolean, catalogueCode, catalogueMoney } from './catalogue-fields';
import { issueMessage, message, messageWith, type Text } from './i18n/text';

/**
 * The rules of tax rates and shipping rates (issue 37 point 1, decision 0101), shared by the
 * catalogue file's `tax_rates` and `shipping_rates` (the importer) and the back office's editors
 * (staff-rates.ts): one schema and one set of rules across entries, so the file and the browser
 * refuse the same values with the same words.
 */

const codeTwice = messageWith<{ code: string }>({ id: 'rateFieldMessages.codeTwice', defaultMessage: '"{code}" is the code of another tax rate' });
const countryTwice = messageWith<{ country: string }>({ id: 'rateFieldMessages.countryTwice', defaultMessage: '{country} has more than one rate' });
const taxArchived = messageWith<{ code: string }>({ id: 'rateFieldMessages.taxArchived', defaultMessage: 'the tax rate "{code}" is archived: choose another' });
const taxInUse = messageWith<{ count: number }>({
  id: 'rateFieldMessages.taxInUse',
  defaultMessage: '{count, plural, one {# item that is not archived uses} other {# items that are not archived use}} this rate: give them another rate, or archive them, before archiving it',
});

export const rateFieldMessages = {
  taxName: message({ id: 'rateFieldMessages.taxName', defaultMessage: 'must be 1-50 characters' }),
  rate: message({ id: 'rateFieldMessages.rate', defaultMessage: 'must be a percentage from 0 to 100 with at most two decimals' }),
  country: message({ id: 'rateFieldMessages.country', defaultMessage: 'must be a two-letter ISO country code such as NL' }),
  shippingName: message({ id: 'rateFieldMessages.shippingName', defaultMessage: 'must be 1-200 characters' }),
  shippingType: message({ id: 'rateFieldMessages.shippingType', defaultMessage: 'must be 1-50 characters' }),
  /** Said after a tax rate's code. */
  codeTwice: (code: string) => codeTwice({ code }),
  /** Said after a shipping rate's country. */
  countryTwice: (country: string) => countryTwice({ country }),
  /** Said after an item's tax. */
  taxArchived: (code: string) => taxArchived({ code }),
  /** Said after a tax rate's archived. */
  taxInUse: (count: number) => taxInUse({ count }),
};

const r = {
  taxName: issueMessage(rateFieldMessages.taxName),
  rate: issueMessage(rateFieldMessages.rate),
  country: issueMessage(rateFieldMessages.country),
  shippingName: issueMessage(rateFieldMessages.shippingName),
  shippingType: issueMessage(rateFieldMessages.shippingType),
};

/** A percentage with at most two decimals (21, 9.5): basis points, exactly. */
const hasTwoDecimalsAtMost = (rate: number) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9;

/** A tax rate as the catalogue file writes it and the back office sends it. */
export const taxRateDefinition = z
  .object({
    code: catalogueCode,
    name: z.string({ error: r.taxName }).trim().min(1, r.taxName).max(50, r.taxName),
    /** Percentage with at most two decimals: 21 or 9.5. */
    rate: z.number({ error: r.rate }).min(0, r.rate).max(100, r.rate).refine(hasTwoDecimalsAtMost, r.rate),
    /** No item may take it; it stays because invoices and the file name it. */
    archived: catalogueBoolean.default(false),
  })
  .strict();
export type TaxRateDefinition = z.output<typeof taxRateDefinition>;
export type TaxRateDefinitionInput = z.input<typeof taxRateDefinition>;

/** A shipping rate as the catalogue file writes it and the back office sends it: one per country. */
export const shippingRateDefinition = z
  .object({
    country: z.string({ error: r.country }).regex(/^[A-Z]{2}$/, r.country),
    name: z.string({ error: r.shippingName }).trim().min(1, r.shippingName).max(200, r.shippingName),
    type: z.string({ error: r.shippingType }).trim().min(1, r.shippingType).max(50, r.shippingType).default('standard'),
    price: catalogueMoney,
    /** The shop no longer ships there. */
    archived: catalogueBoolean.default(false),
  })
  .strict();
export type ShippingRateDefinition = z.output<typeof shippingRateDefinition>;
export type ShippingRateDefinitionInput = z.input<typeof shippingRateDefinition>;

/** Basis points (2100) of a rate (21): exact for the two decimals the schema allows. */
export const basisPointsOf = (rate: number) => Math.round(rate * 100);
/** The rate (21.5) of basis points (2150). */
export const rateOfBasisPoints = (basisPoints: number) => basisPoints / 100;

export type RateProblem = { index: number; path: (string | number)[]; text: Text };

/**
 * The rules across tax rates, the importer's and the editor's (which asks them of the shop's rates
 * with its change in place): a code names one rate. Linear in the rates. Entries that are not
 * valid on their own are null.
 */
export function taxRatesProblems(rates: readonly ({ code: string } | null)[]): RateProblem[] {
  const problems: RateProblem[] = [];
  const seen = new Set<string>();
  rates.forEach((rate, index) => {
    if (!rate) return;
    if (seen.has(rate.code)) problems.push({ index, path: ['code'], text: rateFieldMessages.codeTwice(rate.code) });
    seen.add(rate.code);
  });
  return problems;
}

/** The rules across shipping rates: one rate a country (the checkout looks a rate up by country). */
export function shippingRatesProblems(rates: readonly ({ country: string } | null)[]): RateProblem[] {
  const problems: RateProblem[] = [];
  const seen = new Set<string>();
  rates.forEach((rate, index) => {
    if (!rate) return;
    if (seen.has(rate.country)) problems.push({ index, path: ['country'], text: rateFieldMessages.countryTwice(rate.country) });
    seen.add(rate.country);
  });
  return problems;
}

/**
 * An item's tax as both sides check it: it names an archived rate (null: fine). `archived`: the
 * codes of archived rates. An archived item keeps its rate, archived or not (decision 0111): it is
 * not sold, and the documents of what it sold read that rate; it is asked again when the item is
 * restored.
 */
export function itemTaxProblem(tax: string, archived: ReadonlySet<string>, itemArchived = false): Text | null {
  return !itemArchived && archived.has(tax) ? rateFieldMessages.taxArchived(tax) : null;
}
