import { message, messageWith } from '@festival/contract';

/**
 * The fixed texts of the documents (tickets, invoices, credit notes) and of the page a document
 * link answers when it does not download, said in the order's language, or the request's for the
 * page (decisions 0093, 0094). Names, product names, codes, amounts and dates are placeholders,
 * put into words before they reach these texts.
 */
export const ticketPdfTexts = {
  /** Under the event's name: when it starts (a bare time under a shuttle ticket read as the departure). */
  starts: messageWith<{ date: string }>({ id: 'documents.ticketPdf.starts', defaultMessage: 'Starts {date}' }),
  ends: messageWith<{ date: string }>({ id: 'documents.ticketPdf.ends', defaultMessage: 'Ends {date}' }),
  ticket: message({ id: 'documents.ticketPdf.ticket', defaultMessage: 'Ticket' }),
  holder: message({ id: 'documents.ticketPdf.holder', defaultMessage: 'Holder' }),
  email: message({ id: 'documents.ticketPdf.email', defaultMessage: 'E-mail' }),
  age: message({ id: 'documents.ticketPdf.age', defaultMessage: 'Age' }),
  travelTime: message({ id: 'documents.ticketPdf.travelTime', defaultMessage: 'Travel time' }),
  order: message({ id: 'documents.ticketPdf.order', defaultMessage: 'Order' }),
  ticketCode: message({ id: 'documents.ticketPdf.ticketCode', defaultMessage: 'Ticket code' }),
  showAtEntrance: message({
    id: 'documents.ticketPdf.showAtEntrance',
    defaultMessage: 'Show this code at the entrance. Keep it to yourself: a copy gets in only once, whoever comes first.',
  }),
  /** The title (document information) of the box office's print of an order's tickets. */
  orderTicketsTitle: messageWith<{ code: string }>({ id: 'documents.ticketPdf.orderTicketsTitle', defaultMessage: 'Tickets of order {code}' }),
};

export const invoicePdfTexts = {
  invoiceTitle: messageWith<{ number: string }>({ id: 'documents.invoicePdf.invoiceTitle', defaultMessage: 'Invoice {number}' }),
  creditNoteTitle: messageWith<{ number: string }>({ id: 'documents.invoicePdf.creditNoteTitle', defaultMessage: 'Credit note {number}' }),
  vatNumber: messageWith<{ number: string }>({ id: 'documents.invoicePdf.vatNumber', defaultMessage: 'VAT number: {number}' }),
  invoiceNumber: message({ id: 'documents.invoicePdf.invoiceNumber', defaultMessage: 'Invoice number:' }),
  creditNoteNumber: message({ id: 'documents.invoicePdf.creditNoteNumber', defaultMessage: 'Credit note number:' }),
  dateOfIssue: message({ id: 'documents.invoicePdf.dateOfIssue', defaultMessage: 'Date of issue:' }),
  correctsInvoice: message({ id: 'documents.invoicePdf.correctsInvoice', defaultMessage: 'Corrects invoice:' }),
  /** The corrected invoice: its number and the day it was issued. */
  invoiceOf: messageWith<{ number: string; date: string }>({ id: 'documents.invoicePdf.invoiceOf', defaultMessage: '{number} of {date}' }),
  order: message({ id: 'documents.invoicePdf.order', defaultMessage: 'Order:' }),
  paymentReceived: message({ id: 'documents.invoicePdf.paymentReceived', defaultMessage: 'Payment received:' }),
  dateOfSupply: message({ id: 'documents.invoicePdf.dateOfSupply', defaultMessage: 'Date of supply:' }),
  /** A date of supply: an event's day and its name. */
  eventDay: messageWith<{ date: string; event: string }>({ id: 'documents.invoicePdf.eventDay', defaultMessage: '{date} ({event})' }),
  /** The date of supply of merchandise (the payment date is the VAT point either way). */
  merchandiseShipped: message({ id: 'documents.invoicePdf.merchandiseShipped', defaultMessage: 'Merchandise: dispatched after payment' }),
  billedTo: message({ id: 'documents.invoicePdf.billedTo', defaultMessage: 'Billed to' }),
  description: message({ id: 'documents.invoicePdf.description', defaultMessage: 'Description' }),
  vatRate: message({ id: 'documents.invoicePdf.vatRate', defaultMessage: 'VAT rate' }),
  amountWithVat: message({ id: 'documents.invoicePdf.amountWithVat', defaultMessage: 'Amount incl. VAT' }),
  shippingBy: messageWith<{ method: string }>({ id: 'documents.invoicePdf.shippingBy', defaultMessage: 'Shipping by {method}' }),
  /** The shipping line when the order kept no carrier's name. */
  shipping: message({ id: 'documents.invoicePdf.shipping', defaultMessage: 'Shipping' }),
  voucher: messageWith<{ name: string }>({ id: 'documents.invoicePdf.voucher', defaultMessage: 'Voucher {name}' }),
  discount: message({ id: 'documents.invoicePdf.discount', defaultMessage: 'Discount' }),
  total: message({ id: 'documents.invoicePdf.total', defaultMessage: 'Total' }),
  totalCredited: message({ id: 'documents.invoicePdf.totalCredited', defaultMessage: 'Total credited' }),
  vatSummary: message({ id: 'documents.invoicePdf.vatSummary', defaultMessage: 'VAT summary' }),
  withoutVat: message({ id: 'documents.invoicePdf.withoutVat', defaultMessage: 'Without VAT' }),
  vat: message({ id: 'documents.invoicePdf.vat', defaultMessage: 'VAT' }),
  withVat: message({ id: 'documents.invoicePdf.withVat', defaultMessage: 'With VAT' }),
  /** A line without a tax rate. */
  noTax: message({ id: 'documents.invoicePdf.noTax', defaultMessage: 'No tax' }),
  /** A tax rate's name with its percentage, where the name does not say it ("Reduced (9%)"). */
  rateWithPercent: messageWith<{ rate: string; percent: string }>({ id: 'documents.invoicePdf.rateWithPercent', defaultMessage: '{rate} ({percent})' }),
  pricesIncludeVat: message({
    id: 'documents.invoicePdf.pricesIncludeVat',
    defaultMessage: 'Prices include VAT and booking fees. VAT per rate is taken out of the rate’s total once and rounded to the cent.',
  }),
  voucherPerRate: message({ id: 'documents.invoicePdf.voucherPerRate', defaultMessage: 'The voucher lowers each VAT rate’s total in proportion to it (see the VAT summary).' }),
  creditNoteRefunds: message({ id: 'documents.invoicePdf.creditNoteRefunds', defaultMessage: 'This credit note refunds the amounts above; the invoice it corrects is named at the top.' }),
};

