/**
 * Every user-facing text of the spec (sections 2, 5 and 8), verbatim.
 * Texts with a placeholder are functions so callers cannot misspell the frame.
 */
/**
 * "<product> ticket", said once: a product named after what it is ("Weekend ticket", "Day Ticket",
 * "E-ticket", "Group tickets") takes no second "ticket" (decision 0035). For every text that
 * names a ticket by its product: the duplicate-holder message, the passed-on ticket's e-mails.
 */
export function productTicket(product: string): string {
  const name = product.trim();
  return /(?:^|[^\p{L}\p{N}])tickets?$/iu.test(name) ? name : `${name} ticket`;
}

export const messages = {
  personalise: {
    fullNameRequired: 'Please enter the full name for this ticket holder.',
    emailRequired: 'Please enter the email address for this ticket holder.',
    emailInvalid: 'Please enter a valid email address for this ticket holder.',
    ageRequired: 'Please choose the age range for this ticket holder.',
    travelTimeRequired: 'Please choose your travel date and time.',
    /**
     * The spec's 'A <product> ticket already exists for <holder name> in your cart.', which must
     * not read "A Weekend ticket ticket": a product named after what it is ("Weekend ticket",
     * "Day Ticket", "E-ticket", "Group tickets") takes no second "ticket" (decision 0035).
     */
    // The spec's frame stays as it is, "A" included: only the doubled word goes.
    duplicateHolder: (product: string, holder: string) => `A ${productTicket(product)} already exists for ${holder} in your cart.`,
  },
  login: {
    required: 'Please enter your email address and password.',
  },
  register: {
    required: 'Please enter your full name and email address.',
  },
  email: {
    required: 'Please enter your email address.',
    invalid: 'Please enter a valid email address.',
  },
  resetPassword: {
    passwordRequired: 'Please enter your new password.',
    mismatch: 'Password and confirmation do not match.',
  },
  accountSettings: {
    currentPasswordRequired: 'Please enter your current password.',
    fullNameRequired: 'Please enter your full name.',
    emailRequired: 'Please enter your email address.',
    emailInvalid: 'Please enter a valid email address.',
    mismatch: 'Password and confirmation do not match.',
  },
  checkout: {
    countryRequired: 'Please choose your country.',
    shippingCountryRequired: 'Please choose the shipping country.',
    fillOutFields: (fields: readonly string[]) => `Please fill out the following fields: ${fields.join(', ')}.`,
    noPaymentMethods: 'No valid payment methods found.',
    acceptTerms: 'Please accept the Terms and Conditions.',
    voucherRequired: 'Please enter a voucher code.',
    voucherInvalid: 'Invalid or expired voucher code.',
    /** Our own (decision 0023): too many wrong voucher codes in a while. */
    voucherTooManyAttempts: 'Too many wrong voucher codes. Please wait a few minutes and try again.',
    shippingUnavailable: 'We are currently unable to ship to your country.',
    selectCountryForShipping: 'Please select your country to see your shipping rates.',
  },
  ticketEdit: {
    fillOutFieldsPrefix: 'Please fill out the following fields: ',
    fillOutFields: (fields: readonly string[]) => `Please fill out the following fields: ${fields.join(', ')}`,
    nothingChanged: 'Please change the ticket details.',
  },
  refund: {
    selectItem: 'Please select at least one item.',
    fillOutFields: (fields: readonly string[]) => `Please fill out the following fields: ${fields.join(', ')}.`,
  },
  travelTime: {
    required: 'Please select the travel time.',
    // 'Sold out' is in shop-front-messages.ts (the first page shows it).
  },
  shop: {
    emptyListing: 'There are no items to show. Please check back again soon.',
    // The price notes are in shop-front-messages.ts (the first page shows them).
  },
  cart: {
    empty: 'Your Cart is empty.',
    // Texts of our own below: the spec names these states but not their words (docs/decisions/0011).
    soldOut: (item: string) => `Sorry, ${item} is sold out.`,
    travelTimeSoldOut: 'Sorry, this travel time is sold out. Please choose another one.',
    travelTimeUnknown: 'Please choose one of the travel times on offer.',
    ageUnknown: 'Please choose one of the age ranges on offer.',
    limitPerOrder: (item: string, limit: number) => `You can have at most ${limit} × ${item} in one order.`,
    // Our own (docs/decisions/0025): the caps on what one cart, network address or network holds at once.
    cartHoldLimit: (limit: number) => `One cart can reserve at most ${limit} items. Please check out this cart before adding more.`,
    networkHoldLimit:
      'Carts from your internet connection already reserve as many items as we can hold for one connection at a time. Please check out or remove items from your cart, or try again once earlier reservations have expired.',
    paymentPlanNeedsEmptyCart: 'A payment-plan ticket must be bought on its own. Please empty your cart first.',
    paymentPlanAlone: 'Your cart holds a payment-plan ticket, which must be bought on its own. Remove it to add other items.',
    shopClosed: 'The shop is closed at the moment, so nothing can be added to the cart.',
    merchandiseClosed: 'Merchandise is not on sale at the moment.',
    expired: 'Your cart has expired and its items are no longer reserved. Please add them again.',
    lineGone: 'This item is no longer in your cart.',
    addOnWithoutEntry: (addOn: string, holder: string, event: string) =>
      `${addOn} for ${holder} needs an entry ticket for ${event} in the same name. Add one unless ${holder} already has one.`,
    shippingAndTaxes: 'Shipping for merchandise and taxes are calculated at checkout.',
    logInToCheckOut: 'To check out, please log in or register.',
    moreItems: 'You can add other items, but only one payment-plan item at a time.',
    reservedFor: 'Your items are reserved for',
    meetingPoint: 'Please be at the meeting location 30 minutes before your travel time.',
    travelTimeChangesUntil: (date: string) => `You can change the travel time until ${date}.`,
    // The spec asks for roman characters; the shop takes and prints every script (decision 0028), so
    // the hint says what is checked at the gate: the name as on the ID (decision 0071).
    nameAsOnId: 'Enter the name exactly as it is written on the passport or ID.',
    // Our own (docs/decisions/0012): the spec gives no text for a failed removal.
    removeFailed: 'Could not remove the item from your cart.',
  },
  terms: {
    accept: 'Accept Terms and Conditions',
    proceedToPayment: 'Proceed to payment',
    thankYou: 'Thank you! Please check your email for further instructions.',
  },
  instalment: {
    makePayment: 'Make payment',
  },
  resetPasswordScreen: {
    incorrectCode: 'Incorrect code',
    restart: 'Restart',
  },
  toast: {
    // Could not add item to cart: in shop-front-messages.ts (the first page's add to cart shows it).
    travelTimeUpdateFailed: 'Could not update travel time. Please try later.',
    cartItemUpdateFailed: 'Could not update item details.',
    itemAdded: 'Item added to cart.',
    itemRemoved: 'Item removed from cart.',
    itemUpdated: 'Item details updated.',
    travelTimeUpdated: 'Travel time updated.',
    ticketUpdated: (code: string) => `Ticket ${code} updated successfully.`,
    refundRequested: 'Refund request submitted successfully.',
    refundCancelled: (id: string | number) => `Refund ${id} cancelled successfully.`,
    loginSuccess: 'Login success.',
    loginFailed: 'Login failed.',
    loggedOut: 'You have been logged out.',
    settingsUpdated: 'Account settings updated.',
  },
  /** Account answers the spec does not show: texts of our own (docs/decisions/0013). */
  accounts: {
    registered: 'Thank you for registering. We have sent your password to your e-mail address. It should arrive within 10 minutes; if it does not, please check your spam folder.',
    resetRequested: 'If an account exists for this e-mail address, we have sent it a link to choose a new password. The link works once, for 15 minutes.',
    passwordReset: 'Your password has been changed. You can log in with it now.',
    ticketsSent: 'If there are tickets for this e-mail address, we have sent them to it. They should arrive within 10 minutes; if they do not, please check your spam folder.',
    loginIncorrect: 'The e-mail address or password is not correct.',
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    currentPasswordIncorrect: 'Your current password is not correct.',
    emailInUse: 'This e-mail address belongs to another account.',
    sessionExpired: 'Your session has ended. Please log in again.',
    loggedOut: 'You have been logged out.',
  },
  ui: {
    // The default button label ('Click Me') is in shop-front-messages.ts (the first page's buttons).
    cancel: 'Cancel',
    confirm: 'Confirm',
  },
  /** Texts of our own for states the spec leaves open (see docs/decisions). */
  server: {
    invalidInput: 'Some of the details you sent are not valid.',
    missingHeader: 'This request must be sent by the shop application.',
    jsonOnly: 'This request must send its details as JSON.',
    notFound: 'Not found.',
    itemNotFound: 'This item does not exist or is no longer on sale.',
    unauthenticated: 'Please log in to continue.',
    internal: 'Something went wrong on our side. Please try again in a moment.',
    tooLarge: 'The request is too large.',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  },
  /** Field texts of our own for payloads no form of the shop sends (a broken or hostile client). */
  fields: {
    required: 'This field is required.',
    notText: 'This field must be a text.',
    notNumber: 'This field must be a number.',
    notWholeNumber: 'This field must be a whole number.',
    notTrueOrFalse: 'This field must be true or false.',
    notGroup: 'This field must be a group of fields.',
    notList: 'This field must be a list.',
    tooLong: (maximum: number) => `This field can have at most ${maximum} characters.`,
    tooShort: (minimum: number) => `This field must have at least ${minimum} characters.`,
    tooHigh: (maximum: number) => `This number can be at most ${maximum}.`,
    tooLow: (minimum: number) => `This number must be at least ${minimum}.`,
    notAbove: (minimum: number) => `This number must be more than ${minimum}.`,
    tooMany: (maximum: number) => `This list can have at most ${maximum} entries.`,
    notAllowed: 'This value is not one of the allowed choices.',
    badFormat: 'This field is not in the right format.',
    invalid: 'This field is not valid.',
    nullCharacter: 'This field contains a character that is not allowed.',
    itemCodeRequired: 'Please give the item code.',
  },
} as const;

export type Messages = typeof messages;
