import { z } from 'zod';
import { issueMessage, message, messageWith } from './i18n/text';

/**
 * The staff's own sign-in (issue 22, decision 0041), answered at POST /api/staff/<call>: a
 * password, then for every role but gate a code from an authenticator app. The session is a
 * cookie (HttpOnly, Secure, SameSite=Strict), never a token in the payload.
 */
export const staffMessages = {
  wrongSignIn: message({ id: 'staffMessages.wrongSignIn', defaultMessage: 'The e-mail address or password is not right.' }),
  notSignedIn: message({ id: 'staffMessages.notSignedIn', defaultMessage: 'Sign in to the back office first.' }),
  signInAgain: message({ id: 'staffMessages.signInAgain', defaultMessage: 'Sign in again: that took too long or too many tries.' }),
  wrongCode: message({ id: 'staffMessages.wrongCode', defaultMessage: 'That code is not right, or it was used already. Type the code your app shows now.' }),
  signedOut: message({ id: 'staffMessages.signedOut', defaultMessage: 'You are signed out.' }),
  tooManyAttempts: message({ id: 'staffMessages.tooManyAttempts', defaultMessage: 'Too many attempts. Try again in 15 minutes.' }),
  tooManyCodes: message({
    id: 'staffMessages.tooManyCodes',
    defaultMessage: 'Too many wrong codes for this account. Try again tomorrow, or ask an admin to reset your second factor.',
  }),
};

/** The refusals of the staff's and the scanners' forms (their schemas' field errors), put into words in the request's language (decision 0093). */
export const staffAccountFieldMessages = {
  enterEmail: message({ id: 'staffAccounts.enterEmail', defaultMessage: 'Enter your e-mail address.' }),
  emailTooLong: message({ id: 'staffAccounts.emailTooLong', defaultMessage: 'An e-mail address is at most 254 characters.' }),
  enterPassword: message({ id: 'staffAccounts.enterPassword', defaultMessage: 'Enter your password.' }),
  passwordTooLong: message({ id: 'staffAccounts.passwordTooLong', defaultMessage: 'A password is at most 200 characters.' }),
  typeCode: message({ id: 'staffAccounts.typeCode', defaultMessage: 'Type the code your app shows.' }),
  enterCurrentPassword: message({ id: 'staffAccounts.enterCurrentPassword', defaultMessage: 'Enter your current password.' }),
  enterAnEmail: message({ id: 'staffAccounts.enterAnEmail', defaultMessage: 'Enter an e-mail address.' }),
  emailLike: message({ id: 'staffAccounts.emailLike', defaultMessage: 'Enter an e-mail address such as name@example.org.' }),
  chooseRole: message({ id: 'staffAccounts.chooseRole', defaultMessage: 'Choose one of the roles.' }),
  chooseMember: message({ id: 'staffAccounts.chooseMember', defaultMessage: 'Choose a member of staff.' }),
  enterName: message({ id: 'staffAccounts.enterName', defaultMessage: 'Enter a name.' }),
  nameTooLong: message({ id: 'staffAccounts.nameTooLong', defaultMessage: 'A name is at most 200 characters.' }),
  chooseChange: message({ id: 'staffAccounts.chooseChange', defaultMessage: 'Choose what to change.' }),
  nameScanner: message({ id: 'staffAccounts.nameScanner', defaultMessage: 'Name the scanner.' }),
  scannerNameTooLong: message({ id: 'staffAccounts.scannerNameTooLong', defaultMessage: 'A scanner’s name is at most 100 characters.' }),
  chooseScanner: message({ id: 'staffAccounts.chooseScanner', defaultMessage: 'Choose a scanner.' }),
  wholeNumber: message({ id: 'staffAccounts.wholeNumber', defaultMessage: 'Give a whole number.' }),
  atMost100: message({ id: 'staffAccounts.atMost100', defaultMessage: 'At most 100 characters.' }),
};
const field = (key: keyof typeof staffAccountFieldMessages): string => issueMessage(staffAccountFieldMessages[key]);

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
  email: z.string({ error: field('enterEmail') }).trim().min(1, field('enterEmail')).max(254, field('emailTooLong')),
  password: z.string({ error: field('enterPassword') }).min(1, field('enterPassword')).max(200, field('passwordTooLong')),
});
export const staffSignInAnswer = z.discriminatedUnion('next', [
  /** Type the code the authenticator app shows (or a recovery code). */
  z.object({ next: z.literal('second-factor') }),
  /** First sign-in: add this secret to an authenticator app (the link as a QR code), then type its code. */
  z.object({ next: z.literal('set-up'), secret: z.string(), uri: z.string(), /** The link as a QR code: an SVG picture's data: URL. */ qr: z.string() }),
  z.object({ next: z.literal('signed-in'), member: staffMember }),
]);

