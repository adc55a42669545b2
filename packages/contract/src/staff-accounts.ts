import { z } from 'zod';

/**
 * The staff's own sign-in (issue 22, decision 0041), answered at POST /api/staff/<call>: a
 * password, then for every role but gate a code from an authenticator app. The session is a
 * cookie (HttpOnly, Secure, SameSite=Strict), never a token in the payload.
 */
export const staffMessages = {
  wrongSignIn: 'The e-mail address or password is not right.',
  notSignedIn: 'Sign in to the back office first.',
  signInAgain: 'Sign in again: that took too long or too many tries.',
  wrongCode: 'That code is not right, or it was used already. Type the code your app shows now.',
  signedOut: 'You are signed out.',
  tooManyAttempts: 'Too many attempts. Try again in 15 minutes.',
} as const;

/** What a member of staff may be (decision 0041): admin, box office, customer service, gate crew. */
export const STAFF_ROLES = ['admin', 'box_office', 'customer_service', 'gate'] as const;
const staffRole = z.enum(STAFF_ROLES);
export type StaffRoleName = z.infer<typeof staffRole>;

export const staffMember = z.object({
  email: z.string(),
  name: z.string(),
  role: staffRole,
});

export const staffSignInPayload = z.object({
  email: z.string({ error: 'Enter your e-mail address.' }).trim().min(1, 'Enter your e-mail address.').max(254, 'An e-mail address is at most 254 characters.'),
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(200, 'A password is at most 200 characters.'),
});
export const staffSignInAnswer = z.discriminatedUnion('next', [
  /** Type the code the authenticator app shows (or a recovery code). */
  z.object({ next: z.literal('second-factor') }),
  /** First sign-in: add this secret to an authenticator app (the link as a QR code), then type its code. */
  z.object({ next: z.literal('set-up'), secret: z.string(), uri: z.string() }),
  z.object({ next: z.literal('signed-in'), member: staffMember }),
]);

export const staffSecondFactorPayload = z.object({
  code: z.string({ error: 'Type the code your app shows.' }).trim().min(1, 'Type the code your app shows.').max(40, 'That code is not right, or it was used already. Type the code your app shows now.'),
});
export const staffSecondFactorAnswer = z.object({
  member: staffMember,
  /** At set-up only: ten codes for a lost phone, each working once, shown this once. */
  recovery_codes: z.array(z.string()).nullable(),
});

export const staffSignOutPayload = z.object({});
export const staffSignOutAnswer = z.object({ message: z.string() });

export const staffMePayload = z.object({});
export const staffMeAnswer = z.object({ member: staffMember });
