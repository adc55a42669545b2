import { message, messageWith } from '@festival/contract';

/** What every e-mail of the shop says alike, whoever sends it: its greeting (docs/translations.md). */
export const mailMessages = {
  greeting: messageWith<{ name: string }>({ id: 'mail.greeting', defaultMessage: 'Hello {name},' }),
  /** For a reader whose name is not known (a ticket's address without a holder's name). */
  greetingNoName: message({ id: 'mail.greetingNoName', defaultMessage: 'Hello,' }),
};
