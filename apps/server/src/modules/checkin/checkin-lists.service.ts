import {
  CHECKIN_CONFLICTS_SHOWN,
  checkinListFieldMessages,
  checkinListProblems,
  staffCheckinListMessages as texts,
  type CheckinListView,
  type ListableItem,
  type StaffApiAnswer,
  type StaffApiInput,
} from '@festival/contract';
import type { Db } from '../../db/client';
import { AppError, refusedFields } from '../../http/app-error';
import { isUniqueViolation } from '../../db/errors';
import type { Worded } from '../../http/api-route';
import { auditActor, type Actor } from '../staff/staff-accounts';
import { insertAudit } from '../staff/staff.queries';
import { changedListFields, listColumns, MADE_HERE, shapeOfDefinition, shapeOfRow, type CheckinListShape } from './checkin-list-definition';
import * as queries from './checkin-lists.queries';
import { lockCatalogueStructure } from '../backoffice/catalogue.queries';
import type { CheckinListRow, GateFigures } from './checkin-lists.queries';

export interface CheckinListAdminDeps {
  /** Where changes are written. */
  db: Db;
  /** Where the overview is read: the back office's own lane (decision 0043). */
  readDb?: Db;
  now: () => Date;
  /** A list changed: the gates' instance forgets what it kept of it (checkin.service's cache). */
  changed?: (code: string) => void;
}

export function listView(row: CheckinListRow, figures: { admitted: number; inside: number; openConflicts: number } | undefined, gates: readonly GateFigures[], scanned: boolean): CheckinListView {
  const shape = shapeOfRow(row);
  return {
    id: row.id,
    list: { ...shape, products: shape.products },
    event_name: row.eventName,
    timezone: row.eventTimezone,
    active: row.active,
    scanned,
    back_office_fields: row.backOfficeFields,
    admitted: figures?.admitted ?? 0,
    inside: figures?.inside ?? 0,
    gates: gates.filter((gate) => gate.list_id === row.id).map(({ gate, admitted, inside }) => ({ gate, admitted, inside })),
    open_conflicts: figures?.openConflicts ?? 0,
  };
}

/** The marks a change leaves: the fields set here, with the earlier marks (decision 0097). */
const marksAfter = (earlier: readonly string[], fields: readonly string[]) => [...new Set([...earlier, ...fields])].sort();

/**
 * The back office's check-in lists (issue 37 point 5, decision 0097). A change runs under the
 * list's row lock, checks the catalogue file's rules with the importer's own code (the contract's
 * schema and `checkinListProblems`, against the shop's events and products) and the shop's (a
 * list with scans keeps its event; its code is its name in the file and the reports), writes its
 * audit entry in the same transaction, and reaches the gates at once: a sync reads the list
 * afresh, and this instance's scans forget what they kept of it.
 */
