import {
  admissionColumns,
  admissionOfColumns,
  ONSALES_LIVE_REFRESH_SECONDS,
  ONSALES_QUIET_REFRESH_SECONDS,
  steeringChangeOf,
  steeringText,
  staffOnsaleMessages as texts,
  windowProblem,
  admissionColumns as columnsOfAdmission,
  onsaleRuleProblems,
  type OnsaleAction,
  type OnsaleChanges,
  type OnsaleDefinition,
  type Text,
  type OnsaleEditableField,
  type OnsalesOverviewAnswer,
  type OnsaleView,
  type StaffApiAnswer,
  type StaffApiInput, type Shown } from '@festival/contract';
import type { Db } from '../../db/client';
import { rawDate as date, rawOptionalDate as optionalDate, rawOptionalNumber as optionalNumber } from '../../db/raw-rows';
import { AppError, refusedFields } from '../../http/app-error';
import type { Worded } from '../../http/api-route';
import { remainingStock } from '../catalog/catalog.service';
import { markSoldOut } from '../onsale/onsale.queries';
import { onsaleState } from '../onsale/onsale-state';
import { estimateJoined } from '../onsale/positions';
import { auditActor, type Actor } from '../staff/staff-accounts';
import { insertAudit } from '../staff/staff.queries';
import { replaceOnsaleProducts } from '../onsale/onsale.queries';
import {
  controlOnsale,
  insertOnsale,
  listOnsaleBoard,
  listOnsaleChoices,
  lockOnsaleForChange,
  lockOnsaleRooms,
  readOnsaleSurroundings,
  updateOnsaleSettings,
  type OnsaleBoardRow,
  type OnsaleChangeRow,
  type OnsaleSettings,
} from './onsales.queries';

/** How long one instance's pages share one reading of the on-sales (they ask every 5 s during a sale). */
export const ONSALES_CACHE_MS = 2_000;

export interface OnsaleAdminDeps {
  /** Where changes are written (and a first sell-out noted). */
  db: Db;
  /** Where the figures are read: the back office's own lane (decision 0043). */
  readDb: Db;
  /** This instance's waiting room: its cached rooms are dropped after a change, and its steps' observed admission rate is shown. */
  room: {
    invalidate(): void;
    admissionRate(code: string): Promise<number | null>;
    /** An admin's preview link before the opening (decision 0098); null once the on-sale has opened or closed. */
    previewLink?(code: string, member: { id: number; email: string }): Promise<{ path: string; expiresAt: Date } | null>;
  };
  now: () => Date;
  cacheMs?: number;
}

const invalid = (field: string, message: Shown) => new AppError('INVALID_INPUT', message, { [`changes.${field}`]: [message] });
const MINUTE_MS = 60_000;
/** How many minutes before its opening an on-sale's room opens, as the file writes it. */
const roomMinutesBefore = (row: Pick<OnsaleChangeRow, 'opens_at' | 'room_opens_at'>) => Math.round((date(row.opens_at).getTime() - date(row.room_opens_at).getTime()) / MINUTE_MS);

/** An on-sale's editable fields as the file writes them, as text: compared, and kept in the audit log. */
function fieldTexts(
  row: Pick<
    OnsaleChangeRow,
    'opens_at' | 'room_opens_at' | 'closes_at' | 'admission_mode' | 'admission_limit' | 'admission_rate_limit' | 'steer_min' | 'steer_target_ms' | 'session_minutes' | 'proof_of_work_bits'
  >,
): Record<OnsaleEditableField, string> {
  const opens = date(row.opens_at);
  return {
    opens_at: opens.toISOString(),
    closes_at: row.closes_at === null ? 'none' : date(row.closes_at).toISOString(),
    room_opens_minutes_before: String(roomMinutesBefore(row)),
    admission: admissionWords(admissionOfColumns({ mode: row.admission_mode, limit: row.admission_limit, rateLimit: row.admission_rate_limit, steerMin: row.steer_min, steerTargetMs: row.steer_target_ms })),
    session_minutes: String(row.session_minutes),
    proof_of_work: row.proof_of_work_bits ? `bits ${row.proof_of_work_bits}` : 'none',
  };
}

