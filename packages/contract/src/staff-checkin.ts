import { z } from 'zod';
import { INTEGER_COLUMN_MAX } from './bounds';
import { festivalDaysText } from './checkin-rules';
import { issueMessage, message, messageWith, type Text } from './i18n/text';
import { QUESTION_KINDS, QUESTION_OPTIONS_MAX, QUESTIONS_MAX } from './product-questions';

/**
 * The scanner's calls (issue 21), answered at POST /api/staff/<call> for a signed-in scanner
 * (a cookie, never a customer token; design.md "The staff side").
 */

/** The refusals of the scanner's calls (their schemas' field errors), put into words in the request's language (decision 0093). */
export const scannerFieldMessages = {
  scanOrType: message({ id: 'scannerMessages.scanOrType', defaultMessage: 'Scan a ticket or type its code.' }),
  notATicketText: message({ id: 'scannerMessages.notATicketText', defaultMessage: 'This is not a ticket.' }),
  chooseList: message({ id: 'scannerMessages.chooseList', defaultMessage: 'Choose a check-in list.' }),
  chooseGate: message({ id: 'scannerMessages.chooseGate', defaultMessage: 'Choose a gate.' }),
  enterScannerCode: message({ id: 'scannerMessages.enterScannerCode', defaultMessage: 'Enter the scanner code the organiser gave you.' }),
  cursorIsDateTime: message({ id: 'scannerMessages.cursorIsDateTime', defaultMessage: 'A sync cursor is a date and time.' }),
  ticketCodeLength: message({ id: 'scannerMessages.ticketCodeLength', defaultMessage: 'A ticket code is 1 to 40 characters.' }),
  uploadAtLeastOne: message({ id: 'scannerMessages.uploadAtLeastOne', defaultMessage: 'Upload at least one scan.' }),
  badScannerCode: message({ id: 'scannerMessages.badScannerCode', defaultMessage: 'This scanner code is not valid.' }),
};
const field = (key: keyof typeof scannerFieldMessages): string => issueMessage(scannerFieldMessages[key]);
const gateNameTooLong = messageWith<{ max: number }>({ id: 'scannerMessages.gateNameTooLong', defaultMessage: 'A gate name is at most {max} characters.' });
const uploadAtMost = messageWith<{ max: number }>({ id: 'scannerMessages.uploadAtMost', defaultMessage: 'Upload at most {max} scans at a time.' });
const nonceNeeded = messageWith<{ max: number }>({ id: 'scannerMessages.nonceNeeded', defaultMessage: 'A scan needs its nonce: 8 to {max} letters, digits, _ or -.' });

/** What staff type or the camera reads: a signed pass (Base45, a few hundred characters at most) or a ticket code. */
const scannedText = z.string({ error: field('scanOrType') }).min(1, field('scanOrType')).max(400, field('notATicketText'));
/** The longest list code and gate name a scanner call takes (characters). */
export const LIST_CODE_MAX = 60;
export const GATE_NAME_MAX = 60;
const listCode = z.string({ error: field('chooseList') }).trim().min(1, field('chooseList')).max(LIST_CODE_MAX, field('chooseList'));
const gateName = z.string({ error: field('chooseGate') }).trim().min(1, field('chooseGate')).max(GATE_NAME_MAX, issueMessage(gateNameTooLong({ max: GATE_NAME_MAX })));

export const scannerLoginPayload = z.object({
  code: z.string({ error: field('enterScannerCode') }).trim().min(1, field('enterScannerCode')).max(64, field('badScannerCode')),
});
export const scannerLoginAnswer = z.object({ scanner: z.object({ name: z.string() }) });

export const scannerLogoutPayload = z.object({});
export const scannerLogoutAnswer = z.object({ message: z.string() });

export const checkinListsPayload = z.object({});
const checkinListSummary = z.object({
  code: z.string(),
  name: z.string(),
  event: z.string(),
  entry: z.enum(['single', 'alternating']),
  gates: z.array(z.string()),
  admitted: z.number().int(),
  inside: z.number().int(),
});
export const checkinListsAnswer = z.object({ scanner: z.object({ name: z.string() }), lists: z.array(checkinListSummary) });

export const scanPayload = z.object({
  list: listCode,
  gate: gateName,
  text: scannedText,
  /** At an entry gate 'in'; at the exit of an entry/exit list 'out'. */
  direction: z.enum(['in', 'out']).default('in'),
});

