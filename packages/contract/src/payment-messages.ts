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
  /** Decision 0027: card attempts through one order link (or one network) without the owner's session are limited. */
  linkAttemptsLimited: 'Too many payment attempts were made through this link. Please try again in an hour, or log in and pay from your account.',
  awaitingConfirmation: 'We are waiting for the payment provider to confirm your payment. This page updates by itself.',
  paymentFailed: 'Your payment did not go through. You can try again.',
  payNow: 'Pay now',
  paid: 'Thank you! Your payment has been received.',
  bankTransferIntro: 'Please transfer the amount below to our bank account, with the payment reference, so we can match your payment to your order.',
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
} as const;
