import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  leadingZeroBits,
  proofInput,
  waitingRoomMessages,
  type ApiAnswer,
  type ApiInput,
  type QueueInfo,
  type QueueStatus,
} from '@festival/contract';
import type { Db } from '../../db/client';
import { rawDate as date, rawOptionalNumber as optionalNumber } from '../../db/raw-rows';
import { AppError } from '../../http/app-error';
import { derivedKeys } from '../../lib/derived-keys';
import type { NetworkKeysOf } from '../../lib/network-keys';
import { createRateLimiter } from '../../lib/rate-limit';
import type { CustomerRow } from '../accounts/session.queries';
import { findSessionCustomer, hashToken } from '../accounts/session.service';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import { remainingStock } from '../catalog/catalog.service';
import { controlOf, estimateWait, type AdmissionControl } from './admission';
import { createCallRecorder } from './call-timings';
import {
  VISITOR_KEY_PREFIX,
  deleteQueuePlace,
  describePlace,
  endShoppingPlace,
  findQueuePlace,
  holdShoppingPlace,
  insertCallTimings,
  listRooms,
  markSoldOut,
  previewStillOpen,
  takeAdmission,
  type AdmittedPlace,
  type RoomProduct,
  type RoomRow,
} from './onsale.queries';
import { signPass, verifyPass } from './passes';
import { estimateStanding, estimateWaiting, type QueueSpot } from './positions';
import { JOIN_LIMITS, type JoinLimits } from './join-limits';
import { createQueue, type JoinResult, type Place } from './queue';

export { JOIN_LIMITS, type JoinLimits };

/**
 * The on-sale waiting room as the shop serves it (issue 23, decision 0048): joining, the waiting
 * page's updates, taking the admission, the stock calls' gate, and the admission steps.
 *
 * What a waiting page asks every few seconds is answered from this instance's memory: the rooms'
 * state is read from the database at most once per `stateMaxAgeMs` (one statement for every active
 * on-sale), the place comes signed in the pass, and the position is estimated in constant time
 * (positions.ts). So tens of thousands of waiting pages cost the database one read a second per
 * instance. A room made or changed elsewhere (another worker, the back office, an import) is seen
 * by the next call once the state is past its age: a code the stale state lacks is read afresh
 * before it is refused, and after a quiet spell the first call waits for a fresh read. The stock
 * calls' gate is a cached room and an HMAC, then one primary-key read of the
 * pass's place inside the transaction that takes the stock (a pass outlives its place's shopping).
 */

/** How long a place pass is honoured: a waiting page left open for a day still has its place. */
const PLACE_PASS_MS = 24 * 60 * 60_000;
/** How long a proof-of-work challenge may be worked on. */
const CHALLENGE_MS = 10 * 60_000;
/** The window over which the admission rate a page is told is observed. */
const RATE_WINDOW_MS = 60_000;

export interface Room {
  id: number;
  code: string;
  title: string;
  opensAt: Date;
  roomOpensAt: Date;
  closesAt: Date | null;
  control: AdmissionControl;
  sessionMinutes: number;
  proofOfWorkBits: number;
  /** Admissions paused by an admin (decision 0098): a waiting page is told no wait. */
  paused: boolean;
  cursor: QueueSpot;
  admittedCount: number;
  prequeueCount: number | null;
  firstOpenId: number | null;
  lastOpenId: number | null;
  soldOutAt: Date | null;
  products: RoomProduct[];
}

interface RoomsState {
  takenAt: number;
  byCode: Map<string, Room>;
  /** The room guarding each item (one room at a time guards an item: the catalogue import checks it). */
  byItemId: Map<number, Room>;
  byItemCode: Map<string, Room>;
}


