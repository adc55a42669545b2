import { invoiceTotalsPerRate, isoInZone, SOURCE_LOCALE, staffExportMessages, type ExportKind, type Locale, type InvoiceLine, type ShopConfigFile, type StaffApiAnswer, type StaffApiInput } from '@festival/contract';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { AppError } from '../../http/app-error';
import { auditActor, type Actor } from '../staff/staff-accounts';
import { insertAudit } from '../staff/staff.queries';
import { CSV_MEDIA_TYPE, csvDocument, type CsvValue } from './csv';
import * as queries from './exports.queries';
import { answerShower } from '../orders/answers-shown';
import { questionOfRow } from '../catalog/questions.queries';

export interface ExportsDeps {
  db: Db;
  config: Pick<ShopConfigFile, 'currency' | 'timezone'>;
  now: () => Date;
}

/** An item of an exported order: in JSON a list of these, in CSV one cell naming them all. */
export interface ExportItem {
  kind: 'ticket' | 'merchandise';
  code: string;
  name: string;
  status: string;
}

type Cell = CsvValue | ExportItem[];
/** An exported table: its columns (the JSON objects' keys, the CSV's header) and its rows in that order. */
export interface ExportTable {
  columns: readonly string[];
  rows: Cell[][];
}

/** Minor units as a decimal amount in the shop's currency: 1250 → "12.50" (exact, never through floating point). */
export function decimalAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Where a ticket stands at the gates: inside now on some list, checked in and left, or never scanned in. */
export const presenceOf = (inside: boolean | null): 'inside' | 'left' | 'never' => (inside === null ? 'never' : inside ? 'inside' : 'left');

const itemsCell = (items: ExportItem[]) => items.map((item) => `${item.name} (${item.code}, ${item.status})`).join('; ');

/** The header of a question's column in the attendees export: its code, which never changes (decision 0106), apart from the export's own columns. */
export const answerColumn = (code: string) => `answer.${code}`;

/**
 * The attendees export's answer columns (decision 0106): one per question code of the exported
 * products (products sharing a code share its column), in the order asked; a ticket's cell is its
 * own answer, or for a per-order question its order's, repeated on each of the order's tickets (the
 * ticket's own product's question first where two products of the order ask the same code).
 * Words in the member's language; dates as kept (YYYY-MM-DD, what a spreadsheet sorts); several
 * choices joined by "; ".
 */
function answerColumns(rows: Awaited<ReturnType<typeof queries.listQuestionAnswersForExport>>, language: Locale) {
  const show = answerShower(language, { separator: '; ' });
  const codes: string[] = [];
  const byTicket = new Map<string, string>();
  const byOrder = new Map<string, { itemId: number; text: string }[]>();
  for (const row of rows) {
    const { code } = row.question;
    if (!codes.includes(code)) codes.push(code);
    if (row.orderId === null || row.value === null) continue;
    const text = show.words(questionOfRow(row.question), row.value);
    if (row.ticketId !== null) byTicket.set(`${row.ticketId}\n${code}`, text);
    else {
      const key = `${row.orderId}\n${code}`;
      byOrder.set(key, [...(byOrder.get(key) ?? []), { itemId: row.question.shopItemId, text }]);
    }
  }
  return {
    columns: codes.map(answerColumn),
    cellsOf: (ticket: { ticketId: number; orderId: number; itemId: number }): CsvValue[] =>
      codes.map((code) => {
        const own = byTicket.get(`${ticket.ticketId}\n${code}`);
        if (own !== undefined) return own;
        const ordered = byOrder.get(`${ticket.orderId}\n${code}`);
        return (ordered?.find((answer) => answer.itemId === ticket.itemId) ?? ordered?.[0])?.text ?? null;
      }),
  };
}

