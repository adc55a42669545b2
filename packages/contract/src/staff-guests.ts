import { z } from 'zod';
import { issueMessage, message, messageWith, type Text } from './i18n/text';
import { LOCALES } from './i18n/locales';
import { BOX_OFFICE_MAX_UNITS } from './staff-box-office';

/**
 * Guest lists (issue 37 point 3, decision 0100): named lists ("Artists", "Crew", "Press") and
 * complimentary tickets issued from the back office to a guest on a list, with a reason. A guest
 * ticket is a box-office order of its own (the desk's sale path: stock taken under the same rules,
 * signed tickets, the guest's mail in their language) that costs nothing, marked with its list and
 * reason: no invoice, no payment, never revenue, counted apart per list.
 */
const listCreated = messageWith<{ name: string }>({ id: 'staffGuestMessages.listCreated', defaultMessage: 'The guest list {name} is created.' });
const listRenamed = messageWith<{ name: string }>({ id: 'staffGuestMessages.listRenamed', defaultMessage: 'The guest list is now called {name}.' });
const issued = messageWith<{ count: number; list: string; guest: string }>({
  id: 'staffGuestMessages.issued',
  defaultMessage: '{count, plural, one {# complimentary ticket was issued} other {# complimentary tickets were issued}} to {guest} on {list}.',
});
const cancelled = messageWith<{ guest: string }>({ id: 'staffGuestMessages.cancelled', defaultMessage: 'The ticket of {guest} is cancelled; its place is back on sale.' });

export const staffGuestMessages = {
  listName: message({ id: 'staffGuestMessages.listName', defaultMessage: 'Name the list, in at most 100 characters.' }),
  /** Said after the name field. */
  listNameTaken: message({ id: 'staffGuestMessages.listNameTaken', defaultMessage: 'Another guest list has this name.' }),
  chooseList: message({ id: 'staffGuestMessages.chooseList', defaultMessage: 'Choose a guest list.' }),
  noList: message({ id: 'staffGuestMessages.noList', defaultMessage: 'There is no such guest list.' }),
  reason: message({ id: 'staffGuestMessages.reason', defaultMessage: 'Give the reason for the complimentary tickets, in at most 500 characters.' }),
  guestName: message({ id: 'staffGuestMessages.guestName', defaultMessage: 'Enter the guest’s name.' }),
  guestEmail: message({ id: 'staffGuestMessages.guestEmail', defaultMessage: 'Enter one e-mail address, or none to print the tickets.' }),
  chooseLanguage: message({ id: 'staffGuestMessages.chooseLanguage', defaultMessage: 'Choose one of the shop’s languages.' }),
  chooseTicket: message({ id: 'staffGuestMessages.chooseTicket', defaultMessage: 'Choose a ticket on sale.' }),
  notATicket: message({ id: 'staffGuestMessages.notATicket', defaultMessage: 'Guests are given tickets, add-ons and transport; merchandise is sold.' }),
  noTicket: message({ id: 'staffGuestMessages.noTicket', defaultMessage: 'There is no guest ticket with that code.' }),
  alreadyCancelled: message({ id: 'staffGuestMessages.alreadyCancelled', defaultMessage: 'This ticket is cancelled already.' }),
  listCreated: (name: string) => listCreated({ name }),
  listRenamed: (name: string) => listRenamed({ name }),
  issued: (count: number, list: string, guest: string) => issued({ count, list, guest }),
  cancelled: (guest: string) => cancelled({ guest }),
};

const texts = staffGuestMessages;

/** Longest name of a list, and of a reason. */
export const GUEST_LIST_NAME_MAX = 100;
export const GUEST_REASON_MAX = 500;
/** Most tickets each list shows (the newest first); `issued` and `cancelled` count them all. */
export const GUEST_TICKETS_SHOWN = 200;
/** Most lists a shop keeps (a festival has a handful): the page shows them all. */
export const GUEST_LISTS_MAX = 100;

