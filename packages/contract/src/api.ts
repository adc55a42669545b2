import type { z } from 'zod';
import * as accounts from './accounts';
import { getPageConfigAnswer, getPageConfigPayload } from './config';
import * as cart from './cart';
import * as catalog from './catalog';
import * as checkout from './checkout';
import { notShown } from './common';
import * as portal from './portal';
import * as waitingRoom from './waiting-room';
import * as staffAccounts from './staff-accounts';
import { STAFF_ROLES, type StaffRoleName } from './staff-accounts';
import * as staffCheckin from './staff-checkin';
import * as staffOrders from './staff-orders';
import * as staffDashboard from './staff-dashboard';
import * as staffRefundsExports from './staff-refunds-exports';
import * as staffBoxOffice from './staff-box-office';
import * as staffCatalogue from './staff-catalogue';
import * as staffVariants from './staff-variants';
import * as staffOnsales from './staff-onsales';
import * as staffVouchers from './staff-vouchers';
import * as staffRates from './staff-rates';
import * as staffGuests from './staff-guests';
import * as staffCheckinLists from './staff-checkin-lists';
import * as staffQuestions from './staff-questions';

/**
 * Every call of spec section 7: POST /api/<path>, the payload schema and the answer schema.
 * The server registers a route per entry; the web client is typed by it.
 */
export const api = {
  login: { payload: accounts.loginPayload, answer: accounts.loginAnswer },
  register: { payload: accounts.registerPayload, answer: accounts.messageAnswer },
  'request-password-reset': { payload: accounts.requestPasswordResetPayload, answer: accounts.messageAnswer },
  'reset-password': { payload: accounts.resetPasswordPayload, answer: accounts.messageAnswer },
  'email-tickets': { payload: accounts.emailTicketsPayload, answer: accounts.messageAnswer },
  'get-user': { payload: accounts.getUserPayload, answer: accounts.getUserAnswer },
  /** Our own addition to section 7 (decision 0013). */
  logout: { payload: accounts.logoutPayload, answer: accounts.messageAnswer },
  'update-settings': { payload: accounts.updateSettingsPayload, answer: portal.dataAnswer },
  /** Our own addition (decision 0094): the customer's language kept on their account. */
  'set-language': { payload: accounts.setLanguagePayload, answer: accounts.setLanguageAnswer },
  'get-data': { payload: portal.getDataPayload, answer: portal.dataAnswer },
  'change-ticket': { payload: portal.changeTicketPayload, answer: portal.dataAnswer },
  'change-answers': { payload: portal.changeAnswersPayload, answer: portal.dataAnswer },
  'set-travel-time': { payload: portal.setTravelTimePayload, answer: portal.dataAnswer },
  'request-refund': { payload: portal.requestRefundPayload, answer: portal.requestRefundAnswer },
  'cancel-refund': { payload: portal.cancelRefundPayload, answer: portal.dataAnswer },
  /** Our own addition (decision 0060): the bank details a waiting refund is paid to. */
  'refund-bank-details': { payload: portal.refundBankDetailsPayload, answer: portal.dataAnswer },
  'get-shop-item': { payload: catalog.getShopItemPayload, answer: catalog.getShopItemAnswer },
  /** Our own addition (decision 0094): the page's configuration in another language, for a switch without a reload. */
  'get-page-config': { payload: getPageConfigPayload, answer: getPageConfigAnswer },
  'get-cart': { payload: cart.getCartPayload, answer: cart.getCartAnswer },
  'calculate-invoice': { payload: checkout.calculateInvoicePayload, answer: checkout.calculateInvoiceAnswer },
  /** Our own addition (decision 0067): the provider's methods for the cart's amount and the billing country. */
  'payment-methods': { payload: checkout.paymentMethodsPayload, answer: checkout.paymentMethodsAnswer },
  'add-product-to-cart': {
    payload: cart.addProductToCartPayload,
    answer: cart.cartAnswer.extend({ data: portal.userData }),
  },
  'update-product-in-cart': { payload: cart.updateProductInCartPayload, answer: cart.cartAnswer },
  'remove-product-from-cart': {
    payload: cart.removeProductFromCartPayload,
    answer: cart.cartAnswer.extend({ data: portal.userData }),
  },
  'add-merchandise-to-cart': {
    payload: cart.addMerchandiseToCartPayload,
    answer: cart.cartAnswer.extend({ data: portal.userData }),
  },
  'remove-merchandise-from-cart': { payload: cart.removeMerchandiseFromCartPayload, answer: cart.cartAnswer },
  'validate-voucher': { payload: checkout.validateVoucherPayload, answer: checkout.validateVoucherAnswer },
  'checkout-cart': { payload: checkout.checkoutCartPayload, answer: checkout.checkoutCartAnswer },
  'get-terms-and-conditions-order': { payload: checkout.getTermsOrderPayload, answer: checkout.getTermsOrderAnswer },
  'accept-terms-and-conditions': { payload: checkout.acceptTermsPayload, answer: checkout.acceptTermsAnswer },
  'get-payment-plan-order-payment': { payload: checkout.getPlanPaymentPayload, answer: checkout.getPlanPaymentAnswer },
  'pay-payment-plan-order-payment': { payload: checkout.payPlanPaymentPayload, answer: checkout.payPlanPaymentAnswer },
  /** Our own addition to section 7 (decision 0017): another card attempt for a pending order. */
  'pay-order': { payload: checkout.payOrderPayload, answer: checkout.payOrderAnswer },
  /** Our own addition (decision 0066): an unpaid card order paid by bank transfer instead. */
  'pay-by-transfer': { payload: checkout.payByTransferPayload, answer: checkout.payByTransferAnswer },
  /** Our own addition (issue 23, decision 0048): the on-sale waiting room. */
  'queue-info': { payload: waitingRoom.queueInfoPayload, answer: waitingRoom.queueInfoAnswer },
  'queue-join': { payload: waitingRoom.queueJoinPayload, answer: waitingRoom.queueStatusAnswer },
  'queue-status': { payload: waitingRoom.queueStatusPayload, answer: waitingRoom.queueStatusAnswer },
  'queue-admit': { payload: waitingRoom.queueAdmitPayload, answer: waitingRoom.queueAdmitAnswer },
  'queue-preview': { payload: waitingRoom.queuePreviewPayload, answer: waitingRoom.queueAdmitAnswer },
} as const satisfies Record<string, { payload: z.ZodType; answer: z.ZodType }>;

