import { GUEST_LISTS_MAX, GUEST_TICKETS_SHOWN, isValidEmail, staffGuestMessages as texts, type Locale, type ShopConfigFile, type StaffApiAnswer, type StaffApiInput } from '@festival/contract';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { AppError } from '../../http/app-error';
import { isUniqueViolation } from '../../db/errors';
import type { Worded } from '../../http/api-route';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import { returnSoldStock } from '../checkout/checkout.queries';
import { lockOrder, updateOrder } from '../orders/orders.queries';
import { auditActor, type Actor } from '../staff/staff-accounts';
import { insertAudit } from '../staff/staff.queries';
import type { BoxOffice } from './box-office.service';
import * as queries from './guests.queries';

export interface GuestListsDeps {
  db: Db;
  /** Where the lists are read: the back office's own lane (decision 0043). */
  readDb?: Db;
  config: Pick<ShopConfigFile, 'languages'>;
  catalog: CatalogReader;
  boxOffice: Pick<BoxOffice, 'issueComplimentary'>;
}

/**
 * Guest lists (issue 37 point 3, decision 0100): the lists with their tickets, a list made or
 * renamed (admins), complimentary tickets issued to a guest on a list through the desk's sale
 * path, and one guest ticket cancelled with its place back on sale. Every change is audited in
 * its transaction.
 */
export function createGuestLists(deps: GuestListsDeps) {
  const { db, config } = deps;
  const readDb = deps.readDb ?? db;

  return {
    async lists(): Promise<StaffApiAnswer<'guest-lists'>> {
      const lists = await queries.listGuestLists(readDb, GUEST_LISTS_MAX);
      const ids = lists.map((list) => list.id);
      const [counts, shown] = await readTogether(readDb, [() => queries.countGuestTickets(readDb, ids), () => queries.listGuestTickets(readDb, ids, GUEST_TICKETS_SHOWN)]);
      const countOf = new Map(counts.map((row) => [row.list_id, row]));
      return {
        lists: lists.map((list) => ({
          id: list.id,
          name: list.name,
          issued: countOf.get(list.id)?.issued ?? 0,
          cancelled: countOf.get(list.id)?.cancelled ?? 0,
          tickets: shown
            .filter((row) => row.list_id === list.id)
            .map((row) => ({ code: row.code, order_code: row.order_code, product: row.product, holder: row.holder, email: row.email, reason: row.reason, status: row.status, issued_at: row.issued_at })),
        })),
        languages: [...config.languages],
        default_language: config.languages[0]!,
      };
    },

    async save(actor: Actor, input: StaffApiInput<'guest-list-save'>): Promise<Worded<StaffApiAnswer<'guest-list-save'>>> {
      return db.transaction(async (tx) => {
        const who = auditActor(actor);
        if (input.id === null) {
          const list = await queries.insertGuestList(tx, input.name);
          if (!list) throw new AppError('CONFLICT', texts.listNameTaken, { name: [texts.listNameTaken] });
          await insertAudit(tx, { ...who, action: 'guest-list.create', target: `guest-list:${list.id}`, before: null, after: { name: list.name } });
          return { message: texts.listCreated(list.name), list: { id: list.id, name: list.name } };
        }
        const before = await queries.findGuestList(tx, input.id);
        if (!before) throw new AppError('NOT_FOUND', texts.noList, { id: [texts.noList] });
        const list = await queries.renameGuestList(tx, input.id, input.name).catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', texts.listNameTaken, { name: [texts.listNameTaken] });
          throw error;
        });
        await insertAudit(tx, { ...who, action: 'guest-list.rename', target: `guest-list:${input.id}`, before: { name: before.name }, after: { name: list!.name } });
        return { message: texts.listRenamed(list!.name), list: { id: list!.id, name: list!.name } };
      });
    },

    async issue(actor: Actor, input: StaffApiInput<'guest-issue'>): Promise<Worded<StaffApiAnswer<'guest-issue'>>> {
      const list = await queries.findGuestList(db, input.list_id);
      if (!list) throw new AppError('NOT_FOUND', texts.noList, { list_id: [texts.noList] });
      if (!config.languages.includes(input.language as Locale)) throw new AppError('INVALID_INPUT', texts.chooseLanguage, { language: [texts.chooseLanguage] });
      const email = input.guest.email.trim();
      if (email !== '' && !isValidEmail(email)) throw new AppError('INVALID_INPUT', texts.guestEmail, { 'guest.email': [texts.guestEmail] });
      const sale = await deps.boxOffice.issueComplimentary(actor, {
        list: { id: list.id, name: list.name },
        reason: input.reason,
        language: input.language,
        guest: { full_name: input.guest.full_name, email, age: input.guest.age ?? null },
        code: input.code.trim(),
        quantity: input.quantity,
        departure_id: input.departure_id ?? null,
      });
      return {
        message: texts.issued(sale.tickets.length, list.name, input.guest.full_name),
        order_code: sale.order_code,
        email: sale.buyer.email,
        tickets: sale.tickets.map((ticket) => ({ code: ticket.code, name: ticket.name, holder: ticket.holder, download: ticket.download })),
      };
    },

    /** One guest ticket cancelled under its order's lock; its unit and seat back on sale; the order cancelled with its last ticket. */
    async cancel(actor: Actor, input: StaffApiInput<'guest-cancel'>): Promise<Worded<StaffApiAnswer<'guest-cancel'>>> {
      const code = input.code.trim();
      const found = await queries.findGuestTicket(db, code);
      if (!found) throw new AppError('NOT_FOUND', texts.noTicket, { code: [texts.noTicket] });
      const holder = await db.transaction(async (tx) => {
        const order = (await lockOrder(tx, { id: found.orderId }))!;
        const ticket = await queries.cancelTicket(tx, found.ticketId);
        if (!ticket) throw new AppError('CONFLICT', texts.alreadyCancelled);
        await returnSoldStock(tx, { items: new Map([[ticket.itemId, 1]]), seats: ticket.travelTimeId === null ? new Map() : new Map([[ticket.travelTimeId, 1]]) });
        const live = await queries.countLiveTickets(tx, order.id);
        if (live === 0) await updateOrder(tx, order.id, { paymentStatus: 'cancelled', payBy: null });
        await insertAudit(tx, {
          ...auditActor(actor),
          action: 'guest.cancel',
          target: `order:${order.code}`,
          before: { ticket: ticket.code, status: 'active' },
          after: { ticket: ticket.code, status: 'cancelled', product: ticket.product, holder: ticket.holder, guest_list: found.listId, order_cancelled: live === 0 },
        });
        return ticket.holder ?? '';
      });
      deps.catalog.invalidate();
      return { message: texts.cancelled(holder) };
    },
  };
}

export type GuestLists = ReturnType<typeof createGuestLists>;