function toRoom(row: RoomRow): Room {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    opensAt: date(row.opens_at),
    roomOpensAt: date(row.room_opens_at),
    closesAt: row.closes_at === null ? null : date(row.closes_at),
    control: controlOf(row.admission_mode, row.admission_limit, row.admission_rate_limit, row.steer_rate),
    sessionMinutes: row.session_minutes,
    proofOfWorkBits: row.proof_of_work_bits,
    paused: row.paused_at !== null,
    cursor: { phase: row.cursor_phase, randomKey: BigInt(row.cursor_key), placeId: Number(row.cursor_place) },
    admittedCount: row.admitted_count,
    prequeueCount: row.prequeue_count,
    firstOpenId: optionalNumber(row.first_open),
    lastOpenId: optionalNumber(row.last_open),
    soldOutAt: row.sold_out_at === null ? null : date(row.sold_out_at),
    products: row.products,
  };
}

/** Whether the room stands in front of its products at `now`: from the room's opening until it closes. */
export const roomGuards = (room: Room, now: Date) => now >= room.roomOpensAt && (room.closesAt === null || now < room.closesAt);

/** Who holds a place: the customer account (decision 0048; stable across APP_SECRET changes, unlike a keyed hash). */
export const visitorKeyOf = (customer: Pick<CustomerRow, 'id'>) => `${VISITOR_KEY_PREFIX}${customer.id}`;

/** How long an admin's preview link lasts (and never past the opening). */
export const PREVIEW_LINK_MS = 30 * 60_000;
/** Whom a preview pass is for: the shop account of this e-mail address (a hash, as a pass's holder is at most 64 bytes). */
export const previewHolderOf = (email: string) => `preview:${createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('base64url')}`;

const challengeKey = derivedKeys((appSecret) => createHmac('sha256', appSecret).update('festival-shop/queue-proof-of-work/v1').digest());

export interface WaitingRoomDeps {
  db: Db;
  /** APP_SECRET first, then the previous ones still honoured. */
  secrets: readonly string[];
  catalog: CatalogReader;
  networkKeys: NetworkKeysOf;
  now?: () => Date;
  /** How old the rooms' state may be when a page asks (default 1 s). */
  stateMaxAgeMs?: number;
  joinLimits?: Partial<JoinLimits>;
}

/**
 * What a stock call's admission pass let it past: the rooms guarding its items, and the places
 * their pass names, which the call checks against the database in the transaction that takes the
 * stock or makes the order (the pass's signature alone outlives its place's shopping).
 */
export interface Admitted {
  rooms: Room[];
  /** Inside the transaction that takes stock: every place may still shop, and stays so until it commits; else the 410 re-admission answers. */
  hold(tx: Db): Promise<void>;
  /** Inside a checkout's transaction: every place ends, once (a second checkout with the pass gets the 410). */
  use(tx: Db): Promise<void>;
}

/** The stock calls' view of the rooms at one moment: checks run without awaiting anything (inside a transaction too). */
export interface RoomGate {
  /**
   * The rooms guarding any of these items now, after checking the customer's admission pass for
   * each. Throws the refusal that sends the visitor to the waiting room when one is missing.
   */
  /** `mark`: the call's request (or any holder), told which on-sales let it in, so its answer's time counts toward their steering. */
  check(customer: CustomerRow | null, items: { ids?: readonly number[]; codes?: readonly string[] }, admission: string | null | undefined, mark?: AdmittedCallMark): Admitted;
}

/** Where a stock call notes the on-sales whose admission it was let in by: its answer's time then counts toward their steering. */
export interface AdmittedCallMark {
  admittedOnsales: number[] | null;
}

/** Nothing guarded: nothing to check in the database. */
const NOTHING_GUARDED: Admitted = { rooms: [], hold: async () => {}, use: async () => {} };

