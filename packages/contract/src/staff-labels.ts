import { message, type Shown, type Text } from './i18n/text';

/**
 * The words staff read for the shop's stored values (issue 34, decision 0072): payment methods,
 * audit actions, statuses. Every value gets a label; one the shop adds later reads as words
 * ("order.box-office-email-tickets" → "Order: box office email tickets"), never as code.
 *
 * The known values are texts of the catalogues (said in the reader's language where they are
 * shown, decision 0093); the database keeps the codes, never the words. A value without a label
 * reads as its code in words.
 */

const METHODS: Readonly<Record<string, Text>> = {
  credit_card: message({ id: 'paymentMethodLabel.credit_card', defaultMessage: 'Card' }),
  bank_transfer: message({ id: 'paymentMethodLabel.bank_transfer', defaultMessage: 'Bank transfer' }),
  cash: message({ id: 'paymentMethodLabel.cash', defaultMessage: 'Cash' }),
  card_terminal: message({ id: 'paymentMethodLabel.card_terminal', defaultMessage: 'Card terminal' }),
  pay_later: message({ id: 'paymentMethodLabel.pay_later', defaultMessage: 'Pay later by e-mail link' }),
  ideal: message({ id: 'paymentMethodLabel.ideal', defaultMessage: 'iDEAL' }),
  bancontact: message({ id: 'paymentMethodLabel.bancontact', defaultMessage: 'Bancontact' }),
  applepay: message({ id: 'paymentMethodLabel.applepay', defaultMessage: 'Apple Pay' }),
  apple_pay: message({ id: 'paymentMethodLabel.apple_pay', defaultMessage: 'Apple Pay' }),
  googlepay: message({ id: 'paymentMethodLabel.googlepay', defaultMessage: 'Google Pay' }),
  google_pay: message({ id: 'paymentMethodLabel.google_pay', defaultMessage: 'Google Pay' }),
  voucher: message({ id: 'paymentMethodLabel.voucher', defaultMessage: 'Voucher' }),
  gift_card: message({ id: 'paymentMethodLabel.gift_card', defaultMessage: 'Gift card' }),
  complimentary: message({ id: 'paymentMethodLabel.complimentary', defaultMessage: 'Complimentary (guest list)' }),
};

