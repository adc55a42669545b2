import { message, messageWith } from './i18n/text';

/**
 * Checkout and payment texts the spec names but does not word: our own (docs/decisions/0017).
 * In a module of their own, apart from `messages`, so the first page, which needs none of them,
 * does not carry them (a bundler keeps a module whole). Every text is a `Text`, put into words in
 * the reader's language where it is shown (docs/decisions/0093).
 */

// The texts with placeholders, each declared once (its id and English source); `paymentMessages`
// below keeps the callers' positional arguments.
const attemptsWarning = messageWith<{ attempt: number; maximum: number }>({
  id: 'paymentMessages.attemptsWarning',
  defaultMessage: 'This is payment attempt {attempt} of {maximum}. If your payments keep failing, please contact us before trying again.',
});
const unpaidCard = messageWith<{ code: string; until: string }>({
  id: 'paymentMessages.unpaidBanner.card',
  defaultMessage: 'Your order {code} is not paid yet. Please pay by {until}; after that it is cancelled and its items go back on sale.',
});
const unpaidCardNoDeadline = messageWith<{ code: string }>({ id: 'paymentMessages.unpaidBanner.cardNoDeadline', defaultMessage: 'Your order {code} is not paid yet.' });
const unpaidTransfer = messageWith<{ code: string }>({ id: 'paymentMessages.unpaidBanner.transfer', defaultMessage: 'Your order {code} is waiting for your bank transfer.' });
const unpaidMore = messageWith<{ count: number }>({
  id: 'paymentMessages.unpaidBanner.more',
  defaultMessage: 'You have {count, plural, one {# more unpaid order} other {# more unpaid orders}}: see your orders.',
});
const payBy = messageWith<{ date: string }>({
  id: 'paymentMessages.payBy',
  defaultMessage: 'Please make sure it arrives by {date}: an order still unpaid then is cancelled and its items go back on sale.',
});
const paymentReturned = messageWith<{ amount: string }>({
  id: 'paymentMessages.paymentReturned',
  defaultMessage: 'We received a second payment of {amount} for this order and have refunded it automatically to the card it came from.',
});

// Texts the catalogue says in more than one place, declared once.
const payNow = message({ id: 'paymentMessages.payNow', defaultMessage: 'Pay now' });
const awaitingConfirmation = message({
  id: 'paymentMessages.awaitingConfirmation',
  defaultMessage: 'We are waiting for the payment provider to confirm your payment. This page updates by itself.',
});
const paid = message({ id: 'paymentMessages.paid', defaultMessage: 'Thank you! Your payment has been received.' });
const declinedHeading = message({ id: 'paymentMessages.outcome.declined.heading', defaultMessage: 'Your payment was declined' });

