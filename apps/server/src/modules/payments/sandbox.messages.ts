import { message, messageWith } from '@festival/contract';

/**
 * The sandbox gateway's pages (sandbox-gateway.ts), the test double of a card provider's hosted
 * page that buyers see in the demo: in the request's language (issue 36). "Sandbox Pay" is the
 * double's name and stays as it is.
 */
export const sandboxMessages = {
  /** Under the name in the page's header: what the page is for. */
  tagline: message({ id: 'payments.sandbox.tagline', defaultMessage: 'test payments' }),
  payTitle: message({ id: 'payments.sandbox.payTitle', defaultMessage: 'Pay' }),
  /** `description` is what the shop says is paid for (its order). */
  payHeading: messageWith<{ description: string }>({ id: 'payments.sandbox.payHeading', defaultMessage: 'Pay {description}' }),
  cardNumber: message({ id: 'payments.sandbox.cardNumber', defaultMessage: 'Card number' }),
  expiry: message({ id: 'payments.sandbox.expiry', defaultMessage: 'Expiry (MM/YY)' }),
  cvc: message({ id: 'payments.sandbox.cvc', defaultMessage: 'CVC' }),
  payButton: messageWith<{ amount: string }>({ id: 'payments.sandbox.payButton', defaultMessage: 'Pay {amount}' }),
  cancelButton: message({ id: 'payments.sandbox.cancelButton', defaultMessage: 'Cancel and return to the shop' }),
  /** `succeeds` and `declined` are the two test cards' numbers. */
  testCards: messageWith<{ succeeds: string; declined: string }>({ id: 'payments.sandbox.testCards', defaultMessage: 'Card {succeeds} pays, {declined} is declined.' }),
  unknownCard: message({ id: 'payments.sandbox.unknownCard', defaultMessage: 'Please use one of the test card numbers below.' }),
  refusedTitle: message({ id: 'payments.sandbox.refusedTitle', defaultMessage: 'Payment refused' }),
  refusedHeading: message({ id: 'payments.sandbox.refusedHeading', defaultMessage: 'This payment request is not valid' }),
  refusedBody: message({ id: 'payments.sandbox.refusedBody', defaultMessage: 'It was changed on the way or is incomplete. Please go back to the shop and start the payment again.' }),
  cancelledTitle: message({ id: 'payments.sandbox.cancelledTitle', defaultMessage: 'Payment cancelled' }),
};
