import { isValidEmail, messages } from '@festival/contract';
import { say } from '../../lib/say';

/**
 * The account forms' checks of spec section 5, in the spec's order. Each answers the first
 * text that applies (shown in the form's danger alert) or null when the form may be sent.
 * Zod-free: the pages are small chunks, and the server checks the same rules again.
 */

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/** Spec section 5, "E-mail fields": empty, then the pattern (which also refuses mailto:). */
export function emailProblem(email: string): string | null {
  if (blank(email)) return say(messages.email.required);
  if (!isValidEmail(email.trim())) return say(messages.email.invalid);
  return null;
}

/** Login: both fields required, then the address is one mailbox (the shop's one address rule, as the server checks it). */
export function loginProblem(input: { email: string; password: string }): string | null {
  if (blank(input.email) || !input.password) return say(messages.login.required);
  if (!isValidEmail(input.email.trim())) return say(messages.email.invalid);
  return null;
}

/** Register: full name and e-mail required (one text for both), then the e-mail's pattern. */
export function registerProblem(input: { fullName: string; email: string }): string | null {
  if (blank(input.fullName) || blank(input.email)) return say(messages.register.required);
  return emailProblem(input.email);
}

/**
 * Reset password: a new password, then its confirmation. The minimum length is stated on the
 * page and enforced by the server, whose text the form then shows.
 */
export function resetPasswordProblem(input: { password: string; confirmation: string }): string | null {
  if (!input.password) return say(messages.resetPassword.passwordRequired);
  if (input.password !== input.confirmation) return say(messages.resetPassword.mismatch);
  return null;
}

/** A configured address line: `text` keys its value in an address, `label` (the page's language, else `text`) names it. */
export interface AddressLine {
  text: string;
  label?: string | undefined;
  required: boolean;
}

export interface SettingsInput {
  currentPassword: string;
  fullName: string;
  email: string;
  newPassword: string;
  confirmation: string;
  /** The values of the configured address lines, in their order. */
  address: readonly string[];
}

/**
 * Account settings: the five texts of spec section 5 in its order; then (as the server checks
 * it, decision 0013) an address that is started must have every required line.
 */
export function settingsProblem(input: SettingsInput, addressLines: readonly AddressLine[]): string | null {
  const texts = messages.accountSettings;
  if (!input.currentPassword) return say(texts.currentPasswordRequired);
  if (blank(input.fullName)) return say(texts.fullNameRequired);
  if (blank(input.email)) return say(texts.emailRequired);
  if (!isValidEmail(input.email.trim())) return say(texts.emailInvalid);
  if (input.newPassword && input.newPassword !== input.confirmation) return say(texts.mismatch);
  const missing = missingAddressLines(input.address, addressLines);
  if (missing.length > 0) return say(messages.checkout.fillOutFields(missing));
  return null;
}

/** The required lines left empty in an address that has at least one line filled in. */
export function missingAddressLines(values: readonly string[], addressLines: readonly AddressLine[]): string[] {
  if (values.every((value) => blank(value))) return [];
  return addressLines.filter((line, index) => line.required && blank(values[index])).map((line) => line.label ?? line.text);
}