export function createCheckinListAdmin(deps: CheckinListAdminDeps) {
  const { db } = deps;
  const readDb = deps.readDb ?? db;

  async function viewOf(on: Db, id: number): Promise<CheckinListView> {
    const [row] = await queries.listCheckinLists(on, { ids: [id] });
    const [figures, gates, scanned] = await Promise.all([queries.listFigures(on), queries.listGateFigures(on), queries.hasScans(on, id)]);
    return listView(row!, figures.get(id), gates, scanned);
  }

  /** The shop's events and products as the list rules read them, and each product's own days (those its lists agree on). */
  async function shopCatalogue(on: Db) {
    const [events, items] = await Promise.all([queries.listEventsForLists(on), queries.listListableItems(on)]);
    const listable = new Map<string, ListableItem>(
      items.map((item) => [item.code, item.kind === 'merchandise' ? { kind: 'merchandise' } : { kind: 'product', event: item.event, days: item.days }] as const),
    );
    return { events, items, catalogue: { events: new Map(events.map((event) => [event.code, event.timezone] as const)), items: listable } };
  }

  return {
    async overview(): Promise<StaffApiAnswer<'checkin-list-overview'>> {
      const [rows, figures, gates, shop, conflicts] = await Promise.all([
        queries.listCheckinLists(readDb),
        queries.listFigures(readDb),
        queries.listGateFigures(readDb),
        shopCatalogue(readDb),
        queries.listOpenConflicts(readDb, CHECKIN_CONFLICTS_SHOWN),
      ]);
      const scanned = await queries.listsWithScans(readDb, rows.map((row) => row.id));
      return {
        lists: rows.map((row) => listView(row, figures.get(row.id), gates, scanned.has(row.id))),
        events: shop.events.map(({ code, name, timezone }) => ({ code, name, timezone })),
        products: shop.items.flatMap((item) => (item.kind === 'tickets' && item.event ? [{ code: item.code, name: item.name, event: item.event, type: item.type, days: item.days }] : [])),
        conflicts: conflicts.rows.map((row) => ({
          id: row.id,
          list: row.listCode,
          gate: row.gate,
          kind: row.kind as 'conflict' | 'refused',
          reason: row.reason,
          ticket: row.ticketCode,
          holder: row.holder,
          scanner: row.scanner,
          scanned_at: row.scannedAt.toISOString(),
          counted_gate: row.countedAt ? row.countedGate : null,
          counted_at: row.countedAt ? row.countedAt.toISOString() : null,
        })),
        conflicts_total: conflicts.total,
      };
    },

    /** Creates a list (`id` null) or changes the list of `id`, sent whole. */
    async save(actor: Actor, input: StaffApiInput<'checkin-list-save'>): Promise<Worded<StaffApiAnswer<'checkin-list-save'>>> {
      try {
        const saved = await db.transaction(async (tx) => {
          // The products' events and days are read against one state of what names what: a product cannot move to another event meanwhile (decision 0116).
          await lockCatalogueStructure(tx);
          const locked = input.id === null ? null : await queries.lockCheckinList(tx, input.id);
          if (input.id !== null && !locked) throw new AppError('NOT_FOUND', texts.noList);
          const current = locked ? (await queries.listCheckinLists(tx, { ids: [locked.id] }))[0]! : null;
          if (current && current.code !== input.list.code) throw refusedFields('list', [{ path: ['code'], text: texts.codeKept }]);
          if (!current && (await queries.findCheckinListIdByCode(tx, input.list.code)) !== undefined) throw refusedFields('list', [{ path: ['code'], text: texts.codeTaken }]);
          const shop = await shopCatalogue(tx);
          const problems = checkinListProblems(input.list, shop.catalogue);
          if (current && current.eventCode !== input.list.event && (await queries.hasScans(tx, current.id))) problems.unshift({ path: ['event'], text: checkinListFieldMessages.eventKept(current.eventCode) });
          if (problems.length) throw refusedFields('list', problems);
          const after = shapeOfDefinition(input.list, (code) => {
            const item = shop.catalogue.items.get(code);
            return item?.kind === 'product' ? item.days : null;
          });
          const eventId = shop.events.find((event) => event.code === after.event)!.id;
          const itemIds = new Map(shop.items.map((item) => [item.code, item.id]));
          const products = after.products.map((entry) => ({ shopItemId: itemIds.get(entry.product)!, days: entry.days === 'every' ? null : entry.days }));
          if (!current) {
            const id = await queries.insertCheckinList(tx, { ...listColumns(after, eventId), backOfficeFields: [MADE_HERE] });
            await queries.replaceCheckinListProducts(tx, id, products);
            await insertAudit(tx, { ...auditActor(actor), action: 'checkin-list.create', target: `checkin-list:${after.code}`, before: null, after: after as unknown as Record<string, unknown> });
            return { id, code: after.code, created: true };
          }
          const before = shapeOfRow(current);
          const changed = changedListFields(before, after);
          if (!changed.length) throw new AppError('INVALID_INPUT', texts.nothingToChange);
          await queries.updateCheckinList(tx, current.id, { ...listColumns(after, eventId), backOfficeFields: marksAfter(current.backOfficeFields, changed) });
          if (changed.includes('products')) await queries.replaceCheckinListProducts(tx, current.id, products);
          const pick = (shape: CheckinListShape) => Object.fromEntries(changed.map((field) => [field, shape[field]]));
          await insertAudit(tx, { ...auditActor(actor), action: 'checkin-list.change', target: `checkin-list:${current.code}`, before: pick(before), after: pick(after) });
          return { id: current.id, code: current.code, created: false };
        });
        deps.changed?.(saved.code);
        return { list: await viewOf(db, saved.id), message: saved.created ? texts.created(saved.code) : texts.saved(saved.code) };
      } catch (error) {
        // Another admin created the code at the same moment.
        if (isUniqueViolation(error)) throw refusedFields('list', [{ path: ['code'], text: texts.codeTaken }]);
        throw error;
      }
    },

    /** Archives a list (it admits no one from now on; its scans and figures stay) or brings it back. */
    async archive(actor: Actor, input: StaffApiInput<'checkin-list-archive'>): Promise<Worded<StaffApiAnswer<'checkin-list-archive'>>> {
      const code = await db.transaction(async (tx) => {
        const row = await queries.lockCheckinList(tx, input.id);
        if (!row) throw new AppError('NOT_FOUND', texts.noList);
        if (row.active === input.active) throw new AppError('INVALID_INPUT', texts.nothingToChange);
        await queries.updateCheckinList(tx, row.id, { active: input.active, backOfficeFields: marksAfter(row.backOfficeFields, ['active']) });
        await insertAudit(tx, { ...auditActor(actor), action: input.active ? 'checkin-list.restore' : 'checkin-list.archive', target: `checkin-list:${row.code}`, before: { active: row.active }, after: { active: input.active } });
        return row.code;
      });
      deps.changed?.(code);
      return { list: await viewOf(db, input.id), message: input.active ? texts.restored(code) : texts.archived(code) };
    },

    /** Marks a scan the gates could not count as dealt with (it leaves the list of conflicts; the scan stays). */
    async resolveConflict(actor: Actor, input: StaffApiInput<'checkin-conflict-resolve'>): Promise<Worded<StaffApiAnswer<'checkin-conflict-resolve'>>> {
      await db.transaction(async (tx) => {
        const row = await queries.resolveConflict(tx, input.id, deps.now());
        if (!row) throw new AppError('NOT_FOUND', texts.noConflict);
        await insertAudit(tx, {
          ...auditActor(actor),
          action: 'checkin.resolve',
          target: `checkin:${row.id}`,
          before: { kind: row.kind, reason: row.reason, gate: row.gate, resolved: false },
          after: { resolved: true },
        });
      });
      return { message: texts.resolved };
    },
  };
}

export type CheckinListAdmin = ReturnType<typeof createCheckinListAdmin>;