export type ApiPath = keyof typeof api;
/** What a caller sends (before defaults and transforms). */
export type ApiPayload<P extends ApiPath> = z.input<(typeof api)[P]['payload']>;
/** What the server receives after validation. */
export type ApiInput<P extends ApiPath> = z.output<(typeof api)[P]['payload']>;
export type ApiAnswer<P extends ApiPath> = z.infer<(typeof api)[P]['answer']>;

export const API_PATHS = Object.keys(api) as ApiPath[];
/** Kept for calls whose answer is "not shown" in the spec and defined by a later issue. */
export { notShown };


/**
 * Who may make a staff call (issue 22 point 9, decision 0042): anyone (the sign-in calls, which
 * answer for themselves), a signed-in scanner (the gate app), or a signed-in member of staff of one
 * of the listed roles. The server enforces it for every call from this one declaration, before the
 * payload is read; the access matrix test holds its own copy of the table and checks both.
 */
export type StaffAccess = 'open' | 'scanner' | readonly StaffRoleName[];
/** Every role: a signed-in member of any role (gate included) may ask who they are. */
const ANY_ROLE = STAFF_ROLES;

/** The staff side's calls (design.md): POST /api/staff/<path>, for a signed-in scanner or staff member. */
export const staffApi = {
  'scanner-login': { payload: staffCheckin.scannerLoginPayload, answer: staffCheckin.scannerLoginAnswer, access: 'open' },
  'scanner-logout': { payload: staffCheckin.scannerLogoutPayload, answer: staffCheckin.scannerLogoutAnswer, access: 'open' },
  'checkin-lists': { payload: staffCheckin.checkinListsPayload, answer: staffCheckin.checkinListsAnswer, access: 'scanner' },
  scan: { payload: staffCheckin.scanPayload, answer: staffCheckin.scanAnswer, access: 'scanner' },
  'upload-scans': { payload: staffCheckin.uploadScansPayload, answer: staffCheckin.uploadScansAnswer, access: 'scanner' },
  sync: { payload: staffCheckin.syncPayload, answer: staffCheckin.syncAnswer, access: 'scanner' },
  'staff-sign-in': { payload: staffAccounts.staffSignInPayload, answer: staffAccounts.staffSignInAnswer, access: 'open' },
  'staff-second-factor': { payload: staffAccounts.staffSecondFactorPayload, answer: staffAccounts.staffSecondFactorAnswer, access: 'open' },
  'staff-sign-out': { payload: staffAccounts.staffSignOutPayload, answer: staffAccounts.staffSignOutAnswer, access: 'open' },
  'staff-me': { payload: staffAccounts.staffMePayload, answer: staffAccounts.staffMeAnswer, access: ANY_ROLE },
  'staff-link': { payload: staffAccounts.staffLinkPayload, answer: staffAccounts.staffLinkAnswer, access: 'open' },
  'staff-use-link': { payload: staffAccounts.staffUseLinkPayload, answer: staffAccounts.staffUseLinkAnswer, access: 'open' },
  'staff-change-password': { payload: staffAccounts.staffChangePasswordPayload, answer: staffAccounts.staffChangePasswordAnswer, access: ANY_ROLE },
  'staff-members': { payload: staffAccounts.staffMembersPayload, answer: staffAccounts.staffMembersAnswer, access: ['admin'] },
  'staff-add-member': { payload: staffAccounts.staffAddMemberPayload, answer: staffAccounts.staffAddMemberAnswer, access: ['admin'] },
  'staff-change-member': { payload: staffAccounts.staffChangeMemberPayload, answer: staffAccounts.staffChangeMemberAnswer, access: ['admin'] },
  'staff-audit': { payload: staffAccounts.staffAuditPayload, answer: staffAccounts.staffAuditAnswer, access: ['admin'] },
  scanners: { payload: staffAccounts.scannersPayload, answer: staffAccounts.scannersAnswer, access: ['admin'] },
  'scanner-add': { payload: staffAccounts.scannerAddPayload, answer: staffAccounts.scannerAddAnswer, access: ['admin'] },
  'scanner-revoke': { payload: staffAccounts.scannerRevokePayload, answer: staffAccounts.scannerRevokeAnswer, access: ['admin'] },
  'order-search': { payload: staffOrders.orderSearchPayload, answer: staffOrders.orderSearchAnswer, access: ['admin', 'box_office', 'customer_service'] },
  'order-detail': { payload: staffOrders.orderDetailPayload, answer: staffOrders.orderDetailAnswer, access: ['admin', 'box_office', 'customer_service'] },
  'order-resend': { payload: staffOrders.orderResendPayload, answer: staffOrders.orderResendAnswer, access: ['admin', 'box_office', 'customer_service'] },
  'order-mark-paid': { payload: staffOrders.orderMarkPaidPayload, answer: staffOrders.orderMarkPaidAnswer, access: ['admin', 'customer_service'] },
  'order-cancel': { payload: staffOrders.orderCancelPayload, answer: staffOrders.orderCancelAnswer, access: ['admin', 'customer_service'] },
  'order-refund': { payload: staffOrders.orderRefundPayload, answer: staffOrders.orderRefundAnswer, access: ['admin', 'customer_service'] },
  /** The order's tickets to print (decision 0076): the desk's roles, for a buyer without an e-mail address or a printer at hand. */
  'order-tickets-pdf': { payload: staffOrders.orderTicketsPdfPayload, answer: staffOrders.orderTicketsPdfAnswer, access: ['admin', 'box_office'] },
  'order-refund-paid-out': { payload: staffOrders.orderRefundPaidOutPayload, answer: staffOrders.orderRefundPaidOutAnswer, access: ['admin', 'box_office', 'customer_service'] },
  'order-change-ticket': { payload: staffOrders.orderChangeTicketPayload, answer: staffOrders.orderChangeTicketAnswer, access: ['admin', 'customer_service'] },
  'order-change-answers': { payload: staffOrders.orderChangeAnswersPayload, answer: staffOrders.orderChangeAnswersAnswer, access: ['admin', 'customer_service'] },
  'order-extend-deadline': { payload: staffOrders.orderExtendDeadlinePayload, answer: staffOrders.orderExtendDeadlineAnswer, access: ['admin', 'customer_service'] },
  dashboard: { payload: staffDashboard.dashboardPayload, answer: staffDashboard.dashboardAnswer, access: ['admin', 'box_office', 'customer_service'] },
  'refund-requests': { payload: staffRefundsExports.refundRequestsPayload, answer: staffRefundsExports.refundRequestsAnswer, access: ['admin', 'customer_service'] },
  'refund-decide': { payload: staffRefundsExports.refundDecidePayload, answer: staffRefundsExports.refundDecideAnswer, access: ['admin', 'customer_service'] },
  'staff-export': { payload: staffRefundsExports.staffExportPayload, answer: staffRefundsExports.staffExportAnswer, access: ['admin', 'customer_service'] },
  'box-office-items': { payload: staffBoxOffice.boxOfficeItemsPayload, answer: staffBoxOffice.boxOfficeItemsAnswer, access: ['admin', 'box_office'] },
  'box-office-sell': { payload: staffBoxOffice.boxOfficeSellPayload, answer: staffBoxOffice.boxOfficeSellAnswer, access: ['admin', 'box_office'] },
  'box-office-email-tickets': { payload: staffBoxOffice.boxOfficeEmailTicketsPayload, answer: staffBoxOffice.boxOfficeEmailTicketsAnswer, access: ['admin', 'box_office'] },
  'catalogue-overview': { payload: staffCatalogue.catalogueOverviewPayload, answer: staffCatalogue.catalogueOverviewAnswer, access: ['admin'] },
  'catalogue-change-item': { payload: staffCatalogue.catalogueChangeItemPayload, answer: staffCatalogue.catalogueChangeItemAnswer, access: ['admin'] },
  /** A size or colour added to a merchandise item (decision 0104). */
  'catalogue-add-variant': { payload: staffVariants.catalogueAddVariantPayload, answer: staffVariants.catalogueAddVariantAnswer, access: ['admin'] },
  /** An event's name in every language of the shop (issue 36 point 5, decision 0094). */
  'catalogue-change-event': { payload: staffCatalogue.catalogueChangeEventPayload, answer: staffCatalogue.catalogueChangeEventAnswer, access: ['admin'] },
  'catalogue-create-event': { payload: staffCatalogue.catalogueCreateEventPayload, answer: staffCatalogue.catalogueChangeEventAnswer, access: ['admin'] },
  'catalogue-archive-event': { payload: staffCatalogue.catalogueArchiveEventPayload, answer: staffCatalogue.catalogueChangeEventAnswer, access: ['admin'] },
  'catalogue-change-seats': { payload: staffCatalogue.catalogueChangeSeatsPayload, answer: staffCatalogue.catalogueChangeSeatsAnswer, access: ['admin'] },
  'catalogue-create-item': { payload: staffCatalogue.catalogueCreateItemPayload, answer: staffCatalogue.catalogueChangeItemAnswer, access: ['admin'] },
  'catalogue-archive-item': { payload: staffCatalogue.catalogueArchiveItemPayload, answer: staffCatalogue.catalogueChangeItemAnswer, access: ['admin'] },
  'catalogue-add-departure': { payload: staffCatalogue.catalogueAddDeparturePayload, answer: staffCatalogue.catalogueChangeItemAnswer, access: ['admin'] },
  'catalogue-departure-active': { payload: staffCatalogue.catalogueDepartureActivePayload, answer: staffCatalogue.catalogueChangeItemAnswer, access: ['admin'] },
  'catalogue-hand-back': { payload: staffCatalogue.catalogueHandBackPayload, answer: staffCatalogue.catalogueHandBackAnswer, access: ['admin'] },
  'catalogue-upload': { payload: staffCatalogue.catalogueUploadPayload, answer: staffCatalogue.catalogueUploadAnswer, access: ['admin'] },
  'catalogue-download': { payload: staffCatalogue.catalogueDownloadPayload, answer: staffCatalogue.catalogueDownloadAnswer, access: ['admin'] },
  /** An image chosen in the browser, decoded, stored with its sizes (decision 0105). */
  'catalogue-image-upload': { payload: staffCatalogue.catalogueImageUploadPayload, answer: staffCatalogue.catalogueImageUploadAnswer, access: ['admin'] },
  /** The on-sales' live figures: the roles that see the dashboard (decision 0048). */
  'onsales-overview': { payload: staffOnsales.onsalesOverviewPayload, answer: staffOnsales.onsalesOverviewAnswer, access: ['admin', 'box_office', 'customer_service'] },
  'onsale-change': { payload: staffOnsales.onsaleChangePayload, answer: staffOnsales.onsaleChangeAnswer, access: ['admin'] },
  'onsale-create': { payload: staffOnsales.onsaleCreatePayload, answer: staffOnsales.onsaleCreateAnswer, access: ['admin'] },
  'onsale-control': { payload: staffOnsales.onsaleControlPayload, answer: staffOnsales.onsaleControlAnswer, access: ['admin'] },
  'onsale-preview': { payload: staffOnsales.onsalePreviewPayload, answer: staffOnsales.onsalePreviewAnswer, access: ['admin'] },
  'voucher-list': { payload: staffVouchers.voucherListPayload, answer: staffVouchers.voucherListAnswer, access: ['admin'] },
  'voucher-save': { payload: staffVouchers.voucherSavePayload, answer: staffVouchers.voucherSaveAnswer, access: ['admin'] },
  'voucher-generate': { payload: staffVouchers.voucherGeneratePayload, answer: staffVouchers.voucherGenerateAnswer, access: ['admin'] },
  'rate-list': { payload: staffRates.rateListPayload, answer: staffRates.rateListAnswer, access: ['admin'] },
  'tax-rate-save': { payload: staffRates.taxRateSavePayload, answer: staffRates.taxRateSaveAnswer, access: ['admin'] },
  'shipping-rate-save': { payload: staffRates.shippingRateSavePayload, answer: staffRates.shippingRateSaveAnswer, access: ['admin'] },
  /** Guest lists (decision 0100): the desk's roles see the lists and issue and cancel guest tickets; admins make and rename lists. */
  'guest-lists': { payload: staffGuests.guestListsPayload, answer: staffGuests.guestListsAnswer, access: ['admin', 'box_office'] },
  'guest-list-save': { payload: staffGuests.guestListSavePayload, answer: staffGuests.guestListSaveAnswer, access: ['admin'] },
  'guest-issue': { payload: staffGuests.guestIssuePayload, answer: staffGuests.guestIssueAnswer, access: ['admin', 'box_office'] },
  'guest-cancel': { payload: staffGuests.guestCancelPayload, answer: staffGuests.guestCancelAnswer, access: ['admin', 'box_office'] },
  /** The check-in lists' editor, figures and conflicts (issue 37 point 5, decision 0097). */
  'checkin-list-overview': { payload: staffCheckinLists.checkinListOverviewPayload, answer: staffCheckinLists.checkinListOverviewAnswer, access: ['admin'] },
  'checkin-list-save': { payload: staffCheckinLists.checkinListSavePayload, answer: staffCheckinLists.checkinListSaveAnswer, access: ['admin'] },
  'checkin-list-archive': { payload: staffCheckinLists.checkinListArchivePayload, answer: staffCheckinLists.checkinListArchiveAnswer, access: ['admin'] },
  'checkin-conflict-resolve': { payload: staffCheckinLists.checkinConflictResolvePayload, answer: staffCheckinLists.checkinConflictResolveAnswer, access: ['admin'] },
  /** Questions per product (issue 37 point 4, decision 0106). */
  'question-list': { payload: staffQuestions.questionListPayload, answer: staffQuestions.questionListAnswer, access: ['admin'] },
  'question-save': { payload: staffQuestions.questionSavePayload, answer: staffQuestions.questionSaveAnswer, access: ['admin'] },
  'question-remove': { payload: staffQuestions.questionRemovePayload, answer: staffQuestions.questionRemoveAnswer, access: ['admin'] },
  'question-order': { payload: staffQuestions.questionOrderPayload, answer: staffQuestions.questionOrderAnswer, access: ['admin'] },
} as const satisfies Record<string, { payload: z.ZodType; answer: z.ZodType; access: StaffAccess }>;

export type StaffApiPath = keyof typeof staffApi;
export type StaffApiInput<P extends StaffApiPath> = z.output<(typeof staffApi)[P]['payload']>;
export type StaffApiAnswer<P extends StaffApiPath> = z.infer<(typeof staffApi)[P]['answer']>;
export const STAFF_API_PATHS = Object.keys(staffApi) as StaffApiPath[];
