/**
 * Checkout and payment texts the spec names but does not word: our own (docs/decisions/0017).
 * In a module of their own, apart from `messages`, so the first page, which needs none of them,
 * does not carry them (a bundler keeps a module whole).
 */
export const paymentMessages = {
  redirecting: 'Please wait while we take you to the payment page…',
  voucherExceedsOrder: 'Your voucher is worth more than this order. The remaining value will be lost.',
  paymentPlanNoVoucher: 'Vouchers cannot be used with a payment plan.',
  cartEmpty: 'Your cart is empty, so there is nothing to check out.',
  loginRequired: 'Please log in or register to check out.',
  attemptsWarning: (attempt: number, maximum: number) =>
    `This is payment attempt ${attempt} of ${maximum}. If your payments keep failing, please contact us before trying again.`,
  contactUs: 'Contact us',
  maxAttemptsReached: 'You have reached the maximum number of payment attempts. Please contact your card provider before you make another attempt.',
  notPayable: 'This order cannot be paid now.',
  /** Decision 0066: the way out of a card order whose card attempts are used up (or that the customer would rather pay by transfer). */
  payByTransfer: 'Pay by bank transfer instead',
  payByTransferHint: 'You will get our bank details and the payment reference here and by e-mail. Your order stays reserved until the transfer is due.',
  maxAttemptsTransfer: 'You can still pay this order by bank transfer.',
  maxAttemptsNoWayOut: 'To pay for this order another way, please contact us.',
  transferNotPossible: 'This order cannot be paid by bank transfer.',
  /** Decision 0067: a provider's method it does not list for this cart and country. */
  methodNotOffered: 'This payment method is not available for this order. Please choose another one.',
  /** Decision 0066: the banner across the shop while an order of the customer's waits for payment. */
  unpaidBanner: {
    card: (code: string, until: string) => `Your order ${code} is not paid yet. Please pay by ${until}; after that it is cancelled and its items go back on sale.`,
    cardNoDeadline: (code: string) => `Your order ${code} is not paid yet.`,
    transfer: (code: string) => `Your order ${code} is waiting for your bank transfer.`,
    pay: 'Pay now',
    details: 'See the bank details',
    more: (count: number) => `You have ${count} more unpaid ${count === 1 ? 'order' : 'orders'}: see your orders.`,
  },
  /** Decision 0027: card attempts through one order link (or one network) without the owner's session are limited. */
  linkAttemptsLimited: 'Too many payment attempts were made through this link. Please try again in an hour, or log in and pay from your account.',
  awaitingConfirmation: 'We are waiting for the payment provider to confirm your payment. This page updates by itself.',
  paymentFailed: 'Your payment did not go through. You can try again.',
  payNow: 'Pay now',
  paid: 'Thank you! Your payment has been received.',
  bankTransferIntro: 'Please transfer the amount below to our bank account, with the payment reference, so we can match your payment to your order.',
  /** Decision 0032: the deadline of an unpaid bank transfer (the order's pay_by), in its mail and beside the bank details on every page. */
  payBy: (date: string) => `Please make sure it arrives by ${date}: an order still unpaid then is cancelled and its items go back on sale.`,
  orderNotFound: 'We could not find this order.',
  amountMismatch: 'The payment does not match the order.',
  /** Decision 0026: the banner of the sandbox gateway's pages. */
  sandboxBanner: 'Test payments: no money moves. This page takes test cards only.',
  /** Decision 0026: the sandbox's page for an attempt the shop cancelled (a newer attempt replaced it). */
  attemptReplaced: 'This payment was cancelled because a newer payment for the same order was started. Please go back to the shop.',
  /** Decision 0026: a card payment asked for while the shop has no usable payment gateway. */
  cardPaymentsUnavailable: 'Card payments are not available in this shop at the moment.',
  /** Decision 0026: on the order, money that arrived after the order was paid (or ended) and went back automatically. */
  paymentReturned: (amount: string) => `We received a second payment of ${amount} for this order and have refunded it automatically to the card it came from.`,
  /**
   * Decision 0034 (issue 19 point 4): each outcome of a payment with its own heading and text, on
   * every page a payment returns to; the next step (pay again, the bank details, the tickets) is
   * shown with it.
   */
  outcome: {
    paid: { heading: 'Thank you for your order', text: 'Your payment has been received and your order is complete.' },
    processing: { heading: 'We are confirming your payment', text: 'We are waiting for the payment provider to confirm your payment. This page updates by itself.' },
    /** Issue 20: a method that settles later (SEPA Direct Debit, some bank payments): accepted, the money not yet arrived. */
    settling: {
      heading: 'Your payment is on its way',
      text: 'Your payment has been accepted and can take a few working days to reach us. Your order is reserved in the meantime; we will e-mail your confirmation and tickets as soon as the money has arrived.',
    },
    declined: {
      heading: 'Your payment was declined',
      text: 'Your card payment did not go through, so no money was taken and your order is not paid yet. You can try again with the same or another card.',
    },
    /** Decision 0066: the last card attempt the shop allows was declined: no "try again" (the page offers bank transfer or contact). */
    declinedLast: {
      heading: 'Your payment was declined',
      text: 'Your card payment did not go through, so no money was taken and your order is not paid yet. No more card payments can be made for this order.',
    },
    cancelled: { heading: 'Your payment was cancelled', text: 'The payment was stopped before it was made, so your order is not paid yet. You can pay for it now.' },
    unpaid: { heading: 'Your order is waiting for payment', text: 'This order has not been paid yet.' },
    awaitingTransfer: {
      heading: 'Please pay by bank transfer',
      text: 'Your order is placed. It is complete as soon as your bank transfer has arrived: please transfer the amount to our bank account with the payment reference.',
    },
    awaitingTransferNoDetails: 'Please contact us for our bank details.',
    planStarted: {
      heading: 'Your first payment has been received',
      text: 'Your payment plan has started. The remaining instalments and their due dates are listed below; you can pay each one from this page.',
    },
    abandoned: {
      heading: 'Payment not received in time',
      text: 'This order was cancelled because its payment did not arrive in time, and its items were released. If you still want them, please place a new order.',
    },
    orderCancelled: { heading: 'This order has been cancelled', text: 'Its items were released and it can no longer be paid.' },
    refunded: { heading: 'This order has been refunded', text: 'The amount paid for this order has been refunded.' },
    instalmentPaid: { heading: 'Instalment paid', text: 'Thank you! Your payment has been received.' },
    viewTickets: 'View your tickets',
    viewOrder: 'View your order',
    backToShop: 'Back to the shop',
    questions: 'Questions about your payment?',
  },
} as const;