/** An admission as the audit log keeps it: "rate_per_minute 600", "steer: min_per_minute 300, max_per_minute 3000, target_p99_ms 150". */
const admissionWords = (admission: object): string =>
  Object.entries(admission)
    .map(([key, value]) => (typeof value === 'object' && value !== null ? `${key}: ${admissionWords(value)}` : `${key} ${value}`))
    .join(', ');

/** The settings after the change, in the row's terms. */
function settingsAfter(current: OnsaleChangeRow, changes: OnsaleChanges): OnsaleSettings {
  const opensAt = changes.opens_at === undefined ? date(current.opens_at) : new Date(changes.opens_at);
  const minutesBefore = changes.room_opens_minutes_before ?? roomMinutesBefore(current);
  const admission = changes.admission && admissionColumns(changes.admission);
  return {
    opensAt,
    // The room opens as long before the opening as before, unless that is changed too (as the file says it).
    roomOpensAt: new Date(opensAt.getTime() - minutesBefore * MINUTE_MS),
    closesAt: changes.closes_at === undefined ? optionalDate(current.closes_at) : changes.closes_at === null ? null : new Date(changes.closes_at),
    admissionMode: admission ? admission.mode : current.admission_mode,
    admissionLimit: admission ? admission.limit : current.admission_limit,
    // The admission is changed as a whole: a cap sent without its ramp clears it.
    admissionRateLimit: admission ? admission.rateLimit : current.admission_rate_limit,
    steerMin: admission ? admission.steerMin : current.steer_min,
    steerTargetMs: admission ? admission.steerTargetMs : current.steer_target_ms,
    sessionMinutes: changes.session_minutes ?? current.session_minutes,
    proofOfWorkBits: changes.proof_of_work === undefined ? current.proof_of_work_bits : (changes.proof_of_work?.bits ?? 0),
  };
}

const asRow = (current: OnsaleChangeRow, values: OnsaleSettings): OnsaleChangeRow => ({
  ...current,
  opens_at: values.opensAt!,
  room_opens_at: values.roomOpensAt!,
  closes_at: values.closesAt ?? null,
  admission_mode: values.admissionMode!,
  admission_limit: values.admissionLimit!,
  admission_rate_limit: values.admissionRateLimit ?? null,
  steer_min: values.steerMin ?? null,
  steer_target_ms: values.steerTargetMs ?? null,
  session_minutes: values.sessionMinutes!,
  proof_of_work_bits: values.proofOfWorkBits ?? 0,
});

/**
 * What only the shop knows about a change (the file's field rules are the contract's): the
 * opening does not move once the room admits, nor into the past; the room that is open stays open;
 * the room closes after the opening and not in the past. Checked at the database's clock, the one
 * the queue's phases follow. Throws the refusal, by field.
 */
function refuseWhatTheShopKnows(current: OnsaleChangeRow, changes: OnsaleChanges, after: OnsaleSettings, changed: OnsaleEditableField[]): void {
  const now = date(current.db_now).getTime();
  const opensAt = after.opensAt!.getTime();
  if (changed.includes('opens_at')) {
    if (now >= date(current.opens_at).getTime()) throw invalid('opens_at', texts.openingPassed);
    if (opensAt <= now) throw invalid('opens_at', texts.notInThePast);
  }
  if (changed.includes('closes_at') && after.closesAt && after.closesAt.getTime() <= now) throw invalid('closes_at', texts.notInThePast);
  if (after.closesAt && windowProblem(after.opensAt!.toISOString(), after.closesAt.toISOString(), 'opens_at')) {
    throw changes.closes_at !== undefined ? invalid('closes_at', windowProblem(after.opensAt!.toISOString(), after.closesAt.toISOString(), 'opens_at')!) : invalid('opens_at', texts.beforeClosing);
  }
  // An open room keeps its places: opening it later again would let the products sell without it meanwhile.
  if (now >= date(current.room_opens_at).getTime() && after.roomOpensAt!.getTime() > now) {
    throw invalid(changes.room_opens_minutes_before !== undefined ? 'room_opens_minutes_before' : 'opens_at', texts.roomStaysOpen(Math.ceil((opensAt - now) / MINUTE_MS)));
  }
}

