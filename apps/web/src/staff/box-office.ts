import type { BoxOfficeItem, BoxOfficePayment, BoxOfficeSellInput, Shown } from '@festival/contract';

/** A ticket holder as typed at the desk; empty name and address put the ticket in the buyer's name. */
export interface HolderDraft {
  full_name: string;
  email: string;
  age: string;
}

/** A basket line: how many of an item, its departure (transport), one holder per ticket. */
export interface BasketLine {
  quantity: number;
  departureId: string;
  holders: HolderDraft[];
}

export type Basket = Record<string, BasketLine>;

const emptyHolder = (): HolderDraft => ({ full_name: '', email: '', age: '' });

/** Most units the desk may add: what is left, the per-order limit and the sale's bound, whichever is smallest. */
export function maxUnits(item: BoxOfficeItem): number {
  const bounds = [50];
  if (item.left !== null) bounds.push(item.left);
  if (item.limit_per_order > 0) bounds.push(item.limit_per_order);
  return item.sold_out ? 0 : Math.min(...bounds);
}

/** The basket with one more (or one fewer: `step` -1) of an item; a line at zero leaves the basket. */
export function changeQuantity(basket: Basket, item: BoxOfficeItem, step: 1 | -1): Basket {
  const line = basket[item.code] ?? { quantity: 0, departureId: '', holders: [] };
  const quantity = Math.max(0, Math.min(maxUnits(item), line.quantity + step));
  const { [item.code]: _dropped, ...rest } = basket;
  if (quantity === 0) return rest;
  const holders = item.needs.holder ? Array.from({ length: quantity }, (_, index) => line.holders[index] ?? emptyHolder()) : [];
  return { ...basket, [item.code]: { ...line, quantity, holders } };
}

/** Units in the basket and what they cost (price and fee, minor units). */
export function basketTotals(basket: Basket, items: ReadonlyMap<string, BoxOfficeItem>): { units: number; total: number } {
  let units = 0;
  let total = 0;
  for (const [code, line] of Object.entries(basket)) {
    const item = items.get(code);
    if (!item) continue;
    units += line.quantity;
    total += line.quantity * (item.price + item.fee);
  }
  return { units, total };
}

/**
 * What the desk still has to fill in before selling, in the page's words (null: ready): the
 * buyer, a departure for transport, an age range where asked. The server checks it all again.
 */
export function basketProblem(
  basket: Basket,
  items: ReadonlyMap<string, BoxOfficeItem>,
  buyer: { email: string; full_name: string },
  words: { needBuyer: Shown; needEmailToPayLater: Shown; needDeparture: (name: string) => Shown; needAge: (name: string) => Shown },
  payment: BoxOfficePayment = 'cash',
): Shown | null {
  if (!buyer.full_name.trim()) return words.needBuyer;
  // Without an address the buyer's tickets are printed at the desk; paying later needs the e-mailed link (decision 0076).
  if (!buyer.email.trim() && payment === 'pay_later') return words.needEmailToPayLater;
  for (const [code, line] of Object.entries(basket)) {
    const item = items.get(code);
    if (!item) continue;
    if (item.needs.departure && !line.departureId) return words.needDeparture(item.name);
    if (item.needs.age && line.holders.some((holder) => !holder.age)) return words.needAge(item.name);
  }
  return null;
}

/** The sale's payload: each ticket's holder as typed, or the buyer where left empty. */
export function sellPayload(basket: Basket, items: ReadonlyMap<string, BoxOfficeItem>, buyer: { email: string; full_name: string }, payment: BoxOfficePayment): BoxOfficeSellInput {
  const lines = Object.entries(basket)
    .filter(([code]) => items.has(code))
    .map(([code, line]) => {
      const item = items.get(code)!;
      return {
        code,
        quantity: line.quantity,
        ...(item.needs.departure && line.departureId ? { departure_id: Number(line.departureId) } : {}),
        ...(item.needs.holder
          ? {
              holders: line.holders.map((holder) => ({
                full_name: holder.full_name.trim() || buyer.full_name.trim(),
                email: holder.email.trim() || buyer.email.trim(),
                ...(item.needs.age ? { age: holder.age } : {}),
              })),
            }
          : {}),
      };
    });
  return { buyer: { email: buyer.email.trim(), full_name: buyer.full_name.trim() }, lines, payment };
}