export const staffSecondFactorPayload = z.object({
  code: z.string({ error: field('typeCode') }).trim().min(1, field('typeCode')).max(40, issueMessage(staffMessages.wrongCode)),
});
export const staffSecondFactorAnswer = z.object({
  member: staffMember,
  /** At set-up only: ten codes for a lost phone, each working once, shown this once. */
  recovery_codes: z.array(z.string()).nullable(),
});

export const staffSignOutPayload = z.object({});
export const staffSignOutAnswer = z.object({ message: z.string() });

export const staffMePayload = z.object({});
export const staffMeAnswer = z.object({
  member: staffMember,
  /** The zone the back office shows every time in, named (the events' zone, the shop's configured one; issue 34). */
  timezone: z.string(),
  /** The shop's currency (ISO 4217): amounts the back office shows without a page of their own, as the audit log's (issue 34). */
  currency: z.string().optional(),
});

// The staff pages' texts with placeholders, each declared once; `staffAdminMessages` below keeps the callers' positional arguments.
const invited = messageWith<{ email: string }>({ id: 'staffAdminMessages.invited', defaultMessage: 'Invitation sent to {email}. They choose their password with the link in it.' });
const enabled = messageWith<{ name: string }>({ id: 'staffAdminMessages.enabled', defaultMessage: '{name} can sign in again.' });
const passwordLinkSent = messageWith<{ name: string }>({ id: 'staffAdminMessages.passwordLinkSent', defaultMessage: 'A link to choose a new password was sent to {name}.' });
const invitationSentAgain = messageWith<{ name: string }>({ id: 'staffAdminMessages.invitationSentAgain', defaultMessage: 'The invitation was sent to {name} again.' });
const secondFactorReset = messageWith<{ name: string }>({
  id: 'staffAdminMessages.secondFactorReset',
  defaultMessage: '{name}’s second factor was reset. They set up a new one with the link sent to them by e-mail.',
});

const disabled = messageWith<{ name: string }>({ id: 'staffAdminMessages.disabled', defaultMessage: '{name} can no longer sign in.' });
/** `role`: one of STAFF_ROLES, named as the team page names it. */
const roleSet = messageWith<{ name: string; role: StaffRoleName }>({
  id: 'staffAdminMessages.roleSet',
  defaultMessage: '{name} is now {role, select, admin {admin} box_office {box office} customer_service {customer service} other {gate}}.',
});

/** Texts of the back office's staff pages (issue 22 point 1, decision 0041). */
export const staffAdminMessages = {
  notAllowed: message({ id: 'staffAdminMessages.notAllowed', defaultMessage: 'Your role does not allow this.' }),
  memberNotFound: message({ id: 'staffAdminMessages.memberNotFound', defaultMessage: 'There is no member of staff with that number.' }),
  emailTaken: message({ id: 'staffAdminMessages.emailTaken', defaultMessage: 'A member of staff already has that e-mail address.' }),
  notYourself: message({ id: 'staffAdminMessages.notYourself', defaultMessage: 'You cannot do this to your own account. Ask another admin.' }),
  lastAdmin: message({ id: 'staffAdminMessages.lastAdmin', defaultMessage: 'The shop needs at least one admin who can sign in.' }),
  emailDisabled: message({ id: 'staffAdminMessages.emailDisabled', defaultMessage: 'A disabled member of staff has that e-mail address. Enable them in the list instead.' }),
  memberDisabled: message({ id: 'staffAdminMessages.memberDisabled', defaultMessage: 'That member is disabled. Enable them first.' }),
  invited: (email: string) => invited({ email }),
  enabled: (name: string) => enabled({ name }),
  passwordLinkSent: (name: string) => passwordLinkSent({ name }),
  invitationSentAgain: (name: string) => invitationSentAgain({ name }),
  secondFactorReset: (name: string) => secondFactorReset({ name }),
  disabled: (name: string) => disabled({ name }),
  roleSet: (name: string, role: StaffRoleName) => roleSet({ name, role }),
};

