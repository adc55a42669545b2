import { message, messageWith, type Text } from './i18n/text';

/**
 * Every user-facing text of the spec (sections 2, 5 and 8), verbatim as the English source of
 * its message (ICU MessageFormat), and the shop's own texts for states the spec leaves open.
 * Texts with placeholders are functions so callers cannot misspell the frame; every text is a
 * `Text`, put into words in the reader's language where it is shown (docs/decisions/0093).
 */

/**
 * Whether a product is named after what it is ("Weekend ticket", "Day Ticket", "E-ticket", "Group
 * tickets"), so "<product> ticket" must not say "ticket" twice (decision 0035). For every text that
 * names a ticket by its product: the duplicate-holder message, the passed-on ticket's e-mails.
 */
export const namesATicket = (product: string): boolean => /(?:^|[^\p{L}\p{N}])tickets?$/iu.test(product.trim());

/** "<product> ticket", said once, in English (the texts of other languages say it through the `named` select). */
export function productTicket(product: string): string {
  const name = product.trim();
  return namesATicket(name) ? name : `${name} ticket`;
}

// The texts with placeholders, each declared once (its id and English source); `messages` below
// keeps the callers' positional arguments.
/**
 * The spec's 'A <product> ticket already exists for <holder name> in your cart.', which must not
 * read "A Weekend ticket ticket": `named` is yes for a product named after what it is.
 */
const duplicateHolder = messageWith<{ product: string; holder: string; named: 'yes' | 'no' }>({
  id: 'personalise.duplicateHolder',
  defaultMessage: 'A {named, select, yes {{product}} other {{product} ticket}} already exists for {holder} in your cart.',
});
/** The fields' names joined as the language joins a list ("a, b, c" in English). */
const fillOutFields = messageWith<{ fields: readonly (string | Text)[] }>({ id: 'checkout.fillOutFields', defaultMessage: 'Please fill out the following fields: {fields}.' });
const fillOutFieldsNoStop = messageWith<{ fields: readonly (string | Text)[] }>({ id: 'ticketEdit.fillOutFields', defaultMessage: 'Please fill out the following fields: {fields}' });
const soldOut = messageWith<{ item: string }>({ id: 'cart.soldOut', defaultMessage: 'Sorry, {item} is sold out.' });
const limitPerOrder = messageWith<{ item: string; limit: number }>({ id: 'cart.limitPerOrder', defaultMessage: 'You can have at most {limit} × {item} in one order.' });
const cartHoldLimit = messageWith<{ limit: number }>({
  id: 'cart.cartHoldLimit',
  defaultMessage: 'One cart can reserve at most {limit, plural, one {# item} other {# items}}. Please check out this cart before adding more.',
});
const addOnWithoutEntry = messageWith<{ addOn: string; holder: string; event: string }>({
  id: 'cart.addOnWithoutEntry',
  defaultMessage: '{addOn} for {holder} needs an entry ticket for {event} in the same name. Add one unless {holder} already has one.',
});
const travelTimeChangesUntil = messageWith<{ date: string }>({ id: 'cart.travelTimeChangesUntil', defaultMessage: 'You can change the travel time until {date}.' });
const ticketUpdated = messageWith<{ code: string }>({ id: 'toast.ticketUpdated', defaultMessage: 'Ticket {code} updated successfully.' });
const refundCancelled = messageWith<{ id: string }>({ id: 'toast.refundCancelled', defaultMessage: 'Refund {id} cancelled successfully.' });
const tooLong = messageWith<{ maximum: number }>({ id: 'fields.tooLong', defaultMessage: 'This field can have at most {maximum, plural, one {# character} other {# characters}}.' });
const tooShort = messageWith<{ minimum: number }>({ id: 'fields.tooShort', defaultMessage: 'This field must have at least {minimum, plural, one {# character} other {# characters}}.' });
const tooHigh = messageWith<{ maximum: number }>({ id: 'fields.tooHigh', defaultMessage: 'This number can be at most {maximum}.' });
const tooLow = messageWith<{ minimum: number }>({ id: 'fields.tooLow', defaultMessage: 'This number must be at least {minimum}.' });
const notAbove = messageWith<{ minimum: number }>({ id: 'fields.notAbove', defaultMessage: 'This number must be more than {minimum}.' });
const tooMany = messageWith<{ maximum: number }>({ id: 'fields.tooMany', defaultMessage: 'This list can have at most {maximum, plural, one {# entry} other {# entries}}.' });

