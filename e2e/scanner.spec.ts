import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { readPdf } from '../apps/server/test/pdf-reader';
import { scannerMessages } from '../packages/contract/src/staff-checkin';
import { english } from '../packages/contract/src/i18n/english';
import { scanTexts } from '../apps/web/src/scan/scan.messages';
import { newAddress, registerAndLogIn } from './support/accounts';
import { baseUrl, expectNoAxeViolations, launchBrowser, openPage, pageErrors, useBrowser } from './support/browser';
import { checkOutAndPayByCard } from './support/checkout';
import { qrCodeVideo } from './support/fake-camera';
import { E2E_DAY_LIST, E2E_GATE_LIST } from './support/scanner-setup';
import { screenshot } from './support/screenshots';

/**
 * The gate scanner at /scan in Chromium against the real server (issue 21 point 4): signed in with
 * a scanner code, list and gate chosen, tickets checked in by their typed code and by their
 * signed pass (as the camera reads it), its service worker in control, and (network cut) a ticket
 * sold after the last sync admitted offline and uploaded when the network returns.
 */

const scannerCode = (index: number) => inject('scannerCodes')[index]!;
/** Console errors other than the refusals and cut network a journey causes on purpose. */
const unexpectedErrors = (page: Page) => pageErrors(page).filter((error) => !/status of 4\d\d|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(error));

/** A buyer's page on the shop: one ticket (the weekend ticket unless told) bought and paid; answers the order's code and the page. */
async function buyWeekendTicket(browser: Browser, name: string, product = 'NWF27-WEEKEND'): Promise<{ page: Page; order: string }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await registerAndLogIn(page, name);
  await page.goto(`/tickets/${product}`);
  await page.locator('#add-to-cart').click();
  await page.locator('#personalise-modal').waitFor();
  await page.locator('#personalise-full-name').fill(name);
  await page.locator('#personalise-email').fill(`${name.toLowerCase().replace(/\W+/g, '.')}@example.com`);
  if (await page.locator('#personalise-age').count()) await page.locator('#personalise-age').selectOption('25-34');
  await page.locator('#personalise-confirm').click();
  await page.locator('#personalise-modal').waitFor({ state: 'detached' });
  return { page, order: await checkOutAndPayByCard(page) };
}

/** The order's ticket codes and, for the first, the signed pass its PDF's QR code carries. */
async function ticketOf(page: Page, order: string): Promise<{ code: string; pass: string }> {
  await page.goto(`/portal/orders/${order}`);
  await page.locator('#order-tickets').waitFor();
  const [code] = await page.locator('#order-tickets [id^="ticket-status-"]').evaluateAll((nodes) => nodes.map((node) => node.id.replace('ticket-status-', '')));
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`#ticket-download-${code}`).click()]);
  const pdf = await readPdf(new Uint8Array(await readFile((await download.path())!)));
  return { code: code!, pass: pdf.qrCodes[0]! };
}

/** The ticket passed on to another address (a new code: the pass downloaded before no longer admits). */
async function passOn(page: Page, order: string, code: string): Promise<void> {
  await page.goto(`/portal/orders/${order}/manage-ticket/${code}`);
  await page.locator('#manage-email').fill(newAddress('next.holder'));
  await page.locator('#manage-reassign').check();
  await page.locator('#manage-next').click();
  await page.locator('#manage-confirm').click();
  await page.waitForURL((url) => url.pathname === `/portal/orders/${order}`);
}

/** A staff phone: a page of its own (fresh storage, no service worker yet), collecting its errors. */
const scannerPhone = (browser: Browser): Promise<Page> => openPage(browser, { viewport: { width: 390, height: 844 } });

async function signInAndChoose(page: Page, code: string, gate: string, list: { name: string } = E2E_GATE_LIST) {
  await page.goto('/scan/');
  await page.getByRole('heading', { name: english(scanTexts.signIn.title) }).waitFor();
  await page.getByLabel(english(scanTexts.signIn.code)).fill(code.toLowerCase());
  await page.getByRole('button', { name: english(scanTexts.signIn.submit) }).click();
  await page.getByRole('heading', { name: english(scanTexts.choose.title) }).waitFor();
  await page.getByRole('radio', { name: new RegExp(list.name) }).check();
  await page.getByRole('radio', { name: gate, exact: true }).check();
  await page.getByRole('button', { name: english(scanTexts.choose.start) }).click();
  await page.getByRole('heading', { name: new RegExp(list.name) }).waitFor();
}

