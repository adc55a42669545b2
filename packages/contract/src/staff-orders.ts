import { z } from 'zod';
import { issueMessage, message, messageWith } from './i18n/text';
import { messages } from './messages';
import { staffAccountFieldMessages } from './staff-accounts';
import { refundWays } from './refund-ways';
import { answerForm, shownAnswer } from './portal';
import { answersPayload } from './product-questions';
import { boundFirst } from './common';

/**
 * The back office's orders (issue 22 point 3): search, the order page, and the staff's actions on
 * an order, at POST /api/staff/<call>. Each action is a call of its own (its roles differ: box
 * office staff may resend, not cancel or refund); each writes an audit entry, and refuses what the
 * customer's side refuses with the same texts (portalMessages, paymentMessages).
 */
export const staffOrderMessages = {
  queryTooShort: message({ id: 'staffOrderMessages.queryTooShort', defaultMessage: 'Type at least 2 characters: an order or ticket code, a name or an e-mail address.' }),
  orderNotFound: message({ id: 'staffOrderMessages.orderNotFound', defaultMessage: 'There is no order with that code.' }),
  ticketNotFound: message({ id: 'staffOrderMessages.ticketNotFound', defaultMessage: 'This order has no ticket with that code.' }),
  alreadyPaid: message({ id: 'staffOrderMessages.alreadyPaid', defaultMessage: 'This order is paid already.' }),
  moreThanOpen: message({ id: 'staffOrderMessages.moreThanOpen', defaultMessage: 'That is more than is open. Record at most what is open, and pay any surplus back to the customer.' }),
  alreadyEnded: message({ id: 'staffOrderMessages.alreadyEnded', defaultMessage: 'This order is cancelled or abandoned already.' }),
  moneyHeld: message({ id: 'staffOrderMessages.moneyHeld', defaultMessage: 'This order has money paid in: refund its items first, then cancel it.' }),
  refundOpen: message({ id: 'staffOrderMessages.refundOpen', defaultMessage: 'This order has a refund request open: approve or reject it first.' }),
  notUnpaid: message({ id: 'staffOrderMessages.notUnpaid', defaultMessage: 'Only the time to pay of an unpaid or partly paid order can be extended.' }),
  noDeadline: message({ id: 'staffOrderMessages.noDeadline', defaultMessage: 'This order has no time to pay to extend: it is kept until paid.' }),
  deadlineNotLater: message({ id: 'staffOrderMessages.deadlineNotLater', defaultMessage: 'Choose a moment later than the order’s current time to pay, and in the future.' }),
  nothingToResend: message({ id: 'staffOrderMessages.nothingToResend', defaultMessage: 'This order has nothing of that kind to send yet: it is not paid.' }),
  noTickets: message({ id: 'staffOrderMessages.noTickets', defaultMessage: 'This order has no tickets to send.' }),
  resent: message({ id: 'staffOrderMessages.resent', defaultMessage: 'The e-mail is on its way.' }),
  markedPaid: message({ id: 'staffOrderMessages.markedPaid', defaultMessage: 'The payment is recorded.' }),
  cancelled: message({ id: 'staffOrderMessages.cancelled', defaultMessage: 'The order is cancelled and the customer is told.' }),
  refundDone: message({ id: 'staffOrderMessages.refundDone', defaultMessage: 'The refund is recorded.' }),
  ticketChanged: message({ id: 'staffOrderMessages.ticketChanged', defaultMessage: 'The ticket is changed.' }),
  /** Ours (decision 0109): staff changed a ticket's or the order's answers to the organiser's questions. */
  answersChanged: message({ id: 'staffOrderMessages.answersChanged', defaultMessage: 'The answers are changed and the buyer is told by e-mail.' }),
  answersUnchanged: message({ id: 'staffOrderMessages.answersUnchanged', defaultMessage: 'The answers are as they were: nothing changed.' }),
  deadlineExtended: message({ id: 'staffOrderMessages.deadlineExtended', defaultMessage: 'The time to pay is extended.' }),
  refundOutsideRules: message({
    id: 'staffOrderMessages.refundOutsideRules',
    defaultMessage:
      'Some of these items are outside the refund rules (the refund window is over or the product is not refundable). Tick “Refund even though the refund rules do not allow it” and give a reason to refund them anyway.',
  }),
  overrideNeedsReason: message({ id: 'staffOrderMessages.overrideNeedsReason', defaultMessage: 'Give a reason for refunding outside the refund rules.' }),
  neverRefundable: message({
    id: 'staffOrderMessages.neverRefundable',
    defaultMessage: 'Some of these items cannot be refunded: they are already refunded, cancelled, in an open refund, or not paid.',
  }),
  noBuyerAddress: message({ id: 'staffOrderMessages.noBuyerAddress', defaultMessage: 'This buyer gave no e-mail address at the box office: print the tickets instead.' }),
  noTicketsToPrint: message({ id: 'staffOrderMessages.noTicketsToPrint', defaultMessage: 'This order has no tickets to print: it is not paid, or its tickets are refunded or cancelled.' }),
};