/**
 * The back office's on-sales (issue 23 points 1 and 6): every on-sale with its products and live
 * figures, read on the back office's lane and shared by this instance's pages for a couple of
 * seconds, and an admin's change of its times and admission control under the on-sale's row lock
 * (the lock the admission steps skip), audited in the same transaction. The waiting room of this
 * instance sees a change at once; other instances within their rooms' state age (1 s).
 */
export function createOnsaleAdmin(deps: OnsaleAdminDeps) {
  const cacheMs = deps.cacheMs ?? ONSALES_CACHE_MS;
  let cached: { from: number; promise: Promise<OnsalesOverviewAnswer> } | undefined;

  async function viewOf(row: OnsaleBoardRow, at: Date): Promise<OnsaleView> {
    const opensAt = date(row.opens_at);
    const products = row.products.map((product) => ({
      code: product.code,
      name: product.name,
      kind: product.kind === 'tickets' ? ('product' as const) : ('merchandise' as const),
      stock: product.stock,
      sold: product.sold,
      held: product.held,
      available: remainingStock(product),
    }));
    const soldOut = products.length > 0 && products.every((product) => product.available === 0);
    let soldOutAt = optionalDate(row.sold_out_at);
    if (soldOut && !soldOutAt && row.active && at >= opensAt) {
      // The waiting pages note the first sell-out they see; with none asking, this page notes it.
      await markSoldOut(deps.db, row.id);
      soldOutAt = date(row.db_now);
    }
    const prequeueCount = row.prequeue_count ?? row.prequeue_counted;
    const joined = estimateJoined({ prequeueCount, firstOpenId: optionalNumber(row.first_open), lastOpenId: optionalNumber(row.last_open) });
    const pausedAt = optionalDate(row.paused_at);
    const state = onsaleState({ active: row.active, roomOpensAt: date(row.room_opens_at), opensAt, closesAt: optionalDate(row.closes_at), soldOut, pausedAt }, at);
    return {
      code: row.code,
      title: row.title,
      event: row.event_code,
      timezone: row.timezone,
      state,
      opens_at: opensAt.toISOString(),
      room_opens_at: date(row.room_opens_at).toISOString(),
      room_opens_minutes_before: roomMinutesBefore(row),
      closes_at: optionalDate(row.closes_at)?.toISOString() ?? null,
      products,
      admission_mode: row.admission_mode,
      admission_limit: row.admission_limit,
      admission_rate_limit: row.admission_rate_limit,
      admission_min_per_minute: row.admission_mode === 'steer' ? row.steer_min : null,
      admission_target_p99_ms: row.admission_mode === 'steer' ? row.steer_target_ms : null,
      steering: steeringOf(row),
      session_minutes: row.session_minutes,
      proof_of_work_bits: row.proof_of_work_bits,
      paused_at: pausedAt?.toISOString() ?? null,
      made_here: row.made_here,
      figures: {
        // The admitted are counted exactly; the estimate of who joined may trail them by a re-join's gap.
        places: Math.max(joined, row.admitted_count),
        waiting: Math.max(0, joined - row.admitted_count),
        admitted: row.admitted_count,
        active: row.active_count,
        admissions_per_minute: !row.active || at < opensAt ? (row.active ? 0 : null) : await roundedRate(deps.room.admissionRate(row.code)),
        sold_out_at: soldOutAt?.toISOString() ?? null,
        sell_out_seconds: soldOutAt ? Math.max(0, Math.round((soldOutAt.getTime() - opensAt.getTime()) / 1000)) : null,
      },
    };
  }

  async function compute(): Promise<OnsalesOverviewAnswer> {
    const rows = await listOnsaleBoard(deps.readDb);
    const choices = await listOnsaleChoices(deps.readDb);
    const at = deps.now();
    const onsales: OnsaleView[] = [];
    for (const row of rows) onsales.push(await viewOf(row, at));
    const live = onsales.some((onsale) => onsale.state === 'pre-queue' || onsale.state === 'admitting' || onsale.state === 'paused');
    return {
      onsales,
      choices: { events: choices.events, items: choices.items.map((item) => ({ ...item, kind: item.kind === 'tickets' ? ('product' as const) : ('merchandise' as const) })) },
      generated_at: at.toISOString(),
      refresh_seconds: live ? ONSALES_LIVE_REFRESH_SECONDS : ONSALES_QUIET_REFRESH_SECONDS,
    };
  }

  function overview(): Promise<OnsalesOverviewAnswer> {
    const at = deps.now().getTime();
    // Every page of this instance shares one reading (and one in flight) for a couple of seconds; a clock set back reads again.
    if (cached && cached.from <= at && at < cached.from + cacheMs) return cached.promise;
    const entry = { from: at, promise: compute() };
    entry.promise.catch(() => {
      if (cached === entry) cached = undefined;
    });
    cached = entry;
    return entry.promise;
  }

  /** After a change: this instance's rooms and pages see it at once (other instances' rooms within their state's age, 1 s), and the answer is the on-sale as the page shows it. */
  async function changed(code: string, message: Text): Promise<Worded<StaffApiAnswer<'onsale-change'>>> {
    deps.room.invalidate();
    cached = undefined;
    const onsale = (await overview()).onsales.find((view) => view.code === code)!;
    return { onsale, message };
  }

  return {
    overview,

    /**
     * A new on-sale (decision 0098), checked by the importer's rules against the shop (the
     * contract's schema, then onsaleRuleProblems: a free code, an event and products that exist,
     * one room at a time over a product) and by what only the shop knows (an opening later than
     * now), under the on-sales' lock so two new rooms over one product cannot both pass; audited
     * in the same transaction. Made here: an import that does not name it leaves it alone.
     */
    async create(actor: Actor, input: StaffApiInput<'onsale-create'>): Promise<Worded<StaffApiAnswer<'onsale-create'>>> {
      const onsale = input.onsale;
      await deps.db.transaction(async (tx) => {
        await lockOnsaleRooms(tx);
        const around = await readOnsaleSurroundings(tx, onsale);
        const roomsOf = new Map<string, { name: string; from: number; until: number }[]>();
        for (const room of around.rooms) {
          const span = { name: room.code, from: date(room.room_opens_at).getTime(), until: room.closes_at === null ? Infinity : date(room.closes_at).getTime() };
          const rooms = roomsOf.get(room.item);
          if (rooms) rooms.push(span);
          else roomsOf.set(room.item, [span]);
        }
        const problems = onsaleRuleProblems(onsale, {
          eventExists: () => around.eventId !== null,
          itemExists: (code) => around.itemIds.has(code),
          // A code of the shop's is taken by an on-sale of the shop: said as the field's rule, not by where in a file.
          codeUsedBy: () => null,
          roomsOf: (code) => roomsOf.get(code) ?? [],
        });
        if (around.codeTaken) problems.unshift({ path: ['code'], text: texts.codeTaken });
        if (Date.parse(onsale.opens_at) <= date(around.dbNow).getTime()) problems.push({ path: ['opens_at'], text: texts.notInThePast });
        if (problems.length) throw refusedFields('onsale', problems);
        const values = definitionColumns(onsale);
        const id = await insertOnsale(tx, { ...values, code: onsale.code, eventId: around.eventId! });
        await replaceOnsaleProducts(tx, id, onsale.products.map((code) => around.itemIds.get(code)!));
        await insertAudit(tx, { ...auditActor(actor), action: 'onsale.create', target: `onsale:${onsale.code}`, before: null, after: { ...onsale, closes_at: onsale.closes_at ?? null, proof_of_work: onsale.proof_of_work ?? null } });
      });
      return changed(onsale.code, texts.created);
    },

    /**
     * An admin's preview link (decision 0098): before the opening only, for the shop account of
     * the member's own e-mail address, 30 minutes at most; audited (who previewed what, until when).
     */
    async previewLink(actor: Actor, input: StaffApiInput<'onsale-preview'>): Promise<StaffApiAnswer<'onsale-preview'>> {
      if ('commandLine' in actor || !deps.room.previewLink) throw new AppError('CONFLICT', texts.alreadyOpen);
      const [current] = (await listOnsaleBoard(deps.db)).filter((row) => row.code === input.code);
      if (!current) throw new AppError('NOT_FOUND', texts.noOnsale(input.code));
      if (!current.active) throw new AppError('CONFLICT', texts.switchedOff);
      const link = await deps.room.previewLink(input.code, { id: actor.staffId, email: actor.email });
      if (!link) throw new AppError('CONFLICT', optionalDate(current.closes_at) && date(current.db_now) >= optionalDate(current.closes_at)! ? texts.alreadyClosed : texts.alreadyOpen);
      await insertAudit(deps.db, { ...auditActor(actor), action: 'onsale.preview', target: `onsale:${current.code}`, before: null, after: { expires_at: link.expiresAt.toISOString() } });
      return { path: link.path, expires_at: link.expiresAt.toISOString() };
    },

    /**
     * An admin's live control (decision 0098) under the on-sale's row lock, the lock an admission
     * step takes (`FOR NO KEY UPDATE SKIP LOCKED`): a pause waits for a step in progress to commit, and
     * every step after it reads the pause and admits nobody. Opening and closing move the times
     * (the file exports them); a pause is the shop's alone. Audited with the state and times
     * before and after.
     */
    async control(actor: Actor, input: StaffApiInput<'onsale-control'>): Promise<Worded<StaffApiAnswer<'onsale-control'>>> {
      const done = await deps.db.transaction(async (tx) => {
        const current = await lockOnsaleForChange(tx, input.code);
        if (!current) throw new AppError('NOT_FOUND', texts.noOnsale(input.code));
        if (!current.active) throw new AppError('CONFLICT', texts.switchedOff);
        const now = date(current.db_now);
        const opensAt = date(current.opens_at);
        const roomOpensAt = date(current.room_opens_at);
        const closesAt = optionalDate(current.closes_at);
        const pausedAt = optionalDate(current.paused_at);
        const closed = closesAt !== null && now >= closesAt;
        const before = { opens_at: opensAt.toISOString(), room_opens_at: roomOpensAt.toISOString(), closes_at: closesAt?.toISOString() ?? null, paused_at: pausedAt?.toISOString() ?? null };
        if (closed) throw new AppError('CONFLICT', texts.alreadyClosed);
        const values = controlValues(input.action, { now, opensAt, roomOpensAt, pausedAt });
        await controlOnsale(tx, current.id, values);
        const after = {
          opens_at: (values.opensAt ?? opensAt).toISOString(),
          room_opens_at: (values.roomOpensAt ?? roomOpensAt).toISOString(),
          closes_at: values.closesAt !== undefined ? (values.closesAt?.toISOString() ?? null) : before.closes_at,
          paused_at: values.pausedAt !== undefined ? (values.pausedAt?.toISOString() ?? null) : before.paused_at,
        };
        await insertAudit(tx, { ...auditActor(actor), action: `onsale.${input.action}`, target: `onsale:${current.code}`, before, after });
        return CONTROL_DONE[input.action];
      });
      return changed(input.code, done);
    },

    async change(actor: Actor, input: StaffApiInput<'onsale-change'>): Promise<Worded<StaffApiAnswer<'onsale-change'>>> {
      await deps.db.transaction(async (tx) => {
        const current = await lockOnsaleForChange(tx, input.code);
        if (!current) throw new AppError('NOT_FOUND', texts.noOnsale(input.code));
        if (!current.active) throw new AppError('CONFLICT', texts.switchedOff);
        const after = settingsAfter(current, input.changes);
        const before = fieldTexts(current);
        const afterTexts = fieldTexts(asRow(current, after));
        const changed = (Object.keys(input.changes) as OnsaleEditableField[]).filter((field) => before[field] !== afterTexts[field]);
        // Moving the opening moves the room's opening with it: that shows in the audit as well.
        if (changed.includes('opens_at') && !changed.includes('room_opens_minutes_before')) changed.push('room_opens_minutes_before');
        if (!changed.some((field) => field in input.changes)) throw new AppError('INVALID_INPUT', texts.nothingToChange);
        refuseWhatTheShopKnows(current, input.changes, after, changed);
        await updateOnsaleSettings(tx, current.id, after);
        await insertAudit(tx, {
          ...auditActor(actor),
          action: 'onsale.change',
          target: `onsale:${current.code}`,
          before: Object.fromEntries(changed.map((field) => [field, field === 'room_opens_minutes_before' ? `${before[field]} (${date(current.room_opens_at).toISOString()})` : before[field]])),
          after: Object.fromEntries(changed.map((field) => [field, field === 'room_opens_minutes_before' ? `${afterTexts[field]} (${after.roomOpensAt!.toISOString()})` : afterTexts[field]])),
        });
      });
      // This instance's rooms and pages see it at once; other instances' rooms within their state's age (1 s), their pages within ONSALES_CACHE_MS.
      return changed(input.code, texts.saved);
    },
  };
}

