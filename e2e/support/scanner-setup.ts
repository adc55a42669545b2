import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { checkinListProducts, checkinLists, events, shopItems } from '../../apps/server/src/db/schema';
import { createScanners } from '../../apps/server/src/modules/checkin/scanners';

/** The gate of the scanner's journeys: open now (the demo's lists open in June 2027), for the festival's weekend and Saturday tickets. */
export const E2E_GATE_LIST = { code: 'E2E-GATE', name: 'Test entrance', gates: ['North', 'South'] } as const;

/** The gate of the day-ticket journey: the weekend ticket every day, the Saturday ticket on Saturday 19 June 2027 only (decision 0064). */
export const E2E_DAY_LIST = { code: 'E2E-DAYS', name: 'Day ticket entrance', gates: ['Main'], saturday: '2027-06-19' } as const;

/**
 * What the scanner's journeys need in the demo shop's database (global-setup.ts): a check-in
 * list that admits now, and scanner credentials as `npm run checkin -- scanner add` makes them
 * (the browser tests run in other processes than the database).
 */
export async function prepareScanners(db: Db, count: number): Promise<string[]> {
  const [event] = await db.select().from(events).where(eq(events.externalCode, 'NWF27'));
  const items = await db
    .select()
    .from(shopItems)
    .where(inArray(shopItems.externalCode, ['NWF27-WEEKEND', 'NWF27-DAY-SAT']));
  const [list] = await db
    .insert(checkinLists)
    .values({ eventId: event!.id, code: E2E_GATE_LIST.code, name: E2E_GATE_LIST.name, entry: 'single', gates: [...E2E_GATE_LIST.gates] })
    .returning();
  await db.insert(checkinListProducts).values(items.map((item) => ({ listId: list!.id, shopItemId: item.id })));
  const [days] = await db
    .insert(checkinLists)
    .values({ eventId: event!.id, code: E2E_DAY_LIST.code, name: E2E_DAY_LIST.name, entry: 'single', gates: [...E2E_DAY_LIST.gates] })
    .returning();
  await db.insert(checkinListProducts).values(items.map((item) => ({ listId: days!.id, shopItemId: item.id, days: item.externalCode === 'NWF27-DAY-SAT' ? [E2E_DAY_LIST.saturday] : null })));
  const scanners = createScanners({ db });
  const codes: string[] = [];
  for (let index = 1; index <= count; index += 1) codes.push((await scanners.add(`E2E scanner ${index}`)).code);
  return codes;
}
