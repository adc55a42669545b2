import { z } from 'zod';
import { INTEGER_COLUMN_MAX } from './bounds';
import { issueMessage, message, messageWith, type Text } from './i18n/text';

const laterThan = messageWith<{ earlier: string }>({ id: 'catalogueFieldMessages.laterThan', defaultMessage: 'must be later than {earlier}' });

/**
 * The rules of the catalogue's fields, shared by the organiser's catalogue file (server,
 * catalogue-file.ts) and the back office's catalogue page (issue 22 point 6): a price, stock level
 * or sale window the file refuses, the browser refuses with the same words, and the other way round.
 */
export const catalogueFieldMessages = {
  code: message({ id: 'catalogueFieldMessages.code', defaultMessage: 'must be 1-64 letters, digits, dashes or underscores' }),
  money: message({ id: 'catalogueFieldMessages.money', defaultMessage: 'must be a whole number of minor units (cents)' }),
  moneyRange: message({ id: 'catalogueFieldMessages.moneyRange', defaultMessage: 'must be from 0 to 2147483647 minor units' }),
  count: message({ id: 'catalogueFieldMessages.count', defaultMessage: 'must be a whole number from 0 to 2147483647' }),
  instant: message({ id: 'catalogueFieldMessages.instant', defaultMessage: 'must be an ISO-8601 date and time with an offset, such as 2027-06-18T14:00:00+02:00' }),
  /** `earlier`: the field the moment must follow, as the catalogue file names it (on_sale_from). */
  laterThan: (earlier: string) => laterThan({ earlier }),
  boolean: message({ id: 'catalogueFieldMessages.boolean', defaultMessage: 'must be true or false' }),
};

/** The rules as zod issues carry them (issueMessage: the text's key). */
const m = {
  code: issueMessage(catalogueFieldMessages.code),
  money: issueMessage(catalogueFieldMessages.money),
  moneyRange: issueMessage(catalogueFieldMessages.moneyRange),
  count: issueMessage(catalogueFieldMessages.count),
  instant: issueMessage(catalogueFieldMessages.instant),
  boolean: issueMessage(catalogueFieldMessages.boolean),
};

export const catalogueCode = z.string({ error: m.code }).regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, m.code);
/** Integer minor units: 12500 is 125.00. */
export const catalogueMoney = z
  .number({ error: m.money })
  .int(m.money)
  .min(0, m.moneyRange)
  .max(INTEGER_COLUMN_MAX, m.moneyRange);
/** A count (stock, seats, a limit): what the database's integer column holds. */
export const catalogueCount = z.number({ error: m.count }).int(m.count).min(0, m.count).max(INTEGER_COLUMN_MAX, m.count);
export const catalogueInstant = z.iso.datetime({ offset: true, error: m.instant });
export const catalogueBoolean = z.boolean({ error: m.boolean });

/**
 * A pair of moments where the second, when both are given, comes after the first: the sale window
 * (on_sale_from, on_sale_until), the refund window (from, until), a check-in list's hours.
 * Answers the problem's text, or null.
 */
export function windowProblem(from: string | null | undefined, until: string | null | undefined, fromName: string): Text | null {
  if (!from || !until) return null;
  return Date.parse(from) < Date.parse(until) ? null : catalogueFieldMessages.laterThan(fromName);
}

/** Whether an item on sale sells at `now`, given its sale window (either end open when null). */
export function withinSaleWindow(now: number, from: string | Date | null | undefined, until: string | Date | null | undefined): boolean {
  const start = from == null ? null : new Date(from).getTime();
  const end = until == null ? null : new Date(until).getTime();
  return (start === null || start <= now) && (end === null || now < end);
}

/** An admission's forms, written as the catalogue file writes them, come in as values (ICU reads braces as placeholders). */
const admissionForms = messageWith<{ rate: string; cap: string; capRamp: string; steer: string }>({
  id: 'onsaleFieldMessages.admission',
  defaultMessage: 'must be {rate}, {cap}, {capRamp} or {steer}',
});

/**
 * The rules of an on-sale's fields (issue 23, decision 0048), shared by the catalogue file's
 * `onsales` and the back office's on-sale change (staff-onsales.ts): the same value is refused
 * with the same words in both.
 */
export const onsaleFieldMessages = {
  admissionLimit: message({ id: 'onsaleFieldMessages.admissionLimit', defaultMessage: 'must be a whole number from 1 to 1000000' }),
  admission: admissionForms({
    rate: '{ rate_per_minute: N }',
    cap: '{ max_active: N }',
    capRamp: '{ max_active: N, rate_per_minute: M }',
    steer: '{ steer: { min_per_minute: N, max_per_minute: M } }',
  }),
  steerAlone: message({ id: 'onsaleFieldMessages.steerAlone', defaultMessage: 'steer sets the rate itself: give it without rate_per_minute or max_active' }),
  steerTarget: message({ id: 'onsaleFieldMessages.steerTarget', defaultMessage: 'must be a whole number of milliseconds from 20 to 10000' }),
  steerMinAtMost: message({ id: 'onsaleFieldMessages.steerMinAtMost', defaultMessage: 'must not be more than max_per_minute' }),
  roomMinutes: message({ id: 'onsaleFieldMessages.roomMinutes', defaultMessage: 'must be a whole number of minutes from 0 to 1440' }),
  sessionMinutes: message({ id: 'onsaleFieldMessages.sessionMinutes', defaultMessage: 'must be a whole number of minutes' }),
  sessionAtLeast: message({ id: 'onsaleFieldMessages.sessionAtLeast', defaultMessage: 'must be at least 5 minutes' }),
  sessionAtMost: message({ id: 'onsaleFieldMessages.sessionAtMost', defaultMessage: 'must be at most 240 minutes' }),
  proofBits: message({ id: 'onsaleFieldMessages.proofBits', defaultMessage: 'must be a whole number of bits from 0 to 28' }),
};

