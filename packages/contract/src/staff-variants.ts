import { z } from 'zod';
import { issueMessage, message, messageWith } from './i18n/text';
import { catalogueItemView, staffCatalogueMessages } from './staff-catalogue';
import { merchandiseVariant } from './variants';

/**
 * The back office's "Add variant" (issue 37 point 1, decision 0104): a size or colour added to a
 * merchandise item in the browser, with the file's rules (the variant's schema is the file's).
 */
const codeTaken = messageWith<{ code: string }>({ id: 'staffVariantMessages.codeTaken', defaultMessage: '"{code}" is the code of another item: codes are unique across products, merchandise and variants.' });
const addedStockMoved = messageWith<{ stock: number }>({
  id: 'staffVariantMessages.addedStockMoved',
  defaultMessage: 'The variant is added. The item\'s own stock of {stock, number} no longer counts: each size or variant has its own.',
});

export const staffVariantMessages = {
  /** Said after the variant's code. */
  codeTaken: (code: string) => codeTaken({ code }),
  /** Said after the group's code: only merchandise has variants. */
  notMerchandise: message({ id: 'staffVariantMessages.notMerchandise', defaultMessage: 'Only merchandise has sizes or variants.' }),
  added: message({ id: 'staffVariantMessages.added', defaultMessage: 'The variant is added.' }),
  /** Said when the group had a stock of its own, which the variants' stocks replace (the file's rule: stock is per variant). */
  addedStockMoved: (stock: number) => addedStockMoved({ stock }),
  /** Said beside a group's stock: once it has variants, its stock is theirs (the file's rule, decision 0104). */
  groupStock: message({ id: 'staffVariantMessages.groupStock', defaultMessage: 'This item has sizes or variants: give the stock on each of them.' }),
};

const chooseItem = issueMessage(staffCatalogueMessages.chooseItem);

export const catalogueAddVariantPayload = z
  .object({
    /** The group's code: a merchandise item (not itself a variant). */
    code: z.string({ error: chooseItem }).trim().min(1, chooseItem).max(64, chooseItem),
    /** Its label in the shop's other languages as the file gives it: `translations: { de: { label: … } }`. */
    variant: merchandiseVariant,
  })
  .strict();
export type CatalogueAddVariantPayload = z.input<typeof catalogueAddVariantPayload>;
export const catalogueAddVariantAnswer = z.object({ item: catalogueItemView, message: z.string() });
