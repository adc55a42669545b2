/**
 * The words staff read for the shop's stored values (issue 34, decision 0072): payment methods,
 * audit actions, statuses. Every value gets a label; one the shop adds later reads as words
 * ("order.box-office-email-tickets" → "Order: box office email tickets"), never as code.
 */

const METHODS: Record<string, string> = {
  credit_card: 'Card',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  card_terminal: 'Card terminal',
  pay_later: 'Pay later by e-mail link',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  applepay: 'Apple Pay',
  apple_pay: 'Apple Pay',
  googlepay: 'Google Pay',
  google_pay: 'Google Pay',
  voucher: 'Voucher',
  gift_card: 'Gift card',
};

const ACTIONS: Record<string, string> = {
  'catalogue.change': 'Catalogue item changed',
  'catalogue.hand-back': 'Catalogue item handed back to the file',
  'catalogue.import': 'Catalogue imported',
  'catalogue.seats': 'Departure seats changed',
  'export.orders': 'Orders exported',
  'export.attendees': 'Attendees exported',
  'export.checkins': 'Check-ins exported',
  'onsale.change': 'On-sale changed',
  'order.box-office-sale': 'Box office sale',
  'order.box-office-email-tickets': 'Box office tickets e-mailed',
  'order.cancel': 'Order cancelled',
  'order.extend-deadline': 'Time to pay extended',
  'order.mark-paid': 'Order marked as paid',
  'order.refund': 'Order refunded',
  'order.refund-override': 'Order refunded outside the refund rules',
  'order.print-tickets': 'Tickets printed',
  'order.change-ticket': 'Ticket changed',
  'order.resend': 'Mail sent again',
  'refund.approve': 'Refund request approved',
  'refund.reject': 'Refund request rejected',
  'staff.add': 'Member of staff added',
  'staff.disable': 'Member of staff disabled',
  'staff.set-role': 'Role changed',
  'staff.reset-second-factor': 'Second factor reset',
  'staff.second-factor-set-up': 'Second factor set up',
  'staff.second-factor-failed': 'Wrong second-factor codes',
  'staff.second-factor-limit': 'Second-factor limit reached',
  'staff.sign-in': 'Signed in',
  'staff.sign-in-failed': 'Failed sign-ins',
  'staff.sign-in-limit': 'Sign-in limit reached',
  'staff.sign-in-with-recovery-code': 'Signed in with a recovery code',
  'staff.sign-out': 'Signed out',
  'scanner.sign-in-failed': 'Failed scanner sign-ins',
  'scanner.sign-in-limit': 'Scanner sign-in limit reached',
};

const STATUSES: Record<string, string> = {
  pending: 'Pending',
  processing: 'Processing',
  processed: 'Processed',
  succeeded: 'Succeeded',
  failed: 'Failed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  approved: 'Approved',
  sent: 'Sent',
  queued: 'Waiting to be sent',
  open: 'Open',
  paid: 'Paid',
  refunded: 'Refunded',
  partial: 'Partly paid',
  problem: 'Problem',
  abandoned: 'Abandoned',
  active: 'Active',
};

/** "box-office_email" → "box office email"; the first letter a capital. */
const words = (value: string): string => {
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** How an order or payment was paid, in words: credit_card → "Card", cash → "Cash". */
export const paymentMethodLabel = (method: string): string => METHODS[method] ?? words(method);

/** An audit entry's action in words: order.box-office-email-tickets → "Box office tickets e-mailed". */
export function auditActionLabel(action: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const [area, ...rest] = action.split('.');
  return rest.length ? `${words(area!)}: ${words(rest.join(' ')).toLowerCase()}` : words(action);
}

/** A stored status in words: processed → "Processed", partial → "Partly paid". */
export const statusLabel = (status: string): string => STATUSES[status] ?? words(status);
