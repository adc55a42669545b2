import type { Page } from 'playwright-core';
import { englishOf } from '../../packages/contract/src/i18n/english';
import { staffTexts as staffTextsInCatalogue } from '../../apps/web/src/staff/texts';
import type { Db } from '../../apps/server/src/db/client';
import type { StaffRole } from '../../apps/server/src/db/schema';
import { createStaffAccounts } from '../../apps/server/src/modules/staff/staff-accounts';
import { base32Decode, totpCode, totpStep } from '../../apps/server/src/modules/staff/totp';

/** The back office's texts as the journeys read them: in English, the pages' language. */
const staffTexts = englishOf(staffTextsInCatalogue);

/** The members the back office's journeys sign in as, one per journey that changes what it signs in with. */
export const STAFF_JOURNEY_MEMBERS = {
  admin: { email: 'anna.admin@example.org', name: 'Anna de Vries', role: 'admin' },
  boxOffice: { email: 'bram.desk@example.org', name: 'Bram Jansen', role: 'box_office' },
  gate: { email: 'gita.gate@example.org', name: 'Gita Poort', role: 'gate' },
  refundDesk: { email: 'rosa.refunds@example.org', name: 'Rosa Terugbetaal', role: 'customer_service' },
  boxOfficeDesk: { email: 'kees.kassa@example.org', name: 'Kees Kassa', role: 'box_office' },
  ordersDesk: { email: 'otto.orders@example.org', name: 'Otto Orderbeheer', role: 'admin' },
  serviceDesk: { email: 'sanne.service@example.org', name: 'Sanne Klantenservice', role: 'customer_service' },
  lookupDesk: { email: 'lars.loket@example.org', name: 'Lars Loket', role: 'box_office' },
  cashDesk: { email: 'carla.contant@example.org', name: 'Carla Contant', role: 'admin' },
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

/**
 * Signs a member in on the back office's page as they would: password, then the app's code (set
 * up from the page's key at the first sign-in, the recovery codes then kept). A code is taken once
 * (decision 0041): a second sign-in within the same 30 seconds waits for the app's next code.
 * Ends on the first page of the member's role.
 */
export async function signInAs(page: Page, who: { email: string; password: string }): Promise<void> {
  const texts = staffTexts.signIn;
  await page.goto('/staff/');
  await page.getByRole('heading', { name: texts.title }).waitFor();
  await page.getByLabel(texts.email).fill(who.email);
  await page.getByLabel(texts.password).fill(who.password);
  await page.getByRole('button', { name: texts.submit }).click();
  const setUp = page.getByRole('heading', { name: texts.setUpTitle });
  const code = page.getByRole('heading', { name: texts.codeTitle });
  const signedIn = page.getByRole('button', { name: staffTexts.shell.signOut });
  await setUp.or(code).or(signedIn).first().waitFor();
  if (await signedIn.isVisible()) return;
  const settingUp = await setUp.isVisible();
  if (settingUp) secrets.set(who.email, (await page.locator('.staff-secret').innerText()).trim());
  const secret = secrets.get(who.email);
  if (!secret) throw new Error(`${who.email} set up their second factor outside this run's sign-ins`);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const step = Math.floor(Date.now() / 30_000);
    if (lastStep.get(who.email) === step) await page.waitForTimeout((step + 1) * 30_000 - Date.now() + 200);
    lastStep.set(who.email, Math.floor(Date.now() / 30_000));
    await page.getByRole('textbox', { name: new RegExp(`^${texts.code}`) }).fill(codeFor(secret));
    await page.getByRole('button', { name: settingUp ? texts.setUpSubmit : texts.codeSubmit }).click();
    const done = settingUp ? page.getByRole('heading', { name: staffTexts.recovery.title }) : signedIn;
    const refused = page.getByRole('alert');
    await done.or(refused).first().waitFor();
    if (await done.isVisible()) break;
  }
  if (settingUp) await page.getByRole('button', { name: staffTexts.recovery.done }).click();
  await signedIn.waitFor();
}

/** The secret each member set up in this run (the page shows it once), and the step of their last code. */
const secrets = new Map<string, string>();
const lastStep = new Map<string, number>();
