import { message, messageWith } from '@festival/contract';

/**
 * The back office order page's timeline and refund lines (orders.service.ts), in the language of
 * the member of staff who reads the page (issue 36): each sentence one message. The stored codes
 * (a payment method, a status, a check-in's kind) are `select`s, so each language words them where
 * they stand in its sentence (German nouns keep their capitals; no label is lower-cased in code).
 * `label` is the code in words, for a value the shop adds later.
 */
export const timelineMessages = {
  /** A payment method inside a sentence ("to pay by bank transfer"). */
  method: messageWith<{ method: string; label: string }>({
    id: 'staff.timeline.method',
    defaultMessage:
      '{method, select, credit_card {card} bank_transfer {bank transfer} cash {cash} card_terminal {card terminal} pay_later {pay later by e-mail link} ideal {iDEAL} bancontact {Bancontact} applepay {Apple Pay} apple_pay {Apple Pay} googlepay {Google Pay} google_pay {Google Pay} voucher {voucher} gift_card {gift card} other {{label}}}',
  }),
  /** A payment by its method, as a sentence's subject ("Card payment"). */
  payment: messageWith<{ method: string; label: string }>({
    id: 'staff.timeline.payment',
    defaultMessage:
      '{method, select, credit_card {Card payment} bank_transfer {Bank transfer payment} cash {Cash payment} card_terminal {Card terminal payment} pay_later {Pay later by e-mail link payment} ideal {iDEAL payment} bancontact {Bancontact payment} applepay {Apple Pay payment} apple_pay {Apple Pay payment} googlepay {Google Pay payment} google_pay {Google Pay payment} voucher {Voucher payment} gift_card {Gift card payment} other {{label} payment}}',
  }),
  /** A stored status inside a sentence, after a colon or in brackets ("attempt 1: paid", "(waiting to be sent)"). */
  status: messageWith<{ status: string; label: string }>({
    id: 'staff.timeline.status',
    defaultMessage:
      '{status, select, pending {pending} processing {processing} processed {processed} succeeded {succeeded} failed {failed} rejected {rejected} cancelled {cancelled} approved {approved} sent {sent} sending {sending} queued {waiting to be sent} open {open} paid {paid} refunded {refunded} partial {partly paid} problem {problem} abandoned {abandoned} active {active} expired {expired} other {{label}}}',
  }),
  /** Where an order was placed (its channel). */
  channel: messageWith<{ channel: string; name: string }>({ id: 'staff.timeline.channel', defaultMessage: '{channel, select, online {Online} box_office {Box office} other {{name}}}' }),

  orderPlaced: messageWith<{ amount: string; method: string }>({ id: 'staff.timeline.orderPlaced', defaultMessage: 'Order placed: {amount}, to pay by {method}.' }),
  orderPlacedThrough: messageWith<{ channel: string; amount: string; method: string }>({
    id: 'staff.timeline.orderPlacedThrough',
    defaultMessage: 'Order placed ({channel}): {amount}, to pay by {method}.',
  }),
  termsAccepted: message({ id: 'staff.timeline.termsAccepted', defaultMessage: 'Terms and conditions accepted.' }),
  paidInFull: messageWith<{ amount: string }>({ id: 'staff.timeline.paidInFull', defaultMessage: 'Paid in full ({amount}).' }),

  /** A payment taken by a member of staff: `way` cash or card at the box office, or a bank transfer recorded. */
  paymentTaken: messageWith<{ way: 'cash' | 'card' | 'bank'; amount: string; who: string }>({
    id: 'staff.timeline.paymentTaken',
    defaultMessage: '{way, select, cash {Cash at the box office} card {Card at the box office} other {Bank transfer}}: {amount} taken by {who}.',
  }),
  /** `payment` is the `payment` message ("Card payment"), `status` the `status` one. */
  providerPayment: messageWith<{ payment: string; amount: string; provider: string; attempt: string; status: string }>({
    id: 'staff.timeline.providerPayment',
    defaultMessage: '{payment} of {amount} through {provider}, attempt {attempt}: {status}.',
  }),
  providerInstalmentPayment: messageWith<{ payment: string; amount: string; provider: string; instalment: string; attempt: string; status: string }>({
    id: 'staff.timeline.providerInstalmentPayment',
    defaultMessage: '{payment} of {amount} through {provider} (instalment {instalment}), attempt {attempt}: {status}.',
  }),
  paymentSentBack: messageWith<{ amount: string }>({ id: 'staff.timeline.paymentSentBack', defaultMessage: 'Payment of {amount} sent back: the order did not need it.' }),
  chargeback: messageWith<{ amount: string; dispute: string }>({
    id: 'staff.timeline.chargeback',
    defaultMessage: 'Chargeback of the {amount} payment: {dispute, select, opened {opened} won {won} lost {lost} other {{dispute}}}.',
  }),

  instalmentDue: messageWith<{ instalment: string; amount: string; status: string }>({ id: 'staff.timeline.instalmentDue', defaultMessage: 'Instalment {instalment} of {amount} due ({status}).' }),
  instalmentPaid: messageWith<{ instalment: string; amount: string }>({ id: 'staff.timeline.instalmentPaid', defaultMessage: 'Instalment {instalment} paid ({amount}).' }),

  refundRequested: messageWith<{ refund: string; amount: string }>({ id: 'staff.timeline.refundRequested', defaultMessage: 'Refund {refund} of {amount} requested.' }),
  refundPaidOut: messageWith<{ refund: string; amount: string; who: string }>({ id: 'staff.timeline.refundPaidOut', defaultMessage: 'Refund {refund}: {amount} paid out at the desk by {who}.' }),
  /** `ways` is the refund's ways (the ways' messages below, joined), or its amount. */
  refundProcessed: messageWith<{ refund: string; ways: string }>({ id: 'staff.timeline.refundProcessed', defaultMessage: 'Refund {refund} processed: {ways}.' }),

  email: messageWith<{ to: string; subject: string; status: string }>({ id: 'staff.timeline.email', defaultMessage: 'E-mail to {to}: “{subject}” ({status}).' }),

  /** `fields` are the `changedField` messages, joined with semicolons. */
  ticketChanged: messageWith<{ ticket: string; fields: string }>({ id: 'staff.timeline.ticketChanged', defaultMessage: 'Ticket {ticket} changed: {fields}.' }),
  ticketChangedWithNote: messageWith<{ ticket: string; fields: string; note: string }>({ id: 'staff.timeline.ticketChangedWithNote', defaultMessage: 'Ticket {ticket} changed: {fields} ({note}).' }),
  /** One changed field of a ticket: its old and new value. */
  changedField: messageWith<{ field: string; name: string; from: string; to: string }>({
    id: 'staff.timeline.changedField',
    defaultMessage: '{field, select, full_name {full name} travel_time_id {travel time id} other {{name}}} {from} → {to}',
  }),

  /** A scan of a ticket at a gate of a check-in list: checked in, out, refused offline (with the scanner's reason) or in conflict. */
  checkin: messageWith<{ ticket: string; kind: string; reason: string; gate: string; list: string }>({
    id: 'staff.timeline.checkin',
    defaultMessage: 'Ticket {ticket} {kind, select, in {checked in} out {checked out} refused {scanned offline and refused ({reason})} other {scanned with a conflict}} at {gate} ({list}).',
  }),
  noReasonKept: message({ id: 'staff.timeline.noReasonKept', defaultMessage: 'no reason kept' }),
  /** A changed answer to a product question, in a ticket change (`answer.<code>`, decision 0106): the question's code. */
  answerField: messageWith<{ code: string }>({ id: 'staff.timeline.answerField', defaultMessage: 'answer to “{code}”' }),

  /** An audit entry: who did what (`action` is its label). */
  staffAction: messageWith<{ actor: string; action: string }>({ id: 'staff.timeline.staffAction', defaultMessage: '{actor}: {action}.' }),

  /** Where a refund's money goes, for staff: one part each, joined with commas. */
  waysCard: messageWith<{ amount: string }>({ id: 'staff.timeline.waysCard', defaultMessage: '{amount} back to the card through the payment provider' }),
  waysCash: messageWith<{ amount: string }>({ id: 'staff.timeline.waysCash', defaultMessage: '{amount} in cash at the desk' }),
  waysCardTerminal: messageWith<{ amount: string }>({ id: 'staff.timeline.waysCardTerminal', defaultMessage: '{amount} on the card terminal at the desk' }),
  waysBank: messageWith<{ amount: string }>({ id: 'staff.timeline.waysBank', defaultMessage: '{amount} by bank transfer' }),
  waysBankWaiting: messageWith<{ amount: string }>({ id: 'staff.timeline.waysBankWaiting', defaultMessage: '{amount} by bank transfer (waiting for the customer’s bank details)' }),
};
