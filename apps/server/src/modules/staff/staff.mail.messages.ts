import { mailMessages } from '../mail/mail.messages';
import { message, messageWith } from '@festival/contract';
import type { StaffRoleName } from '@festival/contract';

/** The texts of the back office's e-mails to its staff (staff.mail.ts): the one-time links and a changed password. */
export const staffMailTexts = {
  greeting: mailMessages.greeting,

  invitation: {
    subject: messageWith<{ shop: string }>({ id: 'mail.staff.invitation.subject', defaultMessage: 'Your invitation to the back office of {shop}' }),
    /** The role said whole in the sentence, with what it may do. */
    invited: messageWith<{ shop: string; role: StaffRoleName }>({
      id: 'mail.staff.invitation.invited',
      defaultMessage:
        'You are invited to the back office of {shop} as {role, select, admin {an admin (everything, staff included)} box_office {box office (selling at the desk and looking up orders)} customer_service {customer service (orders, tickets and refunds)} other {gate crew (the scanner)}}.',
    }),
    choosePassword: message({ id: 'mail.staff.invitation.choosePassword', defaultMessage: 'Choose your password with the button below; then sign in with this e-mail address and that password.' }),
    button: message({ id: 'mail.staff.invitation.button', defaultMessage: 'Choose your password' }),
    secondFactor: message({
      id: 'mail.staff.invitation.secondFactor',
      defaultMessage: 'At your first sign-in you set up a second factor: an authenticator app on your phone that shows a new code every 30 seconds.',
    }),
    validity: message({ id: 'mail.staff.invitation.validity', defaultMessage: 'The link works once, for 7 days. If you did not expect this invitation, you can ignore this message.' }),
  },

  passwordReset: {
    subject: messageWith<{ shop: string }>({ id: 'mail.staff.passwordReset.subject', defaultMessage: 'Choose a new password for the back office of {shop}' }),
    text: message({ id: 'mail.staff.passwordReset.text', defaultMessage: 'An admin of the shop sent you this link to choose a new password for your back-office account.' }),
    button: message({ id: 'mail.staff.passwordReset.button', defaultMessage: 'Choose a new password' }),
    validity: message({
      id: 'mail.staff.passwordReset.validity',
      defaultMessage: 'The link works once, for 24 hours. Until you use it, your current password keeps working. If you did not expect this, tell an admin of the shop.',
    }),
  },

  secondFactor: {
    subject: messageWith<{ shop: string }>({ id: 'mail.staff.secondFactor.subject', defaultMessage: 'Set up your second factor again for {shop}' }),
    reset: message({
      id: 'mail.staff.secondFactor.reset',
      defaultMessage: 'An admin of the shop reset the second factor of your back-office account. Your old codes and recovery codes no longer work.',
    }),
    howTo: message({
      id: 'mail.staff.secondFactor.howTo',
      defaultMessage:
        'To set up a new one, open the link below and enter your password; then scan the new QR code with your authenticator app. Your password alone does not set up a new second factor.',
    }),
    button: message({ id: 'mail.staff.secondFactor.button', defaultMessage: 'Set up a new second factor' }),
    validity: message({ id: 'mail.staff.secondFactor.validity', defaultMessage: 'The link works once, for 24 hours. If you did not ask for this, tell an admin of the shop at once.' }),
  },

  passwordChanged: {
    subject: messageWith<{ shop: string }>({ id: 'mail.staff.passwordChanged.subject', defaultMessage: 'Your back-office password at {shop} was changed' }),
    text: message({
      id: 'mail.staff.passwordChanged.text',
      defaultMessage: 'The password of your back-office account was just changed, and every other sign-in of yours was ended.',
    }),
    button: message({ id: 'mail.staff.passwordChanged.button', defaultMessage: 'Sign in to the back office' }),
    notYou: message({ id: 'mail.staff.passwordChanged.notYou', defaultMessage: 'If you did not make this change, tell an admin of the shop at once.' }),
  },
} as const;