const ACTIONS: Readonly<Record<string, Text>> = {
  'catalogue.change': message({ id: 'auditActionLabel.catalogue.change', defaultMessage: 'Catalogue item changed' }),
  'catalogue.change-event': message({ id: 'auditActionLabel.catalogue.change-event', defaultMessage: 'Catalogue event changed' }),
  'catalogue.hand-back': message({ id: 'auditActionLabel.catalogue.hand-back', defaultMessage: 'Catalogue item handed back to the file' }),
  'catalogue.import': message({ id: 'auditActionLabel.catalogue.import', defaultMessage: 'Catalogue imported' }),
  'catalogue.seats': message({ id: 'auditActionLabel.catalogue.seats', defaultMessage: 'Departure seats changed' }),
  'catalogue.create-item': message({ id: 'auditActionLabel.catalogue.create-item', defaultMessage: 'Catalogue item created' }),
  'catalogue.archive-item': message({ id: 'auditActionLabel.catalogue.archive-item', defaultMessage: 'Catalogue item archived or restored' }),
  'catalogue.add-departure': message({ id: 'auditActionLabel.catalogue.add-departure', defaultMessage: 'Departure added' }),
  'catalogue.departure-active': message({ id: 'auditActionLabel.catalogue.departure-active', defaultMessage: 'Departure switched off or on' }),
  'export.orders': message({ id: 'auditActionLabel.export.orders', defaultMessage: 'Orders exported' }),
  'export.attendees': message({ id: 'auditActionLabel.export.attendees', defaultMessage: 'Attendees exported' }),
  'export.checkins': message({ id: 'auditActionLabel.export.checkins', defaultMessage: 'Check-ins exported' }),
  'guest.issue': message({ id: 'auditActionLabel.guest.issue', defaultMessage: 'Guest tickets issued' }),
  'guest.cancel': message({ id: 'auditActionLabel.guest.cancel', defaultMessage: 'Guest ticket cancelled' }),
  'guest-list.create': message({ id: 'auditActionLabel.guest-list.create', defaultMessage: 'Guest list created' }),
  'guest-list.rename': message({ id: 'auditActionLabel.guest-list.rename', defaultMessage: 'Guest list renamed' }),
  'order.price-override': message({ id: 'auditActionLabel.order.price-override', defaultMessage: 'Price changed at the desk' }),
  'onsale.change': message({ id: 'auditActionLabel.onsale.change', defaultMessage: 'On-sale changed' }),
  'order.box-office-sale': message({ id: 'auditActionLabel.order.box-office-sale', defaultMessage: 'Box office sale' }),
  'order.box-office-email-tickets': message({ id: 'auditActionLabel.order.box-office-email-tickets', defaultMessage: 'Box office tickets e-mailed' }),
  'order.cancel': message({ id: 'auditActionLabel.order.cancel', defaultMessage: 'Order cancelled' }),
  'order.extend-deadline': message({ id: 'auditActionLabel.order.extend-deadline', defaultMessage: 'Time to pay extended' }),
  'order.mark-paid': message({ id: 'auditActionLabel.order.mark-paid', defaultMessage: 'Order marked as paid' }),
  'order.refund': message({ id: 'auditActionLabel.order.refund', defaultMessage: 'Order refunded' }),
  'order.refund-override': message({ id: 'auditActionLabel.order.refund-override', defaultMessage: 'Order refunded outside the refund rules' }),
  'order.print-tickets': message({ id: 'auditActionLabel.order.print-tickets', defaultMessage: 'Tickets printed' }),
  /** Ours (decision 0106): the customer changed the order's answers to a product's per-order questions in the portal. */
  'order.change-answers': message({ id: 'auditActionLabel.order.change-answers', defaultMessage: 'Answers to the order’s questions changed by the customer' }),
  /** Ours (decision 0109): staff changed a ticket's or the order's answers on the order page. */
  'order.staff-change-answers': message({ id: 'auditActionLabel.order.staff-change-answers', defaultMessage: 'Answers to the questions changed by staff' }),
  'order.change-ticket': message({ id: 'auditActionLabel.order.change-ticket', defaultMessage: 'Ticket changed' }),
  'order.resend': message({ id: 'auditActionLabel.order.resend', defaultMessage: 'Mail sent again' }),
  'refund.approve': message({ id: 'auditActionLabel.refund.approve', defaultMessage: 'Refund request approved' }),
  'refund.reject': message({ id: 'auditActionLabel.refund.reject', defaultMessage: 'Refund request rejected' }),
  'staff.add': message({ id: 'auditActionLabel.staff.add', defaultMessage: 'Member of staff added' }),
  'staff.disable': message({ id: 'auditActionLabel.staff.disable', defaultMessage: 'Member of staff disabled' }),
  'staff.set-role': message({ id: 'auditActionLabel.staff.set-role', defaultMessage: 'Role changed' }),
  'staff.reset-second-factor': message({ id: 'auditActionLabel.staff.reset-second-factor', defaultMessage: 'Second factor reset' }),
  'staff.second-factor-set-up': message({ id: 'auditActionLabel.staff.second-factor-set-up', defaultMessage: 'Second factor set up' }),
  'staff.second-factor-failed': message({ id: 'auditActionLabel.staff.second-factor-failed', defaultMessage: 'Wrong second-factor codes' }),
  'staff.second-factor-limit': message({ id: 'auditActionLabel.staff.second-factor-limit', defaultMessage: 'Second-factor limit reached' }),
  'staff.sign-in': message({ id: 'auditActionLabel.staff.sign-in', defaultMessage: 'Signed in' }),
  'staff.sign-in-failed': message({ id: 'auditActionLabel.staff.sign-in-failed', defaultMessage: 'Failed sign-ins' }),
  'staff.sign-in-limit': message({ id: 'auditActionLabel.staff.sign-in-limit', defaultMessage: 'Sign-in limit reached' }),
  'staff.sign-in-with-recovery-code': message({ id: 'auditActionLabel.staff.sign-in-with-recovery-code', defaultMessage: 'Signed in with a recovery code' }),
  'staff.sign-out': message({ id: 'auditActionLabel.staff.sign-out', defaultMessage: 'Signed out' }),
  'scanner.sign-in-failed': message({ id: 'auditActionLabel.scanner.sign-in-failed', defaultMessage: 'Failed scanner sign-ins' }),
  'scanner.sign-in-limit': message({ id: 'auditActionLabel.scanner.sign-in-limit', defaultMessage: 'Scanner sign-in limit reached' }),
  'voucher.create': message({ id: 'auditActionLabel.voucher.create', defaultMessage: 'Voucher created' }),
  'voucher.change': message({ id: 'auditActionLabel.voucher.change', defaultMessage: 'Voucher changed' }),
  'voucher.generate': message({ id: 'auditActionLabel.voucher.generate', defaultMessage: 'Voucher codes generated' }),
};

