import { shopFrontMessages, type ShopItem, type Text } from '@festival/contract';
import { say } from '../../lib/say';
import { shopTexts } from './shop.messages';

/**
 * The shop's rules for showing an item, free of React so they can be tested on their own:
 * labels of item types, paths, prices, gallery images and featured items. The listing
 * filter is in the contract's listing.ts (home, on the first route, does not need it).
 */

/**
 * Labels of the item types the spec names (section 3: "product types seen: ticket and
 * transport; other non-ticket types are add-ons"). Any other type is the catalogue's own word
 * (camping, shirt, …), shown capitalised.
 */
const TYPE_LABELS: Readonly<Record<string, Text>> = {
  ticket: shopTexts.shopItems.entryTicket,
  transport: shopTexts.shopItems.transport,
};

/**
 * A catalogue type as people read it: the organiser's name for it in the page's language
 * (`typeNames` of the page's configuration), else the shop's own words ('ticket' → 'Entry
 * ticket'), else the word capitalised ('add_on' → 'Add on').
 */
export function typeLabel(type: string, names: Readonly<Record<string, string>> = {}): string {
  const named = Object.hasOwn(names, type) ? names[type] : undefined;
  if (named) return named;
  const known = Object.hasOwn(TYPE_LABELS, type) ? TYPE_LABELS[type] : undefined;
  if (known) return say(known);
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : type;
}

/** The path of an item's product page: /tickets/NWF27-WEEKEND, /merchandise/NWF27-TEE. */
export function productPath(item: Pick<ShopItem, 'shop_item_type' | 'external_code'>): string {
  return `/${item.shop_item_type}/${encodeURIComponent(item.external_code)}`;
}

/** What a buyer pays for one: price plus booking fee (spec section 9). */
export function itemPrice(item: Pick<ShopItem, 'price' | 'fee'>): number {
  return item.price + item.fee;
}

/** The note next to a price: 'includes taxes', or 'includes taxes and booking fee' when there is a fee. */
export function priceNote(fee: number): string {
  return say(fee > 0 ? shopFrontMessages.includesTaxesAndFee : shopFrontMessages.includesTaxes);
}

/** Whether a moment is midnight on the clocks of a zone (the browser's without one): a price that changes then changes "from 1 Mar". */
function isMidnight(iso: string, timeZone: string | null): boolean {
  const parts = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', ...(timeZone ? { timeZone } : {}) }).formatToParts(new Date(iso));
  return parts.filter((part) => part.type === 'hour' || part.type === 'minute' || part.type === 'second').every((part) => Number(part.value) === 0);
}

/**
 * What an item's price does next, as a sentence (decision 0099): "€20.00 more from 1 Mar 2027",
 * "40 left at this price, then €20.00 more"; the moment in the event's zone, with its time unless
 * it is midnight there. Null when the price stays or goes down.
 */
export function nextPriceText(
  item: Pick<ShopItem, 'price' | 'next_price' | 'timezone'>,
  format: { money: (minor: number) => string; date: (value: string, timeZone?: string | null, style?: 'date' | 'dateTime') => string },
): Text | null {
  const next = item.next_price;
  if (!next || next.price <= item.price) return null;
  const amount = format.money(next.price - item.price);
  if (next.from !== null) return shopFrontMessages.nextPriceFrom({ amount, date: format.date(next.from, item.timezone, isMidnight(next.from, item.timezone) ? 'date' : 'dateTime') });
  if (next.after_units !== null) return shopFrontMessages.nextPriceAfter({ amount, count: next.after_units });
  return null;
}

/** The gallery of an item: its images in order, at most 4, without the empty slots. */
export function galleryImages(item: Pick<ShopItem, 'shop_image' | 'shop_image_2' | 'shop_image_3' | 'shop_image_4'>): string[] {
  return [item.shop_image, item.shop_image_2, item.shop_image_3, item.shop_image_4].filter((url): url is string => Boolean(url));
}

/**
 * Home's featured items (spec section 2: "featured and in stock"), tickets first. Merchandise
 * only when its shop is on: its product pages would send the visitor home otherwise.
 */
export function featuredItems(
  data: { products: readonly ShopItem[]; merchandise: readonly ShopItem[] } | undefined,
  options: { merchandise: boolean },
): ShopItem[] {
  if (!data) return [];
  const items = options.merchandise ? [...data.products, ...data.merchandise] : [...data.products];
  return items.filter((item) => item.is_featured && item.in_stock);
}
