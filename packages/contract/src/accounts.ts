import { z } from 'zod';
import { boundFirst, emailField, token } from './common';
import { PASSWORD_MIN_LENGTH } from './constants';
import { EMAIL_MAX_LENGTH, isValidEmail } from './mailbox';
import { issueMessage, messageWith } from './i18n/text';
import { LOCALES } from './i18n/locales';
import { messages } from './messages';
import { addressObject, user, userData } from './portal';

export const loginPayload = z.object({
  email: z
    .string({ error: issueMessage(messages.login.required) })
    .trim()
    .min(1, issueMessage(messages.login.required))
    .max(EMAIL_MAX_LENGTH, { message: issueMessage(messages.email.invalid), abort: true })
    // Every address the shop takes is one mailbox, login's too (an account's address is one).
    .refine((value) => !value || isValidEmail(value), issueMessage(messages.email.invalid)),
  password: z.string({ error: issueMessage(messages.login.required) }).min(1, issueMessage(messages.login.required)).max(1000, boundFirst),
});
export const loginAnswer = z.object({ remember_token: z.string(), data: userData });

export const registerPayload = z.object({
  full_name: z
    .string({ error: issueMessage(messages.register.required) })
    .trim()
    .min(1, issueMessage(messages.register.required))
    .max(200, boundFirst),
  email: emailField,
});

export const requestPasswordResetPayload = z.object({ email: emailField });

/** Our own text (the spec gives none): a new password under the shop's minimum length. */
export const passwordTooShort = messageWith<{ minimum: number }>({
  id: 'resetPassword.passwordTooShort',
  defaultMessage: 'Your new password must have at least {minimum, plural, one {# character} other {# characters}}.',
})({ minimum: PASSWORD_MIN_LENGTH });

export const resetPasswordPayload = z.object({
  token: z.string().min(1).max(200, boundFirst),
  email: emailField,
  password: z
    .string({ error: issueMessage(messages.resetPassword.passwordRequired) })
    .min(1, issueMessage(messages.resetPassword.passwordRequired))
    .min(PASSWORD_MIN_LENGTH, issueMessage(passwordTooShort))
    .max(1000, boundFirst),
});

export const emailTicketsPayload = z.object({ email: emailField });

export const getUserPayload = z.object({ token });
export const getUserAnswer = z.object({ user: user.nullable() });

export const updateSettingsPayload = z.object({
  token,
  old_password: z
    .string({ error: issueMessage(messages.accountSettings.currentPasswordRequired) })
    .min(1, issueMessage(messages.accountSettings.currentPasswordRequired))
    .max(1000, boundFirst),
  new_password: z
    .string()
    .max(1000, boundFirst)
    .nullish()
    .refine((value) => !value || value.length >= PASSWORD_MIN_LENGTH, issueMessage(passwordTooShort)),
  full_name: z
    .string({ error: issueMessage(messages.accountSettings.fullNameRequired) })
    .trim()
    .min(1, issueMessage(messages.accountSettings.fullNameRequired))
    .max(200, boundFirst),
  email: z
    .string({ error: issueMessage(messages.accountSettings.emailRequired) })
    .trim()
    .min(1, issueMessage(messages.accountSettings.emailRequired))
    .max(EMAIL_MAX_LENGTH, { message: issueMessage(messages.accountSettings.emailInvalid), abort: true })
    .pipe(emailField.refine(() => true, issueMessage(messages.accountSettings.emailInvalid))),
  country: z.string().max(2, boundFirst).nullish(),
  address: addressObject.nullish(),
});

/**
 * Not in spec section 7: logging out ends the session on the server too (issue 5: tokens are
 * revoked at logout). The web app calls it and forgets the token whatever the answer.
 */
export const logoutPayload = z.object({ token });

/**
 * Not in spec section 7 (decision 0094): the language a signed-in customer reads the shop in,
 * kept on their account so every e-mail about them follows it. `language` null reads it only
 * (a device where nobody chose yet takes the account's); the answer is the kept language, null
 * when none is kept or the shop no longer offers it.
 */
export const setLanguagePayload = z.object({ token, language: z.enum(LOCALES).nullable() });
export const setLanguageAnswer = z.object({ language: z.enum(LOCALES).nullable() });

/** Calls whose answer the spec does not show answer a message the page can display. */
export const messageAnswer = z.object({ message: z.string() });
