import {
  catalogueFieldMessages,
  onsaleChanges,
  onsaleDefinition,
  onsaleFieldMessages,
  onsaleRuleMessages,
  staffOnsaleMessages,
  type OnsaleAction,
  type OnsaleChanges,
  type OnsaleChoices,
  type OnsaleDefinition,
  type OnsaleView,
  type Shown,
  type Text,
  issueText,
} from '@festival/contract';
import { isoOfZonedInput, ruleOf, zonedInputOf, type FieldProblems } from './catalogue-page';
import { staffTexts } from './texts';
import { say } from '../lib/say';

const texts = staffTexts.onsales;

/** The edit form of an on-sale: times on the event's clocks, numbers as typed. */
export interface OnsaleForm {
  opensAt: string;
  closesAt: string;
  roomMinutes: string;
  mode: 'rate' | 'cap' | 'steer';
  /** Rate: new shoppers a minute; cap: shoppers at once; steer: the most new shoppers a minute. */
  limit: string;
  /** Cap mode: at most this many new shoppers a minute as well (empty: no ramp). */
  ramp: string;
  /** Steer mode: the fewest new shoppers a minute, and the p99 target in ms (empty: the default). */
  steerMin: string;
  steerTarget: string;
  sessionMinutes: string;
  proofBits: string;
}

export function onsaleFormOf(onsale: OnsaleView): OnsaleForm {
  return {
    opensAt: zonedInputOf(onsale.opens_at, onsale.timezone),
    closesAt: zonedInputOf(onsale.closes_at, onsale.timezone),
    roomMinutes: String(onsale.room_opens_minutes_before),
    mode: onsale.admission_mode,
    limit: String(onsale.admission_limit),
    ramp: onsale.admission_rate_limit === null ? '' : String(onsale.admission_rate_limit),
    steerMin: onsale.admission_min_per_minute === null ? '' : String(onsale.admission_min_per_minute),
    steerTarget: onsale.admission_target_p99_ms === null ? '' : String(onsale.admission_target_p99_ms),
    sessionMinutes: String(onsale.session_minutes),
    proofBits: String(onsale.proof_of_work_bits),
  };
}

/** A whole number as typed, or NaN (the contract then refuses it in the file's words). */
const wholeOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

export type PreparedOnsaleChanges = { ok: true; changes: OnsaleChanges } | { ok: false; problems: FieldProblems };

/** The form's field for a cap's ramp (the file's `admission.rate_per_minute` beside `max_active`). */
export const RAMP_FIELD = 'admission_ramp';
/** The form's fields for a self-steering rate's minimum and target (the file's `admission.steer.min_per_minute` and `target_p99_ms`). */
export const STEER_MIN_FIELD = 'admission_steer_min';
export const STEER_TARGET_FIELD = 'admission_steer_target';

/**
 * The form's field a problem of the contract or the shop belongs to: `admission.rate_per_minute`
 * is the limit's in rate mode and the ramp's in cap mode; a steering's maximum is the limit's.
 */
export const formFieldOf = (path: string, mode: OnsaleForm['mode'] = 'rate'): string => {
  const inner = path.replace(/^(changes|onsale)\.?/, '');
  if (mode === 'cap' && inner === 'admission.rate_per_minute') return RAMP_FIELD;
  if (inner === 'admission.steer.min_per_minute') return STEER_MIN_FIELD;
  if (inner === 'admission.steer.target_p99_ms') return STEER_TARGET_FIELD;
  return inner.split('.')[0] || '_';
};

/** The admission the form describes, as the change call takes it (sent as a whole). */
function admissionOfForm(form: OnsaleForm): Record<string, unknown> {
  if (form.mode === 'rate') return { rate_per_minute: wholeOf(form.limit) };
  if (form.mode === 'steer') {
    const target = form.steerTarget.trim() ? { target_p99_ms: wholeOf(form.steerTarget) } : {};
    return { steer: { min_per_minute: wholeOf(form.steerMin), max_per_minute: wholeOf(form.limit), ...target } };
  }
  // A cap without its ramp clears the ramp.
  return { max_active: wholeOf(form.limit), ...(form.ramp.trim() ? { rate_per_minute: wholeOf(form.ramp) } : {}) };
}

