import { z } from 'zod';
import { catalogueInstant, onsaleAdmission, onsaleProofOfWork, onsaleRoomOpensMinutesBefore, onsaleSessionMinutes, windowProblem } from './catalogue-fields';
import { issueMessage, message, messageWith } from './i18n/text';
import { onsaleDefinition } from './onsale-rules';

// The on-sales page's texts with placeholders, each declared once; `staffOnsaleMessages` below keeps the callers' positional arguments.
const noOnsale = messageWith<{ code: string }>({ id: 'staffOnsaleMessages.noOnsale', defaultMessage: 'There is no on-sale {code}.' });
const roomStaysOpen = messageWith<{ minutes: number }>({
  id: 'staffOnsaleMessages.roomStaysOpen',
  defaultMessage: 'The waiting room is open already and keeps its places: open it at least {minutes} minutes before the opening, so that it stays open.',
});

/**
 * The back office's on-sales (issue 23 points 1 and 6, decision 0048): every on-sale of the
 * catalogue with its products and live figures (queue, admissions, sell-out), and an admin's change
 * of its times and admission control with the catalogue file's own field rules
 * (catalogue-fields.ts); an admin's new on-sale with the file's own rules (onsale-rules.ts), and
 * its live control: open now, pause, resume, close (issue 37 point 6, decision 0098).
 */
export const staffOnsaleMessages = {
  noOnsale: (code: string) => noOnsale({ code }),
  chooseOnsale: message({ id: 'staffOnsaleMessages.chooseOnsale', defaultMessage: 'Choose an on-sale.' }),
  switchedOff: message({ id: 'staffOnsaleMessages.switchedOff', defaultMessage: 'This on-sale is switched off: the catalogue file no longer has it.' }),
  nothingToChange: message({ id: 'staffOnsaleMessages.nothingToChange', defaultMessage: 'Change at least one field.' }),
  openingPassed: message({ id: 'staffOnsaleMessages.openingPassed', defaultMessage: 'The room has been admitting since the opening: the opening can no longer move.' }),
  notInThePast: message({ id: 'staffOnsaleMessages.notInThePast', defaultMessage: 'must be later than now' }),
  beforeClosing: message({ id: 'staffOnsaleMessages.beforeClosing', defaultMessage: 'must be earlier than closes_at' }),
  roomStaysOpen: (minutes: number) => roomStaysOpen({ minutes }),
  saved: message({ id: 'staffOnsaleMessages.saved', defaultMessage: 'Saved. The waiting room works with it within a second.' }),
  created: message({ id: 'staffOnsaleMessages.created', defaultMessage: 'Created. The waiting room works with it within a second; the catalogue file exports it.' }),
  opened: message({ id: 'staffOnsaleMessages.opened', defaultMessage: 'Opened now: the room admits from the queue.' }),
  paused: message({ id: 'staffOnsaleMessages.paused', defaultMessage: 'Admissions paused: the queue keeps its places, and nobody more is admitted until you resume.' }),
  resumed: message({ id: 'staffOnsaleMessages.resumed', defaultMessage: 'Resumed: the room admits again at its rate.' }),
  closed: message({ id: 'staffOnsaleMessages.closed', defaultMessage: 'Closed: the waiting room stopped.' }),
  alreadyOpen: message({ id: 'staffOnsaleMessages.alreadyOpen', defaultMessage: 'This on-sale has opened already.' }),
  alreadyPaused: message({ id: 'staffOnsaleMessages.alreadyPaused', defaultMessage: 'Admissions are paused already.' }),
  notPaused: message({ id: 'staffOnsaleMessages.notPaused', defaultMessage: 'Admissions are not paused.' }),
  alreadyClosed: message({ id: 'staffOnsaleMessages.alreadyClosed', defaultMessage: 'This on-sale has closed already.' }),
  pausedFirst: message({ id: 'staffOnsaleMessages.pausedFirst', defaultMessage: 'Admissions are paused: resume them first.' }),
  codeTaken: message({ id: 'staffOnsaleMessages.codeTaken', defaultMessage: 'is already the code of another on-sale' }),
};

const texts = staffOnsaleMessages;

/** The states an on-sale is in, as the organiser reads them. */
export const ONSALE_STATES = ['switched-off', 'not-yet-open', 'pre-queue', 'admitting', 'paused', 'sold-out', 'closed'] as const;
export type OnsaleState = (typeof ONSALE_STATES)[number];

/** How often the page asks again while a room is open (pre-queue or admitting), and otherwise. */
export const ONSALES_LIVE_REFRESH_SECONDS = 5;
export const ONSALES_QUIET_REFRESH_SECONDS = 60;

