import { mailMessages } from '../mail/mail.messages';
import { message, messageWith } from '@festival/contract';

/**
 * The texts of the account e-mails (accounts.mail.ts) and of a ticket's download line, which every
 * message that brings a ticket shows (decision 0093: put into words in the reader's language).
 */
export const accountsMailMessages = {
  greeting: mailMessages.greeting,
  greetingNoName: mailMessages.greetingNoName,

  accountSubject: messageWith<{ shop: string }>({ id: 'mail.accounts.accountSubject', defaultMessage: 'Your account at {shop}' }),
  accountCreated: message({ id: 'mail.accounts.accountCreated', defaultMessage: 'Your account has been created. Log in with your e-mail address and this password:' }),
  logIn: message({ id: 'mail.accounts.logIn', defaultMessage: 'Log in' }),
  choosePasswordLater: message({ id: 'mail.accounts.choosePasswordLater', defaultMessage: 'You can choose a password of your own in your account settings once you are logged in.' }),

  alreadyRegistered: message({
    id: 'mail.accounts.alreadyRegistered',
    defaultMessage: 'Someone, perhaps you, tried to register with this e-mail address, which already has an account. Your account has not changed.',
  }),
  forgottenPassword: message({ id: 'mail.accounts.forgottenPassword', defaultMessage: 'If you have forgotten your password, you can choose a new one.' }),
  chooseNewPassword: message({ id: 'mail.accounts.chooseNewPassword', defaultMessage: 'Choose a new password' }),
  notYou: message({ id: 'mail.accounts.notYou', defaultMessage: 'If it was not you, you can ignore this message.' }),

  resetSubject: messageWith<{ shop: string }>({ id: 'mail.accounts.resetSubject', defaultMessage: 'Choose a new password for {shop}' }),
  resetRequested: message({ id: 'mail.accounts.resetRequested', defaultMessage: 'We received a request to choose a new password for your account.' }),
  resetLinkWorks: message({
    id: 'mail.accounts.resetLinkWorks',
    defaultMessage: 'The link works once, for 15 minutes. If you did not ask for it, you can ignore this message: your password stays as it is.',
  }),

  ticketTitle: messageWith<{ product: string; name: string }>({ id: 'mail.accounts.ticketTitle', defaultMessage: '{product} for {name}' }),
  ticketDetail: messageWith<{ code: string }>({ id: 'mail.accounts.ticketDetail', defaultMessage: 'Ticket {code}' }),
  downloadTicket: message({ id: 'mail.accounts.downloadTicket', defaultMessage: 'Download ticket (PDF)' }),
  ticketQrAlt: messageWith<{ code: string }>({ id: 'mail.accounts.ticketQrAlt', defaultMessage: 'QR code of ticket {code}' }),

  ticketsSubject: messageWith<{ shop: string }>({ id: 'mail.accounts.ticketsSubject', defaultMessage: 'Your tickets for {shop}' }),
  ticketsHere: message({
    id: 'mail.accounts.ticketsHere',
    defaultMessage: 'Here are the tickets held in the name of this e-mail address. Download each one and show it at the entrance.',
  }),

  emailChangedSubject: messageWith<{ shop: string }>({ id: 'mail.accounts.emailChangedSubject', defaultMessage: 'Your e-mail address at {shop} was changed' }),
  emailChanged: messageWith<{ email: string }>({
    id: 'mail.accounts.emailChanged',
    defaultMessage: 'The e-mail address of your account was changed to {email}. From now on, log in with that address.',
  }),
  notYourChange: message({ id: 'mail.accounts.notYourChange', defaultMessage: 'If you did not make this change, please contact us at once.' }),

  passwordChangedSubject: messageWith<{ shop: string }>({ id: 'mail.accounts.passwordChangedSubject', defaultMessage: 'Your password at {shop} was changed' }),
  passwordReset: message({
    id: 'mail.accounts.passwordReset',
    defaultMessage: 'The password of your account was just reset with the link we e-mailed you. Everywhere you were logged in, you have been logged out: log in with the new password.',
  }),
  passwordChangedInSettings: message({
    id: 'mail.accounts.passwordChangedInSettings',
    defaultMessage: 'The password of your account was just changed in your account settings. Everywhere else you were logged in, you have been logged out.',
  }),
  notYourPasswordChange: message({
    id: 'mail.accounts.notYourPasswordChange',
    defaultMessage: 'If you did not make this change, please choose a new password at once through this link, and contact us.',
  }),
};