/**
 * What the form changes, as the change call takes it: only the fields that differ from the
 * on-sale, checked with the contract's (the catalogue file's) rules, problems by field.
 */
export function prepareOnsaleChanges(onsale: OnsaleView, form: OnsaleForm): PreparedOnsaleChanges {
  const current = onsaleFormOf(onsale);
  const problems: FieldProblems = {};
  const changes: Record<string, unknown> = {};
  const time = (field: 'opens_at' | 'closes_at', value: string) => {
    if (!value.trim()) return null;
    const read = isoOfZonedInput(value, onsale.timezone);
    if (read.ok) return read.iso;
    problems[field] = read.problem === 'gap' ? texts.clockGap : catalogueFieldMessages.instant;
    return undefined;
  };
  if (form.opensAt !== current.opensAt) {
    const opens = time('opens_at', form.opensAt);
    if (opens === null) problems.opens_at = catalogueFieldMessages.instant;
    else if (opens !== undefined) changes.opens_at = opens;
  }
  if (form.closesAt !== current.closesAt) {
    const closes = time('closes_at', form.closesAt);
    if (closes !== undefined) changes.closes_at = closes;
  }
  if (form.roomMinutes !== current.roomMinutes) changes.room_opens_minutes_before = wholeOf(form.roomMinutes);
  // The admission goes as a whole, when any of its fields changed.
  const admissionChanged =
    form.mode !== current.mode ||
    form.limit !== current.limit ||
    (form.mode === 'cap' && form.ramp.trim() !== current.ramp) ||
    (form.mode === 'steer' && (form.steerMin.trim() !== current.steerMin || form.steerTarget.trim() !== current.steerTarget));
  if (admissionChanged) changes.admission = admissionOfForm(form);
  if (form.sessionMinutes !== current.sessionMinutes) changes.session_minutes = wholeOf(form.sessionMinutes);
  if (form.proofBits !== current.proofBits) {
    const bits = wholeOf(form.proofBits);
    changes.proof_of_work = bits === 0 ? null : { bits };
  }
  const checked = onsaleChanges.safeParse(changes);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = formFieldOf(issue.path.join('.'), form.mode);
      problems[field] ??= issueText(issue);
    }
  }
  if (Object.keys(problems).length) return { ok: false, problems };
  if (Object.keys(changes).length === 0) return { ok: false, problems: { _: staffOnsaleMessages.nothingToChange } };
  return { ok: true, changes: checked.data! };
}

/** The shop's field errors (`changes.admission.rate_per_minute`) by the form's fields (in `mode`, the one sent). */
export function onsaleServerProblems(errors: Record<string, string[]>, mode: OnsaleForm['mode'] = 'rate'): FieldProblems {
  const problems: Record<string, string> = {};
  for (const [key, list] of Object.entries(errors)) {
    const field = formFieldOf(key, mode);
    problems[field] = [problems[field], ...list].filter(Boolean).join(' ');
  }
  return problems;
}

/** The field rules of an on-sale ("must …"), which a problem's sentence says after the field's label. */
const ONSALE_RULES: readonly Text[] = [
  catalogueFieldMessages.instant,
  catalogueFieldMessages.laterThan('opens_at'),
  onsaleFieldMessages.admissionLimit,
  onsaleFieldMessages.admission,
  onsaleFieldMessages.steerTarget,
  onsaleFieldMessages.steerMinAtMost,
  onsaleFieldMessages.roomMinutes,
  onsaleFieldMessages.sessionMinutes,
  onsaleFieldMessages.sessionAtLeast,
  onsaleFieldMessages.sessionAtMost,
  onsaleFieldMessages.proofBits,
  staffOnsaleMessages.notInThePast,
  staffOnsaleMessages.beforeClosing,
  catalogueFieldMessages.code,
  staffOnsaleMessages.codeTaken,
  onsaleRuleMessages.products,
  onsaleRuleMessages.productsAtMost,
];

/**
 * A field's problem as a sentence under it: a rule ("must be …") after the field's label, the
 * file's names as the form's labels. The rule is known by its text, never by its English words.
 */
