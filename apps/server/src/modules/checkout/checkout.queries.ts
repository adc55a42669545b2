import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shippingRates, shopItems, taxRates, vouchers } from '../../db/schema';
import type { TaxRate } from '@festival/contract';

/** The tax rate of each item (null for an item without one). */
export async function taxRatesOfItems(db: Db, itemIds: number[]): Promise<Map<number, TaxRate | null>> {
  const rates = new Map<number, TaxRate | null>();
  if (!itemIds.length) return rates;
  const rows = await db
    .select({ itemId: shopItems.id, name: taxRates.name, basisPoints: taxRates.basisPoints })
    .from(shopItems)
    .leftJoin(taxRates, eq(taxRates.id, shopItems.taxRateId))
    .where(inArray(shopItems.id, itemIds));
  for (const row of rows) rates.set(row.itemId, row.name === null || row.basisPoints === null ? null : { name: row.name, basisPoints: row.basisPoints });
  return rates;
}

export async function findShippingRate(db: Db, country: string) {
  const [row] = await db.select().from(shippingRates).where(eq(shippingRates.country, country.toUpperCase()));
  return row;
}

/** A voucher that can be redeemed now: active, inside its dates, with uses left. Codes match without regard to case. */
export async function findRedeemableVoucher(db: Db, code: string, now: Date) {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(
      and(
        eq(vouchers.code, code.trim().toUpperCase()),
        eq(vouchers.active, true),
        or(isNull(vouchers.validFrom), lte(vouchers.validFrom, now)),
        or(isNull(vouchers.validUntil), gt(vouchers.validUntil, now)),
        or(isNull(vouchers.maxUses), sql`${vouchers.used} < ${vouchers.maxUses}`),
      ),
    );
  return row;
}