/** What a document link that does not download says, and what the visitor can do (decision 0069). */
export const linkProblemTexts = {
  ticketPassedOnTitle: message({ id: 'documents.linkProblemPage.ticketPassedOnTitle', defaultMessage: 'This ticket is no longer valid' }),
  ticketPassedOnText: message({
    id: 'documents.linkProblemPage.ticketPassedOnText',
    defaultMessage: 'It has been passed on to someone else, who has a new ticket with a new code. This one will not get in at the entrance, printed or on a phone.',
  }),
  ticketOtherAddressTitle: message({ id: 'documents.linkProblemPage.ticketOtherAddressTitle', defaultMessage: 'This ticket link no longer works' }),
  ticketOtherAddressText: message({
    id: 'documents.linkProblemPage.ticketOtherAddressText',
    defaultMessage: 'The ticket is now sent to another address, in the name its holder gave. If it is yours, ask for your tickets to be sent to your address again, or see it in your account.',
  }),
  ticketRefundedTitle: message({ id: 'documents.linkProblemPage.ticketRefundedTitle', defaultMessage: 'This ticket has been refunded' }),
  ticketRefundedText: message({ id: 'documents.linkProblemPage.ticketRefundedText', defaultMessage: 'It was refunded and is no longer valid: it will not get in at the entrance.' }),
  ticketCancelledTitle: message({ id: 'documents.linkProblemPage.ticketCancelledTitle', defaultMessage: 'This ticket has been cancelled' }),
  ticketCancelledText: message({
    id: 'documents.linkProblemPage.ticketCancelledText',
    defaultMessage: 'Its order was cancelled, so the ticket is no longer valid: it will not get in at the entrance.',
  }),
  ticketNotPaidTitle: message({ id: 'documents.linkProblemPage.ticketNotPaidTitle', defaultMessage: 'This ticket is not ready yet' }),
  ticketNotPaidText: message({
    id: 'documents.linkProblemPage.ticketNotPaidText',
    defaultMessage: 'Its order is not paid in full yet. We e-mail the ticket to download as soon as it is; you can see the order and pay what is open in your account.',
  }),
  ticketUnknownTitle: message({ id: 'documents.linkProblemPage.ticketUnknownTitle', defaultMessage: 'This ticket link does not work' }),
  ticketUnknownText: message({
    id: 'documents.linkProblemPage.ticketUnknownText',
    defaultMessage: 'It may be incomplete: open it from the e-mail again, or copy the whole link. You can also have your tickets sent to you again.',
  }),
  invoiceNotPaidTitle: message({ id: 'documents.linkProblemPage.invoiceNotPaidTitle', defaultMessage: 'This invoice is not ready yet' }),
  invoiceNotPaidText: message({
    id: 'documents.linkProblemPage.invoiceNotPaidText',
    defaultMessage: 'The invoice is issued once the order is paid in full. You can see the order and pay what is open in your account.',
  }),
  invoiceUnknownTitle: message({ id: 'documents.linkProblemPage.invoiceUnknownTitle', defaultMessage: 'This invoice link does not work' }),
  invoiceUnknownText: message({
    id: 'documents.linkProblemPage.invoiceUnknownText',
    defaultMessage: 'It may be incomplete or have expired: open it from the e-mail again, or download the invoice from the order in your account.',
  }),
  yourOrders: message({ id: 'documents.linkProblemPage.yourOrders', defaultMessage: 'Your orders' }),
  resendTickets: message({ id: 'documents.linkProblemPage.resendTickets', defaultMessage: 'Re-send tickets' }),
  toTheShop: message({ id: 'documents.linkProblemPage.toTheShop', defaultMessage: 'To the shop' }),
};
