import {
  CARD_IMAGE_SIZES,
  GALLERY_IMAGE_SIZES,
  imageVariantUrl,
  imageWidthSrcSet,
  listingItems,
  listingView,
  PRELOAD_ELEMENT_ID,
  readListingFilter,
  type ImageWidth,
  type ShopConfigFile,
  type ShopItem,
  type ShopItemType,
} from '@festival/contract';
import type { PagePreloadMarkup } from '../../http/web-app';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import { escapeHtmlText, escapeJsonForScript } from '../config/shop-config';

type ShopSwitches = Pick<ShopConfigFile, 'shopActive' | 'merchandiseActive' | 'includeOutOfStockDefault'>;

const SHOP_PAGE = /^\/(tickets|merchandise)(?:\/([^/]+))?\/?$/;

/** The listing (/tickets, /merchandise) or product page (/tickets/CODE) a URL shows, if any. */
function shopPage(pathname: string, config: ShopSwitches): { kind: ShopItemType; code?: string } | undefined {
  const match = SHOP_PAGE.exec(pathname);
  if (!match || !config.shopActive) return undefined;
  const kind = match[1] as ShopItemType;
  if (kind === 'merchandise' && !config.merchandiseActive) return undefined;
  if (match[2] === undefined) return { kind };
  try {
    return { kind, code: decodeURIComponent(match[2]) };
  } catch {
    return undefined;
  }
}

function firstImage(item: ShopItem): string | null {
  return item.shop_image ?? item.shop_image_2 ?? item.shop_image_3 ?? item.shop_image_4;
}

function imagePreload(image: string, widths: [ImageWidth, ImageWidth], shown: ImageWidth, sizes: string): string {
  const attribute = (text: string) => escapeHtmlText(text);
  return `<link rel="preload" as="image" href="${attribute(imageVariantUrl(image, shown))}" imagesrcset="${attribute(imageWidthSrcSet(image, ...widths))}" imagesizes="${attribute(sizes)}" fetchpriority="high" />`;
}

/**
 * The answers a page asks for first, in the page itself: get-data as a visitor without a session
 * gets it (every page needs it), and on a product page the item's get-shop-item answer. The
 * image the page shows largest (a product's main image, a listing's first card) is preloaded,
 * with the same srcset and sizes as the page's img, so it loads alongside the JavaScript. The web
 * app uses the answers only where they fit (get-data only without a session token) and asks the
 * API as usual for everything else. Both answers are the ones the API gives from the same
 * catalogue snapshot, serialised once per snapshot.
 */
export function pagePreloadMarkup(url: string, snapshot: CatalogSnapshot, visitorAnswer: string, config: ShopSwitches): PagePreloadMarkup {
  const [pathname = '/', query = ''] = url.split('?', 2);
  let json = `{"get-data":${visitorAnswer}`;
  let head = '';
  const page = shopPage(pathname, config);
  const items = page && listingItems(snapshot, page.kind);
  if (page?.code !== undefined) {
    const item = items?.find((candidate) => candidate.external_code === page.code);
    const itemAnswer = item && snapshot.itemAnswers.get(item.external_code);
    if (item && itemAnswer) {
      json += `,"get-shop-item":{"external_code":${JSON.stringify(item.external_code)},"answer":${itemAnswer}}`;
      const image = firstImage(item);
      if (image) head = imagePreload(image, [350, 1000], 500, GALLERY_IMAGE_SIZES);
    }
  } else if (items) {
    const filter = readListingFilter(new URLSearchParams(query), config.includeOutOfStockDefault);
    const first = listingView(items, filter).visible[0];
    const image = first && firstImage(first);
    if (image) head = imagePreload(image, [200, 700], 350, CARD_IMAGE_SIZES);
  }
  json += '}';
  return { head, body: `<script id="${PRELOAD_ELEMENT_ID}" type="application/json">${escapeJsonForScript(json)}</script>` };
}
