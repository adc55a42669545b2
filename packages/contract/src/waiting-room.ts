import { z } from 'zod';
import { boundFirst, timestamp, token } from './common';
import { issueMessage, message, messageWith } from './i18n/text';

/**
 * The on-sale waiting room's calls and texts (issue 23, decision 0048): our own addition to
 * section 7. A signed-in customer joins an on-sale's queue (`queue-join`, once; the answer carries
 * the signed place pass the page keeps), the waiting page asks how things stand (`queue-status`,
 * with the pass only: no session read, so it stays cheap for tens of thousands of pages), and when
 * it is their turn takes the admission pass (`queue-admit`) that the stock calls
 * (`add-product-to-cart`, `add-merchandise-to-cart`, `checkout-cart`) ask for while the room is
 * open, in their optional `admission` field.
 */

export const waitingRoomMessages = {
  /** A stock call for a product whose room is open, without a valid admission pass. */
  admissionRequired: message({ id: 'waitingRoomMessages.admissionRequired', defaultMessage: 'This sale opens through a waiting room. Please take your place in the queue.' }),
  /** Joining needs an account: one place per customer. */
  logInToQueue: message({ id: 'waitingRoomMessages.logInToQueue', defaultMessage: 'Please log in or register to take your place in the queue.' }),
  noSuchOnsale: message({ id: 'waitingRoomMessages.noSuchOnsale', defaultMessage: 'This sale has no waiting room (any more).' }),
  /** A code that cannot be an on-sale's (the payload's `onsale`). */
  notAnOnsale: message({ id: 'waitingRoomMessages.notAnOnsale', defaultMessage: 'No sale has this code.' }),
  roomNotOpen: message({ id: 'waitingRoomMessages.roomNotOpen', defaultMessage: 'The waiting room is not open yet.' }),
  roomClosed: message({ id: 'waitingRoomMessages.roomClosed', defaultMessage: 'The waiting room has closed.' }),
  placeUnreadable: message({ id: 'waitingRoomMessages.placeUnreadable', defaultMessage: 'Your place in the queue could not be read. Please join again: you keep your place.' }),
  notYours: message({ id: 'waitingRoomMessages.notYours', defaultMessage: 'This place in the queue belongs to another account.' }),
  notYourTurn: message({ id: 'waitingRoomMessages.notYourTurn', defaultMessage: 'It is not your turn yet. Please wait on this page.' }),
  /**
   * The place's shopping ended (its holder checked out, or their shopping time ran out): buying again means queueing again.
   * Still a plain string (issue 36): the first page's lib/waiting-room.ts tells this refusal by its words.
   */
  shoppingEnded: 'Your shopping time in this sale has ended. To buy more, please join the queue again.',
  proofFailed: message({ id: 'waitingRoomMessages.proofFailed', defaultMessage: 'The check of your browser did not work out. Please try again.' }),
  tooManyPlaces: message({ id: 'waitingRoomMessages.tooManyPlaces', defaultMessage: 'Too many places in the queue were taken from your network. Please try again later.' }),
  /** A preview link (decision 0098) that is not one, has expired, is for another account, or whose on-sale opened or closed. */
  previewUnusable: message({
    id: 'waitingRoomMessages.previewUnusable',
    defaultMessage: 'This preview link does not work (any more): it lasts 30 minutes until the opening, only for the account with the e-mail address of the staff member who made it, and closing the on-sale ends it.',
  }),
  /** A preview walks through the sale and fills a cart; it does not buy. */
  previewDoesNotBuy: message({ id: 'waitingRoomMessages.previewDoesNotBuy', defaultMessage: 'This is a preview: it fills a cart as a buyer would, but does not buy. The cart gives its units back when its hold ends.' }),
} as const;

/** An on-sale's code as the catalogue file names it. */
export const onsaleCode = z.string().trim().min(1).max(64, boundFirst).regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, { message: issueMessage(waitingRoomMessages.notAnOnsale) });
/** A signed pass as text (the server refuses anything that is not one it signed). */
export const passText = z.string().max(256, boundFirst);
/** The longest admission pass a stock call's `admission` field takes. */
export const admissionField = passText.nullish();

