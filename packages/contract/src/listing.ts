import type { ShopItem, ShopItemType } from './catalog';
import type { Shown } from './i18n/text';
import { messages } from './messages';

/**
 * The listing filter of /tickets and /merchandise (spec section 2): a sub-type held in the
 * query parameter type, in-stock only or with sold-out items too, and the empty text. Zod-free
 * and shared: the web app shows listings with it, the server preloads a listing's first image.
 */

/** The items of one listing (/tickets or /merchandise) from get-data. */
export function listingItems<Item = ShopItem>(data: { products: readonly Item[]; merchandise: readonly Item[] }, type: ShopItemType): readonly Item[] {
  return type === 'merchandise' ? data.merchandise : data.products;
}

/** The sub-types among the items, in catalogue order (the order of their first item). */
export function listingTypes(items: readonly Pick<ShopItem, 'type'>[]): string[] {
  return [...new Set(items.map((item) => item.type))];
}

/** The listing filter as the URL holds it (spec section 2: the sub-type in the query parameter type). */
export interface ListingFilter {
  /** The sub-type to show; null shows all. */
  type: string | null;
  includeOutOfStock: boolean;
}

export const TYPE_PARAM = 'type';
export const STOCK_PARAM = 'stock';
/** stock=all includes sold-out items, stock=in hides them; without it the configured default holds. */
const STOCK_ALL = 'all';
const STOCK_IN = 'in';

export function readListingFilter(params: URLSearchParams, includeOutOfStockDefault: boolean): ListingFilter {
  const stock = params.get(STOCK_PARAM);
  return {
    type: params.get(TYPE_PARAM) || null,
    includeOutOfStock: stock === STOCK_ALL ? true : stock === STOCK_IN ? false : includeOutOfStockDefault,
  };
}

/**
 * The query of a listing URL for a filter. Other parameters stay; the default stock choice and
 * "all types" leave no parameter, so a plain /tickets keeps meaning the default view.
 */
export function writeListingFilter(params: URLSearchParams, filter: ListingFilter, includeOutOfStockDefault: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (filter.type) next.set(TYPE_PARAM, filter.type);
  else next.delete(TYPE_PARAM);
  if (filter.includeOutOfStock === includeOutOfStockDefault) next.delete(STOCK_PARAM);
  else next.set(STOCK_PARAM, filter.includeOutOfStock ? STOCK_ALL : STOCK_IN);
  return next;
}

export interface ListingView<Item> {
  /** The sub-types to choose from; the dropdown shows only when there are two or more. */
  types: string[];
  /** The sub-type in effect: null when none was chosen or the chosen one is not in this listing. */
  type: string | null;
  visible: Item[];
}

/** What a listing shows for a filter: items of the chosen sub-type, sold-out ones only when asked. */
export function listingView<Item extends Pick<ShopItem, 'type' | 'in_stock'>>(items: readonly Item[], filter: ListingFilter): ListingView<Item> {
  const types = listingTypes(items);
  // A shared link with a type the shop no longer has shows everything rather than nothing.
  const type = types.length > 1 && filter.type && types.includes(filter.type) ? filter.type : null;
  const visible = items.filter((item) => (type === null || item.type === type) && (filter.includeOutOfStock || item.in_stock));
  return { types, type, visible };
}

/** The empty listing's text: the configured out-of-stock text, else the spec's default. */
export function emptyListingText(configured: string | null | undefined): Shown {
  return configured?.trim() || messages.shop.emptyListing;
}
