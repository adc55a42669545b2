import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { staffRefundMessages } from '../packages/contract/src/staff-refunds-exports';
import { english, englishOf } from '../packages/contract/src/i18n/english';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';
import { REFUND_QUEUE_CUSTOMERS } from './support/refund-queue';
import { signInAs } from './support/staff-setup';

/** The back office's texts as the journeys read them: in English, the pages' language. */
const staffTexts = englishOf(staffTextsInCatalogue);

/**
 * The back office's refund queue and exports (issue 22 points 4 and 7) in Chromium against the
 * real server, as customer service: two customers' refund requests (global setup) read, one
 * approved and one rejected with a reason, both then among the decided; the attendees exported as
 * CSV and the downloaded file read back. Axe on each page and dialog, no sideways scroll on a phone.
 */

const texts = staffTexts.refunds;
const exportTexts = staffTexts.exports;
/** Console errors other than the refusals the journey causes on purpose. */
const unexpectedErrors = (page: Page) => pageErrors(page).filter((error) => !/status of 4\d\d/.test(error));
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the back office’s refund queue and exports', () => {
  const browser = useBrowser();

  it('lets customer service approve one request and reject another with a reason, then download the attendees as CSV', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    const queue = inject('refundQueue');
    await signInAs(page, inject('staffMembers').refundDesk);
    const nav = page.getByRole('navigation', { name: staffTexts.shell.nav });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(expect.arrayContaining(['Refunds', 'Exports']));

    await nav.getByRole('link', { name: 'Refunds' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/refunds');
    await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor();
    const card = (code: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: texts.order(code), level: 3 }) });
    const toApprove = card(queue.approve.orderCode);
    const toReject = card(queue.reject.orderCode);
    await toApprove.waitFor();
    await expect.poll(() => page.locator('.staff-refunds-count').innerText()).toMatch(/^\d+ requests? waiting\./);

    // Each request readable at a glance: customer, item, how it was paid and goes back, bank details, note.
    const approveText = await toApprove.innerText();
    for (const part of [queue.approve.customer, queue.approve.email, queue.approve.product, texts.paidBy('bank transfer'), 'NL91 ABNA 0417 1643 00', 'ABNANL2A', 'ABN AMRO, Amsterdam, NL', 'Damrak 1, 1012 LG, Amsterdam', REFUND_QUEUE_CUSTOMERS.approve.note]) {
      expect(approveText).toContain(part);
    }
    expect(approveText).toMatch(/to pay by bank transfer to Ruben Terug, IBAN NL91 ABNA 0417 1643 00\./);
    expect(await toReject.innerText()).toContain(texts.paidBy('card'));
    await expectNoAxeViolations(page);

    // Approve: the confirmation says where the money goes, then the request leaves the queue.
    await page.getByRole('button', { name: texts.actionLabel(texts.approve, queue.approve.orderCode) }).click();
    const approveDialog = page.getByRole('dialog', { name: texts.approveTitle(queue.approve.orderCode) });
    await approveDialog.waitFor();
    const asked = await approveDialog.innerText();
    expect(asked).toMatch(/to pay by bank transfer to Ruben Terug, IBAN NL91 ABNA 0417 1643 00\./);
    expect(asked).toContain(texts.approveAfter);
    await expectNoAxeViolations(page);
    await approveDialog.getByRole('button', { name: texts.approve }).click();
    await approveDialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Notifications' }).getByText(new RegExp(`for order ${queue.approve.orderCode} approved\\. Pay .+ by bank transfer\\.`)).waitFor();
    await toApprove.waitFor({ state: 'detached' });

    // Reject: a reason is required (the shop's own text), and the customer receives it.
    await page.getByRole('button', { name: texts.actionLabel(texts.reject, queue.reject.orderCode) }).click();
    const rejectDialog = page.getByRole('dialog', { name: texts.rejectTitle(queue.reject.orderCode) });
    await rejectDialog.waitFor();
    expect(await rejectDialog.innerText()).toContain(texts.reasonCount(0, 1000));
    await rejectDialog.getByRole('button', { name: texts.rejectSubmit }).click();
    await rejectDialog.getByText(english(staffRefundMessages.reasonMissing)).first().waitFor();
    await expectNoAxeViolations(page);
    const reason = 'You bought it at the box office, so the box office refunds it: bring the ticket to the desk.';
    await rejectDialog.getByLabel(texts.reason).fill(reason);
    expect(await rejectDialog.innerText()).toContain(texts.reasonCount(reason.length, 1000));
    await rejectDialog.getByRole('button', { name: texts.rejectSubmit }).click();
    await rejectDialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Notifications' }).getByText(texts.rejected(queue.reject.orderCode)).waitFor();
    await toReject.waitFor({ state: 'detached' });

    // Both among the decided: how, by whom, and the rejection's reason.
    const decided = page.getByRole('region', { name: texts.decidedCaption });
    const approvedRow = decided.getByRole('row').filter({ hasText: queue.approve.orderCode });
    const rejectedRow = decided.getByRole('row').filter({ hasText: queue.reject.orderCode });
    await approvedRow.waitFor();
    const me = inject('staffMembers').refundDesk.email;
    expect(await approvedRow.innerText()).toContain(texts.states.processed);
    expect(await approvedRow.innerText()).toContain(me);
    expect(await rejectedRow.innerText()).toContain(texts.states.rejected);
    expect(await rejectedRow.innerText()).toContain(reason);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Exports: the attendees as CSV, downloaded as a file that spreadsheets open as UTF-8.
    await nav.getByRole('link', { name: 'Exports' }).click();
    await page.getByRole('heading', { name: exportTexts.title, level: 1 }).waitFor();
    await expectNoAxeViolations(page);
    // The shop's events to choose from (the dashboard's list), all of them by default.
    await expect.poll(() => page.getByLabel(exportTexts.event, { exact: true }).locator('option').count()).toBeGreaterThan(1);
    expect(await page.getByLabel(exportTexts.event, { exact: true }).inputValue()).toBe('');
    await page.getByRole('radio', { name: new RegExp(`^${exportTexts.kinds.attendees.label}`) }).check();
    await page.getByRole('radio', { name: new RegExp(`^${exportTexts.formats.csv.label}`) }).check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: exportTexts.download }).click()]);
    expect(download.suggestedFilename()).toMatch(/^attendees-\d{8}-\d{4}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(rows[0]).toBe('"holder_name","email","product","event","travel_time","ticket_code","status","checkin","order_code","guest_list"');
    // The rejected request's ticket is the customer's again; the approved one is refunded.
    expect(rows.find((row) => row.includes(`"${queue.reject.orderCode}"`))).toContain(`"${queue.reject.customer}"`);
    expect(rows.find((row) => row.includes(`"${queue.approve.orderCode}"`))).toContain('"refunded"');
    await page.getByRole('region', { name: 'Notifications' }).getByText(exportTexts.downloaded(download.suggestedFilename())).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth(page)).toBe(true);

    expect(unexpectedErrors(page)).toEqual([]);
  });
});