/** The rules as zod issues carry them (issueMessage: the text's key). */
const o = Object.fromEntries(Object.entries(onsaleFieldMessages).map(([key, text]) => [key, issueMessage(text)])) as Record<keyof typeof onsaleFieldMessages, string>;

/** New shoppers a minute (rate), or admitted shoppers at once (cap). */
export const onsaleAdmissionLimit = z.number({ error: o.admissionLimit }).int(o.admissionLimit).min(1, o.admissionLimit).max(1_000_000, o.admissionLimit);
/** The p99 an on-sale's self-steering admission keeps the admitted buyers' stock calls under, unless the file says otherwise (issue 35 point 2). */
export const STEER_TARGET_P99_MS_DEFAULT = 150;
const steerTargetMs = z.number({ error: o.steerTarget }).int(o.steerTarget).min(20, o.steerTarget).max(10_000, o.steerTarget);

/**
 * A self-steering rate (issue 35 point 2, decisions 0078 and 0079): the room measures its admitted
 * buyers' stock calls and moves the rate between the minimum and the maximum so their p99 stays
 * under the target.
 */
export const onsaleSteering = z
  .strictObject({ min_per_minute: onsaleAdmissionLimit, max_per_minute: onsaleAdmissionLimit, target_p99_ms: steerTargetMs.optional() }, { error: o.admission })
  .refine((steer) => steer.min_per_minute <= steer.max_per_minute, { error: o.steerMinAtMost, path: ['min_per_minute'] });

/**
 * A rate of new shoppers a minute, a cap on admitted shoppers at once, or a cap with a ramp: at
 * most max_active at once and at most rate_per_minute new a minute (the opening does not admit the
 * whole cap in its first second); or a rate that steers itself (`steer`), alone.
 */
export const onsaleAdmission = z
  .strictObject({ rate_per_minute: onsaleAdmissionLimit.optional(), max_active: onsaleAdmissionLimit.optional(), steer: onsaleSteering.optional() }, { error: o.admission })
  // One refusal for the whole object: an unknown key is refused once, not also as a missing limit.
  .refine((admission) => admission.rate_per_minute !== undefined || admission.max_active !== undefined || admission.steer !== undefined, {
    error: o.admission,
    when: (payload) => !payload.issues.length,
  })
  .refine((admission) => admission.steer === undefined || (admission.rate_per_minute === undefined && admission.max_active === undefined), {
    error: o.steerAlone,
    path: ['steer'],
    when: (payload) => !payload.issues.length,
  });
export type OnsaleAdmission = z.infer<typeof onsaleAdmission>;

/**
 * An admission as an on-sale row stores it: the mode, its limit (steer: the maximum), a cap's ramp
 * (null: none), and a steering's minimum and target (null unless steering).
 */
export interface OnsaleAdmissionColumns {
  mode: 'rate' | 'cap' | 'steer';
  limit: number;
  rateLimit: number | null;
  steerMin: number | null;
  steerTargetMs: number | null;
}

export function admissionColumns(admission: OnsaleAdmission): OnsaleAdmissionColumns {
  const none = { rateLimit: null, steerMin: null, steerTargetMs: null };
  if (admission.steer !== undefined) {
    const { min_per_minute, max_per_minute, target_p99_ms } = admission.steer;
    return { mode: 'steer', limit: max_per_minute, rateLimit: null, steerMin: min_per_minute, steerTargetMs: target_p99_ms ?? STEER_TARGET_P99_MS_DEFAULT };
  }
  if (admission.max_active !== undefined) return { ...none, mode: 'cap', limit: admission.max_active, rateLimit: admission.rate_per_minute ?? null };
  return { ...none, mode: 'rate', limit: admission.rate_per_minute! };
}

/** The stored admission as the file writes it. */
export function admissionOfColumns({ mode, limit, rateLimit, steerMin, steerTargetMs }: OnsaleAdmissionColumns): OnsaleAdmission {
  if (mode === 'steer') return { steer: { min_per_minute: steerMin ?? limit, max_per_minute: limit, target_p99_ms: steerTargetMs ?? STEER_TARGET_P99_MS_DEFAULT } };
  if (mode === 'rate') return { rate_per_minute: limit };
  return rateLimit === null ? { max_active: limit } : { max_active: limit, rate_per_minute: rateLimit };
}
/** The waiting page takes places this long before the opening (the pre-queue, drawn at random at the opening). */
export const onsaleRoomOpensMinutesBefore = z.number({ error: o.roomMinutes }).int(o.roomMinutes).min(0, o.roomMinutes).max(1440, o.roomMinutes);
/** How long an admitted shopper may shop, renewed while active: long enough to fill a cart and check out. */
export const onsaleSessionMinutes = z.number({ error: o.sessionMinutes }).int(o.sessionMinutes).min(5, o.sessionAtLeast).max(240, o.sessionAtMost);
/** A queue place costs the browser this much work (leading zero bits of a hash; 16 is about a second on a phone). */
export const onsaleProofOfWork = z.object({ bits: z.number({ error: o.proofBits }).int(o.proofBits).min(0, o.proofBits).max(28, o.proofBits) }, { error: o.proofBits }).strict();