/**
 * Proof of work (optional per on-sale): find a `nonce` such that SHA-256 of
 * `<challenge>:<nonce>` (UTF-8) starts with `bits` zero bits. The challenge is signed for the
 * customer, so a solution buys one customer one place and nothing else.
 */
export const proofOfWork = z.object({
  challenge: z.string().min(1).max(256, boundFirst),
  nonce: z.string().min(1).max(32, boundFirst).regex(/^[0-9a-z]+$/, { message: issueMessage(waitingRoomMessages.proofFailed) }),
});

export const queueInfoPayload = z.object({ onsale: onsaleCode });
export const queueJoinPayload = z.object({ token, onsale: onsaleCode, proof: proofOfWork.nullish() });
export const queueStatusPayload = z.object({ onsale: onsaleCode, pass: passText });
export const queueAdmitPayload = z.object({ token, onsale: onsaleCode, pass: passText });
/** An admin's preview before the opening (decision 0098): the link's signed pass, for the signed-in account of the admin's e-mail address. */
export const queuePreviewPayload = z.object({ token, onsale: onsaleCode, preview: passText });

/**
 * Where a visitor stands:
 * - `proof-needed`: solve `challenge` and join again with the proof;
 * - `before-opening`: in the pre-queue; the order is drawn at the opening, so no position yet;
 * - `waiting`: in the queue at about `position`, `ahead` places before them;
 * - `your-turn`: admitted: take the admission pass (`queue-admit`) and shop;
 * - `sold-out`: everything the on-sale covers is gone;
 * - `closed`: the room has closed (the products sell without it, if any are left).
 */
