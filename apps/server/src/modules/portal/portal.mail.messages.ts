import { mailMessages } from '../mail/mail.messages';
import { message, messageWith } from '@festival/contract';

/**
 * The texts of the portal's e-mails (portal.mail.ts): a ticket passed on, changed, void or
 * received, and a refund requested, given bank details, processed. Each sentence is one message,
 * its values as placeholders (docs/decisions/0093). `named` is `yes` for a product named after
 * what it is ("Weekend ticket"), so no language says "ticket" twice (decision 0035).
 */
type Named = 'yes' | 'no';

export const portalMailTexts = {
  greeting: mailMessages.greeting,
  greetingWithoutName: mailMessages.greetingNoName,
  contactUs: message({ id: 'mail.portal.contactUs', defaultMessage: 'If you did not do this, please contact us straight away.' }),

  passedOn: {
    subject: messageWith<{ code: string; email: string }>({ id: 'mail.portal.passedOn.subject', defaultMessage: 'Your ticket {code} now belongs to {email}' }),
    text: messageWith<{ product: string; named: Named; code: string; email: string }>({
      id: 'mail.portal.passedOn.text',
      defaultMessage:
        'You passed your {named, select, yes {{product}} other {{product} ticket}} ({code}) on to {email}. It is no longer in your account, and the ticket with this code is no longer valid: its new holder has a new one.',
    }),
  },

  changed: {
    subject: messageWith<{ code: string }>({ id: 'mail.portal.changed.subject', defaultMessage: 'Your ticket {code} has been changed' }),
    text: messageWith<{ product: string; named: Named; code: string }>({
      id: 'mail.portal.changed.text',
      defaultMessage: 'The {named, select, yes {{product}} other {{product} ticket}} ({code}) has been changed:',
    }),
    /** The changes' labels (the portal's record of a change). */
    name: message({ id: 'mail.portal.changed.name', defaultMessage: 'Name' }),
    email: message({ id: 'mail.portal.changed.email', defaultMessage: 'E-mail address' }),
    age: message({ id: 'mail.portal.changed.age', defaultMessage: 'Age' }),
    departure: message({ id: 'mail.portal.changed.departure', defaultMessage: 'Departure' }),
    /** A change's value, with the one it replaced. */
    valueWas: messageWith<{ value: string; was: string }>({ id: 'mail.portal.changed.valueWas', defaultMessage: '{value} (was {was})' }),
    /** A value left empty. */
    none: message({ id: 'mail.portal.changed.none', defaultMessage: '(none)' }),
    asItIsNow: message({
      id: 'mail.portal.changed.asItIsNow',
      defaultMessage: 'This is the ticket as it is now. Download it and show it at the entrance; a copy you saved before the change may show old details.',
    }),
    paidInInstalments: message({
      id: 'mail.portal.changed.paidInInstalments',
      defaultMessage: 'Its order is being paid in instalments: the ticket comes by e-mail to download as soon as the last one is paid.',
    }),
    notYou: message({ id: 'mail.portal.changed.notYou', defaultMessage: 'If you did not make this change, please contact us straight away.' }),
  },

  /** Ours (decision 0109): the buyer is told when a ticket's or the order's answers to the organiser's questions change. */
  answers: {
    subject: messageWith<{ code: string }>({ id: 'mail.portal.answers.subject', defaultMessage: 'Your answers for order {code} were changed' }),
    ticket: messageWith<{ product: string; named: Named; ticket: string; code: string }>({
      id: 'mail.portal.answers.ticket',
      defaultMessage: 'The answers for the {named, select, yes {{product}} other {{product} ticket}} ({ticket}) of order {code} were changed. They are now:',
    }),
    order: messageWith<{ product: string; code: string }>({
      id: 'mail.portal.answers.order',
      defaultMessage: 'Your answers for order {code} ({product}) were changed. They are now:',
    }),
    byUs: message({ id: 'mail.portal.answers.byUs', defaultMessage: 'We changed them for you. If anything is not right, please contact us.' }),
  },

  void: {
    passedOnSubject: messageWith<{ code: string }>({ id: 'mail.portal.void.passedOnSubject', defaultMessage: 'Ticket {code} is no longer valid' }),
    holderChangedSubject: messageWith<{ code: string }>({ id: 'mail.portal.void.holderChangedSubject', defaultMessage: 'Ticket {code} is no longer sent to this address' }),
    passedOn: messageWith<{ product: string; named: Named; code: string }>({
      id: 'mail.portal.void.passedOn',
      defaultMessage:
        'The {named, select, yes {{product}} other {{product} ticket}} ({code}) that was sent to you has been passed on to someone else by the account holding it. This ticket is no longer valid: it will not get in at the entrance, printed or on a phone, and its download link no longer works.',
    }),
    holderChanged: messageWith<{ product: string; named: Named; code: string }>({
      id: 'mail.portal.void.holderChanged',
      defaultMessage:
        'The {named, select, yes {{product}} other {{product} ticket}} ({code}) that was sent to you is now sent to another address, in the name its holder gave. The download link you received no longer works.',
    }),
    mistake: message({ id: 'mail.portal.void.mistake', defaultMessage: 'If you think this is a mistake, please ask the person who bought the ticket, or contact us.' }),
  },

  received: {
    subject: messageWith<{ from: string }>({ id: 'mail.portal.received.subject', defaultMessage: '{from} passed a ticket on to you' }),
    download: messageWith<{ from: string; product: string; named: Named }>({
      id: 'mail.portal.received.download',
      defaultMessage: '{from} passed their {named, select, yes {{product}} other {{product} ticket}} on to you. Download it and show it at the entrance:',
    }),
    later: messageWith<{ from: string; product: string; named: Named; code: string }>({
      id: 'mail.portal.received.later',
      defaultMessage:
        '{from} passed their {named, select, yes {{product}} other {{product} ticket}} ({code}) on to you. Its order is being paid in instalments: we will e-mail you the ticket to download as soon as the last one is paid.',
    }),
    accountMade: message({
      id: 'mail.portal.received.accountMade',
      defaultMessage: 'We have made an account for you at this address; your password comes in a separate e-mail. In your account you can see the ticket and change its details.',
    }),
    inYourAccount: message({ id: 'mail.portal.received.inYourAccount', defaultMessage: 'You can see the ticket and change its details in your account.' }),
    yourOrders: message({ id: 'mail.portal.received.yourOrders', defaultMessage: 'Your orders' }),
  },

  refund: {
    needBankSubject: messageWith<{ id: string; code: string }>({ id: 'mail.portal.refund.needBankSubject', defaultMessage: 'Refund {id} for order {code}: we need your bank details' }),
    requestedSubject: messageWith<{ id: string; code: string }>({ id: 'mail.portal.refund.requestedSubject', defaultMessage: 'Refund request {id} for order {code}' }),
    /** `items`: the refunded items' names, joined as the language joins a list. */
    received: messageWith<{ id: string; code: string; items: readonly string[] }>({
      id: 'mail.portal.refund.received',
      defaultMessage: 'We have received your refund request {id} for order {code}: {items}.',
    }),
    /** One refunded item in that list: its name and its code. */
    item: messageWith<{ name: string; code: string }>({ id: 'mail.portal.refund.item', defaultMessage: '{name} ({code})' }),
    /** `ways`: where the money goes (refundWaySentence); `cancel` yes while the customer may still cancel the request. */
    onceProcessed: messageWith<{ ways: string; cancel: 'yes' | 'no' }>({
      id: 'mail.portal.refund.onceProcessed',
      defaultMessage: '{cancel, select, yes {Once it is processed, {ways}. You can cancel the request in your account until then.} other {Once it is processed, {ways}.}}',
    }),
    giveBankDetails: message({ id: 'mail.portal.refund.giveBankDetails', defaultMessage: 'Give your bank details' }),
    viewRequest: message({ id: 'mail.portal.refund.viewRequest', defaultMessage: 'View the request' }),
    bankDetailsSubject: messageWith<{ id: string; code: string }>({ id: 'mail.portal.refund.bankDetailsSubject', defaultMessage: 'Refund {id} for order {code}: we have your bank details' }),
    bankDetailsThanks: messageWith<{ id: string; code: string }>({
      id: 'mail.portal.refund.bankDetailsThanks',
      defaultMessage: 'Thank you for your bank details for refund {id} of order {code}.',
    }),
    processedSubject: messageWith<{ id: string; code: string }>({ id: 'mail.portal.refund.processedSubject', defaultMessage: 'Refund {id} for order {code} has been processed' }),
    processed: messageWith<{ id: string; code: string; ways: string }>({
      id: 'mail.portal.refund.processed',
      defaultMessage: 'Your refund {id} for order {code} has been processed: {ways}.',
    }),
    viewRefund: message({ id: 'mail.portal.refund.viewRefund', defaultMessage: 'View the refund' }),
  },
} as const;
