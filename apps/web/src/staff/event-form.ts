import { catalogueFieldMessages, eventDefinition, isTimeZone, issueText, staffCatalogueMessages, type CatalogueEventChanges, type CatalogueEventView, type EventDefinitionInput, type Shown } from '@festival/contract';
import type { z } from 'zod';
import { isoOfZonedInput, zonedInputOf, type FieldProblems } from './catalogue-page';
import { staffTexts } from './texts';
import { say } from '../lib/say';

const texts = staffTexts.catalogueEvents;

/** The event form (a new event, or a duplicate of one): what staff type, as they typed it. */
export interface EventForm {
  code: string;
  name: string;
  timezone: string;
  /** On the event's clocks, as a datetime-local field holds it. */
  startsAt: string;
  /** Its end, the same way. */
  endsAt: string;
  venue: string;
  ageRangeActive: boolean;
  creditCardActive: boolean;
  bankTransferActive: boolean;
  /** Country codes as typed: "NL, BE". */
  bankTransferCountries: string;
}

export const emptyEventForm = (timezone: string): EventForm => ({
  code: '',
  name: '',
  timezone,
  startsAt: '',
  endsAt: '',
  venue: '',
  ageRangeActive: false,
  creditCardActive: true,
  bankTransferActive: false,
  bankTransferCountries: '',
});

/**
 * A duplicate's form: the event's settings, its time zone and start, its code and name left for
 * a new one ("NWF27" becomes "NWF27-COPY"). Its products are not copied.
 */
export function duplicateFormOf(event: CatalogueEventView): EventForm {
  return {
    code: `${event.code}-COPY`.slice(0, 64),
    name: texts.copyName(event.name),
    timezone: event.timezone,
    startsAt: zonedInputOf(event.starts_at, event.timezone),
    endsAt: zonedInputOf(event.ends_at, event.timezone),
    venue: event.venue ?? '',
    ageRangeActive: event.age_range_active,
    creditCardActive: event.credit_card_active,
    bankTransferActive: event.bank_transfer_active,
    bankTransferCountries: event.bank_transfer_countries.join(', '),
  };
}

/** An event's settings form (decision 0105): its own code, name and settings, its start on its clocks. */
export function settingsFormOf(event: CatalogueEventView): EventForm {
  return { ...duplicateFormOf(event), code: event.code, name: event.name };
}

/**
 * The settings the form changes, as catalogue-change-event takes them: checked with the catalogue
 * file's rules (the whole event, as the file writes it), then only what differs from the event.
 * The start is compared as an instant (the form writes it on the event's clocks).
 */
export function prepareEventSettings(event: CatalogueEventView, form: EventForm): { ok: true; changes: CatalogueEventChanges } | { ok: false; problems: FieldProblems } {
  const prepared = prepareEvent({ ...form, code: event.code, name: event.name });
  if (!prepared.ok) return prepared;
  const wanted = prepared.event;
  const changes: CatalogueEventChanges = {};
  if (wanted.timezone !== event.timezone) changes.timezone = wanted.timezone;
  // A start left as it was shown stays the same instant when only the zone changes (instants never move);
  // a start typed anew is read on the clocks of the zone in the form.
  const shown = settingsFormOf(event);
  const startsAt = form.startsAt === shown.startsAt ? event.starts_at : (wanted.starts_at ?? null);
  if (!sameInstant(startsAt, event.starts_at)) changes.starts_at = startsAt;
  const endsAt = form.endsAt === shown.endsAt ? event.ends_at : (wanted.ends_at ?? null);
  if (!sameInstant(endsAt, event.ends_at)) changes.ends_at = endsAt;
  if ((wanted.venue ?? null) !== event.venue) changes.venue = wanted.venue ?? null;
  if (wanted.age_range_active !== event.age_range_active) changes.age_range_active = wanted.age_range_active ?? false;
  if (wanted.credit_card_active !== event.credit_card_active) changes.credit_card_active = wanted.credit_card_active ?? true;
  if (wanted.bank_transfer_active !== event.bank_transfer_active) changes.bank_transfer_active = wanted.bank_transfer_active ?? false;
  const countries = wanted.bank_transfer_countries ?? [];
  if (countries.join(',') !== event.bank_transfer_countries.join(',')) changes.bank_transfer_countries = countries;
  if (!Object.keys(changes).length) return { ok: false, problems: { _: staffCatalogueMessages.nothingToChange } };
  return { ok: true, changes };
}

const sameInstant = (a: string | null, b: string | null) => (a === null ? null : Date.parse(a)) === (b === null ? null : Date.parse(b));

/** The form's field of a problem's path: `event.bank_transfer_countries.1` (a new event) and `changes.timezone` (its settings) are the form's fields. */
export const eventFormFieldOf = (path: string): string => path.replace(/^(event|changes)\.?/, '').split('.')[0] || '_';

/** The event the form describes, as catalogue-create-event takes it, checked with the catalogue file's rules. */
export function prepareEvent(form: EventForm): { ok: true; event: EventDefinitionInput } | { ok: false; problems: FieldProblems } {
  const problems: FieldProblems = {};
  const timezone = form.timezone.trim();
  // An unknown zone is the zone field's problem: the dates are read on UTC's clocks meanwhile.
  const instantOf = (typed: string, field: 'starts_at' | 'ends_at'): string | null => {
    if (!typed.trim()) return null;
    const read = isoOfZonedInput(typed, isTimeZone(timezone) ? timezone : 'UTC');
    if (read.ok) return read.iso;
    problems[field] = read.problem === 'gap' ? staffTexts.onsales.clockGap : catalogueFieldMessages.instant;
    return null;
  };
  const startsAt = instantOf(form.startsAt, 'starts_at');
  const endsAt = instantOf(form.endsAt, 'ends_at');
  const event = {
    code: form.code.trim(),
    name: form.name.trim(),
    timezone,
    starts_at: startsAt,
    ends_at: endsAt,
    venue: form.venue.trim() || null,
    age_range_active: form.ageRangeActive,
    credit_card_active: form.creditCardActive,
    bank_transfer_active: form.bankTransferActive,
    bank_transfer_countries: form.bankTransferCountries
      .split(/[\s,]+/)
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean),
  };
  const checked = eventDefinition.safeParse(event);
  if (!checked.success) for (const issue of checked.error.issues as z.core.$ZodIssue[]) problems[eventFormFieldOf(issue.path.join('.'))] ??= issueText(issue);
  if (Object.keys(problems).length) return { ok: false, problems };
  return { ok: true, event };
}

/** A field's problem as a sentence under it: a rule after the field's label; a sentence of its own as it is. */
export function eventProblemSentence(field: string, problem: Shown, labels: Record<string, string>): string {
  const label = labels[field] ?? field;
  if (typeof problem === 'string') return /^\p{Ll}/u.test(problem) ? texts.fieldProblem(label, problem) : problem;
  const isRule = /^(eventFieldMessages|catalogueFieldMessages)\./.test(problem.id);
  return isRule ? texts.fieldProblem(label, say(problem)) : say(problem);
}