/** Builds each export's table from its reads: linear in the rows (items grouped by order in one pass). */
async function tableOf(db: Db, what: ExportKind, eventId: number | null, currency: string, language: Locale): Promise<ExportTable> {
  if (what === 'orders') {
    const [orderRows, ticketRows, purchaseRows, rates] = await readTogether(db, [
      () => queries.listOrdersForExport(db, eventId),
      () => queries.listOrderTicketsForExport(db, eventId),
      () => queries.listOrderMerchandiseForExport(db, eventId),
      () => queries.listItemTaxRatesForExport(db),
    ]);
    type Line = Pick<InvoiceLine, 'shop_item_type' | 'taxRate' | 'price'>;
    const itemsOf = new Map<number, { items: ExportItem[]; lines: Line[]; fees: number }>();
    const add = (orderId: number, item: ExportItem, line: Line, fee: number) => {
      const entry = itemsOf.get(orderId) ?? { items: [], lines: [], fees: 0 };
      entry.items.push(item);
      entry.lines.push(line);
      entry.fees += fee;
      itemsOf.set(orderId, entry);
    };
    for (const row of ticketRows) add(row.orderId, { kind: 'ticket', code: row.code, name: row.name, status: row.status }, { shop_item_type: 'tickets', taxRate: rates.get(row.itemId) ?? null, price: row.price + row.fee }, row.fee);
    for (const row of purchaseRows) add(row.orderId, { kind: 'merchandise', code: row.code, name: row.name, status: row.status }, { shop_item_type: 'merchandise', taxRate: rates.get(row.itemId) ?? null, price: row.price + row.fee }, row.fee);
    return {
      columns: [
        'code',
        'created_at',
        'channel',
        'buyer',
        'email',
        'status',
        'currency',
        'total',
        'total_minor',
        'vat',
        'vat_minor',
        'fees',
        'fees_minor',
        'shipping',
        'shipping_minor',
        'voucher',
        'discount',
        'discount_minor',
        'paid',
        'paid_minor',
        'refunded',
        'refunded_minor',
        'payment_method',
        'items',
        // A complimentary order (decision 0100): its guest list and reason; its money columns are 0.
        'guest_list',
        'complimentary_reason',
      ],
      rows: orderRows.map((order) => {
        const of = itemsOf.get(order.id);
        // The VAT the order's invoice states: the same function, the same lines, shipping and discount.
        const vat = invoiceTotalsPerRate(of?.lines ?? [], order.shipping > 0 ? { price: order.shipping } : null, order.discount).reduce((sum, rate) => sum + rate.tax, 0);
        return [
          order.code,
          order.createdAt,
          order.channel,
          order.buyer,
          order.email,
          order.status,
          currency,
          decimalAmount(order.total),
          order.total,
          decimalAmount(vat),
          vat,
          decimalAmount(of?.fees ?? 0),
          of?.fees ?? 0,
          decimalAmount(order.shipping),
          order.shipping,
          order.voucher ?? order.discountName,
          decimalAmount(order.discount),
          order.discount,
          decimalAmount(order.paid),
          order.paid,
          decimalAmount(order.refunded),
          order.refunded,
          order.paymentMethod,
          of?.items ?? [],
          order.guestList,
          order.complimentaryReason,
        ];
      }),
    };
  }
  if (what === 'attendees') {
    const [rows, answerRows] = await readTogether(db, [() => queries.listAttendeesForExport(db, eventId), () => queries.listQuestionAnswersForExport(db, eventId)]);
    const answers = answerColumns(answerRows, language);
    return {
      columns: ['holder_name', 'email', 'product', 'event', 'travel_time', 'ticket_code', 'status', 'checkin', 'order_code', 'guest_list', ...answers.columns],
      rows: rows.map((row) => [row.holderName, row.email, row.product, row.event, row.departsAt, row.code, row.status, presenceOf(row.inside), row.orderCode, row.guestList, ...answers.cellsOf(row)]),
    };
  }
  const rows = await queries.listCheckinsForExport(db, eventId);
  return {
    columns: ['ticket', 'list', 'gate', 'direction', 'at', 'scanner', 'offline'],
    rows: rows.map((row) => [row.ticket, row.list, row.gate, row.direction, row.at, row.scanner, row.offline]),
  };
}

/** The table's times as ISO 8601 with the offset of the event's zone (decision 0072): what a spreadsheet and a person read alike. */
export function withZonedTimes(table: ExportTable, timeZone: string): ExportTable {
  return { columns: table.columns, rows: table.rows.map((row) => row.map((cell) => (cell instanceof Date ? (Number.isNaN(cell.getTime()) ? null : isoInZone(cell, timeZone)) : cell))) };
}

/** The table as JSON: an array of objects with the columns as keys, dates in ISO 8601, items as a list. */
export function tableJson(table: ExportTable): string {
  return JSON.stringify(table.rows.map((row) => Object.fromEntries(table.columns.map((column, index) => [column, row[index] instanceof Date ? (row[index] as Date).toISOString() : (row[index] ?? null)]))));
}

/** The table as CSV (csv.ts): items as one cell naming them all. */
export function tableCsv(table: ExportTable): string {
  return csvDocument(
    table.columns,
    table.rows.map((row) => row.map((cell) => (Array.isArray(cell) ? itemsCell(cell) : cell))),
  );
}

/** A file name of plain characters: the export, the event, when. */
const fileName = (what: ExportKind, event: string | null, at: Date, format: 'csv' | 'json') =>
  `${what}${event ? `-${event.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60)}` : ''}-${at.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}.${format}`;

/**
 * The back office's exports (issue 22 point 7): orders, attendees or check-ins, of one event or
 * the whole shop, as CSV or JSON. Read in one repeatable-read transaction (the rows agree with each
 * other), which also writes the audit entry: an export hands customers' data out.
 */
export function createExports(deps: ExportsDeps) {
  const { db } = deps;
  return {
    async export(actor: Actor, input: StaffApiInput<'staff-export'>, language: Locale = SOURCE_LOCALE): Promise<StaffApiAnswer<'staff-export'>> {
      const at = deps.now();
      return db.transaction(
        async (tx) => {
          const code = input.event?.trim() || null;
          const event = code ? await queries.findEventByCode(tx, code) : null;
          if (code && !event) throw new AppError('NOT_FOUND', staffExportMessages.eventNotFound, { event: [staffExportMessages.eventNotFound] });
          const table = withZonedTimes(await tableOf(tx, input.what, event?.id ?? null, deps.config.currency, language), event?.timezone ?? deps.config.timezone);
          await insertAudit(tx, {
            ...auditActor(actor),
            action: `export.${input.what}`,
            target: event ? `event:${event.code}` : null,
            before: null,
            after: { format: input.format, event: event?.code ?? null, rows: table.rows.length },
          });
          return input.format === 'csv'
            ? { filename: fileName(input.what, event?.code ?? null, at, 'csv'), media_type: CSV_MEDIA_TYPE, content: tableCsv(table) }
            : { filename: fileName(input.what, event?.code ?? null, at, 'json'), media_type: 'application/json', content: tableJson(table) };
        },
        { isolationLevel: 'repeatable read' },
      );
    },
  };
}

export type Exports = ReturnType<typeof createExports>;
