import { message, messageWith } from './i18n/text';
import { messages } from './messages';

/**
 * The portal's texts of our own (docs/decisions/0020) and the status displays of spec section 4,
 * in a module of their own so the first page's shared chunk does not carry them (like
 * payment-messages.ts). Every text is a `Text`, put into words in the reader's language where it
 * is shown (docs/decisions/0093).
 */

// The texts with placeholders, each declared once (its id and English source); `portalMessages`
// below keeps the callers' positional arguments.
const refundWay = messageWith<{ sentence: string }>({ id: 'portalMessages.refundWay', defaultMessage: 'Once the refund is processed, {sentence}.' });
const bankDetailsWantedText = messageWith<{ amount: string }>({
  id: 'portalMessages.bankDetailsWanted.text',
  defaultMessage: 'We pay {amount} of this refund by bank transfer. Please tell us the account to pay it to; we process the refund once we have it.',
});
const bankDetailsSaved = messageWith<{ id: string }>({
  id: 'portalMessages.bankDetailsWanted.saved',
  defaultMessage: 'Thank you: refund {id} will be paid to the bank account you gave.',
});

export const portalMessages = {
  // The spec names these refund rules but not their words.
  noMixing: message({ id: 'portalMessages.noMixing', defaultMessage: 'Tickets and merchandise cannot be refunded in one request. Please request them separately.' }),
  ibanInvalid: message({ id: 'portalMessages.ibanInvalid', defaultMessage: 'Please enter a valid IBAN.' }),
  bicInvalid: message({ id: 'portalMessages.bicInvalid', defaultMessage: 'Please enter a valid BIC/SWIFT code.' }),
  itemStatus: {
    requested: message({ id: 'portalMessages.itemStatus.requested', defaultMessage: 'Requested' }),
    processing: message({ id: 'portalMessages.itemStatus.processing', defaultMessage: 'Processing' }),
    refunded: message({ id: 'portalMessages.itemStatus.refunded', defaultMessage: 'Refunded' }),
  },
  refundStatus: {
    active: message({ id: 'portalMessages.refundStatus.active', defaultMessage: 'Active' }),
    processed: message({ id: 'portalMessages.refundStatus.processed', defaultMessage: 'Processed' }),
    processing: message({ id: 'portalMessages.refundStatus.processing', defaultMessage: 'Processing' }),
    cancelled: message({ id: 'portalMessages.refundStatus.cancelled', defaultMessage: 'Cancelled' }),
    rejected: message({ id: 'portalMessages.refundStatus.rejected', defaultMessage: 'Not approved' }),
  },
  ticketNotActive: message({ id: 'portalMessages.ticketNotActive', defaultMessage: 'Only active tickets can be managed.' }),
  recentlyEdited: message({ id: 'portalMessages.recentlyEdited', defaultMessage: 'This ticket was changed less than 15 minutes ago. Please try again later.' }),
  nameChangesNotAllowed: message({ id: 'portalMessages.nameChangesNotAllowed', defaultMessage: 'The name on this ticket can no longer be changed.' }),
  /** Ours (decision 0106): answers to a product's questions change while the ticket's holder may be changed. */
  answerChangesClosed: message({ id: 'portalMessages.answerChangesClosed', defaultMessage: 'These answers can no longer be changed.' }),
  emailChangesNotAllowed: message({ id: 'portalMessages.emailChangesNotAllowed', defaultMessage: 'The e-mail address on this ticket cannot be changed.' }),
  // The same words as the cart's.
  ageUnknown: messages.cart.ageUnknown,
  travelTimeChangesClosed: message({ id: 'portalMessages.travelTimeChangesClosed', defaultMessage: 'The travel time of this ticket can no longer be changed.' }),
  travelTimeUnknown: messages.cart.travelTimeUnknown,
  travelTimeSoldOut: messages.cart.travelTimeSoldOut,
  travelTimeUnchanged: message({ id: 'portalMessages.travelTimeUnchanged', defaultMessage: 'This ticket already has that travel time.' }),
  notRefundable: message({ id: 'portalMessages.notRefundable', defaultMessage: 'One or more of the selected items cannot be refunded.' }),
  refundNotActive: message({ id: 'portalMessages.refundNotActive', defaultMessage: 'This refund can no longer be cancelled.' }),
  planRefundWhole: message({ id: 'portalMessages.planRefundWhole', defaultMessage: 'A payment-plan order is refunded as a whole.' }),
  /** Decision 0060: the confirm step says which way the money goes back (a sentence of refundWaySentence). */
  refundWay: (sentence: string) => refundWay({ sentence }),
  /** Decision 0060: refund-bank-details for a refund that does not (or no longer) wait for them. */
  bankDetailsNotWanted: message({ id: 'portalMessages.bankDetailsNotWanted', defaultMessage: 'This refund does not need your bank details.' }),
  /** Decision 0060: the refund's page while its bank part waits for the customer's bank details. */
  bankDetailsWanted: {
    title: message({ id: 'portalMessages.bankDetailsWanted.title', defaultMessage: 'Your bank details' }),
    text: (amount: string) => bankDetailsWantedText({ amount }),
    submit: message({ id: 'portalMessages.bankDetailsWanted.submit', defaultMessage: 'Save bank details' }),
    saved: (id: number) => bankDetailsSaved({ id: String(id) }),
  },
} as const;