/** The refusals of the order actions' forms (their schemas' field errors), put into words in the request's language (decision 0093). */
export const staffOrderFieldMessages = {
  giveOrderCode: message({ id: 'staffOrders.giveOrderCode', defaultMessage: 'Give the order’s code.' }),
  orderCodeTooLong: message({ id: 'staffOrders.orderCodeTooLong', defaultMessage: 'An order code is at most 64 characters.' }),
  chooseTicket: message({ id: 'staffOrders.chooseTicket', defaultMessage: 'Choose a ticket.' }),
  ticketCodeTooLong: message({ id: 'staffOrders.ticketCodeTooLong', defaultMessage: 'A ticket code is at most 64 characters.' }),
  noteIsText: message({ id: 'staffOrders.noteIsText', defaultMessage: 'A note is a text.' }),
  noteTooLong: message({ id: 'staffOrders.noteTooLong', defaultMessage: 'A note is at most 1000 characters.' }),
  chooseWhatToResend: message({ id: 'staffOrders.chooseWhatToResend', defaultMessage: 'Choose the confirmation or the tickets.' }),
  amountNotPositive: message({ id: 'staffOrders.amountNotPositive', defaultMessage: 'The amount must be more than zero.' }),
  amountTooLarge: message({ id: 'staffOrders.amountTooLarge', defaultMessage: 'The amount is too large.' }),
  chooseItems: message({ id: 'staffOrders.chooseItems', defaultMessage: 'Choose the items to refund.' }),
  tooManyItems: message({ id: 'staffOrders.tooManyItems', defaultMessage: 'Choose at most 500 items.' }),
  overrideIsTick: message({ id: 'staffOrders.overrideIsTick', defaultMessage: 'Tick the override or leave it.' }),
  chooseRefund: message({ id: 'staffOrders.chooseRefund', defaultMessage: 'Choose a refund.' }),
  enterHolderName: message({ id: 'staffOrders.enterHolderName', defaultMessage: 'Enter the holder’s name.' }),
  payByIsDateTime: message({ id: 'staffOrders.payByIsDateTime', defaultMessage: 'Give the new time to pay as a date and time.' }),
};
const field = (key: keyof typeof staffOrderFieldMessages): string => issueMessage(staffOrderFieldMessages[key]);
const searchTooLong = messageWith<{ max: number }>({ id: 'staffOrders.searchTooLong', defaultMessage: 'A search is at most {max} characters.' });
const reasonTooLong = messageWith<{ max: number }>({ id: 'staffOrders.reasonTooLong', defaultMessage: 'A reason is at most {max} characters.' });

/**
 * Whether staff may refund an item now (decision 0076): `yes` by the customer's own rules (the
 * order view's is_refundable), `override` only outside them (the product's refund window is over
 * or the product is not refundable: a member may still, with a reason, audited), `no` never
 * (already refunded, cancelled, in an open refund, not paid, passed to another customer).
 */
