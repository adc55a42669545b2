import { textIn, type EventSettings, type Locale, type ShopItem } from '@festival/contract';
import type { Db } from '../../db/client';
import { listEventSettings, listShopItems, type ItemPriceTiers, type ItemTranslations } from './catalog.service';

export type { ItemPriceTiers, ItemTranslations } from './catalog.service';

/** What the shop offers, as read at one moment: the same for every visitor. */
export interface CatalogSnapshot {
  products: ShopItem[];
  merchandise: ShopItem[];
  /** Merchandise variants (decision 0104): listed under their groups, items of their own in `byId` and `byCode`. */
  variants: ShopItem[];
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
  /** The price tiers of the items that have them, by item id (decision 0099): what an add prices its unit by. */
  priceTiers: ReadonlyMap<number, ItemPriceTiers>;
  /** The catalogue's texts in the shop's other languages, by item id: what `in` reads (decision 0094). */
  translations: ReadonlyMap<number, ItemTranslations>;
  /** The language of this snapshot's texts; null: the entries' own, the shop's default language. */
  language: Locale | null;
  /** The shop's default language: the entries' own texts' (what `language` null stands for). */
  defaultLanguage: Locale;
  /**
   * The same snapshot with its names and descriptions in `language`, each in the default language
   * where not given: made once per snapshot and language the shop offers, and the default's (this
   * snapshot itself) for a language no entry has a text in. Every answer made from it (its
   * get-shop-item answers here, the visitor answers and page preloads keyed by snapshot) is
   * therefore made once per language too. Stock, sold-out marks and sale windows are shared.
   */
  in(language: Locale): CatalogSnapshot;
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
export function createCatalogReader(db: Db, maxAgeMs: number, now: () => Date = () => new Date(), languages: readonly Locale[] = []): CatalogReader {
  // The languages a view may be made for: the shop's others (the default's texts are the entries' own).
  const others = new Set<string>(languages.slice(1));
  let snapshot: CatalogSnapshot | undefined;
  let refreshing: Promise<CatalogSnapshot> | undefined;

  const refresh = () => {
    refreshing ??= (async () => {
      try {
        const [{ translations, ...items }, eventSettings] = await Promise.all([listShopItems(db, now()), listEventSettings(db)]);
        snapshot = withTexts({ ...items, ...indexed(items.products, items.merchandise, items.variants), eventSettings, takenAt: Date.now(), soldOut: new Set(), translations, language: null, defaultLanguage: languages[0] ?? 'en' }, others);
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

/** The answers and lookups of a snapshot's items. */
function indexed(products0: ShopItem[], merchandise: ShopItem[], variants: ShopItem[]): Pick<CatalogSnapshot, 'products' | 'merchandise' | 'variants' | 'itemAnswers' | 'byId' | 'byCode'> {
  const itemAnswers = new Map<string, string>();
  const byId = new Map<number, ShopItem>();
  const byCode = new Map<string, ShopItem>();
  const names = new Map(products0.map((item) => [item.external_code, item.name]));
  // A required product is named as the shop names it in this language (decision 0104); one not shown, by its code.
  const products = products0.map((item) => (item.requires ? { ...item, requires: item.requires.map((required) => ({ ...required, name: names.get(required.external_code) ?? required.external_code })) } : item));
  for (const item of [...products, ...merchandise, ...variants]) {
    itemAnswers.set(item.external_code, JSON.stringify({ item }));
    byId.set(item.id, item);
    byCode.set(item.external_code, item);
  }
  return { products, merchandise, variants, itemAnswers, byId, byCode };
}

/** The snapshot (the default language's) with its `in`: views made at their first use, for the offered languages some entry has a text in. */
function withTexts(base: Omit<CatalogSnapshot, 'in'>, offered: ReadonlySet<string>): CatalogSnapshot {
  const translated = new Set<string>();
  for (const { item, event, label } of base.translations.values()) for (const code of [...Object.keys(item ?? {}), ...Object.keys(event ?? {}), ...Object.keys(label ?? {})]) if (offered.has(code)) translated.add(code);
  const views = new Map<Locale, CatalogSnapshot>();
  const snapshot: CatalogSnapshot = {
    ...base,
    in(language) {
      if (!translated.has(language)) return snapshot;
      let view = views.get(language);
      if (!view) {
        const inLanguage = (item: ShopItem): ShopItem => {
          const texts = base.translations.get(item.id);
          // A group's variants by their labels in the language.
          const variants = item.variants?.map((variant) => ({ ...variant, label: base.translations.get(variant.id)?.label?.[language] || variant.label })) ?? null;
          if (!texts) return variants ? { ...item, variants } : item;
          return {
            ...item,
            variants,
            name: textIn(item.name, texts.item, language, 'name'),
            shop_description: textIn(item.shop_description, texts.item, language, 'description'),
            event: item.event === null ? null : textIn(item.event, texts.event, language, 'name'),
          };
        };
        // Shared with the default's: stock, the sold-out marks an add finds, the sale windows.
        view = { ...snapshot, ...indexed(base.products.map(inLanguage), base.merchandise.map(inLanguage), base.variants.map(inLanguage)), language, in: snapshot.in };
        views.set(language, view);
      }
      return view;
    },
  };
  return snapshot;
}
