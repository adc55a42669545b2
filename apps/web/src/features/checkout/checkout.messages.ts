import { message, messageWith } from '@festival/contract';

/**
 * The checkout's own texts (the checkout, accept-terms, instalment and order pages and their
 * parts), as messages of the catalogues (docs/decisions/0093): each shown with `say(...)` in the
 * page's language. Ids are `checkout.<file>.<key>`; the English is the text the page showed.
 */
export const checkoutTexts = {
  addressFields: {
    country: message({ id: 'checkout.AddressFields.country', defaultMessage: 'Country' }),
    chooseCountry: message({ id: 'checkout.AddressFields.chooseCountry', defaultMessage: 'Choose your country' }),
  },
  invoiceTable: {
    item: message({ id: 'checkout.InvoiceTable.item', defaultMessage: 'Item' }),
    travelTime: messageWith<{ date: string }>({ id: 'checkout.InvoiceTable.travelTime', defaultMessage: 'Travel time: {date}' }),
    price: message({ id: 'checkout.InvoiceTable.price', defaultMessage: 'Price' }),
    shipping: message({ id: 'checkout.InvoiceTable.shipping', defaultMessage: 'Shipping' }),
    /** Where the shipping's amount goes while no country is chosen yet. */
    shippingWithCountry: message({ id: 'checkout.InvoiceTable.shippingWithCountry', defaultMessage: 'With your country' }),
    /** `name`: the configured shipping rate's name. */
    shippingNamed: messageWith<{ name: string }>({ id: 'checkout.InvoiceTable.shippingNamed', defaultMessage: 'Shipping ({name})' }),
    total: message({ id: 'checkout.InvoiceTable.total', defaultMessage: 'Total' }),
    voucher: messageWith<{ code: string }>({ id: 'checkout.InvoiceTable.voucher', defaultMessage: 'Voucher {code}' }),
    toPay: message({ id: 'checkout.InvoiceTable.toPay', defaultMessage: 'To pay' }),
    toPayNow: message({ id: 'checkout.InvoiceTable.toPayNow', defaultMessage: 'To pay now' }),
    totalBeforeShipping: message({ id: 'checkout.InvoiceTable.totalBeforeShipping', defaultMessage: 'Total before shipping' }),
    toPayBeforeShipping: message({ id: 'checkout.InvoiceTable.toPayBeforeShipping', defaultMessage: 'To pay before shipping' }),
    toPayNowBeforeShipping: message({ id: 'checkout.InvoiceTable.toPayNowBeforeShipping', defaultMessage: 'To pay now before shipping' }),
    caption: message({ id: 'checkout.InvoiceTable.caption', defaultMessage: 'The items of your order' }),
    taxesOf: messageWith<{ total: string }>({ id: 'checkout.InvoiceTable.taxesOf', defaultMessage: 'The total of {total} includes:' }),
    /** `rate`: the tax rate's configured name ("VAT 9%"); `amount`: the tax it includes. */
    taxIncluded: messageWith<{ rate: string; amount: string }>({ id: 'checkout.InvoiceTable.taxIncluded', defaultMessage: 'incl. {rate}: {amount}' }),
  },
  paymentMethodField: {
    legend: message({ id: 'checkout.PaymentMethodField.legend', defaultMessage: 'Payment method' }),
  },
  paymentPlanSummary: {
    title: message({ id: 'checkout.PaymentPlanSummary.title', defaultMessage: 'Payment plan' }),
    /** `amount` is shown emphasised; the sentence stays whole (sayAround). */
    intro: messageWith<{ amount: string; count: number }>({
      id: 'checkout.PaymentPlanSummary.intro',
      defaultMessage: 'You pay {amount} now and the rest in {count, plural, one {# instalment} other {# instalments}}.',
    }),
    caption: messageWith<{ count: number }>({ id: 'checkout.PaymentPlanSummary.caption', defaultMessage: 'Payment plan in {count} parts' }),
    payment: message({ id: 'checkout.PaymentPlanSummary.payment', defaultMessage: 'Payment' }),
    initialPayment: message({ id: 'checkout.PaymentPlanSummary.initialPayment', defaultMessage: 'Initial payment' }),
    instalment: messageWith<{ number: number }>({ id: 'checkout.PaymentPlanSummary.instalment', defaultMessage: 'Instalment {number}' }),
    due: message({ id: 'checkout.PaymentPlanSummary.due', defaultMessage: 'Due' }),
    now: message({ id: 'checkout.PaymentPlanSummary.now', defaultMessage: 'Now' }),
    amount: message({ id: 'checkout.PaymentPlanSummary.amount', defaultMessage: 'Amount' }),
    total: message({ id: 'checkout.PaymentPlanSummary.total', defaultMessage: 'Total' }),
  },
  voucherField: {
    title: message({ id: 'checkout.VoucherField.title', defaultMessage: 'Voucher' }),
    /** `code` is shown emphasised; the sentence stays whole (sayAround). */
    applied: messageWith<{ code: string; amount: string }>({ id: 'checkout.VoucherField.applied', defaultMessage: 'Voucher {code}: −{amount}' }),
    remove: message({ id: 'checkout.VoucherField.remove', defaultMessage: 'Remove' }),
    removeLabel: messageWith<{ code: string }>({ id: 'checkout.VoucherField.removeLabel', defaultMessage: 'Remove voucher {code}' }),
    codeLabel: message({ id: 'checkout.VoucherField.codeLabel', defaultMessage: 'Voucher code' }),
    apply: message({ id: 'checkout.VoucherField.apply', defaultMessage: 'Apply' }),
  },
  checkoutPage: {
    lead: message({ id: 'checkout.CheckoutPage.lead', defaultMessage: 'Check your order, choose how to pay and place your order.' }),
    browseTickets: message({ id: 'checkout.CheckoutPage.browseTickets', defaultMessage: 'Browse tickets' }),
    /** The form's accessible name. */
    formLabel: message({ id: 'checkout.CheckoutPage.formLabel', defaultMessage: 'Checkout' }),
    orderTitle: message({ id: 'checkout.CheckoutPage.orderTitle', defaultMessage: 'Your order' }),
    calculating: message({ id: 'checkout.CheckoutPage.calculating', defaultMessage: 'Calculating your order…' }),
    billingAddress: message({ id: 'checkout.CheckoutPage.billingAddress', defaultMessage: 'Billing address' }),
    saveAddress: message({ id: 'checkout.CheckoutPage.saveAddress', defaultMessage: 'Save this address in my account' }),
    saveAddressHint: message({
      id: 'checkout.CheckoutPage.saveAddressHint',
      defaultMessage: 'Your next checkout, refund requests and account settings then start from it. You can change it in your account settings.',
    }),
    shippingAddress: message({ id: 'checkout.CheckoutPage.shippingAddress', defaultMessage: 'Shipping address' }),
    shippingHint: message({ id: 'checkout.CheckoutPage.shippingHint', defaultMessage: 'Your merchandise goes to this address. It starts as your billing address.' }),
    sameAsBilling: message({ id: 'checkout.CheckoutPage.sameAsBilling', defaultMessage: 'Same as billing address' }),
    fullName: message({ id: 'checkout.CheckoutPage.fullName', defaultMessage: 'Full name' }),
    submit: message({ id: 'checkout.CheckoutPage.submit', defaultMessage: 'Checkout' }),
  },
  acceptTermsPage: {
    lead: message({ id: 'checkout.AcceptTermsPage.lead', defaultMessage: 'Please check your order, then read and accept its terms and conditions.' }),
    hintToPay: message({
      id: 'checkout.AcceptTermsPage.hintToPay',
      defaultMessage: 'You have accepted the terms of this order. Tick the box to confirm, then pay for your order.',
    }),
    hint: message({ id: 'checkout.AcceptTermsPage.hint', defaultMessage: 'Tick the box to accept the terms of this order.' }),
    accepted: message({ id: 'checkout.AcceptTermsPage.accepted', defaultMessage: 'You have accepted the terms and conditions of this order.' }),
    paymentTitle: message({ id: 'checkout.AcceptTermsPage.paymentTitle', defaultMessage: 'Payment' }),
    termsTitle: message({ id: 'checkout.AcceptTermsPage.termsTitle', defaultMessage: 'Terms and Conditions' }),
    orderCode: message({ id: 'checkout.AcceptTermsPage.orderCode', defaultMessage: 'Order code' }),
    receivedAt: message({ id: 'checkout.AcceptTermsPage.receivedAt', defaultMessage: 'Received at' }),
    channel: message({ id: 'checkout.AcceptTermsPage.channel', defaultMessage: 'Channel' }),
    /** The channel of an order placed in the shop (a box-office order names its staff member). */
    online: message({ id: 'checkout.AcceptTermsPage.online', defaultMessage: 'Online' }),
    totalPrice: message({ id: 'checkout.AcceptTermsPage.totalPrice', defaultMessage: 'Total price' }),
    tickets: message({ id: 'checkout.AcceptTermsPage.tickets', defaultMessage: 'Tickets' }),
    merchandise: message({ id: 'checkout.AcceptTermsPage.merchandise', defaultMessage: 'Merchandise' }),
    paymentMethod: message({ id: 'checkout.AcceptTermsPage.paymentMethod', defaultMessage: 'Payment method' }),
    status: message({ id: 'checkout.AcceptTermsPage.status', defaultMessage: 'Status' }),
    shipping: message({ id: 'checkout.AcceptTermsPage.shipping', defaultMessage: 'Shipping' }),
    /** `name`: the voucher's name on the order. */
    voucher: messageWith<{ name: string }>({ id: 'checkout.AcceptTermsPage.voucher', defaultMessage: 'Voucher {name}' }),
    discount: message({ id: 'checkout.AcceptTermsPage.discount', defaultMessage: 'Discount' }),
    item: message({ id: 'checkout.AcceptTermsPage.item', defaultMessage: 'Item' }),
    priceExcludingFee: message({ id: 'checkout.AcceptTermsPage.priceExcludingFee', defaultMessage: 'Price (excluding fee)' }),
    bookingFee: message({ id: 'checkout.AcceptTermsPage.bookingFee', defaultMessage: 'Booking fee' }),
    amount: message({ id: 'checkout.AcceptTermsPage.amount', defaultMessage: 'Amount' }),
    itemsTitle: message({ id: 'checkout.AcceptTermsPage.itemsTitle', defaultMessage: 'Items' }),
    itemsCaption: message({ id: 'checkout.AcceptTermsPage.itemsCaption', defaultMessage: 'The items of this order' }),
    total: message({ id: 'checkout.AcceptTermsPage.total', defaultMessage: 'Total' }),
  },
  instalmentPage: {
    lead: message({ id: 'checkout.InstalmentPage.lead', defaultMessage: 'Pay one instalment of your payment plan.' }),
    orderCode: message({ id: 'checkout.InstalmentPage.orderCode', defaultMessage: 'Order code' }),
    instalment: message({ id: 'checkout.InstalmentPage.instalment', defaultMessage: 'Instalment' }),
    /** The instalment's place in the plan: "2 of 4". */
    position: messageWith<{ number: number; count: number }>({ id: 'checkout.InstalmentPage.position', defaultMessage: '{number} of {count}' }),
    dueDate: message({ id: 'checkout.InstalmentPage.dueDate', defaultMessage: 'Due date' }),
    amountPaid: message({ id: 'checkout.InstalmentPage.amountPaid', defaultMessage: 'Amount paid' }),
    amountToPay: message({ id: 'checkout.InstalmentPage.amountToPay', defaultMessage: 'Amount to pay' }),
    status: message({ id: 'checkout.InstalmentPage.status', defaultMessage: 'Status' }),
    paymentTitle: message({ id: 'checkout.InstalmentPage.paymentTitle', defaultMessage: 'Payment' }),
  },
  orderPage: {
    title: message({ id: 'checkout.OrderPage.title', defaultMessage: 'Your order' }),
  },
};
