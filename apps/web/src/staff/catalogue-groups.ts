import type { CatalogueEventView, CatalogueItemView } from '@festival/contract';

/**
 * The catalogue page's groups and filter (issue 37, decision 0105): a festival of 50 events and
 * 2,000 products is read group by group. Each event is a group with its counts; the groups start
 * collapsed when the catalogue has many items, and a filter opens the groups with matches.
 */

/** Above this many items the groups start collapsed: every card on the page at once costs seconds. */
export const COLLAPSE_ABOVE = 60;

export type StateFilter = 'all' | 'on_sale' | 'off_sale' | 'archived';
/** `all`, a kind (`kind:product`, `kind:merchandise`) or a type (`type:entry`). */
export type KindFilter = string;
export interface CatalogueFilter {
  text: string;
  kind: KindFilter;
  state: StateFilter;
}
export const NO_FILTER: CatalogueFilter = { text: '', kind: 'all', state: 'all' };

export const isFiltering = (filter: CatalogueFilter): boolean => filter.text.trim() !== '' || filter.kind !== 'all' || filter.state !== 'all';

/** Whether an item is archived: its event is (decision 0101), or the item itself where the view says so. */
export function isArchived(item: CatalogueItemView, archivedEvents: ReadonlySet<string>): boolean {
  return (item.event !== null && archivedEvents.has(item.event)) || (item as { archived?: boolean }).archived === true;
}

/** Whether the item matches the filter: its code or name holds the text (any case), of the kind or type, in the state. */
export function matchesFilter(item: CatalogueItemView, filter: CatalogueFilter, archivedEvents: ReadonlySet<string>): boolean {
  const text = filter.text.trim().toLocaleLowerCase();
  if (text && !item.code.toLocaleLowerCase().includes(text) && !item.name.toLocaleLowerCase().includes(text)) return false;
  if (filter.kind.startsWith('kind:') && item.kind !== filter.kind.slice(5)) return false;
  if (filter.kind.startsWith('type:') && item.type !== filter.kind.slice(5)) return false;
  const archived = isArchived(item, archivedEvents);
  if (filter.state === 'archived') return archived;
  if (filter.state === 'on_sale') return !archived && item.on_sale;
  if (filter.state === 'off_sale') return !archived && !item.on_sale;
  return true;
}

/** The kinds and types the catalogue has, for the filter's choice: products' types, then merchandise's. */
export function kindChoices(items: readonly CatalogueItemView[]): { products: string[]; merchandise: string[] } {
  const products = new Set<string>();
  const merchandise = new Set<string>();
  for (const item of items) (item.kind === 'product' ? products : merchandise).add(item.type);
  return { products: [...products].sort(), merchandise: [...merchandise].sort() };
}

export interface GroupCounts {
  items: number;
  onSale: number;
  sold: number;
}

/** A group's counts for its header: its items, those on sale, the units sold. */
export function countsOf(items: readonly CatalogueItemView[]): GroupCounts {
  let onSale = 0;
  let sold = 0;
  for (const item of items) {
    if (item.on_sale) onSale += 1;
    sold += item.sold;
  }
  return { items: items.length, onSale, sold };
}

export interface CatalogueGroups {
  /** Each event's products, in the answer's order. */
  byEvent: Map<string, CatalogueItemView[]>;
  /** Products of an event the page does not have. */
  orphans: CatalogueItemView[];
  merchandise: CatalogueItemView[];
}

/** The items by group, in one pass (50 events of 40 products each: no filter per event). */
export function groupItems(items: readonly CatalogueItemView[], events: readonly CatalogueEventView[]): CatalogueGroups {
  const byEvent = new Map<string, CatalogueItemView[]>(events.map((event) => [event.code, []]));
  const orphans: CatalogueItemView[] = [];
  const merchandise: CatalogueItemView[] = [];
  for (const item of items) {
    if (item.kind === 'merchandise') merchandise.push(item);
    else {
      const list = item.event === null ? undefined : byEvent.get(item.event);
      if (list) list.push(item);
      else orphans.push(item);
    }
  }
  return { byEvent, orphans, merchandise };
}

/**
 * Whether a group is open: as the admin set it; otherwise, while filtering, when it has matches;
 * otherwise open unless the catalogue has many items.
 */
export function isGroupOpen(key: string, toggled: ReadonlyMap<string, boolean>, filtering: boolean, matches: number, totalItems: number): boolean {
  const set = toggled.get(key);
  if (set !== undefined) return set;
  if (filtering) return matches > 0;
  return totalItems <= COLLAPSE_ABOVE;
}
