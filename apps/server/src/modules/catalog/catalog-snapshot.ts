import type { EventSettings, ShopItem } from '@festival/contract';
import type { Db } from '../../db/client';
import { listEventSettings, listShopItems } from './catalog.service';

/** What the shop offers, as read at one moment: the same for every visitor. */
export interface CatalogSnapshot {
  products: ShopItem[];
  merchandise: ShopItem[];
  /** get-shop-item answers, serialised once: `{"item":…}` by external code. */
  itemAnswers: Map<string, string>;
  /** Every item above by id and by external code. */
  byId: Map<number, ShopItem>;
  byCode: Map<string, ShopItem>;
  /** Items that may be put in a cart (on sale); others are only shown. */
  onSaleIds: ReadonlySet<number>;
  eventSettings: Record<string, EventSettings>;
  takenAt: number;
  /** When a sale window opens or closes next: the snapshot is out of date from then (null: none ahead). */
  changesAt: number | null;
  /**
   * Items an add of this instance found sold out since the snapshot was taken: refused from here
   * on without a database round trip until the next snapshot says otherwise (at most a second).
   */
  soldOut: Set<number>;
}

export interface CatalogReader {
  current(): Promise<CatalogSnapshot>;
  /** Forces the next read to go to the database (after this instance changed stock). */
  invalidate(): void;
  /**
   * The last snapshot read, however old, starting a fresh read when it is due (none before the
   * first read): for answers that may be a second behind and must never wait on the database (the
   * waiting room's page updates).
   */
  latest(): CatalogSnapshot | undefined;
}

/**
 * On-sale traffic is thousands of visitors reading the same catalogue. Reads share one
 * snapshot for up to `maxAgeMs` (and one database read while it refreshes), so the database
 * does the work once per interval, not once per visitor. Stock shown may be that much behind;
 * the cart takes stock against the database itself, so nothing can oversell through it (it only
 * refuses from the snapshot: an item the snapshot shows sold out, decision 0021). A catalogue
 * import by another process shows on every instance within that interval. A sale window that
 * opens or closes makes the snapshot out of date at that moment.
 */
export function createCatalogReader(db: Db, maxAgeMs: number, now: () => Date = () => new Date()): CatalogReader {
  let snapshot: CatalogSnapshot | undefined;
  let refreshing: Promise<CatalogSnapshot> | undefined;

  const refresh = () => {
    refreshing ??= (async () => {
      try {
        const [items, eventSettings] = await Promise.all([listShopItems(db, now()), listEventSettings(db)]);
        const itemAnswers = new Map<string, string>();
        const byId = new Map<number, ShopItem>();
        const byCode = new Map<string, ShopItem>();
        for (const item of [...items.products, ...items.merchandise]) {
          itemAnswers.set(item.external_code, JSON.stringify({ item }));
          byId.set(item.id, item);
          byCode.set(item.external_code, item);
        }
        snapshot = { ...items, itemAnswers, byId, byCode, eventSettings, takenAt: Date.now(), soldOut: new Set() };
        return snapshot;
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  };

  const fresh = (taken: CatalogSnapshot) => Date.now() - taken.takenAt < maxAgeMs && (taken.changesAt === null || now().getTime() < taken.changesAt);

  return {
    async current() {
      if (snapshot && fresh(snapshot)) return snapshot;
      return refresh();
    },
    invalidate() {
      snapshot = undefined;
    },
    latest() {
      if (snapshot && !fresh(snapshot)) void refresh().catch(() => undefined);
      return snapshot;
    },
  };
}