export const QUEUE_STATES = ['proof-needed', 'before-opening', 'waiting', 'your-turn', 'sold-out', 'closed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

export const queueProduct = z.object({
  external_code: z.string(),
  name: z.string(),
  /** Which shop sells it (its product page is `/<shop_item_type>/<external_code>`): where the page sends an admitted visitor. */
  shop_item_type: z.enum(['tickets', 'merchandise']),
  /** Still to be had (nothing promised: others ahead may take it). */
  available: z.boolean(),
});

/** The on-sale a room is for: its code, its event's name, when it opens and closes. */
export const onsaleSummary = z.object({
  code: z.string(),
  title: z.string(),
  opens_at: timestamp,
  closes_at: timestamp.nullable(),
  /** The organiser paused admissions (decision 0098): everyone keeps their place, nobody is admitted until they resume. */
  paused: z.boolean(),
});

/**
 * How an on-sale stands for someone without a place (`queue-info`, public: a visitor who has not
 * logged in yet sees what the link they followed is for):
 * - `before-opening`: the sale has not opened (a place taken before it is drawn at random then);
 * - `open`: the sale is open and the queue takes places;
 * - `sold-out`, `closed`: as for a place.
 */
export const QUEUE_INFO_STATES = ['before-opening', 'open', 'sold-out', 'closed'] as const;
export const queueInfoAnswer = z.object({
  onsale: onsaleSummary,
  state: z.enum(QUEUE_INFO_STATES),
  /** Everyone in the queue who is not yet admitted (about). */
  waiting: z.number().int(),
  /** About how long someone joining now would wait; null when not known (before the opening, or no rate seen yet). */
  wait_seconds: z.number().int().nullable(),
  products: z.array(queueProduct),
});
export type QueueInfo = z.infer<typeof queueInfoAnswer>;

export const queueStatusAnswer = z.object({
  onsale: onsaleSummary,
  state: z.enum(QUEUE_STATES),
  /** The place pass: keep it and send it with every `queue-status` (null until joined). */
  pass: z.string().nullable(),
  /** About where the visitor stands in line now (1 is the front: `ahead` + 1); null before the opening and once admitted. */
  position: z.number().int().nullable(),
  /** About how many wait before them. */
  ahead: z.number().int().nullable(),
  /** About how long until their turn, from the rate the room admits at now; null when not known. */
  wait_seconds: z.number().int().nullable(),
  /** Everyone in the queue who is not yet admitted (about). */
  waiting: z.number().int(),
  products: z.array(queueProduct),
  /** Ask again after about this long (the page adds a random part so pages do not ask together). */
  next_check_ms: z.number().int(),
  challenge: z.object({ text: z.string(), bits: z.number().int() }).nullable(),
});
export type QueueStatus = z.infer<typeof queueStatusAnswer>;

export const queueAdmitAnswer = z.object({
  onsale: z.string(),
  /** Send as `admission` with the stock calls until `expires_at`; ask again to renew while shopping. */
  admission: z.string(),
  expires_at: timestamp,
  /**
   * The server's time when it answered: `expires_at` is by the server's clock, and the page
   * measures its own clock's error against this (as a cart answer's `now`), so a browser whose
   * clock is fast neither stops sending a pass that still works nor says the time is up early.
   */
  now: timestamp,
});

/** What a refusal for want of an admission pass adds to the error answer: the room to wait in. */
export const waitingRoomRefusal = z.object({ message: z.string(), waiting_room: z.string() });


// The waiting page's texts with placeholders, each declared once (its id and English source);
// `waitingRoomTexts` below keeps the callers' positional arguments.
const beforeOpening = messageWith<{ opensAt: string }>({
  id: 'waitingRoomTexts.beforeOpening',
  defaultMessage:
    'You are in the queue. The sale opens at {opensAt}; at that moment the places of everyone already here are drawn at random, so you need not hurry or refresh: leave this page open and it shows your number after the draw.',
});
const position = messageWith<{ position: number }>({ id: 'waitingRoomTexts.position', defaultMessage: 'You are number {position, number} in the queue.' });
const ahead = messageWith<{ ahead: number }>({
  id: 'waitingRoomTexts.ahead',
  defaultMessage: '{ahead, plural, =0 {Nobody is ahead of you: you are next.} one {One person is ahead of you.} other {# people are ahead of you.}}',
});
const waitAbout = messageWith<{ text: string }>({ id: 'waitingRoomTexts.waitAbout', defaultMessage: 'Estimated wait: {text}.' });
const infoBeforeOpening = messageWith<{ opensAt: string }>({
  id: 'waitingRoomTexts.infoBeforeOpening',
  defaultMessage: 'The sale opens at {opensAt}. Everyone who takes a place before then gets a place drawn at random at the opening.',
});
const infoOpen = messageWith<{ waiting: number }>({
  id: 'waitingRoomTexts.infoOpen',
  defaultMessage:
    '{waiting, plural, =0 {The sale is open and nobody is waiting.} one {The sale is open and one person is waiting.} other {The sale is open and about # people are waiting.}}',
});
const infoWait = messageWith<{ text: string }>({ id: 'waitingRoomTexts.infoWait', defaultMessage: 'Someone joining now waits {text}.' });
const waitMinutes = messageWith<{ minutes: number }>({ id: 'waitingRoomTexts.wait.minutes', defaultMessage: 'about {minutes, plural, one {# minute} other {# minutes}}' });
const waitHours = messageWith<{ hours: number }>({ id: 'waitingRoomTexts.wait.hours', defaultMessage: 'about {hours, plural, one {# hour} other {# hours}}' });
const waitHoursMinutes = messageWith<{ hours: number; minutes: number }>({
  id: 'waitingRoomTexts.wait.hoursMinutes',
  defaultMessage: 'about {hours, plural, one {# hour} other {# hours}} {minutes, plural, one {# minute} other {# minutes}}',
});
const shoppingTimeLeft = messageWith<{ minutes: number }>({
  id: 'waitingRoomTexts.shoppingTimeLeft',
  defaultMessage:
    '{minutes, plural, one {You have less than a minute left to shop in this sale. Check out now to keep what is in your cart.} other {You have # minutes left to shop in this sale. Add what you want to your cart and check out before then.}}',
});

/** The page's texts (decision 0048: the spec shows no waiting room). */
export const waitingRoomTexts = {
  title: message({ id: 'waitingRoomTexts.title', defaultMessage: 'Waiting room' }),
  /** Joined before the opening (decision 0075): in the queue, but with no number until the draw. */
  beforeOpening: (opensAt: string) => beforeOpening({ opensAt }),
  position: (place: number) => position({ position: place }),
  ahead: (count: number) => ahead({ ahead: count }),
  waitAbout: (text: string) => waitAbout({ text }),
  /** For a visitor without a place (not logged in yet): what the sale is and how it stands. */
  infoBeforeOpening: (opensAt: string) => infoBeforeOpening({ opensAt }),
  infoOpen: (waiting: number) => infoOpen({ waiting }),
  infoWait: (text: string) => infoWait({ text }),
  waitUnknown: message({ id: 'waitingRoomTexts.waitUnknown', defaultMessage: 'The wait cannot be estimated yet.' }),
  paused: message({ id: 'waitingRoomTexts.paused', defaultMessage: 'The organiser has paused admissions for a moment. You keep your place: leave this page open, and it moves on as soon as they resume.' }),
  /** The estimated wait in words (the `text` of waitAbout and infoWait), rounded by the page so it does not flicker. */
  wait: {
    underAMinute: message({ id: 'waitingRoomTexts.wait.underAMinute', defaultMessage: 'less than a minute' }),
    minutes: (minutes: number) => waitMinutes({ minutes }),
    hours: (hours: number) => waitHours({ hours }),
    hoursMinutes: (hours: number, minutes: number) => waitHoursMinutes({ hours, minutes }),
  },
  /** The turn: out of the queue, on the way to the product (decision 0075). */
  yourTurn: message({ id: 'waitingRoomTexts.yourTurn', defaultMessage: 'It is your turn: you are through the queue. Taking you to the shop…' }),
  /** The visitor's place ended (they checked out, or their shopping time ran out) and the page queued them again. */
  queuedAgain: message({
    id: 'waitingRoomTexts.queuedAgain',
    defaultMessage: 'Your shopping time in this sale has ended, so you have joined the queue again, behind everyone who was already waiting.',
  }),
  soldOut: message({ id: 'waitingRoomTexts.soldOut', defaultMessage: 'Everything in this sale has sold out, so the queue has ended. We are sorry.' }),
  closed: message({
    id: 'waitingRoomTexts.closed',
    defaultMessage: 'The waiting room has closed, so there is no queue any more: anything left in this sale is sold in the shop as usual.',
  }),
  /** Beside "The waiting room is not open yet.": the visitor has no place yet, and the page takes one when it opens. */
  notOpenYet: message({
    id: 'waitingRoomTexts.notOpenYet',
    defaultMessage: 'You are not in the queue yet. Keep this page open: it takes your place as soon as the waiting room opens.',
  }),
  /** The sale's products while none has sold out; beside a sold-out list, "Still available". */
  inThisSale: message({ id: 'waitingRoomTexts.inThisSale', defaultMessage: 'In this sale' }),
  stillAvailable: message({ id: 'waitingRoomTexts.stillAvailable', defaultMessage: 'Still available' }),
  soldOutList: message({ id: 'waitingRoomTexts.soldOutList', defaultMessage: 'Sold out' }),
  whatNext: message({
    id: 'waitingRoomTexts.whatNext',
    defaultMessage:
      'Keep this page open: it updates itself. When it is your turn you go to the shop and have time to fill your cart and check out. Leaving or reloading the page keeps your place.',
  }),
  checking: message({ id: 'waitingRoomTexts.checking', defaultMessage: 'Checking your browser…' }),
  finding: message({ id: 'waitingRoomTexts.finding', defaultMessage: 'Finding your place in the queue…' }),
  progress: message({ id: 'waitingRoomTexts.progress', defaultMessage: 'Your progress in the queue' }),
  offline: message({ id: 'waitingRoomTexts.offline', defaultMessage: 'The connection was lost. Your place is kept; we try again.' }),
  logIn: message({ id: 'waitingRoomTexts.logIn', defaultMessage: 'Log in' }),
  register: message({ id: 'waitingRoomTexts.register', defaultMessage: 'Register' }),
  toShop: message({ id: 'waitingRoomTexts.toShop', defaultMessage: 'Go to the shop' }),
  /** The notice on the shop's pages while an admission lasts (decision 0075): whole minutes, rounded up (1 or less: less than a minute). */
  shoppingTimeLeft: (minutes: number) => shoppingTimeLeft({ minutes: Math.max(1, minutes) }),
  /** The way back to the waiting page once the shopping time has run out (after `waitingRoomMessages.shoppingEnded`). */
  backToQueue: message({ id: 'waitingRoomTexts.backToQueue', defaultMessage: 'Back to the queue' }),
} as const;

/** The number of leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** The text whose SHA-256 a proof of work hashes. */
export const proofInput = (challenge: string, nonce: string) => `${challenge}:${nonce}`;