export const messages = {
  personalise: {
    fullNameRequired: message({ id: 'personalise.fullNameRequired', defaultMessage: 'Please enter the full name for this ticket holder.' }),
    emailRequired: message({ id: 'personalise.emailRequired', defaultMessage: 'Please enter the email address for this ticket holder.' }),
    emailInvalid: message({ id: 'personalise.emailInvalid', defaultMessage: 'Please enter a valid email address for this ticket holder.' }),
    ageRequired: message({ id: 'personalise.ageRequired', defaultMessage: 'Please choose the age range for this ticket holder.' }),
    travelTimeRequired: message({ id: 'personalise.travelTimeRequired', defaultMessage: 'Please choose your travel date and time.' }),
    // The spec's frame stays as it is, "A" included: only the doubled word goes.
    duplicateHolder: (product: string, holder: string) => duplicateHolder({ product: product.trim(), holder, named: namesATicket(product) ? 'yes' : 'no' }),
  },
  login: {
    required: message({ id: 'login.required', defaultMessage: 'Please enter your email address and password.' }),
  },
  register: {
    required: message({ id: 'register.required', defaultMessage: 'Please enter your full name and email address.' }),
  },
  email: {
    required: message({ id: 'email.required', defaultMessage: 'Please enter your email address.' }),
    invalid: message({ id: 'email.invalid', defaultMessage: 'Please enter a valid email address.' }),
  },
  resetPassword: {
    passwordRequired: message({ id: 'resetPassword.passwordRequired', defaultMessage: 'Please enter your new password.' }),
    mismatch: message({ id: 'resetPassword.mismatch', defaultMessage: 'Password and confirmation do not match.' }),
  },
  accountSettings: {
    currentPasswordRequired: message({ id: 'accountSettings.currentPasswordRequired', defaultMessage: 'Please enter your current password.' }),
    fullNameRequired: message({ id: 'accountSettings.fullNameRequired', defaultMessage: 'Please enter your full name.' }),
    emailRequired: message({ id: 'accountSettings.emailRequired', defaultMessage: 'Please enter your email address.' }),
    emailInvalid: message({ id: 'accountSettings.emailInvalid', defaultMessage: 'Please enter a valid email address.' }),
    mismatch: message({ id: 'accountSettings.mismatch', defaultMessage: 'Password and confirmation do not match.' }),
  },
  checkout: {
    countryRequired: message({ id: 'checkout.countryRequired', defaultMessage: 'Please choose your country.' }),
    shippingCountryRequired: message({ id: 'checkout.shippingCountryRequired', defaultMessage: 'Please choose the shipping country.' }),
    fillOutFields: (fields: readonly (string | Text)[]) => fillOutFields({ fields }),
    noPaymentMethods: message({ id: 'checkout.noPaymentMethods', defaultMessage: 'No valid payment methods found.' }),
    acceptTerms: message({ id: 'checkout.acceptTerms', defaultMessage: 'Please accept the Terms and Conditions.' }),
    voucherRequired: message({ id: 'checkout.voucherRequired', defaultMessage: 'Please enter a voucher code.' }),
    voucherInvalid: message({ id: 'checkout.voucherInvalid', defaultMessage: 'Invalid or expired voucher code.' }),
    /** Our own (decision 0023): too many wrong voucher codes in a while. */
    voucherTooManyAttempts: message({ id: 'checkout.voucherTooManyAttempts', defaultMessage: 'Too many wrong voucher codes. Please wait a few minutes and try again.' }),
    /** Our own (decision 0096): a voucher limited to products, or giving one, that the cart does not hold. */
    voucherNotForCart: message({ id: 'checkout.voucherNotForCart', defaultMessage: 'This voucher is not valid for the items in your cart.' }),
    /** Our own (decision 0096): the customer has used the voucher as often as it allows one customer. */
    voucherUsedUpByYou: message({ id: 'checkout.voucherUsedUpByYou', defaultMessage: 'You have already used this voucher as often as it allows.' }),
    shippingUnavailable: message({ id: 'checkout.shippingUnavailable', defaultMessage: 'We are currently unable to ship to your country.' }),
    selectCountryForShipping: message({ id: 'checkout.selectCountryForShipping', defaultMessage: 'Please select your country to see your shipping rates.' }),
  },
  ticketEdit: {
    fillOutFields: (fields: readonly (string | Text)[]) => fillOutFieldsNoStop({ fields }),
    nothingChanged: message({ id: 'ticketEdit.nothingChanged', defaultMessage: 'Please change the ticket details.' }),
  },
  refund: {
    selectItem: message({ id: 'refund.selectItem', defaultMessage: 'Please select at least one item.' }),
    fillOutFields: (fields: readonly (string | Text)[]) => fillOutFields({ fields }),
  },
  travelTime: {
    required: message({ id: 'travelTime.required', defaultMessage: 'Please select the travel time.' }),
    // 'Sold out' is in shop-front-messages.ts (the first page shows it).
  },
  shop: {
    emptyListing: message({ id: 'shop.emptyListing', defaultMessage: 'There are no items to show. Please check back again soon.' }),
    // The price notes are in shop-front-messages.ts (the first page shows them).
  },
  cart: {
    empty: message({ id: 'cart.empty', defaultMessage: 'Your Cart is empty.' }),
    // Texts of our own below: the spec names these states but not their words (docs/decisions/0011).
    soldOut: (item: string) => soldOut({ item }),
    travelTimeSoldOut: message({ id: 'cart.travelTimeSoldOut', defaultMessage: 'Sorry, this travel time is sold out. Please choose another one.' }),
    travelTimeUnknown: message({ id: 'cart.travelTimeUnknown', defaultMessage: 'Please choose one of the travel times on offer.' }),
    ageUnknown: message({ id: 'cart.ageUnknown', defaultMessage: 'Please choose one of the age ranges on offer.' }),
    limitPerOrder: (item: string, limit: number) => limitPerOrder({ item, limit }),
    // Our own (docs/decisions/0025): the caps on what one cart, network address or network holds at once.
    cartHoldLimit: (limit: number) => cartHoldLimit({ limit }),
    networkHoldLimit: message({
      id: 'cart.networkHoldLimit',
      defaultMessage:
        'Carts from your internet connection already reserve as many items as we can hold for one connection at a time. Please check out or remove items from your cart, or try again once earlier reservations have expired.',
    }),
    paymentPlanNeedsEmptyCart: message({ id: 'cart.paymentPlanNeedsEmptyCart', defaultMessage: 'A payment-plan ticket must be bought on its own. Please empty your cart first.' }),
    paymentPlanAlone: message({ id: 'cart.paymentPlanAlone', defaultMessage: 'Your cart holds a payment-plan ticket, which must be bought on its own. Remove it to add other items.' }),
    shopClosed: message({ id: 'cart.shopClosed', defaultMessage: 'The shop is closed at the moment, so nothing can be added to the cart.' }),
    merchandiseClosed: message({ id: 'cart.merchandiseClosed', defaultMessage: 'Merchandise is not on sale at the moment.' }),
    expired: message({ id: 'cart.expired', defaultMessage: 'Your cart has expired and its items are no longer reserved. Please add them again.' }),
    lineGone: message({ id: 'cart.lineGone', defaultMessage: 'This item is no longer in your cart.' }),
    addOnWithoutEntry: (addOn: string, holder: string, event: string) => addOnWithoutEntry({ addOn, holder, event }),
    shippingAndTaxes: message({ id: 'cart.shippingAndTaxes', defaultMessage: 'Shipping for merchandise and taxes are calculated at checkout.' }),
    logInToCheckOut: message({ id: 'cart.logInToCheckOut', defaultMessage: 'To check out, please log in or register.' }),
    moreItems: message({ id: 'cart.moreItems', defaultMessage: 'You can add other items, but only one payment-plan item at a time.' }),
    reservedFor: message({ id: 'cart.reservedFor', defaultMessage: 'Your items are reserved for' }),
    meetingPoint: message({ id: 'cart.meetingPoint', defaultMessage: 'Please be at the meeting location 30 minutes before your travel time.' }),
    travelTimeChangesUntil: (date: string) => travelTimeChangesUntil({ date }),
    // The spec asks for roman characters; the shop takes and prints every script (decision 0028), so
    // the hint says what is checked at the gate: the name as on the ID (decision 0071).
    nameAsOnId: message({ id: 'cart.nameAsOnId', defaultMessage: 'Enter the name exactly as it is written on the passport or ID.' }),
    // Our own (docs/decisions/0012): the spec gives no text for a failed removal.
    removeFailed: message({ id: 'cart.removeFailed', defaultMessage: 'Could not remove the item from your cart.' }),
  },
  terms: {
    accept: message({ id: 'terms.accept', defaultMessage: 'Accept Terms and Conditions' }),
    proceedToPayment: message({ id: 'terms.proceedToPayment', defaultMessage: 'Proceed to payment' }),
    thankYou: message({ id: 'terms.thankYou', defaultMessage: 'Thank you! Please check your email for further instructions.' }),
  },
  instalment: {
    makePayment: message({ id: 'instalment.makePayment', defaultMessage: 'Make payment' }),
  },
  resetPasswordScreen: {
    incorrectCode: message({ id: 'resetPasswordScreen.incorrectCode', defaultMessage: 'Incorrect code' }),
    restart: message({ id: 'resetPasswordScreen.restart', defaultMessage: 'Restart' }),
  },
  toast: {
    // Could not add item to cart: in shop-front-messages.ts (the first page's add to cart shows it).
    travelTimeUpdateFailed: message({ id: 'toast.travelTimeUpdateFailed', defaultMessage: 'Could not update travel time. Please try later.' }),
    cartItemUpdateFailed: message({ id: 'toast.cartItemUpdateFailed', defaultMessage: 'Could not update item details.' }),
    itemAdded: message({ id: 'toast.itemAdded', defaultMessage: 'Item added to cart.' }),
    itemRemoved: message({ id: 'toast.itemRemoved', defaultMessage: 'Item removed from cart.' }),
    itemUpdated: message({ id: 'toast.itemUpdated', defaultMessage: 'Item details updated.' }),
    travelTimeUpdated: message({ id: 'toast.travelTimeUpdated', defaultMessage: 'Travel time updated.' }),
    ticketUpdated: (code: string) => ticketUpdated({ code }),
    refundRequested: message({ id: 'toast.refundRequested', defaultMessage: 'Refund request submitted successfully.' }),
    refundCancelled: (id: string | number) => refundCancelled({ id: String(id) }),
    loginSuccess: message({ id: 'toast.loginSuccess', defaultMessage: 'Login success.' }),
    loginFailed: message({ id: 'toast.loginFailed', defaultMessage: 'Login failed.' }),
    loggedOut: message({ id: 'toast.loggedOut', defaultMessage: 'You have been logged out.' }),
    settingsUpdated: message({ id: 'toast.settingsUpdated', defaultMessage: 'Account settings updated.' }),
  },
  /** Account answers the spec does not show: texts of our own (docs/decisions/0013). */
  accounts: {
    registered: message({ id: 'accounts.registered', defaultMessage: 'Thank you for registering. We have sent your password to your e-mail address. It should arrive within 10 minutes; if it does not, please check your spam folder.' }),
    resetRequested: message({ id: 'accounts.resetRequested', defaultMessage: 'If an account exists for this e-mail address, we have sent it a link to choose a new password. The link works once, for 15 minutes.' }),
    passwordReset: message({ id: 'accounts.passwordReset', defaultMessage: 'Your password has been changed. You can log in with it now.' }),
    ticketsSent: message({ id: 'accounts.ticketsSent', defaultMessage: 'If there are tickets for this e-mail address, we have sent them to it. They should arrive within 10 minutes; if they do not, please check your spam folder.' }),
    loginIncorrect: message({ id: 'accounts.loginIncorrect', defaultMessage: 'The e-mail address or password is not correct.' }),
    tooManyAttempts: message({ id: 'accounts.tooManyAttempts', defaultMessage: 'Too many attempts. Please wait a few minutes and try again.' }),
    currentPasswordIncorrect: message({ id: 'accounts.currentPasswordIncorrect', defaultMessage: 'Your current password is not correct.' }),
    emailInUse: message({ id: 'accounts.emailInUse', defaultMessage: 'This e-mail address belongs to another account.' }),
    sessionExpired: message({ id: 'accounts.sessionExpired', defaultMessage: 'Your session has ended. Please log in again.' }),
    loggedOut: message({ id: 'accounts.loggedOut', defaultMessage: 'You have been logged out.' }),
  },
  /** The language switcher in every app's header (decision 0093): its name for screen readers. */
  language: {
    label: message({ id: 'language.label', defaultMessage: 'Language' }),
  },
  ui: {
    // The default button label ('Click Me') is in shop-front-messages.ts (the first page's buttons).
    cancel: message({ id: 'ui.cancel', defaultMessage: 'Cancel' }),
    confirm: message({ id: 'ui.confirm', defaultMessage: 'Confirm' }),
  },
  /** Texts of our own for states the spec leaves open (see docs/decisions). */
  server: {
    invalidInput: message({ id: 'server.invalidInput', defaultMessage: 'Some of the details you sent are not valid.' }),
    missingHeader: message({ id: 'server.missingHeader', defaultMessage: 'This request must be sent by the shop application.' }),
    jsonOnly: message({ id: 'server.jsonOnly', defaultMessage: 'This request must send its details as JSON.' }),
    notFound: message({ id: 'server.notFound', defaultMessage: 'Not found.' }),
    itemNotFound: message({ id: 'server.itemNotFound', defaultMessage: 'This item does not exist or is no longer on sale.' }),
    unauthenticated: message({ id: 'server.unauthenticated', defaultMessage: 'Please log in to continue.' }),
    internal: message({ id: 'server.internal', defaultMessage: 'Something went wrong on our side. Please try again in a moment.' }),
    tooLarge: message({ id: 'server.tooLarge', defaultMessage: 'The request is too large.' }),
    tooManyRequests: message({ id: 'server.tooManyRequests', defaultMessage: 'Too many requests. Please wait a moment and try again.' }),
  },
  /** Field texts of our own for payloads no form of the shop sends (a broken or hostile client). */
  fields: {
    required: message({ id: 'fields.required', defaultMessage: 'This field is required.' }),
    notText: message({ id: 'fields.notText', defaultMessage: 'This field must be a text.' }),
    notNumber: message({ id: 'fields.notNumber', defaultMessage: 'This field must be a number.' }),
    notWholeNumber: message({ id: 'fields.notWholeNumber', defaultMessage: 'This field must be a whole number.' }),
    notTrueOrFalse: message({ id: 'fields.notTrueOrFalse', defaultMessage: 'This field must be true or false.' }),
    notGroup: message({ id: 'fields.notGroup', defaultMessage: 'This field must be a group of fields.' }),
    notList: message({ id: 'fields.notList', defaultMessage: 'This field must be a list.' }),
    tooLong: (maximum: number) => tooLong({ maximum }),
    tooShort: (minimum: number) => tooShort({ minimum }),
    tooHigh: (maximum: number) => tooHigh({ maximum }),
    tooLow: (minimum: number) => tooLow({ minimum }),
    notAbove: (minimum: number) => notAbove({ minimum }),
    tooMany: (maximum: number) => tooMany({ maximum }),
    notAllowed: message({ id: 'fields.notAllowed', defaultMessage: 'This value is not one of the allowed choices.' }),
    badFormat: message({ id: 'fields.badFormat', defaultMessage: 'This field is not in the right format.' }),
    invalid: message({ id: 'fields.invalid', defaultMessage: 'This field is not valid.' }),
    nullCharacter: message({ id: 'fields.nullCharacter', defaultMessage: 'This field contains a character that is not allowed.' }),
    itemCodeRequired: message({ id: 'fields.itemCodeRequired', defaultMessage: 'Please give the item code.' }),
  },

} as const;

export type Messages = typeof messages;
