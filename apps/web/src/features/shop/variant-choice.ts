import { shopFrontMessages, variantName, type ShopItem, type ShopItemVariant, type Text } from '@festival/contract';
import { say } from '../../lib/say';
import { productTexts } from './product.messages';

type NumberText = (value: number) => string;

/**
 * A merchandise group's variant as the item the cart adds (decision 0104): the group's fields with
 * the variant's code, stock and name ("T-shirt – M", the name every line, order and invoice shows).
 */
export function variantItem(group: ShopItem, variant: ShopItemVariant): ShopItem {
  return { ...group, id: variant.id, external_code: variant.external_code, name: variantName(group.name, variant.label), in_stock: variant.in_stock, stock_level: variant.stock_level, variants: null };
}

/** What an option of the variant choice says beside its label: "Sold out", "3 left", or nothing for unlimited stock. */
export function variantAvailability(variant: Pick<ShopItemVariant, 'in_stock' | 'stock_level'>, number: NumberText): string | null {
  if (!variant.in_stock) return say(shopFrontMessages.soldOut);
  if (variant.stock_level === null) return null;
  return say(productTexts.productFacts.left({ count: number(variant.stock_level) }));
}

/** The variant to preselect: the only one in stock when there is exactly one, else none (the buyer chooses). */
export function preselectedVariant(item: Pick<ShopItem, 'variants'>): ShopItemVariant | null {
  const available = (item.variants ?? []).filter((variant) => variant.in_stock);
  return available.length === 1 ? available[0]! : null;
}

/** "Only with Weekend ticket, for the same person.": an add-on's required products; null when it needs none. */
export function requiredProductsText(item: Pick<ShopItem, 'requires'>): Text | null {
  const names = (item.requires ?? []).map((required) => required.name);
  return names.length ? productTexts.productPage.onlyWith({ products: names, count: names.length }) : null;
}