/** Types (or pastes, as a camera would hand it over) a code or pass and answers the full-screen result's text, then dismisses it. */
async function check(page: Page, text: string, options: { axe?: boolean; screenshot?: string } = {}): Promise<string> {
  await page.getByLabel(english(scanTexts.scan.manual)).fill(text);
  await page.getByRole('button', { name: english(scanTexts.scan.check) }).click();
  const result = page.getByTestId('scan-result');
  await result.waitFor();
  const message = (await page.getByTestId('scan-result-message').textContent()) ?? '';
  // The picture first: the result goes by itself after 2.5 s, which an axe run on a busy machine can outlast.
  if (options.screenshot) await screenshot(page, options.screenshot);
  if (options.axe) await expectNoAxeViolations(page);
  const tap = page.getByRole('button', { name: english(scanTexts.result.tapToContinue) });
  if (await tap.isVisible()) await tap.click({ timeout: 5_000 }).catch(() => undefined);
  await result.waitFor({ state: 'detached' });
  return message;
}

const figure = async (page: Page, name: 'admitted' | 'inside') => Number(await page.getByTestId(`count-${name}`).textContent());

describe('the gate scanner in Chromium', () => {
  const browser = useBrowser();

  it('signs in with a scanner code, chooses list and gate, admits a ticket once, and keeps working from its service worker', async () => {
    const buyer = await buyWeekendTicket(browser(), 'Gate Visitor');
    const ticket = await ticketOf(buyer.page, buyer.order);

    const page = await scannerPhone(browser());
    await page.goto('/scan');
    expect(new URL(page.url()).pathname).toBe('/scan/');
    await page.getByRole('heading', { name: english(scanTexts.signIn.title) }).waitFor();
    await expectNoAxeViolations(page);
    // A wrong code: the shop's own words.
    await page.getByLabel(english(scanTexts.signIn.code)).fill('NOT-A-SCANNER-CODE');
    await page.getByRole('button', { name: english(scanTexts.signIn.submit) }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(english(scannerMessages.badScannerCode));
    await expectNoAxeViolations(page);

    await page.getByLabel(english(scanTexts.signIn.code)).fill(scannerCode(0).toLowerCase());
    await page.getByRole('button', { name: english(scanTexts.signIn.submit) }).click();
    await page.getByRole('heading', { name: english(scanTexts.choose.title) }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: new RegExp(E2E_GATE_LIST.name) }).check();
    await page.getByRole('radio', { name: 'South', exact: true }).check();
    await page.getByRole('button', { name: english(scanTexts.choose.start) }).click();
    await page.getByRole('heading', { name: new RegExp(E2E_GATE_LIST.name) }).waitFor();
    await expect.poll(() => page.getByTestId('scan-status').textContent()).toMatch(/Data from \d\d:\d\d \(\d+ min ago\)/);
    await expectNoAxeViolations(page);
    const admittedBefore = await figure(page, 'admitted');

    // Typed as staff read it off a phone: lower case, in groups.
    expect(await check(page, ticket.code.toLowerCase().replace(/(.{4})(?!$)/g, '$1 '), { axe: true })).toBe(english(scannerMessages.admit));
    await expect.poll(() => figure(page, 'admitted')).toBe(admittedBefore + 1);
    // The same ticket again, here by its signed pass: refused, with when and where it went in.
    const again = await check(page, ticket.pass, { axe: true });
    expect(again).toMatch(/^Already in since \d\d:\d\d at gate South$/);
    expect(again).toBe(english(scannerMessages.alreadyIn(again.slice(17, 22), 'South')));
    expect(await check(page, 'NOTATICKET1')).toBe(english(scannerMessages.notATicket));

    // Installed: after a reload the service worker answers the page, and the device remembers its list and gate.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await page.getByRole('heading', { name: new RegExp(E2E_GATE_LIST.name) }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/scan\/sw\.js$/);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.scope ?? null))).toMatch(/\/scan\/$/);
    // Its cache holds the app and nothing of /api.
    const cached = await page.evaluate(async () =>
      (await Promise.all((await caches.keys()).map(async (key) => (await (await caches.open(key)).keys()).map((request) => new URL(request.url).pathname)))).flat(),
    );
    expect(cached).toContain('/scan/');
    expect(cached.some((path) => path.startsWith('/api/'))).toBe(false);
    expect(cached.some((path) => /^\/scan\/assets\/decoder\.worker-.*\.js$/.test(path))).toBe(true);
    // The manifest makes it installable with its own scope.
    const manifest = await page.evaluate(() => fetch('/scan/manifest.webmanifest').then((response) => response.json()));
    expect(manifest).toMatchObject({ scope: '/scan/', start_url: '/scan/', display: 'standalone' });

    // Another gate: the choice screen again, with the current one chosen.
    await page.getByRole('button', { name: english(scanTexts.scan.change) }).click();
    await page.getByRole('heading', { name: english(scanTexts.choose.title) }).waitFor();
    expect(await page.getByRole('radio', { name: 'South', exact: true }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'North', exact: true }).check();
    await page.getByRole('button', { name: english(scanTexts.choose.start) }).click();
    await page.getByRole('heading', { name: /· North/ }).waitFor();
    await page.getByRole('button', { name: english(scanTexts.scan.signOut) }).click();
    await page.getByRole('heading', { name: english(scanTexts.signIn.title) }).waitFor();
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().close();
    await buyer.page.context().close();
  });

  it('with the network cut, opens from its service worker, admits a ticket sold after its last sync, refuses a revoked one it synced, and uploads the scan when the network returns', async () => {
    const page = await scannerPhone(browser());
    // Revoked before the scanner's sync: bought, its pass kept, then passed on to another holder.
    const passedOn = await buyWeekendTicket(browser(), 'Passing Holder');
    const oldTicket = await ticketOf(passedOn.page, passedOn.order);
    await passOn(passedOn.page, passedOn.order, oldTicket.code);
    await passedOn.page.context().close();

    await signInAndChoose(page, scannerCode(1), 'North');
    await expect.poll(() => page.getByTestId('scan-status').textContent()).toMatch(/^Online.*Data from \d\d:\d\d/);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const listFigures = () =>
      page.evaluate(async (code) => {
        const response = await fetch('/api/staff/checkin-lists', { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: '{}' });
        const answer = (await response.json()) as { lists: { code: string; admitted: number; inside: number }[] };
        return answer.lists.find((list) => list.code === code)!;
      }, E2E_GATE_LIST.code);
    const before = await listFigures();

    // Sold after the scanner's sync: the scanner has never heard of it.
    const buyer = await buyWeekendTicket(browser(), 'Late Buyer');
    const ticket = await ticketOf(buyer.page, buyer.order);

    await page.context().setOffline(true);
    // The installed app opens with no network at all, on its list and gate.
    await page.reload();
    await page.getByRole('heading', { name: new RegExp(E2E_GATE_LIST.name) }).waitFor();
    await expectNoAxeViolations(page);
    expect(await check(page, ticket.pass)).toBe(english(scannerMessages.admit));
    await expect.poll(() => page.getByTestId('scan-status').textContent()).toContain(english(scanTexts.status.offline));
    await expect.poll(() => page.getByTestId('scan-queued').textContent()).toBe(english(scanTexts.status.queued({ count: 1 })));
    await expectNoAxeViolations(page);
    // The pass passed on before the sync: the synced ticket has another code now.
    expect(await check(page, oldTicket.pass)).toBe(english(scannerMessages.revoked));
    // The device remembers its own admission.
    expect(await check(page, ticket.pass)).toMatch(/^Already in since \d\d:\d\d at gate North$/);
    // A typed code it has not synced cannot be judged offline: it says so, and admits no one.
    await page.getByLabel(english(scanTexts.scan.manual)).fill(ticket.code);
    await page.getByRole('button', { name: english(scanTexts.scan.check) }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(english(scanTexts.errors.offlineTypedCode));
    expect(await page.getByTestId('scan-result').count()).toBe(0);
    // Nor can it fetch the lists to change them: it stays at its gate.
    await page.getByRole('button', { name: english(scanTexts.scan.change) }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(english(scanTexts.errors.network));
    expect(await page.getByRole('heading', { name: new RegExp(E2E_GATE_LIST.name) }).count()).toBe(1);

    // Back online: the queue goes up and the shop counts the entry, once.
    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('scan-queued').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('scan-status').textContent()).toMatch(/^Online/);
    const after = await listFigures();
    expect(after.admitted).toBe(before.admitted + 1);
    expect(after.inside).toBe(before.inside + 1);
    // And online, the shop now says where it went in.
    expect(await check(page, ticket.code)).toMatch(/^Already in since \d\d:\d\d at gate North$/);
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().close();
    await buyer.page.context().close();
  });

  it('offline, refuses a Saturday day ticket on another day and names its day, at 390 and 1280 px, admits it on Saturday, and the shop counts that scan (issue 34)', async () => {
    const buyer = await buyWeekendTicket(browser(), 'Saturday Visitor', 'NWF27-DAY-SAT');
    const ticket = await ticketOf(buyer.page, buyer.order);
    await buyer.page.context().close();

    const page = await scannerPhone(browser());
    await signInAndChoose(page, scannerCode(3), 'Main', E2E_DAY_LIST);
    await expect.poll(() => page.getByTestId('scan-status').textContent()).toMatch(/^Online.*Data from \d\d:\d\d/);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const listFigures = () =>
      page.evaluate(async (code) => {
        const response = await fetch('/api/staff/checkin-lists', { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: '{}' });
        const answer = (await response.json()) as { lists: { code: string; admitted: number }[] };
        return answer.lists.find((list) => list.code === code)!.admitted;
      }, E2E_DAY_LIST.code);
    const before = await listFigures();

    // No network: the device judges by what it synced, today (not Saturday 19 June 2027).
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: new RegExp(E2E_DAY_LIST.name) }).waitFor();
    const wrongDay = 'Wrong day: day ticket for Saturday 19 June';
    expect(english(scannerMessages.wrongDayFor('Saturday 19 June', 1))).toBe(wrongDay);
    expect(await check(page, ticket.pass, { axe: true, screenshot: 'scanner-wrong-day-390.png' })).toBe(wrongDay);
    // The typed code of the synced ticket too.
    expect(await check(page, ticket.code)).toBe(wrongDay);
    await expect.poll(() => page.getByTestId('scan-status').textContent()).toContain(english(scanTexts.status.offline));
    expect(await page.getByTestId('scan-queued').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await check(page, ticket.pass, { axe: true, screenshot: 'scanner-wrong-day-1280.png' })).toBe(wrongDay);

    // Saturday afternoon in Amsterdam on the device's clock: the same pass goes in, offline.
    await page.clock.setFixedTime(new Date('2027-06-19T12:00:00Z'));
    expect(await check(page, ticket.pass, { axe: true })).toBe(english(scannerMessages.admit));
    await expect.poll(() => page.getByTestId('scan-queued').textContent()).toBe(english(scanTexts.status.queued({ count: 1 })));

    // Back online: the shop judges the uploaded scan at the time it was made, Saturday, and counts it.
    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('scan-queued').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => listFigures()).toBe(before + 1);
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().close();
  }, 180_000);

  it("reads a ticket's QR code from the camera (jsQR in its worker, fed by Chromium's fake camera) and counts a code held in view as one scan", async () => {
    const buyer = await buyWeekendTicket(browser(), 'Camera Visitor');
    const ticket = await ticketOf(buyer.page, buyer.order);
    await buyer.page.context().close();
    // The downloaded PDF's QR code, filmed: Chromium plays the file as the device's camera.
    const folder = await mkdtemp(path.join(os.tmpdir(), 'scanner-camera-'));
    const video = path.join(folder, 'ticket.y4m');
    await writeFile(video, qrCodeVideo(ticket.pass));
    const cameraBrowser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
    try {
      const page = await scannerPhone(cameraBrowser);
      await page.context().grantPermissions(['camera']);
      await signInAndChoose(page, scannerCode(2), 'South');
      const result = page.getByTestId('scan-result');
      await result.waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('scan-result-message').textContent()).toBe(english(scannerMessages.admit));
      expect(await result.textContent()).toContain('Camera Visitor');
      // Chromium on Linux has no BarcodeDetector: the frames went to the jsQR worker.
      expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
      await result.waitFor({ state: 'detached', timeout: 5_000 });
      // Still in front of the camera: no second scan (it would say "already in").
      await page.waitForTimeout(3_500);
      expect(await result.count()).toBe(0);
      expect(unexpectedErrors(page)).toEqual([]);
    } finally {
      await cameraBrowser.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
  it('says it needs HTTPS on a plain http:// address instead of signing in to nothing', async () => {
    // Any name but localhost and loopback is not a secure context over http: the staff cookie (Secure) would never be kept.
    const shop = new URL(baseUrl());
    const insecure = await launchBrowser([`--host-resolver-rules=MAP scanner.festival.test ${shop.hostname}`]);
    try {
      for (const width of [390, 1280]) {
        const context = await insecure.newContext({ viewport: { width, height: 844 } });
        const page = await context.newPage();
        await page.goto(`http://scanner.festival.test:${shop.port}/scan/`);
        await page.getByRole('heading', { name: english(scanTexts.signIn.title) }).waitFor();
        expect(await page.getByRole('alert').textContent()).toBe(english(scanTexts.signIn.insecure));
        expect(await page.getByRole('button', { name: english(scanTexts.signIn.submit) }).isDisabled()).toBe(true);
        await expectNoAxeViolations(page);
        await screenshot(page, `scanner-insecure-${width}.png`, { fullPage: true });
        await context.close();
      }
    } finally {
      await insecure.close();
    }
  });
});
