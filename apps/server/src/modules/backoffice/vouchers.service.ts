import {
  staffVoucherMessages as texts,
  VOUCHER_LIST_MAX,
  VOUCHER_ORDERS_SHOWN,
  VOUCHER_RANDOM_LENGTH,
  voucherStateProblems,
  type ShopConfigFile,
  type StaffApiAnswer,
  type StaffApiInput,
  type VoucherDefinition,
  type VoucherState,
  type VoucherView,
} from '@festival/contract';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { AppError, refusedFields } from '../../http/app-error';
import { isUniqueViolation } from '../../db/errors';
import type { Worded } from '../../http/api-route';
import { newCode } from '../../lib/new-code';
import { voucherColumns } from '../catalog/catalogue-import';
import { auditActor, type Actor } from '../staff/staff-accounts';
import { insertAudit } from '../staff/staff.queries';
import { csvDocument, CSV_MEDIA_TYPE } from './csv';
import * as queries from './vouchers.queries';
import type { VoucherOrderRow, VoucherRow, VoucherValues } from './vouchers.queries';

export interface VoucherAdminDeps {
  /** Where changes are written. */
  db: Db;
  /** Where the list is read: the back office's own lane (decision 0043). */
  readDb?: Db;
  config: Pick<ShopConfigFile, 'currency' | 'timezone'>;
  now: () => Date;
  /** Makes the random part of a generated code (tests give their own to make clashes). */
  randomCode?: (length: number) => string;
}

/** Rows a generate call inserts in one statement (12 parameters a row, well under PostgreSQL's 65,535). */
export const GENERATE_BATCH = 1000;
/** The CSV of generated vouchers: its columns, as the file names them. */
export const GENERATED_CSV_COLUMNS = ['code', 'name', 'kind', 'value', 'max_uses', 'valid_from', 'valid_until'] as const;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A voucher as the file writes it (and the audit log keeps it). */
export function definitionOf(row: VoucherRow): VoucherDefinition {
  return {
    code: row.code,
    name: row.name,
    kind: row.kind,
    discount_amount: row.discountAmount,
    percent: row.percent,
    product: row.freeProduct,
    products: row.products,
    max_uses: row.maxUses,
    max_uses_per_customer: row.maxUsesPerCustomer,
    valid_from: iso(row.validFrom),
    valid_until: iso(row.validUntil),
    active: row.active,
  };
}

/** Where a voucher stands at `now`. */
export function voucherState(row: Pick<VoucherRow, 'active' | 'validFrom' | 'validUntil' | 'maxUses' | 'used'>, now: Date): VoucherState {
  if (!row.active) return 'switched-off';
  if (row.validFrom && row.validFrom > now) return 'not-yet-valid';
  if (row.validUntil && row.validUntil <= now) return 'expired';
  if (row.maxUses !== null && row.used >= row.maxUses) return 'used-up';
  return 'live';
}

export function voucherView(row: VoucherRow, orders: readonly VoucherOrderRow[], now: Date): VoucherView {
  return {
    code: row.code,
    name: row.name,
    kind: row.kind,
    discount_amount: row.discountAmount,
    percent: row.percent,
    product: row.freeProduct,
    products: row.products,
    max_uses: row.maxUses,
    max_uses_per_customer: row.maxUsesPerCustomer,
    valid_from: iso(row.validFrom),
    valid_until: iso(row.validUntil),
    active: row.active,
    used: row.used,
    state: voucherState(row, now),
    orders: orders.map((order) => ({ code: order.code, created_at: order.createdAt.toISOString(), discount_amount: order.discountAmount, payment_status: order.paymentStatus })),
    orders_total: orders[0]?.total ?? 0,
    created_at: row.createdAt.toISOString(),
  };
}

/** What a voucher gives, as the CSV's value column writes it: the amount, the percent, or the product's code. */
const valueOf = (values: Pick<VoucherValues, 'kind' | 'discountAmount' | 'percent' | 'freeProduct'>) =>
  values.kind === 'fixed' ? values.discountAmount : values.kind === 'percentage' ? values.percent : values.freeProduct;

/**
 * The back office's vouchers (issue 37 point 3, decision 0096). A change runs under the voucher's
 * row lock (the lock a checkout's use of it waits on), checks the file's rules (the contract's
 * schema) and the shop's (a used voucher keeps its code and kind and never allows fewer uses than it
 * had; the products it names exist), and writes its audit entry in the same transaction.
 */