export const scanResults = ['admit', 'exit', 'already-in', 'not-inside', 'wrong-list', 'wrong-day', 'wrong-bus', 'revoked', 'not-a-ticket'] as const;
export type ScanResult = (typeof scanResults)[number];

/** The longest answer the gate is sent (characters): a longer text is cut with "…", so a scanner's synced data stays bounded. */
export const GATE_ANSWER_MAX = 200;
/** A ticket's answer to a question marked for the gate (decision 0106), in words: the question's label and the answer, in the scanner's language. */
export const gateAnswer = z.object({ question: z.string(), answer: z.string().max(GATE_ANSWER_MAX + 1) });
export type GateAnswer = z.infer<typeof gateAnswer>;
/** A text cut to what the gate is sent. */
export const gateText = (text: string): string => (text.length > GATE_ANSWER_MAX ? `${text.slice(0, GATE_ANSWER_MAX)}…` : text);
/**
 * A question marked for the gate as a scanner keeps it to word answers offline: its label and its
 * options' labels in the language the sync was asked in (its translation, else its own).
 */
export const gateQuestion = z.object({
  code: z.string(),
  kind: z.enum(QUESTION_KINDS),
  label: z.string(),
  options: z.array(z.object({ code: z.string(), label: z.string() })).max(QUESTION_OPTIONS_MAX),
});
export type GateQuestion = z.infer<typeof gateQuestion>;
/** A synced ticket's answers to its product's gate questions, by code, as kept (a text cut to GATE_ANSWER_MAX). */
export const gateAnswerValues = z
  .record(z.string(), z.union([z.string().max(GATE_ANSWER_MAX + 1), z.number(), z.boolean(), z.array(z.string()).max(QUESTION_OPTIONS_MAX)]))
  .refine((answers) => Object.keys(answers).length <= QUESTIONS_MAX);

export const scanAnswer = z.object({
  result: z.enum(scanResults),
  /** The text staff read out: one of scannerMessages, in the request's language. */
  message: z.string(),
  ticket: z
    .object({
      code: z.string(),
      product: z.string(),
      holder: z.string().nullable(),
      age: z.string().nullable(),
      departure: z.iso.datetime({ offset: true }).nullable(),
      /** Ours (decision 0106): the answers to the product's questions marked for the gate, in the order asked; absent: none. Never another answer. */
      answers: z.array(gateAnswer).max(QUESTIONS_MAX).optional(),
    })
    .nullable(),
  /** For already-in: when and where the ticket went in. */
  since: z.iso.datetime({ offset: true }).nullable(),
  gate: z.string().nullable(),
});

/**
 * What a scanner keeps to judge tickets without a network (issue 21, decision 0039): the list's
 * rule, the event's public keys, the departures, and the tickets whose standing the shop knows
 * (valid or revoked, with the holder's name). The first sync sends every ticket of the list's
 * products; later ones only what changed since the cursor they were given. A ticket sold after
 * the last sync is still judged offline by its signed pass.
 */
export const syncPayload = z.object({
  list: listCode,
  /** The cursor the scanner's last sync answered; absent: everything. */
  since: z.iso.datetime({ offset: true, error: field('cursorIsDateTime') }).optional(),
});
const hex = z.string().regex(/^[0-9a-f]*$/);
export const syncAnswer = z.object({
  cursor: z.iso.datetime({ offset: true }),
  /** The shop's locale: the scanner words times and departures offline as the shop does online. */
  locale: z.string(),
  /** True when this answer holds every ticket (the scanner drops what it held). */
  full: z.boolean(),
  list: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    event_id: z.number().int(),
    event: z.string(),
    timezone: z.string(),
    entry: z.enum(['single', 'alternating']),
    gates: z.array(z.string()),
    opens_at: z.iso.datetime({ offset: true }).nullable(),
    closes_at: z.iso.datetime({ offset: true }).nullable(),
    boarding_before_minutes: z.number().int(),
    boarding_after_minutes: z.number().int(),
    /** Minutes after local midnight (the list's zone) at which one festival day hands over to the next (decision 0064). */
    day_cutover_minutes: z.number().int(),
    product_ids: z.array(z.number().int()),
  }),
  keys: z.array(z.object({ id: z.number().int(), public_key: hex })),
  /** Travel times of the list's products: a pass names its departure by id. */
  departures: z.array(z.object({ id: z.number().int(), departs_at: z.iso.datetime({ offset: true }) })),
  /**
   * The list's products, for the result screen; departs_at: a transport product's one fixed
   * departure; days: the festival days (YYYY-MM-DD, the list's zone) it admits on, null: every day
   * the list is open.
   */
  products: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      departs_at: z.iso.datetime({ offset: true }).nullable(),
      days: z.array(z.string()).nullable(),
      /** Its questions marked for the gate (decision 0106), in the order asked; absent: none. */
      questions: z.array(gateQuestion).max(QUESTIONS_MAX).optional(),
    }),
  ),
  tickets: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      valid: z.boolean(),
      holder: z.string().nullable(),
      age: z.string().nullable(),
      /** Its product and chosen departure (null: none, or its product's fixed one): a typed code is judged offline as its pass would be. */
      product_id: z.number().int(),
      departs_at: z.iso.datetime({ offset: true }).nullable(),
      /** Its answers to its product's gate questions (its own, and its order's to per-order ones); absent: none. */
      answers: gateAnswerValues.optional(),
    }),
  ),
  /** Where tickets stand on the list (entries made online or uploaded). */
  states: z.array(z.object({ ticket_id: z.number().int(), inside: z.boolean(), since: z.iso.datetime({ offset: true }), gate: z.string() })),
  admitted: z.number().int(),
  inside: z.number().int(),
});

