import { z } from 'zod';
import { issueMessage, message } from './i18n/text';
import { refundWays } from './refund-ways';

/**
 * The back office's refund queue and exports (issue 22, points 4 and 7): the refund requests
 * customers made, approved (money back through the payment provider, or paid out by bank) or
 * rejected with a reason the customer receives; and the orders, attendees and check-ins as CSV
 * or JSON to download.
 */
export const staffRefundMessages = {
  refundNotFound: message({ id: 'staffRefunds.refundNotFound', defaultMessage: 'There is no refund request with that number.' }),
  alreadyDecided: message({ id: 'staffRefunds.alreadyDecided', defaultMessage: 'This refund request has been decided already. Reload the queue to see how.' }),
  reasonMissing: message({ id: 'staffRefunds.reasonMissing', defaultMessage: 'Write the reason the customer will read.' }),
  reasonTooLong: message({ id: 'staffRefunds.reasonTooLong', defaultMessage: 'A reason is at most 1000 characters.' }),
  chooseRequest: message({ id: 'staffRefunds.chooseRequest', defaultMessage: 'Choose a refund request.' }),
  chooseDecision: message({ id: 'staffRefunds.chooseDecision', defaultMessage: 'Choose to approve or reject the request.' }),
};

export const staffExportMessages = {
  chooseWhat: message({ id: 'staffExports.chooseWhat', defaultMessage: 'Choose orders, attendees or check-ins.' }),
  chooseFormat: message({ id: 'staffExports.chooseFormat', defaultMessage: 'Choose CSV or JSON.' }),
  eventNotFound: message({ id: 'staffExports.eventNotFound', defaultMessage: 'There is no event with that code.' }),
  eventTooLong: message({ id: 'staffExports.eventTooLong', defaultMessage: 'An event code is at most 100 characters.' }),
};

/** The longest reason a rejection may give (it goes into an e-mail). */
export const REFUND_REASON_MAX = 1000;
/** The queue shows at most this many open requests (oldest first) and this many decided ones (newest first). */
export const REFUND_QUEUE_OPEN_MAX = 500;
export const REFUND_QUEUE_DECIDED_MAX = 50;

/**
 * Where a request stands: active (waiting for a decision), processing (approved, waiting for the
 * payment provider), problem (the provider refused: settle it with the customer), processed,
 * rejected (by staff), cancelled (withdrawn by the customer).
 */
export const REFUND_REQUEST_STATES = ['active', 'processing', 'problem', 'processed', 'rejected', 'cancelled'] as const;

export const refundRequestRow = z.object({
  id: z.number(),
  status: z.enum(REFUND_REQUEST_STATES),
  order_code: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  items: z.array(z.object({ kind: z.enum(['ticket', 'merchandise']), code: z.string(), name: z.string(), amount: z.number().int() })),
  /** Minor units: what the customer gets back, shipping included. */
  total: z.number().int(),
  shipping_refund: z.number().int(),
  currency: z.string(),
  /** The bank details the customer gave, as stored (an IBAN for IBAN countries, an account number otherwise). */
  bank: z
    .object({
      account_holder: z.string(),
      holder_address: z.record(z.string(), z.string()),
      bank_name: z.string(),
      bank_city: z.string().nullable(),
      bank_country: z.string(),
      bic: z.string(),
      iban: z.string().nullable(),
      account: z.string().nullable(),
    })
    .nullable(),
  /** How the order was paid: its method (credit_card, bank_transfer, …) and the provider of its card payments, if any. */
  payment_method: z.string(),
  provider: z.string().nullable(),
  /** Which way the money goes (or went): back through the provider, and the rest paid out by bank. */
  to_card: z.number().int(),
  by_bank: z.number().int(),
  /** Every way the money goes (card, the desk, bank), and the staff's line for it (decision 0060). */
  ways: refundWays,
  ways_text: z.string(),
  /** The customer's own note with the request. */
  note: z.string().nullable(),
  requested_at: z.string(),
  /** When it was decided or finished, by whom (a member's e-mail, "command line"), and a rejection's reason. */
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  reason: z.string().nullable(),
});
export type RefundRequestRow = z.infer<typeof refundRequestRow>;

export const refundRequestsPayload = z.object({});
export const refundRequestsAnswer = z.object({
  /** Waiting for a decision first (oldest first), then approved ones waiting for or refused by the provider. */
  open: z.array(refundRequestRow),
  /** How many open requests there are in all (the list stops at REFUND_QUEUE_OPEN_MAX). */
  open_total: z.number().int(),
  /** The most recently decided, newest first. */
  decided: z.array(refundRequestRow),
});

const refundTexts = staffRefundMessages;
const exportTexts = staffExportMessages;
const chooseRequest = issueMessage(refundTexts.chooseRequest);
const reasonMissing = issueMessage(refundTexts.reasonMissing);
const refundIdField = z.int({ error: chooseRequest }).min(1, chooseRequest).max(2_147_483_647, chooseRequest);

export const refundDecidePayload = z.discriminatedUnion(
  'decision',
  [
    z.object({ refund_id: refundIdField, decision: z.literal('approve') }),
    z.object({
      refund_id: refundIdField,
      decision: z.literal('reject'),
      reason: z
        .string({ error: reasonMissing })
        .trim()
        .min(1, reasonMissing)
        .max(REFUND_REASON_MAX, issueMessage(refundTexts.reasonTooLong)),
    }),
  ],
  { error: issueMessage(refundTexts.chooseDecision) },
);
export const refundDecideAnswer = z.object({
  request: refundRequestRow,
  /** The payment provider could not be reached or did not take the refund: it stays processing and `npm run refunds -- mark-processed` asks again. */
  provider_error: z.string().nullable(),
});

export const EXPORT_KINDS = ['orders', 'attendees', 'checkins'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const staffExportPayload = z.object({
  what: z.enum(EXPORT_KINDS, { error: issueMessage(exportTexts.chooseWhat) }),
  format: z.enum(['csv', 'json'], { error: issueMessage(exportTexts.chooseFormat) }),
  /** An event's code (the catalogue's external code): only what belongs to it. */
  event: z.string({ error: issueMessage(exportTexts.eventNotFound) }).trim().max(100, issueMessage(exportTexts.eventTooLong)).optional(),
});
/** The file to download: the web page turns the content into one. */
export const staffExportAnswer = z.object({ filename: z.string(), media_type: z.string(), content: z.string() });
