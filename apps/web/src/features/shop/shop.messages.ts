import { message } from '@festival/contract';

/**
 * The shop front's own texts on the first page (home and its product cards), as messages of the
 * catalogues (docs/decisions/0093), shown with `say(...)` in the page's language. Ids are
 * `shop.<file>.<key>`; the English is the text the page showed. They are in the first part of
 * each language's texts (apps/web/build/text-catalogues.ts); the listings' and product pages'
 * are in product.messages.ts.
 */
export const shopTexts = {
  homePage: {
    tickets: message({ id: 'shop.HomePage.tickets', defaultMessage: 'Tickets' }),
    ticketsText: message({ id: 'shop.HomePage.ticketsText', defaultMessage: 'Entry tickets, add-ons and travel.' }),
    buyTickets: message({ id: 'shop.HomePage.buyTickets', defaultMessage: 'Buy tickets' }),
    merchandise: message({ id: 'shop.HomePage.merchandise', defaultMessage: 'Merchandise' }),
    merchandiseText: message({ id: 'shop.HomePage.merchandiseText', defaultMessage: 'Official festival merchandise.' }),
    shopMerchandise: message({ id: 'shop.HomePage.shopMerchandise', defaultMessage: 'Shop merchandise' }),
    portal: message({ id: 'shop.HomePage.portal', defaultMessage: 'Portal' }),
    portalText: message({ id: 'shop.HomePage.portalText', defaultMessage: 'Your orders, tickets, payments and refunds.' }),
    goToPortal: message({ id: 'shop.HomePage.goToPortal', defaultMessage: 'Go to the portal' }),
    /** The call-to-action cards' accessible name. */
    whereToGo: message({ id: 'shop.HomePage.whereToGo', defaultMessage: 'Where to go' }),
    featured: message({ id: 'shop.HomePage.featured', defaultMessage: 'Featured' }),
  },
  shopItems: {
    /** The item type `ticket`. */
    entryTicket: message({ id: 'shop.shop-items.entryTicket', defaultMessage: 'Entry ticket' }),
    /** The item type `transport`. */
    transport: message({ id: 'shop.shop-items.transport', defaultMessage: 'Transport' }),
  },
};
