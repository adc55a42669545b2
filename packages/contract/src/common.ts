import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isValidEmail } from './mailbox';
import { INTEGER_COLUMN_MAX } from './bounds';
import { issueMessage } from './i18n/text';
import { messages } from './messages';

/**
 * The parameters of a text field's length check, which every payload text has before any other
 * check: over its length the field is refused at once, so no later check, pattern or transform
 * ever runs on a longer text (zod goes on to later checks after a failed one unless told to stop;
 * decision 0029). payload-bounds.test.ts walks every payload schema for it.
 */
export const boundFirst = { abort: true } as const;

/**
 * A positive id (or any integer of a payload) as the database's integer columns hold it: a number,
 * or its digits as text from a form, from 1 to INTEGER_COLUMN_MAX.
 */
export const idField = z.coerce.number().int().positive().max(INTEGER_COLUMN_MAX);

/** Money in integer minor units (4550 is 45.50 in the shop currency). */
export const money = z.number().int();
/** Timestamps travel as ISO-8601 strings with an offset. */
export const timestamp = z.string();
/** The session token sent in every payload; absent or null for a visitor. */
export const token = z.string().max(200, boundFirst).nullish();
/** The cart code kept in local storage; absent or null before the first add. */
export const cartCode = z.string().max(100, boundFirst).nullish();


/** A customer e-mail field with the spec's texts for empty and invalid. */
export const emailField = z
  .string({ error: issueMessage(messages.email.required) })
  .trim()
  .min(1, issueMessage(messages.email.required))
  .max(EMAIL_MAX_LENGTH, { message: issueMessage(messages.email.invalid), abort: true })
  .refine(isValidEmail, issueMessage(messages.email.invalid));

/** The error answer of every refused call: spec section 8. */
export const errorAnswer = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** A stock call refused for want of an admission pass: the on-sale whose waiting room to go to (decision 0048). */
  waiting_room: z.string().optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** An answer whose shape later issues define; until then the call may answer 501. */
export const notShown = z.object({ message: z.string().optional() }).passthrough();
