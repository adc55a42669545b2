import { message, messageWith } from '@festival/contract';

/**
 * The cart's own texts (the header's cart panel, the personalise modal, the expired-cart notice),
 * as messages of the catalogues (docs/decisions/0093): each shown with `say(...)` in the page's
 * language. Ids are `cart.<file>.<key>`; the English is the text the page showed.
 */
export const cartTexts = {
  addOnWarning: {
    /** Stands for the event in the add-on warning when the product names none. */
    theEvent: message({ id: 'cart.add-on-warning.theEvent', defaultMessage: 'the event' }),
  },
  cartPanel: {
    title: message({ id: 'cart.CartPanel.title', defaultMessage: 'Your Cart' }),
    loading: message({ id: 'cart.CartPanel.loading', defaultMessage: 'Loading your cart…' }),
    /** `date`: the travel time, formatted. */
    travelTime: messageWith<{ date: string }>({ id: 'cart.CartPanel.travelTime', defaultMessage: 'Travel time: {date}' }),
    personalise: message({ id: 'cart.CartPanel.personalise', defaultMessage: 'Personalise' }),
    /** The Personalise button's accessible name: the product and, once named, its holder. */
    personaliseItem: messageWith<{ item: string }>({ id: 'cart.CartPanel.personaliseItem', defaultMessage: 'Personalise {item}' }),
    personaliseItemFor: messageWith<{ item: string; holder: string }>({ id: 'cart.CartPanel.personaliseItemFor', defaultMessage: 'Personalise {item} for {holder}' }),
    remove: message({ id: 'cart.CartPanel.remove', defaultMessage: 'Remove' }),
    /** The Remove button's accessible name: the product or merchandise and, for a named ticket, its holder. */
    removeItem: messageWith<{ item: string }>({ id: 'cart.CartPanel.removeItem', defaultMessage: 'Remove {item}' }),
    removeItemFor: messageWith<{ item: string; holder: string }>({ id: 'cart.CartPanel.removeItemFor', defaultMessage: 'Remove {item} for {holder}' }),
    total: message({ id: 'cart.CartPanel.total', defaultMessage: 'Total' }),
    checkout: message({ id: 'cart.CartPanel.checkout', defaultMessage: 'Checkout' }),
    removeTitle: message({ id: 'cart.CartPanel.removeTitle', defaultMessage: 'Remove item' }),
    removeQuestion: messageWith<{ item: string }>({ id: 'cart.CartPanel.removeQuestion', defaultMessage: 'Do you want to remove {item} from your cart?' }),
  },
  expiredCartNotice: {
    title: message({ id: 'cart.ExpiredCartNotice.title', defaultMessage: 'Your cart has expired' }),
    text: message({
      id: 'cart.ExpiredCartNotice.text',
      defaultMessage: 'The time your items were reserved for ran out, so they were released for others to buy. This is what was in your cart:',
    }),
    // An item's state and the link after it are two texts: a label, then the link's own words.
    stillAvailable: message({ id: 'cart.ExpiredCartNotice.stillAvailable', defaultMessage: 'Still available:' }),
    addAgain: message({ id: 'cart.ExpiredCartNotice.addAgain', defaultMessage: 'add it again' }),
    soldOutNow: message({ id: 'cart.ExpiredCartNotice.soldOutNow', defaultMessage: 'Sold out now.' }),
    viewItem: message({ id: 'cart.ExpiredCartNotice.viewItem', defaultMessage: 'View item' }),
    gone: message({ id: 'cart.ExpiredCartNotice.gone', defaultMessage: 'No longer on sale.' }),
    dismiss: message({ id: 'cart.ExpiredCartNotice.dismiss', defaultMessage: 'Dismiss' }),
  },
  personaliseModal: {
    title: message({ id: 'cart.PersonaliseModal.title', defaultMessage: 'Personalise ticket' }),
    fullName: message({ id: 'cart.PersonaliseModal.fullName', defaultMessage: 'Full name' }),
    email: message({ id: 'cart.PersonaliseModal.email', defaultMessage: 'E-mail' }),
    ageRange: message({ id: 'cart.PersonaliseModal.ageRange', defaultMessage: 'Age range' }),
    chooseAgeRange: message({ id: 'cart.PersonaliseModal.chooseAgeRange', defaultMessage: 'Choose an age range' }),
    travelTime: message({ id: 'cart.PersonaliseModal.travelTime', defaultMessage: 'Travel time' }),
    chooseTravelTime: message({ id: 'cart.PersonaliseModal.chooseTravelTime', defaultMessage: 'Choose your travel time' }),
    /** Seats left at a travel time, in brackets after it; `count` arrives formatted. */
    seatsLeft: messageWith<{ count: string }>({ id: 'cart.PersonaliseModal.seatsLeft', defaultMessage: '{count} left' }),
  },
};
