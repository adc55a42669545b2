import { catalogueFieldMessages, eventDefinition, issueText, type CatalogueEventView, type EventDefinitionInput, type Shown } from '@festival/contract';
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
    ageRangeActive: event.age_range_active,
    creditCardActive: event.credit_card_active,
    bankTransferActive: event.bank_transfer_active,
    bankTransferCountries: event.bank_transfer_countries.join(', '),
  };
}

/** The form's field of a problem's path: `event.bank_transfer_countries.1` is the countries'. */
export const eventFormFieldOf = (path: string): string => path.replace(/^event\.?/, '').split('.')[0] || '_';

/** The event the form describes, as catalogue-create-event takes it, checked with the catalogue file's rules. */
export function prepareEvent(form: EventForm): { ok: true; event: EventDefinitionInput } | { ok: false; problems: FieldProblems } {
  const problems: FieldProblems = {};
  const timezone = form.timezone.trim();
  let startsAt: string | null = null;
  if (form.startsAt.trim()) {
    const read = isoOfZonedInput(form.startsAt, timezone || 'UTC');
    if (read.ok) startsAt = read.iso;
    else problems.starts_at = read.problem === 'gap' ? staffTexts.onsales.clockGap : catalogueFieldMessages.instant;
  }
  const event = {
    code: form.code.trim(),
    name: form.name.trim(),
    timezone,
    starts_at: startsAt,
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
