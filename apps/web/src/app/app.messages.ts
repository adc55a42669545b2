import { message, messageWith } from '@festival/contract';

/**
 * The frame's own texts (header, footer, panels' buttons, the route table's page titles, the page
 * when it cannot start), as messages of the catalogues (docs/decisions/0093), each shown with
 * `say(...)` in the page's language. Ids are `app.<file>.<key>`; the English is the text the page
 * showed. They are in the first part of each language's texts (apps/web/build/text-catalogues.ts):
 * every page shows them at its first render.
 */
export const appTexts = {
  main: {
    unavailable: message({ id: 'app.main.unavailable', defaultMessage: 'The shop is not available' }),
    notStarted: message({ id: 'app.main.notStarted', defaultMessage: 'The page could not be started.' }),
    tryLater: message({ id: 'app.main.tryLater', defaultMessage: 'Please try again later.' }),
  },
  appLayout: {
    skipToContent: message({ id: 'app.AppLayout.skipToContent', defaultMessage: 'Skip to content' }),
  },
  header: {
    home: message({ id: 'app.Header.home', defaultMessage: 'Home' }),
    tickets: message({ id: 'app.Header.tickets', defaultMessage: 'Tickets' }),
    merchandise: message({ id: 'app.Header.merchandise', defaultMessage: 'Merchandise' }),
    portal: message({ id: 'app.Header.portal', defaultMessage: 'Portal' }),
    website: message({ id: 'app.Header.website', defaultMessage: 'Website' }),
    /** The main navigation's accessible name. */
    main: message({ id: 'app.Header.main', defaultMessage: 'Main' }),
  },
  cartMenu: {
    /** The cart button's accessible name, with the number of items in the cart. */
    button: messageWith<{ count: number }>({ id: 'app.CartMenu.button', defaultMessage: 'Cart, {count, plural, one {# item} other {# items}}' }),
    cart: message({ id: 'app.CartMenu.cart', defaultMessage: 'Cart' }),
  },
  accountMenu: {
    account: message({ id: 'app.AccountMenu.account', defaultMessage: 'Account' }),
    login: message({ id: 'app.AccountMenu.login', defaultMessage: 'Login' }),
  },
  accountPanel: {
    settings: message({ id: 'app.AccountPanel.settings', defaultMessage: 'Account Settings' }),
  },
  panelLoadFailed: {
    text: message({ id: 'app.PanelLoadFailed.text', defaultMessage: 'This panel could not be loaded. Please check your connection and reload the page.' }),
  },
  routeError: {
    title: message({ id: 'app.RouteError.title', defaultMessage: 'Something went wrong' }),
    lead: message({ id: 'app.RouteError.lead', defaultMessage: 'This page could not be shown. Please reload it or go back to the home page.' }),
    reload: message({ id: 'app.RouteError.reload', defaultMessage: 'Reload page' }),
    home: message({ id: 'app.RouteError.home', defaultMessage: 'Home' }),
  },
  footer: {
    usefulLinks: message({ id: 'app.Footer.usefulLinks', defaultMessage: 'Useful links' }),
    contact: message({ id: 'app.Footer.contact', defaultMessage: 'Contact' }),
    followUs: message({ id: 'app.Footer.followUs', defaultMessage: 'Follow us' }),
    securePayment: message({ id: 'app.Footer.securePayment', defaultMessage: 'Secure payment' }),
    acceptedCards: message({ id: 'app.Footer.acceptedCards', defaultMessage: 'Accepted cards' }),
  },
  gatewayBadge: {
    /** `gateway`: the payment provider's name (Stripe, Mollie), as it is. */
    paymentsBy: messageWith<{ gateway: string }>({ id: 'app.GatewayBadge.paymentsBy', defaultMessage: 'Payments by {gateway}' }),
    testPaymentsBy: messageWith<{ gateway: string }>({ id: 'app.GatewayBadge.testPaymentsBy', defaultMessage: 'Test payments by {gateway}' }),
    noMoneyMoves: message({ id: 'app.GatewayBadge.noMoneyMoves', defaultMessage: 'no money moves' }),
    processedBy: messageWith<{ gateway: string }>({ id: 'app.GatewayBadge.processedBy', defaultMessage: 'Payments processed by {gateway}' }),
  },
  /** The pages' titles (the document's title and the page's heading) where the configuration names none. */
  routeTable: {
    tickets: message({ id: 'app.route-table.tickets', defaultMessage: 'Tickets' }),
    merchandise: message({ id: 'app.route-table.merchandise', defaultMessage: 'Merchandise' }),
    checkout: message({ id: 'app.route-table.checkout', defaultMessage: 'Checkout' }),
    termsAndConditions: message({ id: 'app.route-table.termsAndConditions', defaultMessage: 'Terms and Conditions' }),
    paymentPlan: message({ id: 'app.route-table.paymentPlan', defaultMessage: 'Payment Plan' }),
    portal: message({ id: 'app.route-table.portal', defaultMessage: 'Portal' }),
    /** `order`: the order's number, as it is. */
    order: messageWith<{ order: string }>({ id: 'app.route-table.order', defaultMessage: 'Order {order}' }),
    manageTicket: message({ id: 'app.route-table.manageTicket', defaultMessage: 'Manage Ticket' }),
    requestRefund: message({ id: 'app.route-table.requestRefund', defaultMessage: 'Request Refund' }),
    /** `refund`: the refund's number, as it is. */
    refund: messageWith<{ refund: string }>({ id: 'app.route-table.refund', defaultMessage: 'Refund {refund}' }),
    accountSettings: message({ id: 'app.route-table.accountSettings', defaultMessage: 'Account Settings' }),
    login: message({ id: 'app.route-table.login', defaultMessage: 'Login' }),
    register: message({ id: 'app.route-table.register', defaultMessage: 'Register' }),
    forgotPassword: message({ id: 'app.route-table.forgotPassword', defaultMessage: 'Forgot Your Password' }),
    resetPassword: message({ id: 'app.route-table.resetPassword', defaultMessage: 'Reset Password' }),
    resendTickets: message({ id: 'app.route-table.resendTickets', defaultMessage: 'Re-send Tickets' }),
    ambassadors: message({ id: 'app.route-table.ambassadors', defaultMessage: 'Ambassadors' }),
    cookiePolicy: message({ id: 'app.route-table.cookiePolicy', defaultMessage: 'Cookie Policy' }),
    faqs: message({ id: 'app.route-table.faqs', defaultMessage: 'FAQs' }),
    privacyPolicy: message({ id: 'app.route-table.privacyPolicy', defaultMessage: 'Privacy Policy' }),
    securityStatement: message({ id: 'app.route-table.securityStatement', defaultMessage: 'Security Statement' }),
    waitingRoom: message({ id: 'app.route-table.waitingRoom', defaultMessage: 'Waiting room' }),
  },
};
