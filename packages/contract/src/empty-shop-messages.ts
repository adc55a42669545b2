/**
 * The home page of a shop with no catalogue yet (a shop of one's own on its first day, decision
 * 0058): the visitors' message and the organiser's note. Only that page's lazily loaded part
 * reads them, so a shop that sells does not carry them in its first page's JavaScript.
 */
export const emptyShopMessages = {
  opensSoonTitle: 'The shop opens soon',
  opensSoonText: 'Tickets go on sale here soon. Please check back again soon.',
  setUpTitle: 'Setting up this shop?',
  setUpIntro: 'No catalogue is loaded yet. If you are the organiser, on the shop’s server:',
  setUpAdmin: 'Add the first admin of the back office:',
  setUpCatalogue: 'Load your catalogue:',
  setUpCatalogueOr: ', or sign in to the back office and upload it under Catalogue at ',
  setUpAfter: 'This note and the message above go away once the catalogue is loaded. The guide to running a shop of your own is docs/own-shop.md in the shop’s repository.',
};
