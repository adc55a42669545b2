import { fieldNames, message, messageWith } from '@festival/contract';

/**
 * The portal's own texts (the customer's orders, refunds and tickets), declared for the
 * catalogues (docs/decisions/0093) and shown with `say(...)`. The English is the text the pages
 * showed before, word for word. The contract's `portalMessages` (the spec's portal texts) are not
 * here: they are a catalogue of their own.
 */

export const portalTexts = {
  portalPage: {
    lead: message({ id: 'portal.PortalPage.lead', defaultMessage: 'Your orders and refunds.' }),
    orders: message({ id: 'portal.PortalPage.orders', defaultMessage: 'Orders' }),
    noOrders: message({ id: 'portal.PortalPage.noOrders', defaultMessage: 'You have no orders yet.' }),
    refunds: message({ id: 'portal.PortalPage.refunds', defaultMessage: 'Refunds' }),
    noRefunds: message({ id: 'portal.PortalPage.noRefunds', defaultMessage: 'You have not requested any refunds.' }),
  },
  ordersTable: {
    caption: message({ id: 'portal.OrdersTable.caption', defaultMessage: 'Your orders' }),
    code: message({ id: 'portal.OrdersTable.code', defaultMessage: 'Code' }),
    date: message({ id: 'portal.OrdersTable.date', defaultMessage: 'Date' }),
    via: message({ id: 'portal.OrdersTable.via', defaultMessage: 'Via' }),
    method: message({ id: 'portal.OrdersTable.method', defaultMessage: 'Method' }),
    status: message({ id: 'portal.OrdersTable.status', defaultMessage: 'Status' }),
    items: message({ id: 'portal.OrdersTable.items', defaultMessage: 'Items' }),
    // Each action's visible word, then its hidden rest for screen readers (two parts: the rest is in an element of its own).
    payNow: message({ id: 'portal.OrdersTable.payNow', defaultMessage: 'Pay now' }),
    payNowOrder: messageWith<{ code: string }>({ id: 'portal.OrdersTable.payNowOrder', defaultMessage: 'for order {code}' }),
    manage: message({ id: 'portal.OrdersTable.manage', defaultMessage: 'Manage' }),
    manageOrder: messageWith<{ code: string }>({ id: 'portal.OrdersTable.manageOrder', defaultMessage: 'order {code}' }),
    refund: message({ id: 'portal.OrdersTable.refund', defaultMessage: 'Refund' }),
    refundOrder: messageWith<{ code: string }>({ id: 'portal.OrdersTable.refundOrder', defaultMessage: 'order {code}' }),
  },
  refundsTable: {
    caption: message({ id: 'portal.RefundsTable.caption', defaultMessage: 'Your refunds' }),
    refund: message({ id: 'portal.RefundsTable.refund', defaultMessage: 'Refund' }),
    /** The refund's link: only the id is visible, the words around it are for screen readers. */
    refundLink: messageWith<{ id: string }>({ id: 'portal.RefundsTable.refundLink', defaultMessage: 'Refund {id}' }),
    order: message({ id: 'portal.RefundsTable.order', defaultMessage: 'Order' }),
    requested: message({ id: 'portal.RefundsTable.requested', defaultMessage: 'Requested' }),
    status: message({ id: 'portal.RefundsTable.status', defaultMessage: 'Status' }),
    total: message({ id: 'portal.RefundsTable.total', defaultMessage: 'Total' }),
  },
  refundForm: {
    selectTitle: message({ id: 'portal.refund-form.selectTitle', defaultMessage: 'Choose the items to refund' }),
    detailsTitle: message({ id: 'portal.refund-form.detailsTitle', defaultMessage: 'Enter your bank details' }),
    confirmTitle: message({ id: 'portal.refund-form.confirmTitle', defaultMessage: 'Check and confirm' }),
  },
  refundProgress: {
    steps: message({ id: 'portal.RefundProgress.steps', defaultMessage: 'Steps of your refund request' }),
    stepCount: messageWith<{ step: number; count: number }>({ id: 'portal.RefundProgress.stepCount', defaultMessage: 'Step {step} of {count}:' }),
  },
  refundSelectStep: {
    hint: message({ id: 'portal.RefundSelectStep.hint', defaultMessage: 'Tick the items you would like refunded. Items that cannot be refunded show their status.' }),
    tickets: message({ id: 'portal.RefundSelectStep.tickets', defaultMessage: 'Tickets' }),
    merchandise: message({ id: 'portal.RefundSelectStep.merchandise', defaultMessage: 'Merchandise' }),
    next: message({ id: 'portal.RefundSelectStep.next', defaultMessage: 'Next' }),
    /** The amount an item would refund (formatted money). */
    refundAmount: messageWith<{ amount: string }>({ id: 'portal.RefundSelectStep.refundAmount', defaultMessage: 'Refund {amount}' }),
    /** An item's status (the organiser's label), and why it has no checkbox. */
    notRefundable: messageWith<{ status: string }>({ id: 'portal.RefundSelectStep.notRefundable', defaultMessage: '{status}, cannot be refunded' }),
  },
  refundDetailsStep: {
    next: message({ id: 'portal.RefundDetailsStep.next', defaultMessage: 'Next' }),
    accountHolder: message({ id: 'portal.RefundDetailsStep.accountHolder', defaultMessage: 'Account holder' }),
    accountHolderName: fieldNames.accountHolderName,
    bank: message({ id: 'portal.RefundDetailsStep.bank', defaultMessage: 'Bank' }),
    bankName: fieldNames.bankName,
    bankCity: message({ id: 'portal.RefundDetailsStep.bankCity', defaultMessage: 'Bank city' }),
    bankCountry: fieldNames.bankCountry,
    chooseBankCountry: message({ id: 'portal.RefundDetailsStep.chooseBankCountry', defaultMessage: "Choose the bank's country" }),
    bic: fieldNames.bic,
    iban: fieldNames.iban,
    bankAccount: fieldNames.bankAccount,
    bankAccountHint: message({ id: 'portal.RefundDetailsStep.bankAccountHint', defaultMessage: "Banks in some countries use an IBAN instead: choose the bank's country first." }),
    noteOptional: message({ id: 'portal.RefundDetailsStep.noteOptional', defaultMessage: 'Note (optional)' }),
  },
  refundConfirmStep: {
    itemsToRefund: message({ id: 'portal.RefundConfirmStep.itemsToRefund', defaultMessage: 'Items to refund' }),
    itemsCaption: message({ id: 'portal.RefundConfirmStep.itemsCaption', defaultMessage: 'The items to refund' }),
    item: message({ id: 'portal.RefundConfirmStep.item', defaultMessage: 'Item' }),
    code: message({ id: 'portal.RefundConfirmStep.code', defaultMessage: 'Code' }),
    refund: message({ id: 'portal.RefundConfirmStep.refund', defaultMessage: 'Refund' }),
    totalRefund: message({ id: 'portal.RefundConfirmStep.totalRefund', defaultMessage: 'Total refund' }),
    bankDetails: message({ id: 'portal.RefundConfirmStep.bankDetails', defaultMessage: 'Bank details' }),
    address: message({ id: 'portal.RefundConfirmStep.address', defaultMessage: 'Address' }),
    note: message({ id: 'portal.RefundConfirmStep.note', defaultMessage: 'Note' }),
    back: message({ id: 'portal.RefundConfirmStep.back', defaultMessage: 'Back' }),
    submit: message({ id: 'portal.RefundConfirmStep.submit', defaultMessage: 'Confirm refund request' }),
  },
  requestRefundPage: {
    lead: message({ id: 'portal.RequestRefundPage.lead', defaultMessage: 'Choose the items to refund and where to send the money.' }),
    notPossible: messageWith<{ code: string }>({
      id: 'portal.RequestRefundPage.notPossible',
      defaultMessage:
        'No item of order {code} can be refunded at the moment: items can be refunded while their refund period is open, once the order is paid, and when no other refund request for them is in progress.',
    }),
    backToOrderCode: messageWith<{ code: string }>({ id: 'portal.RequestRefundPage.backToOrderCode', defaultMessage: 'Back to order {code}' }),
    back: message({ id: 'portal.RequestRefundPage.back', defaultMessage: 'Back' }),
    backToOrder: message({ id: 'portal.RequestRefundPage.backToOrder', defaultMessage: 'Back to order' }),
    /** The order the request is for; its code is a link to it. */
    order: messageWith<{ code: string }>({ id: 'portal.RequestRefundPage.order', defaultMessage: 'Order {code}' }),
  },
  refundDetailPage: {
    lead: message({ id: 'portal.RefundDetailPage.lead', defaultMessage: 'The status and items of this refund request.' }),
    notFound: message({ id: 'portal.RefundDetailPage.notFound', defaultMessage: 'This refund could not be found among your refunds.' }),
    status: message({ id: 'portal.RefundDetailPage.status', defaultMessage: 'Status' }),
    dateRequested: message({ id: 'portal.RefundDetailPage.dateRequested', defaultMessage: 'Date requested' }),
    dateCompleted: message({ id: 'portal.RefundDetailPage.dateCompleted', defaultMessage: 'Date completed' }),
    notYet: message({ id: 'portal.RefundDetailPage.notYet', defaultMessage: 'Not yet' }),
    order: message({ id: 'portal.RefundDetailPage.order', defaultMessage: 'Order' }),
    total: message({ id: 'portal.RefundDetailPage.total', defaultMessage: 'Total' }),
    creditNote: message({ id: 'portal.RefundDetailPage.creditNote', defaultMessage: 'Credit note' }),
    downloadCreditNote: messageWith<{ number: string }>({ id: 'portal.RefundDetailPage.downloadCreditNote', defaultMessage: 'Download credit note {number}' }),
    items: message({ id: 'portal.RefundDetailPage.items', defaultMessage: 'Items' }),
    itemsCaption: message({ id: 'portal.RefundDetailPage.itemsCaption', defaultMessage: 'The items of this refund' }),
    item: message({ id: 'portal.RefundDetailPage.item', defaultMessage: 'Item' }),
    code: message({ id: 'portal.RefundDetailPage.code', defaultMessage: 'Code' }),
    amount: message({ id: 'portal.RefundDetailPage.amount', defaultMessage: 'Amount' }),
    shippingRefund: message({ id: 'portal.RefundDetailPage.shippingRefund', defaultMessage: 'Shipping refund' }),
    cancelTitle: message({ id: 'portal.RefundDetailPage.cancelTitle', defaultMessage: 'Cancel this request' }),
    cancelText: message({ id: 'portal.RefundDetailPage.cancelText', defaultMessage: 'While the request has not been processed, you can withdraw it.' }),
    cancelRefund: message({ id: 'portal.RefundDetailPage.cancelRefund', defaultMessage: 'Cancel refund' }),
    cancelQuestion: messageWith<{ id: string }>({ id: 'portal.RefundDetailPage.cancelQuestion', defaultMessage: 'Cancel refund {id}?' }),
    withdrawn: message({ id: 'portal.RefundDetailPage.withdrawn', defaultMessage: 'Your refund request for the items above is withdrawn.' }),
  },
  orderDetailPage: {
    // The visible words, then their hidden rest for screen readers (two parts: the rest is in an element of its own).
    changeTravelTime: message({ id: 'portal.OrderDetailPage.changeTravelTime', defaultMessage: 'Change travel time' }),
    ofTicket: messageWith<{ code: string }>({ id: 'portal.OrderDetailPage.ofTicket', defaultMessage: 'of ticket {code}' }),
  },
  travelTimeModal: {
    title: message({ id: 'portal.TravelTimeModal.title', defaultMessage: 'Change travel time' }),
    save: message({ id: 'portal.TravelTimeModal.save', defaultMessage: 'Save' }),
    /** The ticket the modal changes; its code is shown as code. */
    productFor: messageWith<{ product: string; holder: string; code: string }>({ id: 'portal.TravelTimeModal.productFor', defaultMessage: '{product} for {holder} (ticket {code})' }),
    product: messageWith<{ product: string; code: string }>({ id: 'portal.TravelTimeModal.product', defaultMessage: '{product} (ticket {code})' }),
    travelTime: message({ id: 'portal.TravelTimeModal.travelTime', defaultMessage: 'Travel time' }),
    choose: message({ id: 'portal.TravelTimeModal.choose', defaultMessage: 'Choose your travel time' }),
    /** The seats left at a travel time (a formatted number), in brackets after it. */
    seatsLeft: messageWith<{ seats: string }>({ id: 'portal.TravelTimeModal.seatsLeft', defaultMessage: '{seats} left' }),
  },
  /** The answers to a product's questions changed in the portal (decision 0106). */
  answersEditor: {
    ticketTitle: message({ id: 'portal.AnswersEditor.ticketTitle', defaultMessage: 'Your answers for this ticket' }),
    orderTitle: message({ id: 'portal.AnswersEditor.orderTitle', defaultMessage: 'Change your answers for this order' }),
    save: message({ id: 'portal.AnswersEditor.save', defaultMessage: 'Save answers' }),
    saved: message({ id: 'portal.AnswersEditor.saved', defaultMessage: 'Your answers were saved.' }),
  },
  manageTicketPage: {
    lead: messageWith<{ product: string; code: string }>({ id: 'portal.ManageTicketPage.lead', defaultMessage: '{product}, ticket {code}' }),
    detailsTitle: message({ id: 'portal.ManageTicketPage.detailsTitle', defaultMessage: 'Step 1 of 2: Enter the ticket details' }),
    confirmTitle: message({ id: 'portal.ManageTicketPage.confirmTitle', defaultMessage: 'Step 2 of 2: Confirm the changes' }),
    holder: message({ id: 'portal.ManageTicketPage.holder', defaultMessage: 'Ticket holder' }),
    // The fields' names as the required-fields message gives them (the server's too).
    fullName: fieldNames.fullName,
    email: fieldNames.email,
    ageRange: fieldNames.ageRange,
    chooseAge: message({ id: 'portal.ManageTicketPage.chooseAge', defaultMessage: 'Choose an age range' }),
    nameChangesLeft: messageWith<{ count: number }>({ id: 'portal.ManageTicketPage.nameChangesLeft', defaultMessage: 'Name changes left: {count}.' }),
    reassign: message({ id: 'portal.ManageTicketPage.reassign', defaultMessage: 'Transfer this ticket to this e-mail address' }),
    reassignHint: messageWith<{ email: string }>({
      id: 'portal.ManageTicketPage.reassignHint',
      defaultMessage: 'The holder at {email} gets an account for this address if they have none, and the ticket moves to their portal. You will no longer have access to it.',
    }),
    noteOptional: message({ id: 'portal.ManageTicketPage.noteOptional', defaultMessage: 'Note (optional)' }),
    noteHint: message({ id: 'portal.ManageTicketPage.noteHint', defaultMessage: 'Anything the organiser should know about this change.' }),
    next: message({ id: 'portal.ManageTicketPage.next', defaultMessage: 'Next' }),
    checkDetails: message({ id: 'portal.ManageTicketPage.checkDetails', defaultMessage: 'Please check the new details of this ticket, then confirm.' }),
    /** A detail the ticket does not have (no e-mail address, no age range). */
    none: message({ id: 'portal.ManageTicketPage.none', defaultMessage: 'none' }),
    /** Between a detail's old and new value, for screen readers (the page shows an arrow). */
    changesTo: message({ id: 'portal.ManageTicketPage.changesTo', defaultMessage: 'changes to' }),
    unchanged: message({ id: 'portal.ManageTicketPage.unchanged', defaultMessage: '(unchanged)' }),
    note: message({ id: 'portal.ManageTicketPage.note', defaultMessage: 'Note' }),
    reassignWarning: messageWith<{ email: string }>({
      id: 'portal.ManageTicketPage.reassignWarning',
      defaultMessage:
        'This ticket will be transferred to {email}. An account is created for that address if it has none, and the ticket will no longer be in your portal: you cannot see, download or manage it any more.',
    }),
    back: message({ id: 'portal.ManageTicketPage.back', defaultMessage: 'Back' }),
  },
};
