import { z } from 'zod';
import { isValidEmail } from './holder';
import { messages } from './messages';

/** Money in integer minor units (4550 is 45.50 in the shop currency). */
export const money = z.number().int();
/** Timestamps travel as ISO-8601 strings with an offset. */
export const timestamp = z.string();
/** The session token sent in every payload; absent or null for a visitor. */
export const token = z.string().max(200).nullish();
/** The cart code kept in local storage; absent or null before the first add. */
export const cartCode = z.string().max(100).nullish();


/** A customer e-mail field with the spec's texts for empty and invalid. */
export const emailField = z
  .string({ error: messages.email.required })
  .trim()
  .min(1, messages.email.required)
  .max(254, messages.email.invalid)
  .refine(isValidEmail, messages.email.invalid);

/** The error answer of every refused call: spec section 8. */
export const errorAnswer = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** An answer whose shape later issues define; until then the call may answer 501. */
export const notShown = z.object({ message: z.string().optional() }).passthrough();
