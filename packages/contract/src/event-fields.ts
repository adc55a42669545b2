import { z } from 'zod';
import { catalogueBoolean, catalogueCode, catalogueInstant, windowProblem } from './catalogue-fields';
import { eventTextTranslations } from './catalogue-languages';
import { issueMessage, message, messageWith, type Text } from './i18n/text';

/**
 * The rules of an event's fields (issue 37 point 1), shared by the catalogue file's `events` (the
 * importer) and the back office's event calls (create, duplicate, archive on the Catalogue page):
 * one schema, so the file and the browser refuse the same values with the same words.
 */

const codeTaken = messageWith<{ code: string }>({ id: 'eventFieldMessages.codeTaken', defaultMessage: '"{code}" is the code of another event' });

export const eventFieldMessages = {
  name: message({ id: 'eventFieldMessages.name', defaultMessage: 'must be 1-200 characters' }),
  timezone: message({ id: 'eventFieldMessages.timezone', defaultMessage: 'must be an IANA time zone such as Europe/Amsterdam' }),
  country: message({ id: 'eventFieldMessages.country', defaultMessage: 'must be a two-letter ISO country code such as NL' }),
  /** Said after an event's code. */
  codeTaken: (code: string) => codeTaken({ code }),
};

const e = {
  name: issueMessage(eventFieldMessages.name),
  timezone: issueMessage(eventFieldMessages.timezone),
  country: issueMessage(eventFieldMessages.country),
};

/** Whether this runtime knows the IANA time zone (both ends use the same Intl data for this). */
export function isTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An event's time zone: the file's and both event editors' (create, and its settings after, decision 0105). */
export const eventTimezone = z.string({ error: e.timezone }).refine(isTimeZone, e.timezone);
/** Where the event takes place, as tickets and the shop show it ("Walibi Holland, Biddinghuizen"); the same words in every language. */
export const eventVenue = z.string({ error: e.name }).trim().min(1, e.name).max(200, e.name);
/** An event's end after its start (the file's and the editors' rule): the problem at `ends_at`, or null. */
export function eventDatesProblem(event: { starts_at?: string | null | undefined; ends_at?: string | null | undefined }): Text | null {
  return windowProblem(event.starts_at, event.ends_at, 'starts_at');
}
/** The countries whose buyers may pay by bank transfer. */
export const eventBankTransferCountries = z.array(z.string({ error: e.country }).regex(/^[A-Z]{2}$/, e.country)).max(300);

/** An event as the catalogue file writes it and the back office sends it. */
export const eventDefinition = z
  .object({
    code: catalogueCode,
    name: z.string({ error: e.name }).trim().min(1, e.name).max(200, e.name),
    timezone: eventTimezone,
    starts_at: catalogueInstant.nullish(),
    /** When it ends (after `starts_at`); with the venue, on tickets and in the shop. */
    ends_at: catalogueInstant.nullish(),
    venue: eventVenue.nullish(),
    age_range_active: catalogueBoolean.default(false),
    credit_card_active: catalogueBoolean.default(true),
    bank_transfer_active: catalogueBoolean.default(false),
    bank_transfer_countries: eventBankTransferCountries.default([]),
    /** The name in the shop's other languages: `{ de: { name: … } }` (decision 0094). */
    translations: eventTextTranslations.optional(),
    /** Archived: the shop shows none of its products; it stays, with its orders and tickets. */
    archived: catalogueBoolean.default(false),
  })
  .strict()
  .superRefine((event, ctx) => {
    const dates = eventDatesProblem(event);
    if (dates) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: issueMessage(dates) });
  });
export type EventDefinition = z.output<typeof eventDefinition>;
export type EventDefinitionInput = z.input<typeof eventDefinition>;

/**
 * The rule across events, the importer's and the editor's (asked of the shop's events with the new
 * one added): a code names one event. Linear. Entries not valid on their own are null.
 */
export function eventsProblems(events: readonly ({ code: string } | null)[]): { index: number; path: (string | number)[]; text: Text }[] {
  const problems: { index: number; path: (string | number)[]; text: Text }[] = [];
  const seen = new Set<string>();
  events.forEach((event, index) => {
    if (!event) return;
    if (seen.has(event.code)) problems.push({ index, path: ['code'], text: eventFieldMessages.codeTaken(event.code) });
    seen.add(event.code);
  });
  return problems;
}
