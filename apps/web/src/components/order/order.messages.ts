import { message, messageWith } from '@festival/contract';

/**
 * The order view's own texts (its facts, items, tickets, payment schedule, bank transfer,
 * invoice and terms sections), as messages of the catalogues (docs/decisions/0093), shown with
 * `say(...)` in the page's language. Ids are `components.<file>.<key>`; the English is the text
 * the page showed. Not on the first page: in the `shop` part of each language's texts.
 */
export const orderTexts = {
  orderStatus: {
    awaitingPayment: message({ id: 'components.order-status.awaitingPayment', defaultMessage: 'Awaiting payment' }),
  },
  orderFacts: {
    code: message({ id: 'components.OrderFacts.code', defaultMessage: 'Order code' }),
    date: message({ id: 'components.OrderFacts.date', defaultMessage: 'Date' }),
    /** The member of staff or desk the order was placed through. */
    via: message({ id: 'components.OrderFacts.via', defaultMessage: 'Via' }),
    method: message({ id: 'components.OrderFacts.method', defaultMessage: 'Payment method' }),
    status: message({ id: 'components.OrderFacts.status', defaultMessage: 'Status' }),
    total: message({ id: 'components.OrderFacts.total', defaultMessage: 'Total' }),
    paid: message({ id: 'components.OrderFacts.paid', defaultMessage: 'Paid' }),
  },
  bankTransferDetails: {
    title: message({ id: 'components.BankTransferDetails.title', defaultMessage: 'Bank transfer' }),
    holder: message({ id: 'components.BankTransferDetails.holder', defaultMessage: 'Account holder' }),
    amount: message({ id: 'components.BankTransferDetails.amount', defaultMessage: 'Amount' }),
    reference: message({ id: 'components.BankTransferDetails.reference', defaultMessage: 'Payment reference' }),
  },
  orderDownloads: {
    title: message({ id: 'components.OrderDownloads.title', defaultMessage: 'Invoice' }),
    text: message({ id: 'components.OrderDownloads.text', defaultMessage: 'The invoice of this order as a PDF document.' }),
    download: message({ id: 'components.OrderDownloads.download', defaultMessage: 'Download invoice' }),
  },
  orderItems: {
    title: message({ id: 'components.OrderItems.title', defaultMessage: 'Items' }),
    caption: message({ id: 'components.OrderItems.caption', defaultMessage: 'The items of this order' }),
    item: message({ id: 'components.OrderItems.item', defaultMessage: 'Item' }),
    price: message({ id: 'components.OrderItems.price', defaultMessage: 'Price' }),
    /** `date`: the departure, formatted. */
    travelTime: messageWith<{ date: string }>({ id: 'components.OrderItems.travelTime', defaultMessage: 'Travel time: {date}' }),
    /** `voucher`: the voucher's name, as it is. */
    voucher: messageWith<{ voucher: string }>({ id: 'components.OrderItems.voucher', defaultMessage: 'Voucher {voucher}' }),
    discount: message({ id: 'components.OrderItems.discount', defaultMessage: 'Discount' }),
    shipping: message({ id: 'components.OrderItems.shipping', defaultMessage: 'Shipping' }),
    total: message({ id: 'components.OrderItems.total', defaultMessage: 'Total' }),
  },
  orderTickets: {
    tickets: message({ id: 'components.OrderTickets.tickets', defaultMessage: 'Your tickets' }),
    merchandise: message({ id: 'components.OrderTickets.merchandise', defaultMessage: 'Your merchandise' }),
    holder: message({ id: 'components.OrderTickets.holder', defaultMessage: 'Holder' }),
    email: message({ id: 'components.OrderTickets.email', defaultMessage: 'E-mail' }),
    travelTime: message({ id: 'components.OrderTickets.travelTime', defaultMessage: 'Travel time' }),
    ticketCode: message({ id: 'components.OrderTickets.ticketCode', defaultMessage: 'Ticket code' }),
    code: message({ id: 'components.OrderTickets.code', defaultMessage: 'Code' }),
    showQr: message({ id: 'components.OrderTickets.showQr', defaultMessage: 'Show QR code' }),
    /** A ticket's download link; its code follows for screen readers. */
    download: message({ id: 'components.OrderTickets.download', defaultMessage: 'Download ticket' }),
    manage: message({ id: 'components.OrderTickets.manage', defaultMessage: 'Manage' }),
    /** For screen readers after Manage: which ticket. */
    manageWhich: messageWith<{ code: string }>({ id: 'components.OrderTickets.manageWhich', defaultMessage: 'ticket {code}' }),
    /** For screen readers after Show/Hide QR code: whose. */
    qrWhich: messageWith<{ code: string }>({ id: 'components.OrderTickets.qrWhich', defaultMessage: 'of ticket {code}' }),
    hideQr: message({ id: 'components.OrderTickets.hideQr', defaultMessage: 'Hide QR code' }),
    /** `code`: the ticket's code, as it is. */
    qrOf: messageWith<{ code: string }>({ id: 'components.OrderTickets.qrOf', defaultMessage: 'QR code of ticket {code}' }),
  },
  paymentSchedule: {
    title: message({ id: 'components.PaymentSchedule.title', defaultMessage: 'Payment schedule' }),
    caption: message({ id: 'components.PaymentSchedule.caption', defaultMessage: 'The instalments of this order’s payment plan' }),
    dueDate: message({ id: 'components.PaymentSchedule.dueDate', defaultMessage: 'Due date' }),
    amount: message({ id: 'components.PaymentSchedule.amount', defaultMessage: 'Amount' }),
    paid: message({ id: 'components.PaymentSchedule.paid', defaultMessage: 'Paid' }),
    status: message({ id: 'components.PaymentSchedule.status', defaultMessage: 'Status' }),
    payment: message({ id: 'components.PaymentSchedule.payment', defaultMessage: 'Payment' }),
    payNow: message({ id: 'components.PaymentSchedule.payNow', defaultMessage: 'Pay now' }),
    /** After "Pay now", for screen readers: which instalment. */
    whichInstalment: messageWith<{ number: number; count: number }>({ id: 'components.PaymentSchedule.whichInstalment', defaultMessage: '(instalment {number} of {count})' }),
  },
  cardPayment: {
    title: message({ id: 'components.CardPayment.title', defaultMessage: 'Payment' }),
  },
  termsWarning: {
    title: message({ id: 'components.TermsWarning.title', defaultMessage: 'Terms and Conditions' }),
    notAccepted: message({
      id: 'components.TermsWarning.notAccepted',
      defaultMessage: 'You have not accepted the Terms and Conditions of this order yet. Please read and accept them to complete your order.',
    }),
  },
};
