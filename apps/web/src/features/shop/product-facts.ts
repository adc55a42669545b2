import { shopFrontMessages, type ShopItem, type TravelTimeOption } from '@festival/contract';
import { say } from '../../lib/say';
import { productTexts } from './product.messages';

/** Formats a timestamp as a date (the product page passes the item's zone in). */
export type DateText = (value: string) => string;
/** Formats a count for the locale (1500 → 1,500). */
export type NumberText = (value: number) => string;

/** Units left, when the shop counts them: "4,999 left"; null for unlimited stock. */
export function stockText(item: Pick<ShopItem, 'in_stock' | 'stock_level'>, number: NumberText): string | null {
  if (!item.in_stock || item.stock_level === null) return null;
  return say(productTexts.productFacts.left({ count: number(item.stock_level) }));
}

/** Seats of one departure: 'Sold out' at 0, "12 seats left", or null when seats are not counted. */
export function seatsText(remaining: TravelTimeOption['remaining'], number: NumberText): string | null {
  if (remaining === null) return null;
  if (remaining <= 0) return say(shopFrontMessages.soldOut);
  return say(productTexts.productFacts.seatsLeft({ count: remaining, seats: number(remaining) }));
}

/** Refundable: "No", "Yes", or "Yes, refund requests from 1 Oct 2026 until 31 May 2027". */
export function refundText(
  item: Pick<ShopItem, 'is_refundable' | 'allow_refund_requests_from' | 'allow_refund_requests_until'>,
  date: DateText,
): string {
  if (!item.is_refundable) return say(productTexts.productFacts.no);
  const from = item.allow_refund_requests_from;
  const until = item.allow_refund_requests_until;
  if (from && until) return say(productTexts.productFacts.refundFromUntil({ from: date(from), until: date(until) }));
  if (until) return say(productTexts.productFacts.refundUntil({ until: date(until) }));
  if (from) return say(productTexts.productFacts.refundFrom({ from: date(from) }));
  return say(productTexts.productFacts.yes);
}

/** Name changes: "Not allowed", or "Allowed until 11 Jun 2027, at most 2 changes" (limit 0: no limit). */
export function nameChangeText(
  item: Pick<ShopItem, 'allow_name_changes' | 'allow_name_changes_until' | 'name_change_limit'>,
  date: DateText,
): string {
  if (!item.allow_name_changes) return say(productTexts.productFacts.notAllowed);
  const limit = item.name_change_limit;
  const until = item.allow_name_changes_until;
  return say(until ? productTexts.productFacts.nameChangesUntil({ until: date(until), limit }) : productTexts.productFacts.nameChanges({ limit }));
}

/** The limit per order as shown, or null when there is none (0 means no limit). */
export function limitText(limit: number): string | null {
  return limit > 0 ? say(productTexts.productFacts.perOrder({ limit })) : null;
}
