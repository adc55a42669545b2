import { asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, shopItems, vouchers } from '../../db/schema';

export type VoucherRow = typeof vouchers.$inferSelect;
export type VoucherValues = Omit<typeof vouchers.$inferInsert, 'id' | 'used' | 'createdAt' | 'updatedAt'>;

/** A search's text as LIKE reads it literally (its % and _ are the organiser's characters, not wildcards). */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The start of a code (codes are upper-case), or a word anywhere in a name. */
function searchCondition(query: string): SQL | undefined {
  if (!query) return undefined;
  return or(sql`${vouchers.code} LIKE ${`${literal(query.toUpperCase())}%`}`, ilike(vouchers.name, `%${literal(query)}%`));
}

/** The newest vouchers the search finds (at most `limit`), and how many it finds in all. */
export async function searchVouchers(db: Db, query: string, limit: number): Promise<{ rows: VoucherRow[]; total: number }> {
  const where = searchCondition(query);
  const rows = await db.select().from(vouchers).where(where).orderBy(desc(vouchers.id)).limit(limit);
  // The count only when the page is full: a shorter page is all there is.
  if (rows.length < limit) return { rows, total: rows.length };
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(vouchers).where(where);
  return { rows, total: counted?.total ?? rows.length };
}

export interface VoucherOrderRow {
  voucherId: number;
  code: string;
  createdAt: Date;
  discountAmount: number;
  paymentStatus: string;
  /** How many orders hold the voucher in all. */
  total: number;
}

/** The newest `perVoucher` orders of each voucher, with each voucher's count of orders (one statement for the page). */
export async function listVoucherOrders(db: Db, voucherIds: number[], perVoucher: number): Promise<VoucherOrderRow[]> {
  if (!voucherIds.length) return [];
  const result = await db.execute<{ voucher_id: number; code: string; created_at: string | Date; discount_amount: number; payment_status: string; total: number }>(sql`
    SELECT voucher_id, code, created_at, discount_amount, payment_status, total::int AS total
      FROM (SELECT ${orders.voucherId} AS voucher_id, ${orders.code} AS code, ${orders.createdAt} AS created_at, ${orders.discountAmount} AS discount_amount,
                   ${orders.paymentStatus} AS payment_status,
                   row_number() OVER (PARTITION BY ${orders.voucherId} ORDER BY ${orders.id} DESC) AS place,
                   count(*) OVER (PARTITION BY ${orders.voucherId}) AS total
              FROM ${orders}
             WHERE ${orders.voucherId} = ANY (${`{${voucherIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])) AS ranked
     WHERE place <= ${perVoucher}
     ORDER BY voucher_id, place`);
  const rows = (result as unknown as { rows: { voucher_id: number; code: string; created_at: string | Date; discount_amount: number; payment_status: string; total: number }[] }).rows;
  return rows.map((row) => ({
    voucherId: Number(row.voucher_id),
    code: row.code,
    createdAt: new Date(row.created_at),
    discountAmount: Number(row.discount_amount),
    paymentStatus: row.payment_status,
    total: Number(row.total),
  }));
}

/** The voucher of a code (upper-case), locked against checkouts taking its uses and other changes until the transaction ends. */
export async function lockVoucher(tx: Db, code: string): Promise<VoucherRow | undefined> {
  const [row] = await tx.select().from(vouchers).where(eq(vouchers.code, code)).for('no key update');
  return row;
}

export async function findVoucher(db: Db, code: string): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code));
  return row;
}

export async function insertVoucher(tx: Db, values: VoucherValues): Promise<VoucherRow> {
  const [row] = await tx.insert(vouchers).values(values).returning();
  return row!;
}

export async function updateVoucher(tx: Db, id: number, values: VoucherValues): Promise<VoucherRow> {
  const [row] = await tx
    .update(vouchers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(vouchers.id, id))
    .returning();
  return row!;
}

/**
 * Inserts vouchers, skipping any whose code a voucher has already (ON CONFLICT DO NOTHING: a
 * concurrent insert of the same code waits for the other and then skips). Answers the codes inserted.
 */
export async function insertNewVouchers(tx: Db, rows: VoucherValues[]): Promise<string[]> {
  if (!rows.length) return [];
  const inserted = await tx.insert(vouchers).values(rows).onConflictDoNothing({ target: vouchers.code }).returning({ code: vouchers.code });
  return inserted.map((row) => row.code);
}

/** The products and merchandise a voucher can name: products first, each kind in the listing's order. */
export async function listItemCodes(db: Db) {
  return db
    .select({ code: shopItems.externalCode, name: shopItems.name, type: shopItems.shopItemType })
    .from(shopItems)
    .orderBy(desc(shopItems.shopItemType), asc(shopItems.sortOrder), asc(shopItems.id));
}