/** Scans a scanner made without a network, uploaded when it has one: each with the scanner's own nonce, so an upload sent twice is taken once. */
export const UPLOAD_SCANS_MAX = 500;
export const SCAN_NONCE_MAX = 64;
/** A ticket's code as a pass carries it: 1 to 40 characters (the shop's own are letters and digits, an imported one may be any). */
export const TICKET_CODE_MAX = 40;
/** An ISO date and time with an offset and nanoseconds is 35 characters; the format alone bounds no fraction. */
export const SCANNED_AT_MAX = 35;
const offlineScan = z.object({
  nonce: z.string().regex(new RegExp(`^[A-Za-z0-9_-]{8,${SCAN_NONCE_MAX}}$`), issueMessage(nonceNeeded({ max: SCAN_NONCE_MAX }))),
  list: listCode,
  gate: gateName,
  ticket_id: z.number().int().positive().max(INTEGER_COLUMN_MAX),
  direction: z.enum(['in', 'out']),
  scanned_at: z.iso.datetime({ offset: true }).max(SCANNED_AT_MAX),
  /**
   * The code the scanner read (the pass's, or the one typed in): the shop refuses an old pass of a
   * reassigned ticket as it does online. Absent from scanners built before it: judged without it.
   */
  code: z.string().min(1, field('ticketCodeLength')).max(TICKET_CODE_MAX, field('ticketCodeLength')).optional(),
});
export const uploadScansPayload = z.object({
  scans: z.array(offlineScan).min(1, field('uploadAtLeastOne')).max(UPLOAD_SCANS_MAX, issueMessage(uploadAtMost({ max: UPLOAD_SCANS_MAX }))),
});

/**
 * The longest JSON a valid offline scan can take (bytes): every text at its longest, and every
 * character of the free texts (list code, gate name, ticket code) one that JSON writes as `\u0001`,
 * six bytes, the most any character takes. The app sends list and gate as the shop gave them
 * (trimmed), so the schema's trim adds nothing to this.
 */
export const OFFLINE_SCAN_MAX_BYTES = new TextEncoder().encode(
  JSON.stringify({
    nonce: 'n'.repeat(SCAN_NONCE_MAX),
    list: '\u0001'.repeat(LIST_CODE_MAX),
    gate: '\u0001'.repeat(GATE_NAME_MAX),
    ticket_id: INTEGER_COLUMN_MAX,
    direction: 'out',
    scanned_at: 's'.repeat(SCANNED_AT_MAX),
    code: '\u0001'.repeat(TICKET_CODE_MAX),
  } satisfies Record<keyof z.input<typeof offlineScan>, unknown>),
).length;

/** The bytes of an upload of `count` scans at their longest: `{"scans":[…]}` with a comma between scans. */
export const uploadScansMaxBytes = (count: number): number => '{"scans":[]}'.length + count * OFFLINE_SCAN_MAX_BYTES + Math.max(0, count - 1);

/**
 * The body an upload may have (bytes): a full batch (UPLOAD_SCANS_MAX) of the longest scans the
 * schema takes, rounded up to the next KiB. Larger than the shop's 64 KiB, which held only about 430
 * short ones: a full offline queue must always go up. The route reads it only from a signed-in
 * scanner.
 */
