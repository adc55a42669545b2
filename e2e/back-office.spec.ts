import { auditActionLabel } from '../packages/contract/src/staff-labels';
import type { Page } from 'playwright-core';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { staffAdminMessages, staffLinkMessages, staffMessages } from '../packages/contract/src/staff-accounts';
import { readMail } from './support/accounts';
import { mayCall, SECTIONS } from '../apps/web/src/staff/sections';
import { english, englishOf } from '../packages/contract/src/i18n/english';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';
import { codeFor, signInAs, STAFF_JOURNEY_MEMBERS, type StaffJourneyMember } from './support/staff-setup';
import { screenshot } from './support/screenshots';

/** The back office's texts as the journeys read them: in English, the pages' language. */
const staffTexts = englishOf(staffTextsInCatalogue);

/**
 * The back office at /staff in Chromium against the real server (issue 22): sign-in with a second
 * factor set up from the page's QR code, the recovery codes, the admins' staff page and audit log,
 * what other roles see, and axe on every page.
 */

const member = (key: StaffJourneyMember) => inject('staffMembers')[key];
/** Console errors other than the refusals a journey causes on purpose. */
const unexpectedErrors = (page: Page) => pageErrors(page).filter((error) => !/status of 4\d\d/.test(error));

/** The text a QR code picture (a data: URL of an SVG, as the set-up page shows it) carries. */
async function qrText(dataUrl: string): Promise<string | null> {
  const svg = Buffer.from(dataUrl.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64');
  const { data, info } = await sharp(svg, { density: 300 }).flatten({ background: '#fff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** Password and e-mail on the sign-in page. */
async function givePassword(page: Page, who: { email: string; password: string }) {
  await page.goto('/staff/');
  await page.getByRole('heading', { name: staffTexts.signIn.title }).waitFor();
  await page.getByLabel(staffTexts.signIn.email).fill(who.email);
  await page.getByLabel(staffTexts.signIn.password).fill(who.password);
  await page.getByRole('button', { name: staffTexts.signIn.submit }).click();
}

const teamTexts = staffTexts.team;

/** The one-time link of a staff mail, as a path on this shop. */
const linkIn = (mail: string) => {
  const found = /\/staff\/link#[A-Za-z0-9_-]+/.exec(mail)?.[0];
  expect(found, mail).toBeTruthy();
  return found!;
};

/** The new password's field, not the one to repeat it (its label ends in the required marker). */
const newPasswordLabel = new RegExp(`^${staffTexts.link.newPassword}\\s*\\*?$`);

/** A picture of the whole page, kept when SCREENSHOT_DIR is set (to look at changed screens and mails). */
async function shot(page: Page, name: string) {
  await screenshot(page, `${name}.png`, { fullPage: true });
}
const auditTexts = staffTexts.audit;

describe('the back office', () => {
  const browser = useBrowser();

  it('signs an admin in with a second factor set up from its QR code, keeps the recovery codes, and manages staff with every change in the audit log', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    const admin = member('admin');
    await page.goto('/staff/');
    await page.getByRole('heading', { name: staffTexts.signIn.title }).waitFor();
    await expectNoAxeViolations(page);

    // A wrong password: the shop's text, and still the sign-in.
    await page.getByLabel(staffTexts.signIn.email).fill(admin.email);
    await page.getByLabel(staffTexts.signIn.password).fill('not the password');
    await page.getByRole('button', { name: staffTexts.signIn.submit }).click();
    await page.getByRole('alert').filter({ hasText: english(staffMessages.wrongSignIn) }).waitFor();

    await givePassword(page, admin);
    await page.getByRole('heading', { name: staffTexts.signIn.setUpTitle }).waitFor();
    await expectNoAxeViolations(page);
    const secret = (await page.locator('.staff-secret').innerText()).trim();
    const qr = await qrText((await page.getByRole('img', { name: staffTexts.signIn.setUpQrAlt }).getAttribute('src'))!);
    expect(qr).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(qr!).searchParams.get('secret')).toBe(secret.replace(/\s+/g, ''));

    // A wrong code first: refused with the shop's text; then the app's code.
    const code = codeFor(secret);
    await page.getByLabel(staffTexts.signIn.code).fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: staffTexts.signIn.setUpSubmit }).click();
    await page.getByRole('alert').filter({ hasText: english(staffMessages.wrongCode) }).waitFor();
    await page.getByLabel(staffTexts.signIn.code).fill(code);
    await page.getByRole('button', { name: staffTexts.signIn.setUpSubmit }).click();

    await page.getByRole('heading', { name: staffTexts.recovery.title }).waitFor();
    expect(await page.locator('.staff-recovery-codes li').count()).toBe(10);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: staffTexts.recovery.done }).click();

    // The first page of the back office: the dashboard; then the staff.
    await page.getByRole('heading', { name: staffTexts.dashboard.title, level: 1 }).waitFor();
    await page.waitForURL((url) => url.pathname === '/staff/dashboard');
    // The sales so far (the journeys' set-up sold tickets today) drawn as bars, with the figures as a table behind them.
    const bars = page.getByRole('img', { name: /^Bar chart: \d+ units sold/ }).locator('rect');
    await bars.first().waitFor();
    expect(await bars.count()).toBeGreaterThan(0);
    await page.getByText(staffTexts.dashboard.asTable).click();
    expect(await page.locator('.staff-dash-table tbody tr').count()).toBeGreaterThan(0);
    await page.getByRole('list', { name: staffTexts.dashboard.stockTitle }).getByText('Weekend', { exact: false }).first().waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByRole('heading', { name: teamTexts.title, level: 1 }).waitFor();
    // An admin's sections: every one whose call an admin may make (sections.ts), the staff and the audit log among them.
    const adminSections = SECTIONS.filter((section) => mayCall('admin', section.call)).map((section) => english(section.label));
    expect(await page.getByRole('navigation', { name: staffTexts.shell.nav }).getByRole('link').allInnerTexts()).toEqual(adminSections);
    expect(adminSections).toEqual(expect.arrayContaining(['Staff', 'Audit log']));
    await page.getByRole('cell', { name: STAFF_JOURNEY_MEMBERS.boxOffice.email }).waitFor();
    await expectNoAxeViolations(page);

    // A new member is invited (issue 34 point 4): no password on the screen, a one-time link by e-mail.
    await page.getByLabel(teamTexts.email).fill('nina.new@example.org');
    await page.getByLabel(teamTexts.name).fill('Nina Nieuw');
    await page.getByRole('combobox', { name: teamTexts.role }).selectOption('customer_service');
    await page.getByRole('button', { name: teamTexts.add, exact: true }).click();
    await page.getByText(english(staffAdminMessages.invited('nina.new@example.org'))).waitFor();
    await page.getByRole('row', { name: /nina\.new@example\.org/ }).getByText(teamTexts.invited).waitFor();
    expect(await page.locator('.staff-secret').count()).toBe(0);
    // The same address again: the shop's refusal beside the form.
    await page.getByLabel(teamTexts.email).fill('Nina.New@example.org');
    await page.getByLabel(teamTexts.name).fill('Nina Twee');
    await page.getByRole('button', { name: teamTexts.add, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: english(staffAdminMessages.emailTaken) }).waitFor();

    // Nina opens the invitation on her phone, chooses her password and sets up her app.
    const phone = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    const invitation = await readMail(phone, 'nina.new@example.org', 'Your invitation to the back office');
    await shot(phone, 'mail-invitation-390');
    // A link to choose one, never a password (the customers' first mail says "this password:").
    expect(invitation).not.toMatch(/this password/i);
    await phone.goto(linkIn(invitation));
    await phone.getByRole('heading', { name: staffTexts.link.invitationTitle }).waitFor();
    await expectNoAxeViolations(phone);
    await shot(phone, 'link-invitation-390');
    await phone.getByLabel(newPasswordLabel).fill('nina chooses a long password');
    await phone.getByLabel(staffTexts.link.repeat).fill('nina chooses a long password');
    await phone.getByRole('button', { name: staffTexts.link.save }).click();
    await phone.getByRole('heading', { name: staffTexts.signIn.setUpTitle }).waitFor();
    const ninaSecret = (await phone.locator('.staff-secret').innerText()).trim();
    await phone.getByLabel(staffTexts.signIn.code).fill(codeFor(ninaSecret));
    await phone.getByRole('button', { name: staffTexts.signIn.setUpSubmit }).click();
    await phone.getByRole('button', { name: staffTexts.recovery.done }).click();
    await phone.getByRole('button', { name: staffTexts.shell.signOut }).waitFor();
    expect(new URL(phone.url()).hash).toBe('');
    // The link works once.
    await phone.goto(linkIn(invitation));
    await phone.getByRole('heading', { name: staffTexts.link.brokenTitle }).waitFor();
    await phone.getByText(english(staffLinkMessages.linkNotWorking)).waitFor();
    await expectNoAxeViolations(phone);

    // Nina forgot her password: the admin sends her a link; her old one works until she uses it.
    await page.reload();
    await page.getByRole('row', { name: /nina\.new@example\.org/ }).getByText(teamTexts.active).waitFor();
    await page.getByRole('button', { name: `${teamTexts.sendPasswordLink}: Nina Nieuw` }).click();
    await page.getByRole('dialog').getByText(teamTexts.passwordLinkQuestion('Nina Nieuw')).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: teamTexts.sendPasswordLink }).click();
    await page.getByText(english(staffAdminMessages.passwordLinkSent('Nina Nieuw'))).waitFor();
    const reset = await readMail(phone, 'nina.new@example.org', 'Choose a new password for the back office');
    await shot(phone, 'mail-password-reset-390');
    await phone.goto(linkIn(reset));
    await phone.getByRole('heading', { name: staffTexts.link.resetTitle }).waitFor();
    await expectNoAxeViolations(phone);
    await shot(phone, 'link-password-reset-390');
    await phone.getByLabel(newPasswordLabel).fill('a second long password for nina');
    await phone.getByLabel(staffTexts.link.repeat).fill('a second long password for nina');
    await phone.getByRole('button', { name: staffTexts.link.save }).click();
    await phone.getByRole('heading', { name: staffTexts.signIn.codeTitle }).waitFor();
    // A code is taken once: the app's next one.
    await phone.getByRole('textbox', { name: staffTexts.signIn.code }).fill(codeFor(ninaSecret, new Date(Date.now() + 30_000)));
    await phone.getByRole('button', { name: staffTexts.signIn.codeSubmit }).click();
    await phone.getByRole('button', { name: staffTexts.shell.signOut }).waitFor();
    await readMail(phone, 'nina.new@example.org', 'Your back-office password');
    await shot(phone, 'mail-password-changed-390');
    expect(unexpectedErrors(phone)).toEqual([]);
    await phone.context().close();

    // Disabling asks first; cancelling changes nothing, confirming disables.
    await page.getByRole('button', { name: `${teamTexts.disable}: Nina Nieuw` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(teamTexts.disableQuestion('Nina Nieuw')).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `${teamTexts.disable}: Nina Nieuw` }).click();
    await page.getByRole('dialog').getByRole('button', { name: teamTexts.disable }).click();
    await page.getByRole('row', { name: /nina\.new@example\.org/ }).getByText(teamTexts.disabled).waitFor();
    // And back: an admin enables her again.
    await page.getByRole('button', { name: `${teamTexts.enable}: Nina Nieuw` }).click();
    await page.getByRole('dialog').getByRole('button', { name: teamTexts.enable }).click();
    await page.getByRole('row', { name: /nina\.new@example\.org/ }).getByText(teamTexts.active).waitFor();

    // The audit log: the admin's two actions, newest first, with what changed.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: auditTexts.title, level: 1 }).waitFor();
    const rows = page.getByRole('row');
    await rows.filter({ hasText: english(auditActionLabel('staff.disable')) }).first().waitFor();
    const disableRow = rows.filter({ hasText: english(auditActionLabel('staff.disable')) }).first();
    expect(await disableRow.innerText()).toContain(admin.email);
    // In words, on the events' clocks with the zone named (not the stored field and its UTC value).
    expect(await disableRow.innerText()).toMatch(/disabled: – → \S/);
    expect(await disableRow.innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}T|disabledAt/);
    const addRow = rows.filter({ hasText: english(auditActionLabel('staff.invite')) }).filter({ hasText: 'nina.new@example.org' });
    expect(await addRow.count()).toBe(1);
    expect(await addRow.innerText()).toContain(admin.email);
    await expectNoAxeViolations(page);

    // Signed out: the sign-in again, and the back office's pages need it.
    await page.getByRole('button', { name: staffTexts.shell.signOut }).click();
    await page.getByRole('heading', { name: staffTexts.signIn.title }).waitFor();
    await page.goto('/staff/audit');
    await page.getByRole('heading', { name: staffTexts.signIn.title }).waitFor();
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().close();
    // A second browser, two mails and two sign-ins besides the admin's own.
  }, 240_000);

  it('shows other roles only what they may use: the gate crew the way to the scanner, the box office no staff page', async () => {
    const gatePage = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await givePassword(gatePage, member('gate'));
    // No second factor for the gate crew (decision 0041): straight to the scanner's way.
    await gatePage.getByRole('heading', { name: staffTexts.home.gateTitle }).waitFor();
    expect(await gatePage.getByRole('link', { name: staffTexts.home.gateLink }).getAttribute('href')).toBe('/scan/');
    // Their only page in the back office: their own password.
    expect(await gatePage.getByRole('navigation', { name: staffTexts.shell.nav }).getByRole('link').allInnerTexts()).toEqual(['Your password']);
    await expectNoAxeViolations(gatePage);
    await gatePage.goto('/staff/team');
    await gatePage.getByRole('heading', { name: staffTexts.notAllowedTitle }).waitFor();
    await gatePage.getByText(english(staffAdminMessages.notAllowed)).waitFor();
    await expectNoAxeViolations(gatePage);
    expect(unexpectedErrors(gatePage)).toEqual([]);
    await gatePage.context().close();

    const desk = await openPage(browser(), { viewport: { width: 1024, height: 768 } });
    await signInAs(desk, member('boxOffice'));
    expect(await desk.getByRole('navigation', { name: staffTexts.shell.nav }).getByRole('link', { name: 'Staff' }).count()).toBe(0);
    await desk.goto('/staff/audit');
    await desk.getByRole('heading', { name: staffTexts.notAllowedTitle }).waitFor();
    expect(unexpectedErrors(desk)).toEqual([]);
    await desk.context().close();
  });

  it('is not reachable from the shop: no link to it, and not a byte of it on the shop’s first page', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('a[href^="/staff"]').count()).toBe(0);
    expect(requested.filter((path) => path.startsWith('/staff') || path.startsWith('/api/staff'))).toEqual([]);
    expect(requested.length).toBeGreaterThan(1);
    await page.context().close();
  });
});
