import { message, messageWith } from '@festival/contract';

/**
 * The texts of the payment e-mails (payments.mail.ts): a returned second payment, to the buyer in
 * their order's language, and a chargeback's notice, to the organiser in the shop's default
 * language (decision 0093).
 */
export const paymentsMailMessages = {
  paymentReturnedSubject: messageWith<{ code: string; shop: string }>({ id: 'mail.payments.paymentReturnedSubject', defaultMessage: 'A payment for your order {code} at {shop} was refunded' }),
  orderNotAffected: messageWith<{ code: string }>({
    id: 'mail.payments.orderNotAffected',
    defaultMessage: 'Your order {code} is not affected: nothing else about it changes. Depending on your card provider, the refund can take a few days to show on your statement.',
  }),

  disputeOpenedSubject: messageWith<{ code: string; shop: string }>({ id: 'mail.payments.disputeOpenedSubject', defaultMessage: 'Order {code} at {shop}: payment charged back' }),
  disputeWonSubject: messageWith<{ code: string; shop: string }>({ id: 'mail.payments.disputeWonSubject', defaultMessage: 'Order {code} at {shop}: payment chargeback won' }),
  disputeLostSubject: messageWith<{ code: string; shop: string }>({ id: 'mail.payments.disputeLostSubject', defaultMessage: 'Order {code} at {shop}: payment chargeback lost' }),
  disputeOpened: message({
    id: 'mail.payments.disputeOpened',
    defaultMessage: 'The card holder disputed this payment with their bank, and the payment provider has taken the money back for now.',
  }),
  disputeWon: message({ id: 'mail.payments.disputeWon', defaultMessage: 'The bank decided the dispute in your favour: the money is yours again.' }),
  disputeLost: message({ id: 'mail.payments.disputeLost', defaultMessage: 'The bank decided the dispute in the card holder’s favour: the money stays with them.' }),
  disputeDetails: messageWith<{ code: string; amount: string; payment: string; provider: string; dispute: string; reference: string }>({
    id: 'mail.payments.disputeDetails',
    defaultMessage: 'Order {code}, {amount} of a payment of {payment} ({provider} dispute {dispute}, our reference {reference}).',
  }),
  disputeOpenedNext: message({
    id: 'mail.payments.disputeOpenedNext',
    defaultMessage:
      'The order is marked as a problem. Answer the dispute in your payment provider’s dashboard with the order’s details (its tickets, their check-ins, the e-mails sent) before the provider’s deadline.',
  }),
  disputeWonNext: message({ id: 'mail.payments.disputeWonNext', defaultMessage: 'The order is back to what its payments say.' }),
  disputeLostNext: message({ id: 'mail.payments.disputeLostNext', defaultMessage: 'The order stays marked as a problem: decide whether its tickets stay valid.' }),
};