export const UPLOAD_SCANS_BODY_LIMIT = Math.ceil(uploadScansMaxBytes(UPLOAD_SCANS_MAX) / 1024) * 1024;

/** How many scans the app sends at a time: as many of the longest scans as fit the body limit, at most UPLOAD_SCANS_MAX. */
export const UPLOAD_SCANS_BATCH = Math.min(UPLOAD_SCANS_MAX, Math.floor((UPLOAD_SCANS_BODY_LIMIT - '{"scans":[]}'.length + 1) / (OFFLINE_SCAN_MAX_BYTES + 1)));

/** Why the shop refused an uploaded scan: the online scan's refusals, and a gate the list does not have. */
export const uploadRefusals = ['revoked', 'wrong-list', 'wrong-day', 'wrong-bus', 'unknown-gate'] as const;
export type UploadRefusal = (typeof uploadRefusals)[number];

/**
 * Per scan: counted (an entry or exit the shop now counts), duplicate (this nonce was taken
 * before), conflict (the ticket was already in, or not inside to leave: reported to the
 * organiser, never counted twice), refused (the shop judged it as it judges an online scan and
 * would not have let it through: revoked, another list's, outside the window, a wrong bus or a
 * gate the list does not have; kept with its reason for the organiser, never counted), unknown (no
 * such list or ticket).
 */
export const uploadScansAnswer = z.object({
  results: z.array(z.object({ nonce: z.string(), result: z.enum(['counted', 'duplicate', 'conflict', 'refused', 'unknown']) })),
});

// The scanner's texts with placeholders, each declared once; `scannerMessages` below keeps the callers' positional arguments.
const alreadyIn = messageWith<{ time: string; gate: string }>({ id: 'scannerMessages.alreadyIn', defaultMessage: 'Already in since {time} at gate {gate}' });
/** `count`: how many festival days the ticket is for (one: a day ticket). */
const wrongDayFor = messageWith<{ days: string; count: number }>({ id: 'scannerMessages.wrongDayFor', defaultMessage: 'Wrong day: {count, plural, one {day ticket} other {ticket}} for {days}' });
const wrongBus = messageWith<{ departure: string }>({ id: 'scannerMessages.wrongBus', defaultMessage: 'Wrong bus: your departure is {departure}' });

/** The scanner's texts (ours: the spec has no gate). Times are HH:MM in the event's time zone. */
export const scannerMessages = {
  admit: message({ id: 'scannerMessages.admit', defaultMessage: 'Admit' }),
  exit: message({ id: 'scannerMessages.exit', defaultMessage: 'Exit recorded' }),
  alreadyIn: (time: string, gate: string) => alreadyIn({ time, gate }),
  notInside: message({ id: 'scannerMessages.notInside', defaultMessage: 'Not inside: this ticket has no entry to leave by' }),
  wrongList: message({ id: 'scannerMessages.wrongList', defaultMessage: 'Not valid here: this ticket does not admit on this list' }),
  wrongDay: message({ id: 'scannerMessages.wrongDay', defaultMessage: 'Wrong day: this ticket does not admit now' }),
  /** A ticket for some festival days only, scanned on another (the days in words, in the event's zone). */
  wrongDayFor: (days: string, count: number) => wrongDayFor({ days, count }),
  wrongBus: (departure: string) => wrongBus({ departure }),
  revoked: message({ id: 'scannerMessages.revoked', defaultMessage: 'Revoked: this ticket no longer admits' }),
  notATicket: message({ id: 'scannerMessages.notATicket', defaultMessage: 'Not a ticket' }),
  badScannerCode: scannerFieldMessages.badScannerCode,
  signedOut: message({ id: 'scannerMessages.signedOut', defaultMessage: 'Signed out.' }),
  notSignedIn: message({ id: 'scannerMessages.notSignedIn', defaultMessage: 'Sign in with your scanner code first.' }),
  unknownList: message({ id: 'scannerMessages.unknownList', defaultMessage: 'There is no such check-in list.' }),
  unknownGate: message({ id: 'scannerMessages.unknownGate', defaultMessage: 'This list has no such gate.' }),
};

/**
 * The wrong-day refusal in words, online and offline alike: a ticket for some festival days names
 * them in the shop's locale ("Wrong day: day ticket for Saturday 19 June"); a scan outside the
 * list's hours or the pass's window says so plainly.
 */
export function wrongDayMessage(days: readonly string[] | null, locale: string): Text {
  return days ? scannerMessages.wrongDayFor(festivalDaysText(days, locale), days.length) : scannerMessages.wrongDay;
}