export const paymentMessages = {
  redirecting: message({ id: 'paymentMessages.redirecting', defaultMessage: 'Please wait while we take you to the payment page…' }),
  voucherExceedsOrder: message({ id: 'paymentMessages.voucherExceedsOrder', defaultMessage: 'Your voucher is worth more than this order. The remaining value will be lost.' }),
  paymentPlanNoVoucher: message({ id: 'paymentMessages.paymentPlanNoVoucher', defaultMessage: 'Vouchers cannot be used with a payment plan.' }),
  cartEmpty: message({ id: 'paymentMessages.cartEmpty', defaultMessage: 'Your cart is empty, so there is nothing to check out.' }),
  loginRequired: message({ id: 'paymentMessages.loginRequired', defaultMessage: 'Please log in or register to check out.' }),
  attemptsWarning: (attempt: number, maximum: number) => attemptsWarning({ attempt, maximum }),
  contactUs: message({ id: 'paymentMessages.contactUs', defaultMessage: 'Contact us' }),
  maxAttemptsReached: message({
    id: 'paymentMessages.maxAttemptsReached',
    defaultMessage: 'You have reached the maximum number of payment attempts. Please contact your card provider before you make another attempt.',
  }),
  notPayable: message({ id: 'paymentMessages.notPayable', defaultMessage: 'This order cannot be paid now.' }),
  /** Decision 0066: the way out of a card order whose card attempts are used up (or that the customer would rather pay by transfer). */
  payByTransfer: message({ id: 'paymentMessages.payByTransfer', defaultMessage: 'Pay by bank transfer instead' }),
  payByTransferHint: message({
    id: 'paymentMessages.payByTransferHint',
    defaultMessage: 'You will get our bank details and the payment reference here and by e-mail. Your order stays reserved until the transfer is due.',
  }),
  maxAttemptsTransfer: message({ id: 'paymentMessages.maxAttemptsTransfer', defaultMessage: 'You can still pay this order by bank transfer.' }),
  maxAttemptsNoWayOut: message({ id: 'paymentMessages.maxAttemptsNoWayOut', defaultMessage: 'To pay for this order another way, please contact us.' }),
  transferNotPossible: message({ id: 'paymentMessages.transferNotPossible', defaultMessage: 'This order cannot be paid by bank transfer.' }),
  /** Decision 0067: a provider's method it does not list for this cart and country. */
  methodNotOffered: message({ id: 'paymentMessages.methodNotOffered', defaultMessage: 'This payment method is not available for this order. Please choose another one.' }),
  /** Decision 0066: the banner across the shop while an order of the customer's waits for payment. */
  unpaidBanner: {
    card: (code: string, until: string) => unpaidCard({ code, until }),
    cardNoDeadline: (code: string) => unpaidCardNoDeadline({ code }),
    transfer: (code: string) => unpaidTransfer({ code }),
    pay: payNow,
    details: message({ id: 'paymentMessages.unpaidBanner.details', defaultMessage: 'See the bank details' }),
    more: (count: number) => unpaidMore({ count }),
  },
  /** Decision 0027: card attempts through one order link (or one network) without the owner's session are limited. */
  linkAttemptsLimited: message({
    id: 'paymentMessages.linkAttemptsLimited',
    defaultMessage: 'Too many payment attempts were made through this link. Please try again in an hour, or log in and pay from your account.',
  }),
  awaitingConfirmation,
  paymentFailed: message({ id: 'paymentMessages.paymentFailed', defaultMessage: 'Your payment did not go through. You can try again.' }),
  payNow,
  paid,
  bankTransferIntro: message({
    id: 'paymentMessages.bankTransferIntro',
    defaultMessage: 'Please transfer the amount below to our bank account, with the payment reference, so we can match your payment to your order.',
  }),
  /** Decision 0032: the deadline of an unpaid bank transfer (the order's pay_by), in its mail and beside the bank details on every page. */
  payBy: (date: string) => payBy({ date }),
  orderNotFound: message({ id: 'paymentMessages.orderNotFound', defaultMessage: 'We could not find this order.' }),
  amountMismatch: message({ id: 'paymentMessages.amountMismatch', defaultMessage: 'The payment does not match the order.' }),
  /** Decision 0026: the banner of the sandbox gateway's pages. */
  sandboxBanner: message({ id: 'paymentMessages.sandboxBanner', defaultMessage: 'Test payments: no money moves. This page takes test cards only.' }),
  /** Decision 0026: the sandbox's page for an attempt the shop cancelled (a newer attempt replaced it). */
  attemptReplaced: message({
    id: 'paymentMessages.attemptReplaced',
    defaultMessage: 'This payment was cancelled because a newer payment for the same order was started. Please go back to the shop.',
  }),
  /** Decision 0026: a card payment asked for while the shop has no usable payment gateway. */
  cardPaymentsUnavailable: message({ id: 'paymentMessages.cardPaymentsUnavailable', defaultMessage: 'Card payments are not available in this shop at the moment.' }),
  /** Decision 0026: on the order, money that arrived after the order was paid (or ended) and went back automatically. */
  paymentReturned: (amount: string) => paymentReturned({ amount }),
  /**
   * Decision 0034 (issue 19 point 4): each outcome of a payment with its own heading and text, on
   * every page a payment returns to; the next step (pay again, the bank details, the tickets) is
   * shown with it.
   */
  outcome: {
    paid: {
      heading: message({ id: 'paymentMessages.outcome.paid.heading', defaultMessage: 'Thank you for your order' }),
      text: message({ id: 'paymentMessages.outcome.paid.text', defaultMessage: 'Your payment has been received and your order is complete.' }),
    },
    processing: { heading: message({ id: 'paymentMessages.outcome.processing.heading', defaultMessage: 'We are confirming your payment' }), text: awaitingConfirmation },
    /** Issue 20: a method that settles later (SEPA Direct Debit, some bank payments): accepted, the money not yet arrived. */
    settling: {
      heading: message({ id: 'paymentMessages.outcome.settling.heading', defaultMessage: 'Your payment is on its way' }),
      text: message({
        id: 'paymentMessages.outcome.settling.text',
        defaultMessage:
          'Your payment has been accepted and can take a few working days to reach us. Your order is reserved in the meantime; we will e-mail your confirmation and tickets as soon as the money has arrived.',
      }),
    },
    declined: {
      heading: declinedHeading,
      text: message({
        id: 'paymentMessages.outcome.declined.text',
        defaultMessage: 'Your card payment did not go through, so no money was taken and your order is not paid yet. You can try again with the same or another card.',
      }),
    },
    /** Decision 0066: the last card attempt the shop allows was declined: no "try again" (the page offers bank transfer or contact). */
    declinedLast: {
      heading: declinedHeading,
      text: message({
        id: 'paymentMessages.outcome.declinedLast.text',
        defaultMessage: 'Your card payment did not go through, so no money was taken and your order is not paid yet. No more card payments can be made for this order.',
      }),
    },
    cancelled: {
      heading: message({ id: 'paymentMessages.outcome.cancelled.heading', defaultMessage: 'Your payment was cancelled' }),
      text: message({ id: 'paymentMessages.outcome.cancelled.text', defaultMessage: 'The payment was stopped before it was made, so your order is not paid yet. You can pay for it now.' }),
    },
    unpaid: {
      heading: message({ id: 'paymentMessages.outcome.unpaid.heading', defaultMessage: 'Your order is waiting for payment' }),
      text: message({ id: 'paymentMessages.outcome.unpaid.text', defaultMessage: 'This order has not been paid yet.' }),
    },
    awaitingTransfer: {
      heading: message({ id: 'paymentMessages.outcome.awaitingTransfer.heading', defaultMessage: 'Please pay by bank transfer' }),
      text: message({
        id: 'paymentMessages.outcome.awaitingTransfer.text',
        defaultMessage: 'Your order is placed. It is complete as soon as your bank transfer has arrived: please transfer the amount to our bank account with the payment reference.',
      }),
    },
    awaitingTransferNoDetails: message({ id: 'paymentMessages.outcome.awaitingTransferNoDetails', defaultMessage: 'Please contact us for our bank details.' }),
    planStarted: {
      heading: message({ id: 'paymentMessages.outcome.planStarted.heading', defaultMessage: 'Your first payment has been received' }),
      text: message({
        id: 'paymentMessages.outcome.planStarted.text',
        defaultMessage: 'Your payment plan has started. The remaining instalments and their due dates are listed below; you can pay each one from this page.',
      }),
    },
    abandoned: {
      heading: message({ id: 'paymentMessages.outcome.abandoned.heading', defaultMessage: 'Payment not received in time' }),
      text: message({
        id: 'paymentMessages.outcome.abandoned.text',
        defaultMessage: 'This order was cancelled because its payment did not arrive in time, and its items were released. If you still want them, please place a new order.',
      }),
    },
    orderCancelled: {
      heading: message({ id: 'paymentMessages.outcome.orderCancelled.heading', defaultMessage: 'This order has been cancelled' }),
      text: message({ id: 'paymentMessages.outcome.orderCancelled.text', defaultMessage: 'Its items were released and it can no longer be paid.' }),
    },
    refunded: {
      heading: message({ id: 'paymentMessages.outcome.refunded.heading', defaultMessage: 'This order has been refunded' }),
      text: message({ id: 'paymentMessages.outcome.refunded.text', defaultMessage: 'The amount paid for this order has been refunded.' }),
    },
    instalmentPaid: { heading: message({ id: 'paymentMessages.outcome.instalmentPaid.heading', defaultMessage: 'Instalment paid' }), text: paid },
    viewTickets: message({ id: 'paymentMessages.outcome.viewTickets', defaultMessage: 'View your tickets' }),
    viewOrder: message({ id: 'paymentMessages.outcome.viewOrder', defaultMessage: 'View your order' }),
    backToShop: message({ id: 'paymentMessages.outcome.backToShop', defaultMessage: 'Back to the shop' }),
    questions: message({ id: 'paymentMessages.outcome.questions', defaultMessage: 'Questions about your payment?' }),
  },
} as const;