export function onsaleProblemSentence(field: string, problem: Shown, labels: Record<string, Shown>): Shown {
  const rule = ruleOf(problem, ONSALE_RULES);
  if (!rule) return problem;
  const label = say(labels[field] ?? field);
  if (rule.id === catalogueFieldMessages.laterThan('opens_at').id) return texts.fieldProblem(label, texts.laterThanLabel(say(labels.opens_at ?? 'opens_at')));
  if (rule.id === staffOnsaleMessages.beforeClosing.id) return texts.fieldProblem(label, texts.earlierThanLabel(say(labels.closes_at ?? 'closes_at')));
  return texts.fieldProblem(label, say(rule));
}

/** "3 min 20 s", "45 s", "2 h 5 min": how long the sell-out took. */
export function durationWords(seconds: number): string {
  const words = texts.duration;
  if (seconds < 60) return words.seconds(seconds);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? words.minutesSeconds(minutes, seconds % 60) : words.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? words.hoursMinutes(hours, minutes % 60) : words.hours(hours);
}

/** Whether the room is open now (the page asks again often then). */
export const isLive = (onsale: Pick<OnsaleView, 'state'>): boolean => onsale.state === 'pre-queue' || onsale.state === 'admitting';

/** The form of a new on-sale (decision 0098): the edit form's fields with its code, event and products. */
export interface NewOnsaleForm extends OnsaleForm {
  code: string;
  event: string;
  /** Codes of the products and merchandise it guards, in the order ticked. */
  products: string[];
}

/** An empty new on-sale: the first event, the file's defaults (room 30 min before, 20 min sessions, no proof of work). */
export function newOnsaleForm(choices: OnsaleChoices): NewOnsaleForm {
  return {
    code: '',
    event: choices.events[0]?.code ?? '',
    products: [],
    opensAt: '',
    closesAt: '',
    roomMinutes: '30',
    mode: 'rate',
    limit: '',
    ramp: '',
    steerMin: '',
    steerTarget: '',
    sessionMinutes: '20',
    proofBits: '0',
  };
}

export type PreparedNewOnsale = { ok: true; onsale: OnsaleDefinition } | { ok: false; problems: FieldProblems };

/**
 * A new on-sale as `onsale-create` takes it, whole, the times read on the event's clock, checked
 * with the catalogue file's own schema (the rules across on-sales are the shop's to check).
 */
export function prepareNewOnsale(form: NewOnsaleForm, timeZone: string): PreparedNewOnsale {
  const problems: FieldProblems = {};
  const time = (field: 'opens_at' | 'closes_at', value: string): string | null | undefined => {
    if (!value.trim()) return null;
    const read = isoOfZonedInput(value, timeZone);
    if (read.ok) return read.iso;
    problems[field] = read.problem === 'gap' ? texts.clockGap : catalogueFieldMessages.instant;
    return undefined;
  };
  const opens = time('opens_at', form.opensAt);
  if (opens === null) problems.opens_at = catalogueFieldMessages.instant;
  const closes = time('closes_at', form.closesAt);
  const bits = wholeOf(form.proofBits);
  const candidate = {
    code: form.code.trim(),
    event: form.event,
    opens_at: opens ?? '',
    room_opens_minutes_before: wholeOf(form.roomMinutes),
    closes_at: closes ?? null,
    products: form.products,
    admission: admissionOfForm(form),
    session_minutes: wholeOf(form.sessionMinutes),
    proof_of_work: bits === 0 ? null : { bits },
  };
  const checked = onsaleDefinition.safeParse(candidate);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = formFieldOf(issue.path.join('.'), form.mode);
      problems[field] ??= issueText(issue);
    }
  }
  if (Object.keys(problems).length) return { ok: false, problems };
  return { ok: true, onsale: checked.data! };
}

/**
 * The live actions an on-sale offers now (decision 0098): open now before its opening, pause while
 * not paused, resume while paused, close until closed. None once switched off or closed.
 */
export function onsaleActions(onsale: Pick<OnsaleView, 'state' | 'paused_at'>): OnsaleAction[] {
  if (onsale.state === 'switched-off' || onsale.state === 'closed') return [];
  if (onsale.paused_at !== null) return ['resume', 'close'];
  const beforeOpening = onsale.state === 'not-yet-open' || onsale.state === 'pre-queue';
  return [...(beforeOpening ? (['open-now'] as const) : []), 'pause', 'close'];
}
