/**
 * The texts the first page can show (home and listings: the product cards, the header's add to
 * cart, the label of a button that has none), in a module of their own so the first page's
 * JavaScript does not carry every text of the shop (docs/decisions/0031). Every page that shows
 * one of them reads it from here.
 */
export const shopFrontMessages = {
  soldOut: 'Sold out',
  includesTaxes: 'includes taxes',
  includesTaxesAndFee: 'includes taxes and booking fee',
  addToCartFailed: 'Could not add item to cart.',
  defaultButtonLabel: 'Click Me',
};
