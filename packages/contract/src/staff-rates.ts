import { z } from 'zod';
import { issueMessage, message, messageWith } from './i18n/text';
import { shippingRateDefinition, taxRateDefinition } from './rate-fields';

const noTaxRate = messageWith<{ code: string }>({ id: 'staffRateMessages.noTaxRate', defaultMessage: 'There is no tax rate {code}.' });
const noShippingRate = messageWith<{ country: string }>({ id: 'staffRateMessages.noShippingRate', defaultMessage: 'There is no shipping rate to {country}.' });
const codeKept = messageWith<{ code: string }>({ id: 'staffRateMessages.codeKept', defaultMessage: 'must stay {code}: the catalogue file and items name the rate by it' });
const countryKept = messageWith<{ country: string }>({ id: 'staffRateMessages.countryKept', defaultMessage: 'must stay {country}: add a rate for another country instead' });
const taxCreated = messageWith<{ code: string }>({ id: 'staffRateMessages.taxCreated', defaultMessage: 'Tax rate {code} is created.' });
const taxSaved = messageWith<{ code: string }>({
  id: 'staffRateMessages.taxSaved',
  defaultMessage: 'Tax rate {code} is saved. Invoices issued from now on use it; invoices already issued keep the rate they charged.',
});
const taxArchived = messageWith<{ code: string }>({ id: 'staffRateMessages.taxArchived', defaultMessage: 'Tax rate {code} is archived: no item can take it now.' });
const taxRestored = messageWith<{ code: string }>({ id: 'staffRateMessages.taxRestored', defaultMessage: 'Tax rate {code} is restored: items can take it again.' });
const shippingArchived = messageWith<{ country: string }>({ id: 'staffRateMessages.shippingArchived', defaultMessage: 'The shipping rate to {country} is archived: the shop no longer ships there.' });
const shippingRestored = messageWith<{ country: string }>({ id: 'staffRateMessages.shippingRestored', defaultMessage: 'The shipping rate to {country} is restored: the shop ships there again.' });
const shippingCreated = messageWith<{ country: string }>({ id: 'staffRateMessages.shippingCreated', defaultMessage: 'The shipping rate to {country} is created.' });
const shippingSaved = messageWith<{ country: string }>({
  id: 'staffRateMessages.shippingSaved',
  defaultMessage: 'The shipping rate to {country} is saved. New orders use it at once; orders placed already keep what they paid.',
});

/**
 * The back office's tax rates and shipping rates (issue 37 point 1, decision 0101): admins list,
 * create, change and archive them with the catalogue file's rules (rate-fields.ts). Nothing is
 * deleted: a rate that orders or invoices name stays, archived.
 */
export const staffRateMessages = {
  chooseTaxRate: message({ id: 'staffRateMessages.chooseTaxRate', defaultMessage: 'Choose a tax rate.' }),
  chooseShippingRate: message({ id: 'staffRateMessages.chooseShippingRate', defaultMessage: 'Choose a shipping rate.' }),
  noTaxRate: (code: string) => noTaxRate({ code }),
  noShippingRate: (country: string) => noShippingRate({ country }),
  /** Said after the code field. */
  codeKept: (code: string) => codeKept({ code }),
  /** Said after the country field. */
  countryKept: (country: string) => countryKept({ country }),
  nothingToChange: message({ id: 'staffRateMessages.nothingToChange', defaultMessage: 'Change at least one field.' }),
  taxCreated: (code: string) => taxCreated({ code }),
  taxSaved: (code: string) => taxSaved({ code }),
  taxArchived: (code: string) => taxArchived({ code }),
  taxRestored: (code: string) => taxRestored({ code }),
  shippingArchived: (country: string) => shippingArchived({ country }),
  shippingRestored: (country: string) => shippingRestored({ country }),
  shippingCreated: (country: string) => shippingCreated({ country }),
  shippingSaved: (country: string) => shippingSaved({ country }),
};

const texts = staffRateMessages;
const count = z.number().int();

export const taxRateView = z.object({
  code: z.string(),
  name: z.string(),
  /** Percentage: 21 or 9.5. */
  rate: z.number(),
  archived: z.boolean(),
  /** Items (products and merchandise) that take it. */
  items: count,
  /** Fields last set here: an import keeps them until the file wins. */
  back_office_fields: z.array(z.string()),
});
export type TaxRateView = z.infer<typeof taxRateView>;

export const shippingRateView = z.object({
  country: z.string(),
  name: z.string(),
  type: z.string(),
  price: count,
  archived: z.boolean(),
  back_office_fields: z.array(z.string()),
});
export type ShippingRateView = z.infer<typeof shippingRateView>;

export const rateListPayload = z.object({}).strict();
export const rateListAnswer = z.object({
  currency: z.string(),
  /** In the file's order (the order the shop first had them). */
  tax_rates: z.array(taxRateView),
  shipping_rates: z.array(shippingRateView),
});
export type RateListAnswer = z.infer<typeof rateListAnswer>;

/** Creates a tax rate (`code` null) or changes the rate of `code`, sent whole as the file writes it; archiving is `archived: true`. */
export const taxRateSavePayload = z
  .object({
    code: z.string({ error: issueMessage(texts.chooseTaxRate) }).trim().min(1, issueMessage(texts.chooseTaxRate)).max(64, issueMessage(texts.chooseTaxRate)).nullable(),
    tax_rate: taxRateDefinition,
  })
  .strict();
export const taxRateSaveAnswer = z.object({ tax_rate: taxRateView, message: z.string() });

/** Creates a shipping rate (`country` null) or changes the rate to `country`, sent whole; archiving is `archived: true`. */
export const shippingRateSavePayload = z
  .object({
    country: z.string({ error: issueMessage(texts.chooseShippingRate) }).trim().min(1, issueMessage(texts.chooseShippingRate)).max(2, issueMessage(texts.chooseShippingRate)).nullable(),
    shipping_rate: shippingRateDefinition,
  })
  .strict();
export const shippingRateSaveAnswer = z.object({ shipping_rate: shippingRateView, message: z.string() });
