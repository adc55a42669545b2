import { z } from 'zod';
import { catalogueCode, catalogueInstant, onsaleAdmission, onsaleProofOfWork, onsaleRoomOpensMinutesBefore, onsaleSessionMinutes, windowProblem } from './catalogue-fields';
import { issueMessage, message, messageWith, type Text } from './i18n/text';

/**
 * An on-sale's rules (issue 23, decision 0048; issue 37 point 6, decision 0098), shared by the
 * catalogue file's `onsales` (the importer) and the back office's `onsale-create`: one schema and
 * one function for the rules across on-sales, so the file and the browser refuse the same on-sale
 * with the same words (the importer in English after the field's path and line, the back office in
 * the staff member's language beside the field).
 */

/** Most products and merchandise one on-sale guards. */
export const ONSALE_PRODUCTS_MAX = 500;

const codeUsed = messageWith<{ code: string; by: string }>({ id: 'onsaleRuleMessages.codeUsed', defaultMessage: '"{code}" is already used by {by}; on-sale codes must be unique' });
const noEvent = messageWith<{ code: string }>({ id: 'onsaleRuleMessages.noEvent', defaultMessage: 'no event has the code "{code}"' });
const listedTwice = messageWith<{ code: string }>({ id: 'onsaleRuleMessages.listedTwice', defaultMessage: '"{code}" is listed twice' });
const noProduct = messageWith<{ code: string }>({ id: 'onsaleRuleMessages.noProduct', defaultMessage: 'no product or merchandise has the code "{code}"' });
const roomClash = messageWith<{ code: string; room: string }>({
  id: 'onsaleRuleMessages.roomClash',
  defaultMessage: '"{code}" is already in {room} at the same time; one room at a time guards a product',
});

export const onsaleRuleMessages = {
  products: message({ id: 'onsaleRuleMessages.products', defaultMessage: 'needs at least one product' }),
  productsAtMost: message({ id: 'onsaleRuleMessages.productsAtMost', defaultMessage: 'may list at most 500 products' }),
  /** `by`: where the code is used (onsales[0] in a file, the on-sale's code in the shop). */
  codeUsed: (code: string, by: string) => codeUsed({ code, by }),
  noEvent: (code: string) => noEvent({ code }),
  listedTwice: (code: string) => listedTwice({ code }),
  noProduct: (code: string) => noProduct({ code }),
  /** `room`: the on-sale that guards it then (onsales[0] in a file, its code in the shop). */
  roomClash: (code: string, room: string) => roomClash({ code, room }),
};

const r = { products: issueMessage(onsaleRuleMessages.products), productsAtMost: issueMessage(onsaleRuleMessages.productsAtMost) };

/**
 * An on-sale as the catalogue file writes it and the back office creates it: when a sale opens for
 * some products, and how its waiting room admits buyers.
 */
export const onsaleDefinition = z
  .object({
    code: catalogueCode,
    event: catalogueCode.describe('code of an event'),
    opens_at: catalogueInstant,
    /** The waiting page takes places this long before the opening (the pre-queue, drawn at random at the opening). */
    room_opens_minutes_before: onsaleRoomOpensMinutesBefore.default(30),
    /** The room stops then; absent: it runs until the products sell out. */
    closes_at: catalogueInstant.nullish(),
    products: z.array(catalogueCode.describe('code of a product or merchandise'), { error: r.products }).min(1, r.products).max(ONSALE_PRODUCTS_MAX, r.productsAtMost),
    /** A rate of new shoppers a minute, a cap on admitted shoppers at once, or a cap with a ramp (both), or a rate that steers itself. */
    admission: onsaleAdmission,
    /** How long an admitted shopper may shop, renewed while active: long enough to fill a cart and check out. */
    session_minutes: onsaleSessionMinutes.default(20),
    /** A queue place costs the browser this much work (leading zero bits of a hash; 16 is about a second on a phone). */
    proof_of_work: onsaleProofOfWork.nullish(),
  })
  .strict()
  .superRefine((onsale, ctx) => {
    const closes = windowProblem(onsale.opens_at, onsale.closes_at, 'opens_at');
    if (closes) ctx.addIssue({ code: 'custom', path: ['closes_at'], message: issueMessage(closes) });
  });
export type OnsaleDefinition = z.infer<typeof onsaleDefinition>;

/** When an on-sale's room stands in front of its products, in ms: from the room's opening until it closes (Infinity: until sold out). */
export function onsaleSpan(onsale: Pick<OnsaleDefinition, 'opens_at' | 'room_opens_minutes_before' | 'closes_at'>): { from: number; until: number } {
  return { from: Date.parse(onsale.opens_at) - onsale.room_opens_minutes_before * 60_000, until: onsale.closes_at ? Date.parse(onsale.closes_at) : Infinity };
}

/** Another on-sale's room over one product: what it is called where it is (onsales[0], or its code), and when it guards. */
export interface OnsaleRoomSpan {
  name: string;
  from: number;
  until: number;
}

/** What the rules across on-sales look an on-sale up in: the file's sections for the importer, the shop for the back office. */
export interface OnsaleSurroundings {
  /** Null: not checked (the file's section is broken). */
  eventExists: ((code: string) => boolean) | null;
  itemExists: ((code: string) => boolean) | null;
  /** Where the code is already used (null: free). */
  codeUsedBy(code: string): string | null;
  /** The other rooms over this product. */
  roomsOf(productCode: string): readonly OnsaleRoomSpan[];
}

/**
 * The rules across an on-sale's fields and the rest of the catalogue, as problems by field: a code
 * used once, an event and products that exist, each product listed once, and one room at a time
 * over a product (two rooms open at once would each let the other's visitors buy it). Each lookup
 * is a set's or a map's, so a file of many on-sales is checked in time linear in its size (plus
 * each product's rooms).
 */
export function onsaleRuleProblems(onsale: OnsaleDefinition, around: OnsaleSurroundings): { path: (string | number)[]; text: Text }[] {
  const problems: { path: (string | number)[]; text: Text }[] = [];
  const usedBy = around.codeUsedBy(onsale.code);
  if (usedBy !== null) problems.push({ path: ['code'], text: onsaleRuleMessages.codeUsed(onsale.code, usedBy) });
  if (around.eventExists && !around.eventExists(onsale.event)) problems.push({ path: ['event'], text: onsaleRuleMessages.noEvent(onsale.event) });
  const { from, until } = onsaleSpan(onsale);
  const listed = new Set<string>();
  onsale.products.forEach((productCode, index) => {
    const path = ['products', index];
    if (listed.has(productCode)) return problems.push({ path, text: onsaleRuleMessages.listedTwice(productCode) });
    listed.add(productCode);
    if (around.itemExists && !around.itemExists(productCode)) return problems.push({ path, text: onsaleRuleMessages.noProduct(productCode) });
    const clash = around.roomsOf(productCode).find((room) => room.from < until && from < room.until);
    if (clash) problems.push({ path, text: onsaleRuleMessages.roomClash(productCode, clash.name) });
  });
  return problems;
}