const text = (max: number, refusal: Text) => {
  const said = issueMessage(refusal);
  return z
    .string({ error: said })
    .max(max, said)
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .refine((value) => value !== '', said);
};
const id = (refusal: Text) => z.int({ error: issueMessage(refusal) }).min(1, issueMessage(refusal)).max(2_147_483_647, issueMessage(refusal));

export const guestListsPayload = z.object({}).strict();

export const guestTicketView = z.object({
  code: z.string(),
  order_code: z.string(),
  product: z.string(),
  holder: z.string().nullable(),
  /** null: the guest gave none (their tickets are printed). */
  email: z.string().nullable(),
  reason: z.string(),
  /** active, cancelled (or pending for a moment while issued). */
  status: z.string(),
  issued_at: z.string(),
});
export type GuestTicketView = z.infer<typeof guestTicketView>;

export const guestListView = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Live tickets of the list (issued and not cancelled), all of them. */
  issued: z.number().int(),
  cancelled: z.number().int(),
  /** The newest GUEST_TICKETS_SHOWN. */
  tickets: z.array(guestTicketView),
});
export type GuestListView = z.infer<typeof guestListView>;

export const guestListsAnswer = z.object({
  lists: z.array(guestListView),
  /** The shop's languages, the guest's mail is written in one of them. */
  languages: z.array(z.enum(LOCALES)),
  default_language: z.enum(LOCALES),
});
export type GuestListsAnswer = z.infer<typeof guestListsAnswer>;

/** Creates a list (`id` null) or renames one. */
export const guestListSavePayload = z.object({
  id: id(texts.chooseList).nullable(),
  name: text(GUEST_LIST_NAME_MAX, texts.listName),
});
export const guestListSaveAnswer = z.object({ message: z.string(), list: z.object({ id: z.number().int(), name: z.string() }) });

export const guestIssuePayload = z.object({
  list_id: id(texts.chooseList),
  /** The item's code: a ticket, add-on or transport on sale at the box office. */
  code: z
    .string({ error: issueMessage(texts.chooseTicket) })
    .max(100, issueMessage(texts.chooseTicket))
    .refine((value) => value.trim() !== '', issueMessage(texts.chooseTicket)),
  quantity: z
    .int({ error: issueMessage(texts.chooseTicket) })
    .min(1, issueMessage(texts.chooseTicket))
    .max(BOX_OFFICE_MAX_UNITS, issueMessage(texts.chooseTicket)),
  guest: z.object({
    full_name: text(200, texts.guestName),
    /** Blank: none; the tickets are printed at the desk (decision 0076). */
    email: z.string({ error: issueMessage(texts.guestEmail) }).max(320, issueMessage(texts.guestEmail)),
    /** The age range, where the ticket asks for one. */
    age: z.string().max(50).nullish(),
  }),
  /** The language of the guest's mail and tickets. */
  language: z.enum(LOCALES, { error: issueMessage(texts.chooseLanguage) }),
  /** Transport with departures to choose from: the departure. */
  departure_id: z.int().min(1).max(2_147_483_647).nullish(),
  reason: text(GUEST_REASON_MAX, texts.reason),
});
export type GuestIssueInput = z.infer<typeof guestIssuePayload>;

export const guestIssueAnswer = z.object({
  message: z.string(),
  order_code: z.string(),
  /** email null: the guest gave none; print the tickets (order-tickets-pdf). */
  email: z.string().nullable(),
  tickets: z.array(z.object({ code: z.string(), name: z.string(), holder: z.string().nullable(), download: z.string().nullable() })),
});

/** Cancels one guest ticket; its stock or seat goes back on sale. */
export const guestCancelPayload = z.object({
  code: z
    .string({ error: issueMessage(texts.noTicket) })
    .max(64, issueMessage(texts.noTicket))
    .refine((value) => value.trim() !== '', issueMessage(texts.noTicket)),
});
export const guestCancelAnswer = z.object({ message: z.string() });
