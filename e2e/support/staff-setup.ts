import type { Db } from '../../apps/server/src/db/client';
import type { StaffRole } from '../../apps/server/src/db/schema';
import { createStaffAccounts } from '../../apps/server/src/modules/staff/staff-accounts';
import { base32Decode, totpCode, totpStep } from '../../apps/server/src/modules/staff/totp';

/** The members the back office's journeys sign in as, one per journey that changes what it signs in with. */
export const STAFF_JOURNEY_MEMBERS = {
  admin: { email: 'anna.admin@example.org', name: 'Anna de Vries', role: 'admin' },
  boxOffice: { email: 'bram.desk@example.org', name: 'Bram Jansen', role: 'box_office' },
  gate: { email: 'gita.gate@example.org', name: 'Gita Poort', role: 'gate' },
} as const satisfies Record<string, { email: string; name: string; role: StaffRole }>;
export type StaffJourneyMember = keyof typeof STAFF_JOURNEY_MEMBERS;

/** Adds the journeys' members as the organiser's command line does, and answers their first passwords. */
export async function prepareStaff(db: Db): Promise<Record<StaffJourneyMember, { email: string; password: string }>> {
  const accounts = createStaffAccounts({ db });
  const added = {} as Record<StaffJourneyMember, { email: string; password: string }>;
  for (const [key, member] of Object.entries(STAFF_JOURNEY_MEMBERS) as [StaffJourneyMember, (typeof STAFF_JOURNEY_MEMBERS)[StaffJourneyMember]][]) {
    const result = await accounts.add({ commandLine: true }, member);
    if (!result) throw new Error(`${member.email} exists already`);
    added[key] = { email: member.email, password: result.password };
  }
  return added;
}

/** The code an authenticator app shows now for a Base32 secret (as the set-up page shows it, spaces and all). */
export function codeFor(secret: string, at = new Date()): string {
  return totpCode(base32Decode(secret.replace(/\s+/g, ''))!, totpStep(at));
}
