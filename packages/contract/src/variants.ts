import { z } from 'zod';
import { catalogueBoolean, catalogueCode, catalogueCount } from './catalogue-fields';
import { sameHolderName } from './holder';
import { issueMessage, message, messageWith, type Text } from './i18n/text';

/**
 * Merchandise variants and add-ons' required products (issue 37 point 1, decision 0104): the rules
 * the catalogue file's importer, the back office and the cart share.
 *
 * A variant (a T-shirt's size) is a shop item of its own, with its own code and stock, sold as any
 * item; its group is the merchandise entry that names it, shown in the shop and never sold itself.
 */

const chooseVariant = messageWith<{ item: string }>({ id: 'variantMessages.chooseVariant', defaultMessage: 'Choose a size or variant of {item} first.' });
const needsProduct = messageWith<{ item: string; holder: string; products: readonly string[]; count: number }>({
  id: 'variantMessages.needsProduct',
  defaultMessage: '{item} can only be bought with {count, plural, one {{products}} other {one of {products}}} for {holder}: add it for the same person first.',
});
const requiresUnknown = messageWith<{ code: string }>({ id: 'variantMessages.requiresUnknown', defaultMessage: 'no product of this event has the code "{code}"' });

export const variantMessages = {
  label: message({ id: 'variantMessages.label', defaultMessage: 'must be 1-60 characters' }),
  /** Said after a merchandise entry's stock when it has variants. */
  stockPerVariant: message({ id: 'variantMessages.stockPerVariant', defaultMessage: 'is given per variant when the item has variants' }),
  /** A cart add of a group: its variants are what is sold. */
  chooseVariant: (item: string) => chooseVariant({ item }),
  /** A cart add or checkout of an add-on without one of its required products for its holder. */
  needsProduct: (item: string, holder: string, products: readonly string[]) => needsProduct({ item, holder, products, count: products.length }),
  /** Said after a product's requires. */
  requiresUnknown: (code: string) => requiresUnknown({ code }),
  requiresSelf: message({ id: 'variantMessages.requiresSelf', defaultMessage: 'a product cannot require itself' }),
};

const labelIssue = issueMessage(variantMessages.label);
export const variantLabel = z.string({ error: labelIssue }).trim().min(1, labelIssue).max(60, labelIssue);

/**
 * A variant as the catalogue file writes it (under a merchandise entry's `variants`) and the back
 * office's "Add variant" sends it. Everything else (name, price, images, tax…) is its group's.
 */
export const merchandiseVariant = z
  .object({
    code: catalogueCode,
    label: variantLabel,
    /** null or absent: unlimited. */
    stock: catalogueCount.nullish(),
    on_sale: catalogueBoolean.default(true),
    /** The label in the shop's other languages: `{ de: { label: … } }`. */
    translations: z.record(z.string(), z.object({ label: variantLabel }).strict()).optional(),
  })
  .strict();
export type MerchandiseVariant = z.output<typeof merchandiseVariant>;

/** A variant's name wherever an item's name is shown or copied: "T-shirt – M". */
export function variantName(name: string, label: string): string {
  return `${name} – ${label}`;
}

/** An entry's variant names in each of `languages` it has a name or a label in: the stored translations of a variant's name. */
export function variantNameTranslations(
  group: { name: string; translations: Readonly<Record<string, { name?: string | undefined; description?: string | undefined }>> | null | undefined },
  variant: { label: string; labels: Readonly<Record<string, string>> | null | undefined },
): Record<string, { name: string; description?: string }> | null {
  const languages = new Set([...Object.keys(group.translations ?? {}), ...Object.keys(variant.labels ?? {})]);
  if (!languages.size) return null;
  const named: Record<string, { name: string; description?: string }> = {};
  for (const language of [...languages].sort()) {
    const own = group.translations?.[language];
    const name = variantName(own?.name || group.name, variant.labels?.[language] || variant.label);
    named[language] = own?.description === undefined ? { name } : { name, description: own.description };
  }
  return named;
}

/** What a product's `requires` may name: the products of the catalogue by code. */
export interface RequirableProducts {
  get(code: string): { event: string | number | null } | undefined;
}

/** What is wrong with a product's required products: each code a product of the same event, never itself. By index in the list. */
export function requiresProblems(requires: readonly string[] | null | undefined, own: { code: string; event: string | number | null }, products: RequirableProducts): { index: number; text: Text }[] {
  const problems: { index: number; text: Text }[] = [];
  (requires ?? []).forEach((code, index) => {
    if (code === own.code) return problems.push({ index, text: variantMessages.requiresSelf });
    const found = products.get(code);
    if (!found || found.event !== own.event) problems.push({ index, text: variantMessages.requiresUnknown(code) });
  });
  return problems;
}

/** A ticket a holder has or is buying: its product's code and the holder's name. */
export interface HeldTicket {
  code: string;
  full_name: string | null;
}

/**
 * Whether an add-on's holder has one of its required products: a line of one in the same cart or
 * a ticket of one already bought, in the same holder name (names compare as the cart's add-on
 * warning and the duplicate rule compare them: case and extra spaces ignored). No requirement: yes.
 */
export function requirementMet(requires: readonly string[] | null | undefined, holder: string, tickets: readonly HeldTicket[]): boolean {
  if (!requires?.length) return true;
  return tickets.some((ticket) => requires.includes(ticket.code) && ticket.full_name !== null && sameHolderName(ticket.full_name, holder));
}