const STATUSES: Readonly<Record<string, Text>> = {
  pending: message({ id: 'statusLabel.pending', defaultMessage: 'Pending' }),
  processing: message({ id: 'statusLabel.processing', defaultMessage: 'Processing' }),
  processed: message({ id: 'statusLabel.processed', defaultMessage: 'Processed' }),
  succeeded: message({ id: 'statusLabel.succeeded', defaultMessage: 'Succeeded' }),
  failed: message({ id: 'statusLabel.failed', defaultMessage: 'Failed' }),
  rejected: message({ id: 'statusLabel.rejected', defaultMessage: 'Rejected' }),
  cancelled: message({ id: 'statusLabel.cancelled', defaultMessage: 'Cancelled' }),
  approved: message({ id: 'statusLabel.approved', defaultMessage: 'Approved' }),
  sent: message({ id: 'statusLabel.sent', defaultMessage: 'Sent' }),
  queued: message({ id: 'statusLabel.queued', defaultMessage: 'Waiting to be sent' }),
  open: message({ id: 'statusLabel.open', defaultMessage: 'Open' }),
  paid: message({ id: 'statusLabel.paid', defaultMessage: 'Paid' }),
  refunded: message({ id: 'statusLabel.refunded', defaultMessage: 'Refunded' }),
  partial: message({ id: 'statusLabel.partial', defaultMessage: 'Partly paid' }),
  problem: message({ id: 'statusLabel.problem', defaultMessage: 'Problem' }),
  abandoned: message({ id: 'statusLabel.abandoned', defaultMessage: 'Abandoned' }),
  active: message({ id: 'statusLabel.active', defaultMessage: 'Active' }),
};

/** A value's own label (never one of an object's inherited properties, such as "constructor"). */
const labelOf = (labels: Readonly<Record<string, Text>>, value: string): Text | undefined => (Object.hasOwn(labels, value) ? labels[value] : undefined);

/** "box-office_email" → "box office email"; the first letter a capital. */
const words = (value: string): string => {
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** How an order or payment was paid, in words: credit_card → "Card", cash → "Cash". */
export const paymentMethodLabel = (method: string): Shown => labelOf(METHODS, method) ?? words(method);

/** An audit entry's action in words: order.box-office-email-tickets → "Box office tickets e-mailed". */
export function auditActionLabel(action: string): Shown {
  const known = labelOf(ACTIONS, action);
  if (known) return known;
  const [area, ...rest] = action.split('.');
  return rest.length ? `${words(area!)}: ${words(rest.join(' ')).toLowerCase()}` : words(action);
}

/** A stored status in words: processed → "Processed", partial → "Partly paid". */
export const statusLabel = (status: string): Shown => labelOf(STATUSES, status) ?? words(status);