const chooseOnsale = issueMessage(texts.chooseOnsale);
const onsaleCode = z.string({ error: chooseOnsale }).trim().min(1, chooseOnsale).max(64, chooseOnsale);
const count = z.number().int();

export const onsaleProductView = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['product', 'merchandise']),
  /** Counted as the catalogue page counts them; null: not counted (unlimited). */
  stock: count.nullable(),
  sold: count,
  held: count,
  available: count.nullable(),
});

/**
 * Live figures. `places` and `waiting` are estimated as the waiting pages' are (decision 0048:
 * from the pre-queue's size and the ends of the after-opening range, no count of the queue), so
 * they may run a little high after re-joins; `admitted` and `active` are exact.
 */
export const onsaleFigures = z.object({
  /** Places taken in the queue (everyone who joined). */
  places: count,
  /** Places not yet admitted. */
  waiting: count,
  admitted: count,
  /** Admitted shoppers whose session (or, in cap mode, whose grace to come in) has not ended. */
  active: count,
  /** Admissions a minute over about the last minute, as this server saw them; null while not yet measured. */
  admissions_per_minute: z.number().nullable(),
  /** When every product was first seen sold out; null: not (yet). */
  sold_out_at: z.string().nullable(),
  /** Seconds from the opening to that moment. */
  sell_out_seconds: count.nullable(),
});
export type OnsaleFigures = z.infer<typeof onsaleFigures>;

/** Why a self-steering rate is what it is (issue 35 point 2, decision 0079): the controller's last step. */
export const STEERING_CHANGES = ['start', 'down', 'up', 'hold', 'too-few-calls', 'at-maximum', 'at-minimum'] as const;
export type SteeringChange = (typeof STEERING_CHANGES)[number];

/** A stored change as the controller's word for it (a value no step writes reads as 'hold'). */
export const steeringChangeOf = (stored: string | null | undefined): SteeringChange =>
  (STEERING_CHANGES as readonly string[]).includes(stored ?? '') ? (stored as SteeringChange) : 'hold';

export const steeringView = z.object({
  /** New shoppers a minute now. */
  rate: count,
  change: z.enum(STEERING_CHANGES),
  /** The admitted buyers' stock calls' p99 the last step judged by (ms); null before enough calls. */
  p99_ms: count.nullable(),
  /** When the controller last stepped (it steps about once a second while the room admits). */
  steered_at: z.string().nullable(),
  /** The reason in words, as `npm run onsale -- status` prints it. */
  text: z.string(),
});
export type SteeringView = z.infer<typeof steeringView>;

/** Why the rate is what it is, in words ("847 a minute: lowered, the p99 of 212 ms was over the 150 ms target"). */
export function steeringText(state: { rate: number; change: SteeringChange; p99Ms: number | null }, targetP99Ms: number): string {
  const rate = `${state.rate.toLocaleString('en-GB')} a minute`;
  const p99 = state.p99Ms === null ? '' : `${Math.round(state.p99Ms)} ms`;
  switch (state.change) {
    case 'start':
      return `${rate}: the starting rate`;
    case 'down':
      return `${rate}: lowered, the p99 of ${p99} was over the ${targetP99Ms} ms target`;
    case 'up':
      return `${rate}: raised, the p99 of ${p99} left room under the ${targetP99Ms} ms target`;
    case 'hold':
      return `${rate}: kept, the p99 of ${p99} is near the ${targetP99Ms} ms target or the last decrease is settling`;
    case 'too-few-calls':
      return `${rate}: kept, too few calls to judge`;
    case 'at-maximum':
      return `${rate}: the organiser's maximum, the p99 of ${p99} is under the target`;
    case 'at-minimum':
      return `${rate}: the organiser's minimum, though the p99 of ${p99} is over the target`;
  }
}