const CONTROL_DONE: Record<OnsaleAction, Text> = { 'open-now': texts.opened, pause: texts.paused, resume: texts.resumed, close: texts.closed };

/**
 * The columns an action moves, or its refusal (the on-sale is neither closed nor switched off):
 * - open now: the opening (and the room's, if later) moves to now, before the opening only;
 * - pause: `paused_at` is now, unless paused;
 * - resume: `paused_at` goes, and the rate's clock restarts now (no credit for the pause);
 * - close: the closing moves to now (before the opening, the opening moves to just before it: the
 *   room closes, it never opened).
 */
export function controlValues(
  action: OnsaleAction,
  at: { now: Date; opensAt: Date; roomOpensAt: Date; pausedAt: Date | null },
): Parameters<typeof controlOnsale>[2] {
  const { now, opensAt, roomOpensAt, pausedAt } = at;
  switch (action) {
    case 'open-now':
      if (pausedAt) throw new AppError('CONFLICT', texts.pausedFirst);
      if (now >= opensAt) throw new AppError('CONFLICT', texts.alreadyOpen);
      return { opensAt: now, roomOpensAt: roomOpensAt > now ? now : roomOpensAt };
    case 'pause':
      if (pausedAt) throw new AppError('CONFLICT', texts.alreadyPaused);
      return { pausedAt: now };
    case 'resume':
      if (!pausedAt) throw new AppError('CONFLICT', texts.notPaused);
      return now >= opensAt ? { pausedAt: null, lastStepAt: now } : { pausedAt: null };
    case 'close': {
      if (now > opensAt) return { closesAt: now, pausedAt: null };
      const opened = new Date(now.getTime() - 1);
      return { opensAt: opened, roomOpensAt: roomOpensAt > opened ? opened : roomOpensAt, closesAt: now, pausedAt: null };
    }
  }
}