export const STAFF_REFUNDABILITY = ['yes', 'override', 'no'] as const;
export type StaffRefundability = (typeof STAFF_REFUNDABILITY)[number];
/** The reason for refunding outside the refund rules: 1 to this many characters. */
export const REFUND_OVERRIDE_REASON_MAX = 500;
const refundability = z.object({
  refundable: z.enum(STAFF_REFUNDABILITY),
  /** Why not by the customer's rules (override) or not at all (no), in words; null for yes. */
  refund_rule: z.string().nullable(),
});

/** At most this many orders answer a search. */
export const ORDER_SEARCH_LIMIT = 50;
/** At most this long a search text. */
export const ORDER_SEARCH_MAX = 200;

const orderCodeField = z
  .string({ error: field('giveOrderCode') })
  .trim()
  .min(1, field('giveOrderCode'))
  .max(64, field('orderCodeTooLong'));
const ticketCodeField = z
  .string({ error: field('chooseTicket') })
  .trim()
  .min(1, field('chooseTicket'))
  .max(64, field('ticketCodeTooLong'));
const noteField = z.string({ error: field('noteIsText') }).trim().max(1000, field('noteTooLong')).optional();

export const orderSearchPayload = z.object({
  query: z
    .string({ error: issueMessage(staffOrderMessages.queryTooShort) })
    .trim()
    .min(2, issueMessage(staffOrderMessages.queryTooShort))
    .max(ORDER_SEARCH_MAX, issueMessage(searchTooLong({ max: ORDER_SEARCH_MAX }))),
});
export const orderSearchRow = z.object({
  code: z.string(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  created_at: z.string(),
  payment_status: z.string(),
  total_price: z.number(),
  total_paid: z.number(),
  item_count: z.number(),
  /** What the text matched: an order or ticket code exactly, or a name or e-mail address by its start. */
  matched: z.enum(['code', 'name-or-email']),
});
export const orderSearchAnswer = z.object({ orders: z.array(orderSearchRow), /** The shop's currency (ISO 4217) of every amount. */ currency: z.string() });

export const orderDetailPayload = z.object({ code: orderCodeField });

const timelineEntry = z.object({
  kind: z.enum(['order', 'payment', 'instalment', 'refund', 'email', 'ticket-change', 'check-in', 'staff']),
  at: z.string(),
  text: z.string(),
});

export const orderDetail = z.object({
  /** The shop's currency (ISO 4217) of every amount, for the page to format them. */
  currency: z.string(),
  order: z.object({
    code: z.string(),
    payment_status: z.string(),
    payment_method: z.string(),
    channel: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    paid_at: z.string().nullable(),
    /** An unpaid order's time to pay: its items go back on sale after it (null: kept until paid). */
    pay_by: z.string().nullable(),
    accepted_terms_at: z.string().nullable(),
    total_price: z.number(),
    total_paid: z.number(),
    total_refunded: z.number(),
    returned_amount: z.number(),
    discount_amount: z.number(),
    discount_name: z.string().nullable(),
    shipping_amount: z.number(),
    shipping_refunded: z.number(),
    shipping_name: z.string().nullable(),
    shipping_method: z.string().nullable(),
    shipping_country: z.string().nullable(),
    shipping_address: z.record(z.string(), z.string()).nullable(),
    billing_country: z.string().nullable(),
    billing_address: z.record(z.string(), z.string()).nullable(),
    payment_reference: z.string().nullable(),
    payment_attempts: z.number(),
    has_payment_plan: z.boolean(),
  }),
  buyer: z.object({ name: z.string(), email: z.string() }),
  tickets: z.array(
    z.object({
      code: z.string(),
      product: z.string(),
      type: z.string(),
      holder_name: z.string().nullable(),
      holder_email: z.string().nullable(),
      age: z.string().nullable(),
      status: z.string(),
      price: z.number(),
      fee: z.number(),
      refund_fee: z.number(),
      name_changes: z.number(),
      transport_time_id: z.number().nullable(),
      /** The departure the ticket's seat is on (ISO time), when it has one. */
      travel_time: z.string().nullable(),
      /** The departures it may move to (the product's active ones), for the change form. */
      travel_times: z.array(z.object({ id: z.number(), travel_time: z.string(), seats_left: z.number().nullable() })),
      /** The answers to the product's per-ticket questions (decision 0106), archived questions' too, in the order asked, in the member's language. */
      answers: z.array(shownAnswer),
      /** The product's per-ticket questions asked now with the answers as kept, for staff to change them (order-change-answers; absent: none asked). */
      answer_form: answerForm.optional(),
    }).extend(refundability.shape),
  ),
  /** The answers to the products' per-order questions, in the order asked, in the member's language. */
  answers: z.array(shownAnswer),
  /** Each product's per-order questions asked now with the order's answers as kept, for staff to change them (order-change-answers). */
  answer_forms: z.array(answerForm),
  merchandise: z.array(z.object({ code: z.string(), name: z.string(), status: z.string(), price: z.number(), fee: z.number(), refund_fee: z.number() }).extend(refundability.shape)),
  payments: z.array(
    z.object({
      id: z.number(),
      provider: z.string(),
      method: z.string(),
      amount: z.number(),
      status: z.string(),
      attempt: z.number(),
      reference: z.string().nullable(),
      instalment_reference: z.string().nullable(),
      dispute_status: z.string().nullable(),
      refunded_at: z.string().nullable(),
      /** Who took the money: a member of staff at the desk or recording a transfer (null: the provider, the shop). */
      taken_by: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  instalments: z.array(
    z.object({ reference: z.string(), amount: z.number(), paid_amount: z.number(), due_at: z.string(), paid_at: z.string().nullable(), status: z.string(), attempts: z.number() }),
  ),
  refunds: z.array(
    z.object({
      id: z.number(),
      status: z.string(),
      total: z.number(),
      shipping_refund: z.number(),
      note: z.string().nullable(),
      /** Where the bank part goes (the customer's request), null for a refund staff made. */
      bank: z.object({ owner: z.string(), account: z.string().nullable(), bic: z.string(), bank_name: z.string(), country: z.string() }).nullable(),
      created_at: z.string(),
      completed_at: z.string().nullable(),
      items: z.array(z.object({ ticket_code: z.string().nullable(), merchandise_code: z.string().nullable(), amount: z.number(), status: z.string() })),
      /** What goes back to card payments through the provider. */
      to_card: z.array(z.object({ amount: z.number(), status: z.string(), provider_refund_id: z.string().nullable() })),
      /** Which way its money goes (decision 0060), and the staff's line for it. */
      ways: refundWays,
      ways_text: z.string(),
    }),
  ),
  emails: z.array(z.object({ id: z.number(), to: z.string(), subject: z.string(), status: z.string(), attempts: z.number(), created_at: z.string(), sent_at: z.string().nullable() })),
  ticket_changes: z.array(z.object({ ticket_code: z.string(), changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })), note: z.string().nullable(), at: z.string() })),
  check_ins: z.array(z.object({ ticket_code: z.string(), list: z.string(), gate: z.string(), kind: z.string(), at: z.string() })),
  audit: z.array(z.object({ id: z.number(), actor: z.string(), action: z.string(), before: z.unknown(), after: z.unknown(), at: z.string() })),
  /** Everything above as one list, oldest first. */
  timeline: z.array(timelineEntry),
});
export const orderDetailAnswer = orderDetail;

/** An action's answer: what happened, and the order page as it is now. */
const actionAnswer = z.object({ message: z.string(), order: orderDetail });

export const orderResendPayload = z.object({
  code: orderCodeField,
  what: z.enum(['confirmation', 'tickets'], { error: field('chooseWhatToResend') }),
});
export const orderResendAnswer = actionAnswer;

export const orderMarkPaidPayload = z.object({
  code: orderCodeField,
  /** Minor units received by bank transfer; less than what is due leaves the order partly paid. */
  amount: z.int({ error: field('amountNotPositive') }).min(1, field('amountNotPositive')).max(1_000_000_000, field('amountTooLarge')),
});
export const orderMarkPaidAnswer = actionAnswer;

export const orderCancelPayload = z.object({ code: orderCodeField, note: noteField });
export const orderCancelAnswer = actionAnswer;

const codeList = z.array(ticketCodeField, { error: field('chooseItems') }).max(500, field('tooManyItems'));
export const orderRefundPayload = z.object({
  code: orderCodeField,
  tickets: codeList.default([]),
  merchandise: codeList.default([]),
  note: noteField,
  /** Refund items outside the customer's refund rules (window over, product not refundable): needs a reason, audited (decision 0076). */
  override: z.boolean({ error: field('overrideIsTick') }).optional(),
  override_reason: z
    .string({ error: issueMessage(staffOrderMessages.overrideNeedsReason) })
    .trim()
    .max(REFUND_OVERRIDE_REASON_MAX, issueMessage(reasonTooLong({ max: REFUND_OVERRIDE_REASON_MAX })))
    .optional(),
});
export const orderRefundAnswer = actionAnswer.extend({
  refund: z.object({
    id: z.number(),
    status: z.string(),
    total: z.number(),
    /** Back to the card through the payment provider. */
    to_card: z.number(),
    /** To pay out by bank (bank transfers, a voucher's share, no provider). */
    by_bank: z.number(),
    /** To pay out at the desk (money taken there in cash or on the card terminal). */
    at_desk: z.number(),
    ways: refundWays,
    /** The provider could not be reached: the refund stays processing and is asked again by `npm run refunds -- mark-processed`. */
    provider_error: z.string().nullable(),
  }),
});

/** An order's tickets as one PDF to print at the desk (decision 0076): the same ticket PDFs customers download. */
export const orderTicketsPdfPayload = z.object({ code: orderCodeField });
export const orderTicketsPdfAnswer = z.object({
  filename: z.string(),
  media_type: z.literal('application/pdf'),
  /** The PDF, base64. */
  content: z.string(),
  tickets: z.number().int(),
});

/** A refund's desk part paid out at the box office (decision 0060): by the member signed in, audited, once. */
export const orderRefundPaidOutPayload = z.object({
  code: orderCodeField,
  refund_id: z.int({ error: field('chooseRefund') }).min(1, field('chooseRefund')).max(2_147_483_647, field('chooseRefund')),
});
export const orderRefundPaidOutAnswer = actionAnswer;

export const orderChangeTicketPayload = z.discriminatedUnion(
  'action',
  [
    z.object({
      code: orderCodeField,
      ticket: ticketCodeField,
      action: z.literal('holder-name'),
      full_name: z.string({ error: field('enterHolderName') }).trim().min(1, field('enterHolderName')).max(200, issueMessage(staffAccountFieldMessages.nameTooLong)),
    }),
    z.object({
      code: orderCodeField,
      ticket: ticketCodeField,
      action: z.literal('travel-time'),
      transport_time_id: z.int({ error: issueMessage(messages.cart.travelTimeUnknown) }).min(1, issueMessage(messages.cart.travelTimeUnknown)).max(2_147_483_647, issueMessage(messages.cart.travelTimeUnknown)),
    }),
  ],
  { error: issueMessage(staffAccountFieldMessages.chooseChange) },
);
export const orderChangeTicketAnswer = actionAnswer;

/**
 * order-change-answers (ours, decision 0109): staff change a ticket's answers (`ticket`: its code)
 * or the order's answers to a product's per-order questions (`product`: its code), at any time,
 * with the shop's rule (checkAnswers); the whole set sent, as the portal's change-answers sends it.
 */
export const orderChangeAnswersPayload = z.object({
  code: orderCodeField,
  ticket: z.string().trim().min(1, field('chooseTicket')).max(64, field('ticketCodeTooLong')).nullish(),
  product: z.string().trim().min(1).max(100, boundFirst).nullish(),
  answers: answersPayload,
});
export const orderChangeAnswersAnswer = actionAnswer;

export const orderExtendDeadlinePayload = z.object({
  code: orderCodeField,
  pay_by: z.iso.datetime({ offset: true, error: field('payByIsDateTime') }),
});
export const orderExtendDeadlineAnswer = actionAnswer;