export function createWaitingRoom(deps: WaitingRoomDeps) {
  const { db, secrets } = deps;
  const now = deps.now ?? (() => new Date());
  const maxAgeMs = deps.stateMaxAgeMs ?? 1000;
  const limits = { ...JOIN_LIMITS, ...deps.joinLimits };
  const limiter = createRateLimiter(db, limits.windowMs, waitingRoomMessages.tooManyPlaces);
  const queue = createQueue({ db, now });
  const calls = createCallRecorder();
  const writeCallTimings = async (): Promise<void> => {
    const taken = calls.take();
    if (taken.length) await insertCallTimings(db, taken.map(({ onsaleId, histogram }) => ({ onsaleId, ...histogram })));
  };
  const history = new Map<number, { at: number; admitted: number }[]>();
  let state: RoomsState | undefined;
  let refreshing: Promise<RoomsState> | undefined;

  const refresh = () => {
    refreshing ??= (async () => {
      try {
        const rows = await listRooms(db);
        const next: RoomsState = { takenAt: Date.now(), byCode: new Map(), byItemId: new Map(), byItemCode: new Map() };
        for (const row of rows) {
          const room = toRoom(row);
          next.byCode.set(room.code, room);
          for (const product of room.products) {
            next.byItemId.set(product.id, room);
            next.byItemCode.set(product.code, room);
          }
          const samples = history.get(room.id) ?? [];
          samples.push({ at: date(row.db_now).getTime(), admitted: room.admittedCount });
          while (samples.length > 2 && samples[0]!.at < samples.at(-1)!.at - RATE_WINDOW_MS) samples.shift();
          history.set(room.id, samples);
        }
        for (const id of history.keys()) if (![...next.byCode.values()].some((room) => room.id === id)) history.delete(id);
        state = next;
        return next;
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  };
  /**
   * The rooms' state: a state past its age is still answered while a fresh one is read (a page's
   * update never waits on the database); only the first read waits.
   */
  const rooms = async (): Promise<RoomsState> => {
    if (state && Date.now() - state.takenAt < maxAgeMs) return state;
    // Answered stale only while calls keep it fresh: after a quiet spell (the state twice its age
    // or more) the first call waits for the read, so a room made or changed meanwhile (the back
    // office, another worker, an import) is never missed by a buyer's first call.
    if (state && maxAgeMs > 0 && Date.now() - state.takenAt < 2 * maxAgeMs) {
      void refresh().catch(() => undefined);
      return state;
    }
    return refresh();
  };
  /** The rooms' state holding this code if the database does: a stale state without it is read afresh first. */
  const roomsWith = async (code: string): Promise<RoomsState> => {
    const current = await rooms();
    if (current.byCode.has(code) || Date.now() - current.takenAt < maxAgeMs) return current;
    return refresh();
  };

  /** The next read of the rooms goes to the database (a preview is checked against the on-sale as it is now). */
  const invalidateState = () => {
    state = undefined;
  };

  /** Admissions a minute over the last minute as this instance saw them (null until seen over 5 s). */
  function observedRate(room: Room): number | null {
    const samples = history.get(room.id);
    if (!samples || samples.length < 2) return null;
    const first = samples[0]!;
    const last = samples.at(-1)!;
    const span = last.at - first.at;
    return span >= 5000 ? ((last.admitted - first.admitted) * 60_000) / span : null;
  }

  function challengeFor(room: Room, holder: string, at: Date): string {
    const issued = at.getTime().toString(36);
    const mac = createHmac('sha256', challengeKey(secrets[0]!)).update(`${room.code}\u0000${holder}\u0000${issued}`).digest('base64url').slice(0, 22);
    return `${issued}.${mac}`;
  }

  function proofHolds(room: Room, holder: string, proof: { challenge: string; nonce: string }, at: Date): boolean {
    const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})$/.exec(proof.challenge);
    if (!match) return false;
    const issued = parseInt(match[1]!, 36);
    if (!Number.isSafeInteger(issued) || issued > at.getTime() + 60_000 || issued < at.getTime() - CHALLENGE_MS) return false;
    const given = Buffer.from(match[2]!);
    const signedBy = secrets.some((secret) => {
      const expected = Buffer.from(createHmac('sha256', challengeKey(secret)).update(`${room.code}\u0000${holder}\u0000${match[1]}`).digest('base64url').slice(0, 22));
      return timingSafeEqual(expected, given);
    });
    if (!signedBy) return false;
    return leadingZeroBits(createHash('sha256').update(proofInput(proof.challenge, proof.nonce), 'utf8').digest()) >= room.proofOfWorkBits;
  }

  /**
   * The room's products, whether the shop shows them now or not (a sale that opens with the on-sale
   * hides its products until then), each available while it has units left (as the room's state
   * read them, at most a second ago, or as this instance's adds found since): a product that does
   * not sell this minute (its sale window not open yet) is not sold out, and does not make the room
   * sold out before its opening.
   */
  function productsOf(room: Room, soldOutHere: ReadonlySet<number>) {
    return room.products.map((product) => {
      const left = remainingStock(product);
      return { external_code: product.code, name: product.name, shop_item_type: product.shop, available: (left === null || left > 0) && !soldOutHere.has(product.id) };
    });
  }

  /** The room's products as a page lists them, and whether all are gone (noted on the room the first time it is seen). */
  async function productsNow(room: Room, at: Date) {
    const products = productsOf(room, deps.catalog.latest()?.soldOut ?? new Set());
    const soldOut = products.length > 0 && products.every((product) => !product.available);
    // The sell-out moment is the first seen after the opening (as the back office notes it).
    if (soldOut && !room.soldOutAt && at >= room.opensAt) {
      room.soldOutAt = at;
      await markSoldOut(db, room.id);
    }
    return { products, soldOut };
  }

  /** How the room stands apart from any place: sold out, closed, before the opening, or open. */
  function roomStateOf(room: Room, at: Date, soldOut: boolean): QueueInfo['state'] {
    if (soldOut) return 'sold-out';
    if (!roomGuards(room, at) && at >= room.roomOpensAt) return 'closed';
    return at < room.opensAt ? 'before-opening' : 'open';
  }

  const summaryOf = (room: Room): QueueInfo['onsale'] => ({ code: room.code, title: room.title, opens_at: room.opensAt.toISOString(), closes_at: room.closesAt?.toISOString() ?? null, paused: room.paused });

  async function statusOf(room: Room, place: QueueSpot | null, pass: string | null, extra: { challenge?: QueueStatus['challenge'] } = {}): Promise<QueueStatus> {
    const at = now();
    const { products, soldOut } = await productsNow(room, at);
    const standing = place
      ? estimateStanding({ place, cursor: room.cursor, admittedCount: room.admittedCount, prequeueCount: room.prequeueCount, firstOpenId: room.firstOpenId })
      : null;
    const waiting = estimateWaiting(room);
    const roomState = roomStateOf(room, at, soldOut);
    const state: QueueStatus['state'] = extra.challenge ? 'proof-needed' : roomState !== 'open' ? roomState : standing?.admitted ? 'your-turn' : 'waiting';
    const showPosition = state === 'waiting' && standing !== null && standing.position !== null;
    // While admissions are paused the place stays, and no wait can be promised.
    const waitSeconds = showPosition && !room.paused ? estimateWait({ position: standing.position!, admittedThrough: room.admittedCount, control: room.control, recentRatePerMinute: observedRate(room) }) : null;
    return {
      onsale: summaryOf(room),
      state,
      pass,
      // The place in line now (it drops as the room admits); the wait is estimated from the place's
      // number since the opening (`standing.position`), which the admitted count is compared with.
      position: showPosition ? standing.ahead! + 1 : null,
      ahead: showPosition ? standing.ahead : null,
      wait_seconds: waitSeconds,
      waiting,
      products,
      next_check_ms: nextCheckMs(state, room, at, waitSeconds),
      challenge: extra.challenge ?? null,
    };
  }

  function refuseJoin(reason: 'no-such-onsale' | 'room-not-open' | 'room-closed'): never {
    if (reason === 'no-such-onsale') throw new AppError('NOT_FOUND', waitingRoomMessages.noSuchOnsale);
    throw new AppError('CONFLICT', reason === 'room-closed' ? waitingRoomMessages.roomClosed : waitingRoomMessages.roomNotOpen);
  }

  const spotOf = (place: Pick<Place, 'id' | 'phase' | 'randomKey'>): QueueSpot => ({ phase: place.phase, randomKey: place.randomKey, placeId: place.id });

  function placePass(room: Room, place: Place, at: Date): string {
    return signPass(secrets[0]!, { kind: 'place', onsale: room.code, placeId: place.id, phase: place.phase, randomKey: place.randomKey, holder: '', issuedAt: at, expiresAt: new Date(at.getTime() + PLACE_PASS_MS) });
  }

  function readPlacePass(onsale: string, text: string, at: Date) {
    const checked = verifyPass(secrets, text, { now: at, onsale, kind: 'place', holder: '' });
    if (!checked.ok) throw new AppError('GONE', waitingRoomMessages.placeUnreadable);
    return checked.pass;
  }

  async function roomNamed(code: string): Promise<Room> {
    const room = (await roomsWith(code)).byCode.get(code);
    if (!room) throw new AppError('NOT_FOUND', waitingRoomMessages.noSuchOnsale);
    return room;
  }

  return {
    /**
     * How an on-sale stands for someone without a place (public: the page of a visitor who has not
     * logged in yet): memory only, like a status. A newcomer's wait is estimated for a place at
     * the back of the queue now.
     */
    async info(input: ApiInput<'queue-info'>): Promise<QueueInfo> {
      const room = await roomNamed(input.onsale);
      const at = now();
      const { products, soldOut } = await productsNow(room, at);
      const state = roomStateOf(room, at, soldOut);
      const waiting = estimateWaiting(room);
      const waitSeconds =
        state === 'open' && !room.paused ? estimateWait({ position: room.admittedCount + waiting + 1, admittedThrough: room.admittedCount, control: room.control, recentRatePerMinute: observedRate(room) }) : null;
      return { onsale: summaryOf(room), state, waiting, wait_seconds: waitSeconds, products };
    },

    /**
     * A place for the signed-in customer of the token (the one they have, if any), with its pass and
     * how things stand. Without proof of work the session is found by the place's insert itself, so
     * nothing is awaited before it (first come, first served).
     */
    async join(input: ApiInput<'queue-join'>, ip: string): Promise<QueueStatus> {
      if (!input.token) throw new AppError('UNAUTHENTICATED', waitingRoomMessages.logInToQueue);
      const room = await roomNamed(input.onsale);
      const at = now();
      let joined: JoinResult;
      if (room.proofOfWorkBits > 0) {
        const customer = await findSessionCustomer(db, input.token);
        if (!customer) throw new AppError('UNAUTHENTICATED', waitingRoomMessages.logInToQueue);
        const holder = visitorKeyOf(customer);
        if (!input.proof) {
          // A customer who has a place (a lost pass, another browser) gets it back without working again.
          const found = await findQueuePlace(db, room.code, holder);
          if (found?.id == null) return statusOf(room, null, null, { challenge: { text: challengeFor(room, holder, at), bits: room.proofOfWorkBits } });
        } else if (!proofHolds(room, holder, input.proof, at)) {
          throw new AppError('INVALID_INPUT', waitingRoomMessages.proofFailed, { proof: [waitingRoomMessages.proofFailed] });
        }
        joined = await queue.join(room.code, holder);
      } else {
        const bySession = await queue.joinBySession(room.code, hashToken(input.token));
        if (!bySession) throw new AppError('UNAUTHENTICATED', waitingRoomMessages.logInToQueue);
        joined = bySession;
      }
      if (!joined.joined) refuseJoin(joined.reason);
      if (joined.isNew && (limits.perAddress > 0 || limits.perNetwork > 0)) {
        // Only a new place counts toward its network's limit; over it, the place goes again.
        const keys = deps.networkKeys(ip);
        try {
          await limiter.hit([
            ...(limits.perAddress > 0 ? [{ key: `queue:address:${keys.address}`, max: limits.perAddress }] : []),
            ...(limits.perNetwork > 0 ? [{ key: `queue:network:${keys.network}`, max: limits.perNetwork }] : []),
          ], at);
        } catch (error) {
          await deleteQueuePlace(db, joined.place.id);
          throw error;
        }
      }
      return statusOf(room, spotOf(joined.place), placePass(room, joined.place, at));
    },

    /** How things stand for the place the pass names: memory only, no database read. */
    async status(input: ApiInput<'queue-status'>): Promise<QueueStatus> {
      const at = now();
      const pass = readPlacePass(input.onsale, input.pass, at);
      const room = await roomNamed(input.onsale);
      return statusOf(room, { phase: pass.phase, randomKey: pass.randomKey, placeId: pass.placeId }, input.pass);
    },

    /** The admission pass for the holder of an admitted place (taken, or renewed while shopping). */
    async admit(input: ApiInput<'queue-admit'>, customer: CustomerRow | null): Promise<ApiAnswer<'queue-admit'>> {
      if (!customer) throw new AppError('UNAUTHENTICATED', waitingRoomMessages.logInToQueue);
      const at = now();
      const pass = readPlacePass(input.onsale, input.pass, at);
      const room = await roomNamed(input.onsale);
      if (!roomGuards(room, at) && at >= room.roomOpensAt) throw new AppError('CONFLICT', waitingRoomMessages.roomClosed);
      const holder = visitorKeyOf(customer);
      const taken = await takeAdmission(db, room.code, pass.placeId, holder);
      if (!taken) {
        const place = await describePlace(db, room.code, pass.placeId);
        if (!place) throw new AppError('GONE', waitingRoomMessages.placeUnreadable);
        if (place.visitor_key !== holder) throw new AppError('FORBIDDEN', waitingRoomMessages.notYours);
        // Checked out, or shopped for the longest time a place allows: the page forgets the pass and joins again, at the back.
        if (place.ended) throw new AppError('GONE', waitingRoomMessages.shoppingEnded);
        throw new AppError('CONFLICT', waitingRoomMessages.notYourTurn);
      }
      const expiresAt = new Date(at.getTime() + Math.round(taken.activeSeconds * 1000));
      const admission = signPass(secrets[0]!, { kind: 'admission', onsale: room.code, placeId: pass.placeId, phase: pass.phase, randomKey: pass.randomKey, holder, issuedAt: at, expiresAt });
      return { onsale: room.code, admission, expires_at: expiresAt.toISOString(), now: at.toISOString() };
    },

    /**
     * An admin's preview link before the opening (decision 0098): a pass signed with a key derived
     * from APP_SECRET, for the on-sale's row (a later on-sale of the same code is not previewed),
     * bound to the shop account of the member's e-mail address, valid for PREVIEW_LINK_MS and never
     * past the opening. Null once the on-sale has opened or closed.
     */
    async previewLink(code: string, member: { id: number; email: string }): Promise<{ path: string; expiresAt: Date } | null> {
      invalidateState();
      const room = (await rooms()).byCode.get(code);
      const at = now();
      if (!room || at >= room.opensAt || (room.closesAt && at >= room.closesAt)) return null;
      const expiresAt = new Date(Math.min(at.getTime() + PREVIEW_LINK_MS, room.opensAt.getTime()));
      const pass = signPass(secrets[0]!, { kind: 'preview', onsale: room.code, placeId: room.id, phase: 0, randomKey: BigInt(member.id), holder: previewHolderOf(member.email), issuedAt: at, expiresAt });
      return { path: `/waiting-room/${encodeURIComponent(room.code)}?preview=${encodeURIComponent(pass)}`, expiresAt };
    },

    /**
     * The admission a preview link gives the signed-in account of its e-mail address: the room's
     * products, as an admitted buyer gets them, until the link expires or the opening, whichever
     * comes first; no queue place, no figure, no effect on anyone's turn. Refused once the on-sale
     * has opened or closed (closing ends every preview), and for any other account.
     */
    async preview(input: ApiInput<'queue-preview'>, customer: CustomerRow | null): Promise<ApiAnswer<'queue-preview'>> {
      if (!customer) throw new AppError('UNAUTHENTICATED', waitingRoomMessages.logInToQueue);
      const at = now();
      const checked = verifyPass(secrets, input.preview, { now: at, onsale: input.onsale, kind: 'preview', holder: previewHolderOf(customer.email) });
      invalidateState();
      const room = (await rooms()).byCode.get(input.onsale);
      if (!checked.ok || !room || checked.pass.placeId !== room.id || at >= room.opensAt || (room.closesAt && at >= room.closesAt)) {
        throw new AppError('FORBIDDEN', waitingRoomMessages.previewUnusable);
      }
      const expiresAt = new Date(Math.min(checked.pass.expiresAt.getTime(), room.opensAt.getTime(), at.getTime() + room.sessionMinutes * 60_000));
      const admission = signPass(secrets[0]!, { kind: 'preview-admission', onsale: room.code, placeId: room.id, phase: 0, randomKey: 0n, holder: visitorKeyOf(customer), issuedAt: at, expiresAt });
      return { onsale: room.code, admission, expires_at: expiresAt.toISOString(), now: at.toISOString() };
    },

    /** The rooms as they stand now, for the stock calls' checks. */
    async gate(): Promise<RoomGate> {
      const current = await rooms();
      const at = now();
      return {
        check(customer, items, admission, mark) {
          const guarding = new Set<Room>();
          for (const id of items.ids ?? []) {
            const room = current.byItemId.get(id);
            if (room && roomGuards(room, at)) guarding.add(room);
          }
          for (const code of items.codes ?? []) {
            const room = current.byItemCode.get(code);
            if (room && roomGuards(room, at)) guarding.add(room);
          }
          if (!guarding.size) return NOTHING_GUARDED;
          const places: { room: Room; place: AdmittedPlace; preview: boolean }[] = [];
          for (const room of guarding) {
            const holder = customer ? visitorKeyOf(customer) : '';
            const checked = customer && admission ? verifyPass(secrets, admission, { now: at, onsale: room.code, kind: 'admission', holder }) : null;
            // An admin's preview before the opening (decision 0098): no queue place; its on-sale's row decides where the stock is taken.
            const previewed = customer && admission && !checked?.ok ? verifyPass(secrets, admission, { now: at, onsale: room.code, kind: 'preview-admission', holder }) : null;
            const passed = checked?.ok ? checked : previewed?.ok ? previewed : null;
            if (!passed) throw new AppError('FORBIDDEN', waitingRoomMessages.admissionRequired, undefined, { waiting_room: room.code });
            places.push({ room, place: { onsaleId: room.id, placeId: passed.pass.placeId, visitorKey: holder }, preview: passed === previewed });
          }
          if (mark) mark.admittedOnsales = places.filter(({ preview }) => !preview).map(({ room }) => room.id);
          // A pass outlives its place's shopping (a checkout, the longest shopping time, a place
          // taken back): the place's row decides, read where the stock is taken. The refusal is
          // re-admission's, naming the room, so the page joins again.
          const each = async (tx: Db, still: (tx: Db, place: AdmittedPlace) => Promise<boolean>) => {
            for (const { room, place, preview } of places) {
              if (preview ? !(await previewStillOpen(tx, room.id)) : !(await still(tx, place))) throw new AppError('GONE', waitingRoomMessages.shoppingEnded, undefined, { waiting_room: room.code });
            }
          };
          return {
            rooms: [...guarding],
            hold: (tx) => each(tx, holdShoppingPlace),
            use: async (tx) => {
              // A preview fills a cart; it never buys (its units go back when the cart's hold ends).
              if (places.some(({ preview }) => preview)) throw new AppError('CONFLICT', waitingRoomMessages.previewDoesNotBuy);
              await each(tx, endShoppingPlace);
            },
          };
        },
      };
    },

    /**
     * An admitted buyer's stock call was answered in `ms` (the server's own time): it counts toward
     * the steering of these on-sales (decision 0079). Memory only; `stepAll` writes the counts.
     */
    recordCall(onsaleIds: readonly number[], ms: number): void {
      calls.record(onsaleIds, ms);
    },

    /**
     * This instance's admitted stock calls since the last time, one row per on-sale, for every
     * instance's steps to steer by. A failed write loses a second of timings, never a step.
     */
    writeCallTimings,

    /** One admission step of every room that admits now; safe on every instance (queue.ts). The number admitted. */
    async stepAll(): Promise<number> {
      // This instance's timings first, so that a step here steers by its own latest calls too.
      await writeCallTimings().catch(() => undefined);
      const at = now();
      let admitted = 0;
      for (const room of (await rooms()).byCode.values()) {
        if (at < room.opensAt || !roomGuards(room, at)) continue;
        admitted += (await queue.step(room.id))?.admitted ?? 0;
      }
      return admitted;
    },

    /** Admissions a minute over about the last minute, as this instance's steps saw them (the back office's figure; null until seen over 5 s). */
    async admissionRate(code: string): Promise<number | null> {
      const room = (await rooms()).byCode.get(code);
      return room ? observedRate(room) : null;
    },

    /** Forget the cached state (after an import or a back-office change of a room, in tests). */
    invalidate(): void {
      invalidateState();
    },
  };
}

export type WaitingRoom = ReturnType<typeof createWaitingRoom>;

/** The longest a waiting page goes without asking (the estimate may change, the products may sell out). */
export const NEXT_CHECK_MAX_MS = 30_000;

/**
 * When a page should ask again: often when its turn is near or the opening is, seldom when it is
 * far back or nothing will change (the page adds a random part so pages do not ask together).
 *
 * While waiting: half the estimated wait, between 1 and 30 s. The asks close in on the turn (a
 * wait of 200 s is asked about after 30 s, then with 170 s left after 30, with 140 after 30…, with
 * 50 after 25, 25 after 12…), and near it every second, so a turn is noticed within about a
 * second, and one that comes early (the rate raised, turns of no-shows handed on) within half
 * the wait the page was told. The queue's asks a second grow with the log of its length, not its
 * length: at 50 admissions a second, 20,000 waiting pages ask about 1,000 times a second, where a
 * quarter of the wait up to 20 s asked 1,600 times.
 */
export function nextCheckMs(state: QueueStatus['state'], room: Pick<Room, 'opensAt'>, at: Date, waitSeconds: number | null): number {
  if (state === 'your-turn' || state === 'proof-needed') return 0;
  if (state === 'sold-out' || state === 'closed') return 60_000;
  if (state === 'before-opening') return Math.min(15_000, Math.max(1000, room.opensAt.getTime() - at.getTime() + 1000));
  if (waitSeconds === null) return 1000;
  return Math.min(NEXT_CHECK_MAX_MS, Math.max(1000, Math.round((waitSeconds * 1000) / 2)));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The on-sales whose admission let this stock call in (the gate sets it; null: none). */
    admittedOnsales: AdmittedCallMark['admittedOnsales'];
  }
  interface FastifyInstance {
    /** The on-sale waiting rooms (tests step them and forget their cached state). */
    waitingRoom: WaitingRoom;
  }
}
