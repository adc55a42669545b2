import { message, messageWith } from './i18n/text';

/**
 * The texts the first page can show (home and listings: the product cards, the header's add to
 * cart, the label of a button that has none), in a module of their own so the first page's
 * JavaScript does not carry every text of the shop (docs/decisions/0031), and so they are in the
 * first part of each language's texts (apps/web/build/text-catalogues.ts). Every page that shows
 * one of them reads it from here.
 */
export const shopFrontMessages = {
  soldOut: message({ id: 'shopFront.soldOut', defaultMessage: 'Sold out' }),
  includesTaxes: message({ id: 'shopFront.includesTaxes', defaultMessage: 'includes taxes' }),
  includesTaxesAndFee: message({ id: 'shopFront.includesTaxesAndFee', defaultMessage: 'includes taxes and booking fee' }),
  addToCartFailed: message({ id: 'shopFront.addToCartFailed', defaultMessage: 'Could not add item to cart.' }),
  defaultButtonLabel: message({ id: 'shopFront.defaultButtonLabel', defaultMessage: 'Click Me' }),
  /** What a price tier's end does to the price (decision 0099): `amount` the rise, formatted; `date` the moment, in the event's zone. */
  nextPriceFrom: messageWith<{ amount: string; date: string }>({ id: 'shopFront.nextPriceFrom', defaultMessage: '{amount} more from {date}' }),
  /** `count`: the units left at the current price. */
  nextPriceAfter: messageWith<{ amount: string; count: number }>({
    id: 'shopFront.nextPriceAfter',
    defaultMessage: '{count, plural, one {Last one at this price, then {amount} more} other {# left at this price, then {amount} more}}',
  }),
};
