import { message, messageWith } from '@festival/contract';

/**
 * The texts of the e-mails the back office sends to buyers (orders.mail.ts, refunds.mail.ts,
 * box-office.mail.ts), in the order's language (decision 0093).
 */
export const backofficeMailMessages = {
  orderCancelledSubject: messageWith<{ code: string; shop: string }>({ id: 'mail.backoffice.orderCancelledSubject', defaultMessage: 'Your order {code} at {shop} is cancelled' }),
  orderCancelled: messageWith<{ code: string }>({ id: 'mail.backoffice.orderCancelled', defaultMessage: 'We have cancelled your order {code}.' }),
  orderCancelledItems: messageWith<{ code: string; count: number }>({
    id: 'mail.backoffice.orderCancelledItems',
    defaultMessage:
      'We have cancelled your order {code}. {count, plural, one {Its item is no longer valid: it does not give entry and will not be sent.} other {Its # items are no longer valid: they do not give entry and will not be sent.}}',
  }),
  notExpected: message({ id: 'mail.backoffice.notExpected', defaultMessage: 'If you did not expect this, reply to this message or contact us.' }),

  refundRejectedSubject: messageWith<{ id: string; code: string }>({ id: 'mail.backoffice.refundRejectedSubject', defaultMessage: 'Refund request {id} for order {code} was not approved' }),
  refundRejected: messageWith<{ id: string; code: string; amount: string }>({
    id: 'mail.backoffice.refundRejected',
    defaultMessage: 'We could not approve your refund request {id} for order {code} ({amount}). The reason:',
  }),
  refundItemsYoursAgain: message({
    id: 'mail.backoffice.refundItemsYoursAgain',
    defaultMessage: 'Your tickets and merchandise in this request are yours again, as before the request. If you have a question, reply to this e-mail or contact us.',
  }),
  yourOrders: message({ id: 'mail.backoffice.yourOrders', defaultMessage: 'Your orders' }),

  boxOfficeTicketsSubject: messageWith<{ shop: string; code: string }>({ id: 'mail.backoffice.boxOfficeTicketsSubject', defaultMessage: 'Your tickets for {shop} (order {code})' }),
  boxOfficeTickets: messageWith<{ code: string }>({
    id: 'mail.backoffice.boxOfficeTickets',
    defaultMessage: 'Here are the tickets of order {code}, bought at our box office. Download each one and show it at the entrance.',
  }),
};
