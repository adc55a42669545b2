/**
 * The portal's texts of our own (docs/decisions/0020) and the status displays of spec section 4,
 * in a module of their own so the first page's shared chunk does not carry them (like
 * payment-messages.ts).
 */
export const portalMessages = {
  // The spec names these refund rules but not their words.
  noMixing: 'Tickets and merchandise cannot be refunded in one request. Please request them separately.',
  ibanInvalid: 'Please enter a valid IBAN.',
  bicInvalid: 'Please enter a valid BIC/SWIFT code.',
  itemStatus: { requested: 'Requested', processing: 'Processing', refunded: 'Refunded' },
  refundStatus: { active: 'Active', processed: 'Processed', processing: 'Processing', cancelled: 'Cancelled', rejected: 'Not approved' },
  ticketNotActive: 'Only active tickets can be managed.',
  recentlyEdited: 'This ticket was changed less than 15 minutes ago. Please try again later.',
  nameChangesNotAllowed: 'The name on this ticket can no longer be changed.',
  emailChangesNotAllowed: 'The e-mail address on this ticket cannot be changed.',
  ageUnknown: 'Please choose one of the age ranges on offer.',
  travelTimeChangesClosed: 'The travel time of this ticket can no longer be changed.',
  travelTimeUnknown: 'Please choose one of the travel times on offer.',
  travelTimeSoldOut: 'Sorry, this travel time is sold out. Please choose another one.',
  travelTimeUnchanged: 'This ticket already has that travel time.',
  notRefundable: 'One or more of the selected items cannot be refunded.',
  refundNotActive: 'This refund can no longer be cancelled.',
  planRefundWhole: 'A payment-plan order is refunded as a whole.',
  /** Decision 0060: the confirm step says which way the money goes back (a sentence of refundWaySentence). */
  refundWay: (sentence: string) => `Once the refund is processed, ${sentence}.`,
  /** Decision 0060: refund-bank-details for a refund that does not (or no longer) wait for them. */
  bankDetailsNotWanted: 'This refund does not need your bank details.',
  /** Decision 0060: the refund's page while its bank part waits for the customer's bank details. */
  bankDetailsWanted: {
    title: 'Your bank details',
    text: (amount: string) => `We pay ${amount} of this refund by bank transfer. Please tell us the account to pay it to; we process the refund once we have it.`,
    submit: 'Save bank details',
    saved: (id: number) => `Thank you: refund ${id} will be paid to the bank account you gave.`,
  },
} as const;
