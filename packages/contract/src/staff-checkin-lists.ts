import { z } from 'zod';
import { INTEGER_COLUMN_MAX } from './bounds';
import { checkinListDefinition } from './checkin-list-fields';
import { issueMessage, message, messageWith } from './i18n/text';

// The page's texts with placeholders, each declared once; `staffCheckinListMessages` keeps the callers' positional arguments.
const created = messageWith<{ code: string }>({ id: 'staffCheckinListMessages.created', defaultMessage: 'Check-in list {code} is created. Scanners can choose it now.' });
const saved = messageWith<{ code: string }>({ id: 'staffCheckinListMessages.saved', defaultMessage: 'Check-in list {code} is saved. Scanners follow the change at once.' });
const archived = messageWith<{ code: string }>({ id: 'staffCheckinListMessages.archived', defaultMessage: 'Check-in list {code} is archived: it admits no one. Its scans are kept.' });
const restored = messageWith<{ code: string }>({ id: 'staffCheckinListMessages.restored', defaultMessage: 'Check-in list {code} admits again.' });

/**
 * The back office's check-in lists (issue 37 point 5, decision 0097): the lists with their live
 * figures per gate, creating and changing a list with the catalogue file's rules
 * (checkin-list-fields.ts), archiving it (never deleting: its scans refer to it), and the scans
 * the gates could not count, to resolve.
 */
export const staffCheckinListMessages = {
  chooseList: message({ id: 'staffCheckinListMessages.chooseList', defaultMessage: 'Choose a check-in list.' }),
  chooseConflict: message({ id: 'staffCheckinListMessages.chooseConflict', defaultMessage: 'Choose a scan to resolve.' }),
  noList: message({ id: 'staffCheckinListMessages.noList', defaultMessage: 'There is no such check-in list.' }),
  noConflict: message({ id: 'staffCheckinListMessages.noConflict', defaultMessage: 'There is no such scan left to resolve.' }),
  /** Said after the code field. */
  codeTaken: message({ id: 'staffCheckinListMessages.codeTaken', defaultMessage: 'is already the code of another check-in list' }),
  /** Said after the code field of a list being changed. */
  codeKept: message({ id: 'staffCheckinListMessages.codeKept', defaultMessage: 'cannot change: the catalogue file and the reports name the list by it (duplicate the list to use another code)' }),
  nothingToChange: message({ id: 'staffCheckinListMessages.nothingToChange', defaultMessage: 'Change at least one field.' }),
  resolved: message({ id: 'staffCheckinListMessages.resolved', defaultMessage: 'The scan is marked as resolved.' }),
  created: (code: string) => created({ code }),
  saved: (code: string) => saved({ code }),
  archived: (code: string) => archived({ code }),
  restored: (code: string) => restored({ code }),
};

const texts = staffCheckinListMessages;
const count = z.number().int();
const rowId = (text: string) => z.number({ error: text }).int(text).min(1, text).max(INTEGER_COLUMN_MAX, text);

/** Most unresolved scans the page lists (the newest); `conflicts_total` counts them all. */
export const CHECKIN_CONFLICTS_SHOWN = 100;

export const checkinListView = z.object({
  id: count,
  /** The list as the catalogue file writes it (its products each with the days they admit on here). */
  list: z.object({
    code: z.string(),
    event: z.string(),
    name: z.string(),
    products: z.array(z.object({ product: z.string(), days: z.union([z.literal('every'), z.array(z.string())]) })),
    day_cutover: z.string(),
    entry: z.enum(['single', 'alternating']),
    opens_at: z.string().nullable(),
    closes_at: z.string().nullable(),
    boarding: z.object({ before_minutes: count, after_minutes: count }),
    gates: z.array(z.string()),
  }),
  event_name: z.string(),
  /** The event's time zone: the list's times and days are on its clock. */
  timezone: z.string(),
  active: z.boolean(),
  /** Whether tickets have been scanned on it (it then keeps its event). */
  scanned: z.boolean(),
  /** The fields set in the back office that an import keeps (decision 0097). */
  back_office_fields: z.array(z.string()),
  /** Tickets ever admitted and inside now. */
  admitted: count,
  inside: count,
  /** Per gate a scan was made at: tickets let in there (each once) and tickets inside that last came in there. */
  gates: z.array(z.object({ gate: z.string(), admitted: count, inside: count })),
  /** Scans not counted and not yet resolved. */
  open_conflicts: count,
});
export type CheckinListView = z.infer<typeof checkinListView>;

/** A scan the gates could not count: an offline entry of a ticket already in (two devices), an exit of one not inside, or a scan the shop refuses. */
export const checkinConflictView = z.object({
  id: count,
  list: z.string(),
  gate: z.string(),
  kind: z.enum(['conflict', 'refused']),
  /** already-in, not-inside, or an upload refusal (revoked, wrong-list, wrong-day, wrong-bus, unknown-gate). */
  reason: z.string().nullable(),
  ticket: z.string(),
  holder: z.string().nullable(),
  scanner: z.string().nullable(),
  scanned_at: z.string(),
  /** Where and when the ticket was counted in (null: never). */
  counted_gate: z.string().nullable(),
  counted_at: z.string().nullable(),
});
export type CheckinConflictView = z.infer<typeof checkinConflictView>;

export const checkinListOverviewPayload = z.object({}).strict();
export const checkinListOverviewAnswer = z.object({
  lists: z.array(checkinListView),
  /** The events a list can be for. */
  events: z.array(z.object({ code: z.string(), name: z.string(), timezone: z.string() })),
  /** The products a list can admit (not merchandise), with the days every list naming them agrees on (null: every day, or they differ). */
  products: z.array(z.object({ code: z.string(), name: z.string(), event: z.string(), type: z.string(), days: z.array(z.string()).nullable() })),
  conflicts: z.array(checkinConflictView),
  conflicts_total: count,
});
export type CheckinListOverview = z.infer<typeof checkinListOverviewAnswer>;

/** Creates a list (`id` null) or changes the list of `id`, sent whole as the file writes it. */
export const checkinListSavePayload = z
  .object({
    id: rowId(issueMessage(texts.chooseList)).nullable(),
    list: checkinListDefinition,
  })
  .strict();
export const checkinListSaveAnswer = z.object({ list: checkinListView, message: z.string() });

/** Archives a list (it admits no one; its scans stay) or brings it back. */
export const checkinListArchivePayload = z
  .object({
    id: rowId(issueMessage(texts.chooseList)),
    active: z.boolean(),
  })
  .strict();
export const checkinListArchiveAnswer = z.object({ list: checkinListView, message: z.string() });

/** Marks a scan the gates could not count as dealt with. */
export const checkinConflictResolvePayload = z.object({ id: rowId(issueMessage(texts.chooseConflict)) }).strict();
export const checkinConflictResolveAnswer = z.object({ message: z.string() });