export const onsaleView = z.object({
  code: z.string(),
  /** The event's name. */
  title: z.string(),
  event: z.string(),
  /** The event's time zone: the page shows the times in it. */
  timezone: z.string(),
  state: z.enum(ONSALE_STATES),
  opens_at: z.string(),
  room_opens_at: z.string(),
  room_opens_minutes_before: count,
  /** null: the room runs until the products sell out. */
  closes_at: z.string().nullable(),
  products: z.array(onsaleProductView),
  admission_mode: z.enum(['rate', 'cap', 'steer']),
  /** Rate: new shoppers a minute; cap: admitted shoppers at once; steer: the most new shoppers a minute. */
  admission_limit: count,
  /** Cap mode's ramp: at most this many new shoppers a minute as well; null: none (a change of `admission` without it clears it). */
  admission_rate_limit: count.nullable(),
  /** Steer mode: the fewest new shoppers a minute; null in the other modes. */
  admission_min_per_minute: count.nullable(),
  /** Steer mode: the p99 in ms the admitted buyers' stock calls are kept under; null in the other modes. */
  admission_target_p99_ms: count.nullable(),
  /** Steer mode: the rate the room admits at now and why (null in the other modes, and before the opening's first step). */
  steering: steeringView.nullable(),
  session_minutes: count,
  /** 0: no proof of work. */
  proof_of_work_bits: count,
  /** Since when an admin paused its admissions (decision 0098); null: not paused. */
  paused_at: z.string().nullable(),
  /** Made in the back office and not (yet) in the catalogue file: an import that does not name it leaves it alone. */
  made_here: z.boolean(),
  figures: onsaleFigures,
});
export type OnsaleView = z.infer<typeof onsaleView>;

export const onsalesOverviewPayload = z.object({}).strict();
/** What a new on-sale may name: the events (with their clocks) and the products and merchandise. */
export const onsaleChoices = z.object({
  events: z.array(z.object({ code: z.string(), name: z.string(), timezone: z.string() })),
  items: z.array(z.object({ code: z.string(), name: z.string(), kind: z.enum(['product', 'merchandise']), event: z.string().nullable() })),
});
export type OnsaleChoices = z.infer<typeof onsaleChoices>;

export const onsalesOverviewAnswer = z.object({
  onsales: z.array(onsaleView),
  choices: onsaleChoices,
  generated_at: z.string(),
  /** When the page should ask again: often while a room is open, seldom otherwise. */
  refresh_seconds: count,
});
export type OnsalesOverviewAnswer = z.infer<typeof onsalesOverviewAnswer>;

/** Only what changes is sent, named as the catalogue file names it; a field sent with its current value is no change. */
export const onsaleChanges = z
  .object({
    opens_at: catalogueInstant,
    /** null: the room runs until the products sell out. */
    closes_at: catalogueInstant.nullable(),
    room_opens_minutes_before: onsaleRoomOpensMinutesBefore,
    admission: onsaleAdmission,
    session_minutes: onsaleSessionMinutes,
    /** null: none. */
    proof_of_work: onsaleProofOfWork.nullable(),
  })
  .partial()
  .strict()
  .superRefine((changes, ctx) => {
    const closes = windowProblem(changes.opens_at, changes.closes_at, 'opens_at');
    if (closes) ctx.addIssue({ code: 'custom', path: ['closes_at'], message: issueMessage(closes) });
  });
export type OnsaleChanges = z.infer<typeof onsaleChanges>;
export const ONSALE_EDITABLE_FIELDS = ['opens_at', 'closes_at', 'room_opens_minutes_before', 'admission', 'session_minutes', 'proof_of_work'] as const;
export type OnsaleEditableField = (typeof ONSALE_EDITABLE_FIELDS)[number];

export const onsaleChangePayload = z.object({ code: onsaleCode, changes: onsaleChanges }).strict();
export const onsaleChangeAnswer = z.object({ onsale: onsaleView, message: z.string() });

/** A new on-sale, whole, as the catalogue file writes it (decision 0098): the importer's schema and rules. */
export const onsaleCreatePayload = z.object({ onsale: onsaleDefinition }).strict();
export const onsaleCreateAnswer = onsaleChangeAnswer;

/**
 * An admin's live control of an on-sale (decision 0098): open it now (its opening moves to now),
 * pause its admissions (the queue keeps its places), resume them, or close it (its closing moves to
 * now). Each composes with the times, and the file exports the times it leaves.
 */
export const ONSALE_ACTIONS = ['open-now', 'pause', 'resume', 'close'] as const;
export type OnsaleAction = (typeof ONSALE_ACTIONS)[number];
const chooseAction = issueMessage(message({ id: 'staffOnsaleMessages.chooseAction', defaultMessage: 'Choose open now, pause, resume or close.' }));
export const onsaleControlPayload = z.object({ code: onsaleCode, action: z.enum(ONSALE_ACTIONS, { error: chooseAction }) }).strict();
export const onsaleControlAnswer = onsaleChangeAnswer;

/**
 * An admin's preview link before the opening (decision 0098): the waiting page's address with a
 * signed pass, valid for 30 minutes and at most until the opening, for the shop account of the
 * admin's e-mail address; closing the on-sale ends it.
 */
export const onsalePreviewPayload = z.object({ code: onsaleCode }).strict();
export const onsalePreviewAnswer = z.object({ path: z.string(), expires_at: z.string() });