/** Staff passwords are longer than customers’ (they open the whole back office). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

/** The shortest staff password, said with the number (STAFF_PASSWORD_MIN_LENGTH). */
const passwordTooShort = messageWith<{ minimum: number }>({ id: 'staffLinkMessages.passwordTooShort', defaultMessage: 'Choose a password of at least {minimum} characters.' });

/** Texts of the one-time links e-mailed to staff and of a member’s own password (decision 0062). */
export const staffLinkMessages = {
  linkNotWorking: message({
    id: 'staffLinkMessages.linkNotWorking',
    defaultMessage: 'This link does not work any more: it was used, it expired, or a newer one was sent. Ask an admin of the shop for a new one.',
  }),
  useTheLink: message({
    id: 'staffLinkMessages.useTheLink',
    defaultMessage: 'Your second factor was reset. Open the link we e-mailed you to set up a new one. If it no longer works, ask an admin for a new link.',
  }),
  wrongPassword: message({ id: 'staffLinkMessages.wrongPassword', defaultMessage: 'That is not your current password.' }),
  passwordTooShort: passwordTooShort({ minimum: STAFF_PASSWORD_MIN_LENGTH }),
  passwordChanged: message({ id: 'staffLinkMessages.passwordChanged', defaultMessage: 'Your password is changed. You stay signed in here and are signed out everywhere else.' }),
  samePassword: message({ id: 'staffLinkMessages.samePassword', defaultMessage: 'Choose a password other than your current one.' }),
};

const newStaffPassword = z
  .string({ error: issueMessage(staffLinkMessages.passwordTooShort) })
  .min(STAFF_PASSWORD_MIN_LENGTH, issueMessage(staffLinkMessages.passwordTooShort))
  .max(200, field('passwordTooLong'));
const linkNotWorking = issueMessage(staffLinkMessages.linkNotWorking);
const linkToken = z.string({ error: linkNotWorking }).trim().min(1, linkNotWorking).max(100, linkNotWorking);

/** What a link is for: joining (choose a password), a new password, a new second factor (sign in with the password, then set it up). */
export const STAFF_LINK_PURPOSES = ['invitation', 'password-reset', 'second-factor'] as const;
export const staffLinkPayload = z.object({ token: linkToken });
export const staffLinkAnswer = z.object({ purpose: z.enum(STAFF_LINK_PURPOSES), email: z.string(), name: z.string(), expires_at: z.string() });
/** The password: a new one (invitation, new password), or the current one (new second factor). */
export const staffUseLinkPayload = z.object({ token: linkToken, password: z.string({ error: field('enterPassword') }).min(1, field('enterPassword')).max(200, field('passwordTooLong')) });
/** The sign-in goes on as after a password: the second factor, or setting one up. */
export const staffUseLinkAnswer = staffSignInAnswer;

export const staffChangePasswordPayload = z.object({
  current_password: z.string({ error: field('enterCurrentPassword') }).min(1, field('enterCurrentPassword')).max(200, field('passwordTooLong')),
  new_password: newStaffPassword,
});
export const staffChangePasswordAnswer = z.object({ message: z.string() });

const staffEmailField = z
  .string({ error: field('enterAnEmail') })
  .trim()
  .min(1, field('enterAnEmail'))
  .max(254, field('emailTooLong'))
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, field('emailLike'));
const staffRoleField = z.enum(STAFF_ROLES, { error: field('chooseRole') });
const staffIdField = z.int({ error: field('chooseMember') }).min(1, field('chooseMember')).max(2_147_483_647, field('chooseMember'));