/** A new on-sale's columns, from the file's fields. */
function definitionColumns(onsale: OnsaleDefinition) {
  const opensAt = new Date(onsale.opens_at);
  const admission = columnsOfAdmission(onsale.admission);
  return {
    opensAt,
    roomOpensAt: new Date(opensAt.getTime() - onsale.room_opens_minutes_before * MINUTE_MS),
    closesAt: onsale.closes_at ? new Date(onsale.closes_at) : null,
    admissionMode: admission.mode,
    admissionLimit: admission.limit,
    admissionRateLimit: admission.rateLimit,
    steerMin: admission.steerMin,
    steerTargetMs: admission.steerTargetMs,
    sessionMinutes: onsale.session_minutes,
    proofOfWorkBits: onsale.proof_of_work?.bits ?? 0,
  };
}

/** Steer mode's state as its last step left it, with its reason in words; null in the other modes or before the first step. */
function steeringOf(row: OnsaleBoardRow): OnsaleView['steering'] {
  if (row.admission_mode !== 'steer' || row.steer_rate === null || row.steer_target_ms === null) return null;
  const change = steeringChangeOf(row.steer_change);
  return {
    rate: row.steer_rate,
    change,
    p99_ms: row.steer_p99_ms,
    steered_at: optionalDate(row.steered_at)?.toISOString() ?? null,
    text: steeringText({ rate: row.steer_rate, change, p99Ms: row.steer_p99_ms }, row.steer_target_ms),
  };
}

async function roundedRate(rate: Promise<number | null>): Promise<number | null> {
  const value = await rate;
  return value === null ? null : Math.round(value * 10) / 10;
}

export type OnsaleAdmin = ReturnType<typeof createOnsaleAdmin>;
