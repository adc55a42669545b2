import { LOCALES } from '@festival/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { staffAudit } from '../src/db/schema';
import type { StaffRole } from '../src/db/schema';
import type { Engine } from './databases';
import { signedInStaff } from './staff-sign-in';
import { createTestShop, type TestShop } from './test-shop';

const SHORT: Record<StaffRole, string> = { admin: 'admin2', box_office: 'box', customer_service: 'cs', gate: 'gate' };

export interface BackOfficeShop {
  shop: TestShop;
  /** An admin's session cookie. */
  admin: string;
  /** The session cookie of a member of the other role asked for. */
  other: string;
}

/**
 * A test shop in every language with the demo catalogue, the snapshot taken afresh at every read
 * (an editor's change shows at once), an admin signed in and a member of another role: what every
 * back-office editor's API test starts from. `name` tells the members' e-mail addresses apart.
 */
export async function openBackOfficeShop(
  engine: Engine,
  options: { secret: string; name: string; other: StaffRole; app?: NonNullable<Parameters<typeof createTestShop>[1]>['app'] },
): Promise<BackOfficeShop> {
  const shop = await createTestShop(engine, { config: { languages: [...LOCALES] }, app: { appSecret: options.secret, catalogMaxAgeMs: 0, ...options.app } });
  const clock = new Date();
  const admin = (await signedInStaff(shop.app, shop.database.db, { email: `${options.name}.admin@example.org`, role: 'admin' }, clock)).cookie;
  const other = (await signedInStaff(shop.app, shop.database.db, { email: `${options.name}.${SHORT[options.other]}@example.org`, role: options.other }, clock)).cookie;
  return { shop, admin, other };
}

/** The newest audit entry about a target (`voucher:SUMMER-15`), or undefined. */
export async function lastAudit(db: Db, target: string) {
  return (await db.select().from(staffAudit).where(eq(staffAudit.target, target)).orderBy(desc(staffAudit.id)).limit(1))[0];
}