/** A member as the staff page lists them: never a hash or a secret. */
export const staffMemberRow = staffMember.extend({
  id: z.number(),
  second_factor: z.boolean(),
  disabled: z.boolean(),
  /** Invited: the member has not yet chosen a password with the e-mailed link. */
  invited: z.boolean(),
  /** The second factor was reset: the member sets up a new one with the e-mailed link. */
  second_factor_by_link: z.boolean(),
  created_at: z.string(),
});

export const staffMembersPayload = z.object({});
export const staffMembersAnswer = z.object({ members: z.array(staffMemberRow) });

export const staffAddMemberPayload = z.object({
  email: staffEmailField,
  name: z.string({ error: field('enterName') }).trim().min(1, field('enterName')).max(200, field('nameTooLong')),
  role: staffRoleField,
});
/** The invited member (decision 0062): they choose their password with the e-mailed one-time link; no password is ever shown or mailed. */
export const staffAddMemberAnswer = z.object({ member: staffMemberRow, message: z.string() });

export const staffChangeMemberPayload = z.discriminatedUnion(
  'action',
  [
    z.object({ id: staffIdField, action: z.literal('disable') }),
    z.object({ id: staffIdField, action: z.literal('enable') }),
    /** A one-time link to choose a new password (or the invitation again, for a member who has not joined yet). */
    z.object({ id: staffIdField, action: z.literal('send-password-link') }),
    z.object({ id: staffIdField, action: z.literal('reset-second-factor') }),
    z.object({ id: staffIdField, action: z.literal('set-role'), role: staffRoleField }),
  ],
  { error: field('chooseChange') },
);
export const staffChangeMemberAnswer = z.object({ member: staffMemberRow, message: z.string() });

/** The gate's scanner devices as the back office manages them (decision 0063). */
export const scannerRow = z.object({ id: z.number(), name: z.string(), created_at: z.string(), revoked_at: z.string().nullable(), last_sync_at: z.string().nullable() });
export const scannersPayload = z.object({});
export const scannersAnswer = z.object({ scanners: z.array(scannerRow) });
export const scannerAddPayload = z.object({ name: z.string({ error: field('nameScanner') }).trim().min(1, field('nameScanner')).max(100, field('scannerNameTooLong')) });
/** The code a device signs in with, shown this once (stored hashed). */
export const scannerAddAnswer = z.object({ scanner: scannerRow, code: z.string() });
export const scannerRevokePayload = z.object({ id: z.int({ error: field('chooseScanner') }).min(1, field('chooseScanner')).max(2_147_483_647, field('chooseScanner')) });
export const scannerRevokeAnswer = z.object({ scanner: scannerRow, message: z.string() });
/** Texts of the back office's scanners page (decision 0063); a scanner's name is the organiser's, in quotes. */
export const scannerAdminMessages = {
  notFound: message({ id: 'scannerAdminMessages.notFound', defaultMessage: 'There is no live scanner with that number.' }),
  added: messageWith<{ name: string }>({ id: 'scannerAdminMessages.added', defaultMessage: 'Scanner “{name}” added. Type its code on the device now: it is shown only this once.' }),
  revoked: messageWith<{ name: string }>({ id: 'scannerAdminMessages.revoked', defaultMessage: 'Scanner “{name}” is revoked: its devices are signed out.' }),
};

/** At most this many audit entries per page. */
export const STAFF_AUDIT_PAGE = 100;
export const staffAuditPayload = z.object({
  /** The page before this entry (the next page of older entries). */
  before_id: z.int(field('wholeNumber')).min(1, field('wholeNumber')).max(Number.MAX_SAFE_INTEGER, field('wholeNumber')).optional(),
  /** Only entries about this: "order:ABC123", "staff:12". */
  target: z.string().trim().max(100, field('atMost100')).optional(),
});
export const staffAuditEntry = z.object({
  id: z.number(),
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export const staffAuditAnswer = z.object({ entries: z.array(staffAuditEntry), next_before_id: z.number().nullable() });
