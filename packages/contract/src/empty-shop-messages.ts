import { message } from './i18n/text';

/**
 * The home page of a shop with no catalogue yet (a shop of one's own on its first day, decision
 * 0058): the visitors' message and the organiser's note. Only that page's lazily loaded part
 * reads them, so a shop that sells does not carry them in its first page's JavaScript.
 */
export const emptyShopMessages = {
  opensSoonTitle: message({ id: 'emptyShop.opensSoonTitle', defaultMessage: 'The shop opens soon' }),
  opensSoonText: message({ id: 'emptyShop.opensSoonText', defaultMessage: 'Tickets go on sale here soon. Please check back again soon.' }),
  setUpTitle: message({ id: 'emptyShop.setUpTitle', defaultMessage: 'Setting up this shop?' }),
  setUpIntro: message({ id: 'emptyShop.setUpIntro', defaultMessage: 'No catalogue is loaded yet. If you are the organiser, on the shop’s server:' }),
  setUpAdmin: message({ id: 'emptyShop.setUpAdmin', defaultMessage: 'Add the first admin of the back office:' }),
  setUpCatalogue: message({ id: 'emptyShop.setUpCatalogue', defaultMessage: 'Load your catalogue:' }),
  setUpCatalogueOr: message({ id: 'emptyShop.setUpCatalogueOr', defaultMessage: ', or sign in to the back office and upload it under Catalogue at' }),
  setUpAfter: message({
    id: 'emptyShop.setUpAfter',
    defaultMessage: 'This note and the message above go away once the catalogue is loaded. The guide to running a shop of your own is docs/own-shop.md in the shop’s repository.',
  }),
};