export function createVoucherAdmin(deps: VoucherAdminDeps) {
  const { db } = deps;
  const readDb = deps.readDb ?? db;
  const randomCode = deps.randomCode ?? newCode;

  const knownItems = async (on: Db) => new Set((await queries.listItemCodes(on)).map((item) => item.code));

  async function viewOf(on: Db, row: VoucherRow): Promise<VoucherView> {
    return voucherView(row, await queries.listVoucherOrders(on, [row.id], VOUCHER_ORDERS_SHOWN), deps.now());
  }

  return {
    async list(input: StaffApiInput<'voucher-list'>): Promise<StaffApiAnswer<'voucher-list'>> {
      const [found, items] = await readTogether(readDb, [() => queries.searchVouchers(readDb, input.query, VOUCHER_LIST_MAX), () => queries.listItemCodes(readDb)] as const);
      const orders = await queries.listVoucherOrders(readDb, found.rows.map((row) => row.id), VOUCHER_ORDERS_SHOWN);
      const ordersOf = new Map<number, VoucherOrderRow[]>();
      for (const order of orders) ordersOf.set(order.voucherId, [...(ordersOf.get(order.voucherId) ?? []), order]);
      const now = deps.now();
      return {
        currency: deps.config.currency,
        timezone: deps.config.timezone,
        vouchers: found.rows.map((row) => voucherView(row, ordersOf.get(row.id) ?? [], now)),
        total: found.total,
        products: items.map((item) => ({ code: item.code, name: item.name, kind: item.type === 'tickets' ? ('product' as const) : ('merchandise' as const) })),
      };
    },

    /** Creates a voucher (`code` null) or changes the voucher of `code`, sent whole. */
    async save(actor: Actor, input: StaffApiInput<'voucher-save'>): Promise<Worded<StaffApiAnswer<'voucher-save'>>> {
      const values = voucherColumns(input.voucher);
      try {
        const saved = await db.transaction(async (tx) => {
          const current = input.code === null ? null : await queries.lockVoucher(tx, input.code.toUpperCase());
          if (input.code !== null && !current) throw new AppError('NOT_FOUND', texts.noVoucher(input.code));
          if (current?.code !== values.code && (await queries.findVoucher(tx, values.code))) throw refusedFields('voucher', [{ path: ['code'], text: texts.codeTaken }]);
          const problems = voucherStateProblems(input.voucher, current ? { code: current.code, kind: current.kind, used: current.used } : null, await knownItems(tx));
          if (problems.length) throw refusedFields('voucher', problems);
          if (!current) {
            const row = await queries.insertVoucher(tx, values);
            await insertAudit(tx, { ...auditActor(actor), action: 'voucher.create', target: `voucher:${row.code}`, before: null, after: definitionOf(row) });
            return { row, created: true };
          }
          const before = definitionOf(current);
          const after = definitionOf({ ...current, ...values });
          const changed = (Object.keys(after) as (keyof VoucherDefinition)[]).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
          if (!changed.length) throw new AppError('INVALID_INPUT', texts.nothingToChange);
          const row = await queries.updateVoucher(tx, current.id, values);
          await insertAudit(tx, {
            ...auditActor(actor),
            action: 'voucher.change',
            target: `voucher:${current.code}`,
            before: Object.fromEntries(changed.map((field) => [field, before[field]])),
            after: Object.fromEntries(changed.map((field) => [field, after[field]])),
          });
          return { row, created: false };
        });
        return { voucher: await viewOf(db, saved.row), message: saved.created ? texts.created(saved.row.code) : texts.saved(saved.row.code) };
      } catch (error) {
        // Another admin created the code at the same moment.
        if (isUniqueViolation(error)) throw refusedFields('voucher', [{ path: ['code'], text: texts.codeTaken }]);
        throw error;
      }
    },

    /**
     * `count` vouchers like the template, each with a code of its own (the prefix, then random
     * characters of an alphabet without look-alikes, from the system's cryptographic source), in
     * ONE transaction, inserted in batches. A code some voucher has already (an older one, or one
     * another admin generates at the same moment) is skipped and another made in its place, so
     * exactly `count` new codes come back, as CSV built in one pass.
     */
    async generate(actor: Actor, input: StaffApiInput<'voucher-generate'>): Promise<Worded<StaffApiAnswer<'voucher-generate'>>> {
      const problems = voucherStateProblems({ ...input.template, code: 'TEMPLATE' }, null, await knownItems(db));
      if (problems.length) throw refusedFields('template', problems);
      const prefix = input.prefix.toUpperCase();
      const start = prefix && !/[-_]$/.test(prefix) ? `${prefix}-` : prefix;
      const columns = voucherColumns({ ...input.template, code: 'TEMPLATE' });
      const made = await db.transaction(async (tx) => {
        const codes: string[] = [];
        const tried = new Set<string>();
        // Each round inserts what is still wanted; a round that gets nothing in is a generator that repeats itself.
        for (let rounds = 0; codes.length < input.count; rounds += 1) {
          if (rounds > input.count / GENERATE_BATCH + 100) throw new Error('the code generator keeps making codes that exist already');
          const batch: string[] = [];
          while (batch.length < Math.min(GENERATE_BATCH, input.count - codes.length)) {
            const code = start + randomCode(VOUCHER_RANDOM_LENGTH);
            if (tried.has(code)) continue;
            tried.add(code);
            batch.push(code);
          }
          codes.push(...(await queries.insertNewVouchers(tx, batch.map((code) => ({ ...columns, code })))));
        }
        await insertAudit(tx, {
          ...auditActor(actor),
          action: 'voucher.generate',
          target: `vouchers:${start || '*'}`,
          before: null,
          after: { count: codes.length, prefix: start, first: codes[0], last: codes[codes.length - 1], template: input.template },
        });
        return codes;
      });
      const value = valueOf(columns);
      const validFrom = columns.validFrom ?? null;
      const validUntil = columns.validUntil ?? null;
      const content = csvDocument(
        GENERATED_CSV_COLUMNS,
        made.map((code) => [code, columns.name, columns.kind, value, columns.maxUses ?? null, validFrom, validUntil]),
      );
      const stamp = deps.now().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
      return {
        count: made.length,
        filename: `vouchers-${(start || 'generated').replace(/[-_]+$/, '').toLowerCase()}-${stamp}.csv`,
        media_type: CSV_MEDIA_TYPE,
        content,
        message: texts.generated(made.length),
      };
    },
  };
}

export type VoucherAdmin = ReturnType<typeof createVoucherAdmin>;
