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
  /** Home without a catalogue (a shop of one's own on its first day, decision 0058): for visitors, */
  opensSoonTitle: 'The shop opens soon',
  opensSoonText: 'Tickets go on sale here soon. Please check back again soon.',
  /** and for the organiser. */
  setUpTitle: 'Setting up this shop?',
  setUpIntro: 'No catalogue is loaded yet. If you are the organiser, on the shop’s server:',
  setUpAdmin: 'Add the first admin of the back office:',
  setUpCatalogue: 'Load your catalogue:',
  setUpCatalogueOr: ', or sign in to the back office and upload it under Catalogue at ',
  setUpAfter: 'This note and the message above go away once the catalogue is loaded. The guide to running a shop of your own is docs/own-shop.md in the shop’s repository.',
};
