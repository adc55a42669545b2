import { message, messageWith } from '@festival/contract';

/**
 * The texts of the e-mails about an order and its payments (orders.mail.ts), put into words in the
 * order's language (decision 0093). Amounts and dates arrive written in that language.
 */
export const ordersMailMessages = {
  viewOrder: message({ id: 'mail.orders.viewOrder', defaultMessage: 'View your order' }),

  ticketDeparts: messageWith<{ code: string; departure: string }>({ id: 'mail.orders.ticketDeparts', defaultMessage: 'Ticket {code}, departs {departure}' }),
  departs: messageWith<{ departure: string }>({ id: 'mail.orders.departs', defaultMessage: 'departs {departure}' }),
  invoiceTitle: messageWith<{ code: string }>({ id: 'mail.orders.invoiceTitle', defaultMessage: 'Invoice for order {code}' }),
  downloadInvoice: message({ id: 'mail.orders.downloadInvoice', defaultMessage: 'Download invoice (PDF)' }),

  instalmentPaid: message({ id: 'mail.orders.instalmentPaid', defaultMessage: 'Paid' }),
  instalmentDue: messageWith<{ date: string }>({ id: 'mail.orders.instalmentDue', defaultMessage: 'Due {date}' }),

  totalBeforeVoucher: message({ id: 'mail.orders.totalBeforeVoucher', defaultMessage: 'Total before the voucher' }),
  voucher: message({ id: 'mail.orders.voucher', defaultMessage: 'Voucher' }),
  voucherNamed: messageWith<{ voucher: string }>({ id: 'mail.orders.voucherNamed', defaultMessage: 'Voucher ({voucher})' }),
  total: message({ id: 'mail.orders.total', defaultMessage: 'Total' }),
  includingTax: messageWith<{ rate: string }>({ id: 'mail.orders.includingTax', defaultMessage: 'Including {rate}' }),

  receivedPart: messageWith<{ code: string; paid: string; total: string }>({
    id: 'mail.orders.receivedPart',
    defaultMessage: 'Thank you for your order {code}. We have received {paid} of {total}; the rest follows in instalments, and we will remind you before each one is due.',
  }),
  voucherCovers: messageWith<{ code: string }>({ id: 'mail.orders.voucherCovers', defaultMessage: 'Thank you for your order {code}. Your voucher covers it in full: there is nothing to pay.' }),
  nothingToPay: messageWith<{ code: string }>({ id: 'mail.orders.nothingToPay', defaultMessage: 'Thank you for your order {code}. There was nothing to pay.' }),
  receivedAfterVoucher: messageWith<{ code: string; paid: string; discount: string }>({
    id: 'mail.orders.receivedAfterVoucher',
    defaultMessage: 'Thank you for your order {code}. We have received {paid}, after your voucher took {discount} off.',
  }),
  received: messageWith<{ code: string; paid: string }>({ id: 'mail.orders.received', defaultMessage: 'Thank you for your order {code}. We have received {paid}.' }),

  confirmationSubject: messageWith<{ code: string; shop: string }>({ id: 'mail.orders.confirmationSubject', defaultMessage: 'Your order {code} at {shop}' }),
  ticketsToDownload: message({ id: 'mail.orders.ticketsToDownload', defaultMessage: 'Your tickets: download each one and show it at the entrance.' }),
  ticketsReserved: messageWith<{ count: number }>({
    id: 'mail.orders.ticketsReserved',
    defaultMessage:
      'Your {count, plural, one {ticket is} other {# tickets are}} reserved for you. We will e-mail {count, plural, one {it} other {them}} to you to download once the last instalment is paid.',
  }),
  ticketsReservedUntil: messageWith<{ count: number; date: string }>({
    id: 'mail.orders.ticketsReservedUntil',
    defaultMessage:
      'Your {count, plural, one {ticket is} other {# tickets are}} reserved for you. We will e-mail {count, plural, one {it} other {them}} to you to download once the last instalment is paid (due on {date}).',
  }),
  yourPaymentPlan: message({ id: 'mail.orders.yourPaymentPlan', defaultMessage: 'Your payment plan:' }),
  merchandise: messageWith<{ items: readonly string[] }>({ id: 'mail.orders.merchandise', defaultMessage: 'Merchandise: {items}. We will ship it to the address you gave.' }),

  instalmentReceiptSubject: messageWith<{ code: string }>({ id: 'mail.orders.instalmentReceiptSubject', defaultMessage: 'Payment received for order {code}' }),
  instalmentReceived: messageWith<{ amount: string; code: string; open: string; total: string }>({
    id: 'mail.orders.instalmentReceived',
    defaultMessage: 'We have received {amount} for your payment plan (order {code}): thank you. {open} of {total} is still to pay.',
  }),
  instalmentReceivedPaidInFull: messageWith<{ amount: string; code: string }>({
    id: 'mail.orders.instalmentReceivedPaidInFull',
    defaultMessage: 'We have received {amount} for your payment plan (order {code}): thank you. Your order is now paid in full.',
  }),

  ticketsReadySubject: messageWith<{ shop: string; code: string }>({ id: 'mail.orders.ticketsReadySubject', defaultMessage: 'Your tickets for {shop} (order {code})' }),
  ticketsReady: messageWith<{ code: string }>({
    id: 'mail.orders.ticketsReady',
    defaultMessage: 'The last instalment of your order {code} has been paid: thank you. Your tickets are ready. Download each one and show it at the entrance.',
  }),
  ticketsBoughtForYou: messageWith<{ count: number; code: string }>({
    id: 'mail.orders.ticketsBoughtForYou',
    defaultMessage:
      '{count, plural, one {A ticket in your name was bought for you (order {code}). Download it and show it at the entrance.} other {Tickets in your name were bought for you (order {code}). Download each one and show it at the entrance.}}',
  }),

  accountHolder: message({ id: 'mail.orders.accountHolder', defaultMessage: 'Account holder' }),
  iban: message({ id: 'mail.orders.iban', defaultMessage: 'IBAN' }),
  bic: message({ id: 'mail.orders.bic', defaultMessage: 'BIC' }),
  paymentReference: message({ id: 'mail.orders.paymentReference', defaultMessage: 'Payment reference' }),
  amount: message({ id: 'mail.orders.amount', defaultMessage: 'Amount' }),

  bankTransferSubject: messageWith<{ code: string; shop: string }>({ id: 'mail.orders.bankTransferSubject', defaultMessage: 'How to pay your order {code} at {shop}' }),
  pleaseTransfer: messageWith<{ code: string; amount: string }>({
    id: 'mail.orders.pleaseTransfer',
    defaultMessage: 'Thank you for your order {code}. Please transfer {amount} to our bank account, with the payment reference, so we can match your payment to your order.',
  }),
  noDeadline: message({ id: 'mail.orders.noDeadline', defaultMessage: 'There is no deadline, but nothing is issued or shipped before your payment has arrived.' }),
  ticketsWhenPaid: message({ id: 'mail.orders.ticketsWhenPaid', defaultMessage: 'Your tickets are issued as soon as your payment has arrived; we will e-mail them to you then.' }),
  mailWhenPaid: message({ id: 'mail.orders.mailWhenPaid', defaultMessage: 'We will e-mail you as soon as your payment has arrived.' }),

  partPaymentSubject: messageWith<{ code: string }>({ id: 'mail.orders.partPaymentSubject', defaultMessage: 'We have received part of your payment for order {code}' }),
  partPaymentReceived: messageWith<{ received: string; code: string; paid: string; total: string; open: string }>({
    id: 'mail.orders.partPaymentReceived',
    defaultMessage: 'We have received {received} for your order {code}: {paid} of {total} is paid, and {open} is still open. Please transfer the rest with the same payment reference.',
  }),
  restArrivesBy: messageWith<{ date: string }>({ id: 'mail.orders.restArrivesBy', defaultMessage: 'Please make sure the rest arrives by {date}.' }),
  restNoDeadline: message({ id: 'mail.orders.restNoDeadline', defaultMessage: 'There is no deadline, but nothing is issued or shipped before the whole amount has arrived.' }),

  instalmentDueSubject: messageWith<{ code: string; date: string }>({ id: 'mail.orders.instalmentDueSubject', defaultMessage: 'Your next payment for order {code} is due on {date}' }),
  instalmentOverdueSubject: messageWith<{ code: string }>({ id: 'mail.orders.instalmentOverdueSubject', defaultMessage: 'Your payment for order {code} is overdue' }),
  instalmentDueSoon: messageWith<{ amount: string; code: string; date: string }>({
    id: 'mail.orders.instalmentDueSoon',
    defaultMessage: 'A payment of {amount} for your payment plan (order {code}) is due on {date}.',
  }),
  instalmentOverdue: messageWith<{ amount: string; code: string; date: string }>({
    id: 'mail.orders.instalmentOverdue',
    defaultMessage: 'The payment of {amount} for your payment plan (order {code}) was due on {date} and has not arrived yet. Please pay it now to keep your tickets.',
  }),
  makePayment: message({ id: 'mail.orders.makePayment', defaultMessage: 'Make payment' }),
  paidMeanwhile: message({ id: 'mail.orders.paidMeanwhile', defaultMessage: 'If you have paid in the meantime, you can ignore this message.' }),

  termsSubject: messageWith<{ code: string; shop: string }>({ id: 'mail.orders.termsSubject', defaultMessage: 'Please accept the terms of your order {code} at {shop}' }),
  placedByBoxOffice: messageWith<{ code: string; amount: string }>({ id: 'mail.orders.placedByBoxOffice', defaultMessage: 'Your order {code} ({amount}) was placed for you by our box office.' }),
  acceptTermsPaid: message({ id: 'mail.orders.acceptTermsPaid', defaultMessage: 'Please read and accept our terms and conditions to complete it.' }),
  acceptTermsTransfer: message({
    id: 'mail.orders.acceptTermsTransfer',
    defaultMessage: 'Please read and accept our terms and conditions to complete it; then we will e-mail you the bank details to pay it, and the page shows them too.',
  }),
  acceptTermsCard: message({
    id: 'mail.orders.acceptTermsCard',
    defaultMessage: 'Please read and accept our terms and conditions to complete it; then you pay it by card on the same page.',
  }),
  acceptTerms: message({ id: 'mail.orders.acceptTerms', defaultMessage: 'Accept the Terms and Conditions' }),
};
