import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCall } from '../apps/server/test/staff-call';
import { signedInStaff } from '../apps/server/test/staff-sign-in';
import { portalMessages } from '../packages/contract/src/portal-messages';
import { english } from '../packages/contract/src/i18n/english';
import { registerAndLogIn } from './support/accounts';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { addWeekendTicket, checkOutByBankTransfer } from './support/checkout';
import { startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { fillRefundDetails } from './support/refunds';
import { screenshot } from './support/screenshots';

/**
 * Issue 34 point 3 (decision 0060) in Chromium: an order paid by bank transfer is refunded by
 * customer service, who has no bank details of the customer's; the refund waits for them. The
 * customer opens the refund's page (where its e-mail sends them), reads what goes back by bank,
 * gives the account, and the page thanks them and asks no more. A shop of its own: the refund
 * is made through the back office's call.
 */

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await screenshot(page, `refund-bank-${name}-${width}.png`, { fullPage: true });
  }
}

describe('bank details given to a waiting refund', () => {
  const browser = useBrowser();
  let shop: OwnShop | undefined;

  beforeAll(async () => {
    shop = await startOwnShop({ appSecret: 'refund-bank-details-journey-secret-of-32-chars' });
  }, 120_000);
  afterAll(() => stopOwnShop(shop));

  it('asks the customer for the account on the refund’s page, takes it once, and thanks them', { timeout: 150_000 }, async () => {
    const { page, errors } = await openPageOn(browser(), shop!.base, { allowRefusals: true });
    const customer = await registerAndLogIn(page, 'Bank Refundee');
    await addWeekendTicket(page, { name: 'Bank Refundee', email: customer.email });
    const code = await checkOutByBankTransfer(page);

    // The transfer arrives; later customer service refunds the whole order from the back office.
    const member = await signedInStaff(shop!.app, shop!.database.db, { email: 'desk.cs@example.org', role: 'customer_service' });
    const detail = await staffCall(shop!.app, 'order-detail', { code }, member.cookie);
    const total = (detail.body as { order: { total_price: number } }).order.total_price;
    expect((await staffCall(shop!.app, 'order-mark-paid', { code, amount: total }, member.cookie)).status).toBe(200);
    const tickets = (detail.body as { tickets: { code: string }[] }).tickets.map((ticket) => ticket.code);
    const refunded = await staffCall(shop!.app, 'order-refund', { code, tickets }, member.cookie);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const refundId = (refunded.body as { refund: { id: number } }).refund.id;

    await page.goto(`/portal/refunds/${refundId}`);
    await page.locator('#refund-bank-details').waitFor();
    expect(await page.locator('#refund-bank-text').textContent()).toMatch(/^We pay €[\d,.]+ of this refund by bank transfer\./);
    await page.locator('#refund-bank-save').click();
    await expect.poll(() => page.locator('#refund-error').textContent()).toMatch(/^Please fill out the following fields:/);
    await fillRefundDetails(page, 'NL91 ABNA 0417 1643 00', '#refund-bank-form');
    await expectNoAxeViolations(page);
    await screenshots(page, 'asked');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('#refund-bank-save').click();
    await page.getByText(english(portalMessages.bankDetailsWanted.saved(refundId))).waitFor();
    await page.locator('#refund-bank-details').waitFor({ state: 'detached' });
    await expectNoAxeViolations(page);
    await screenshots(page, 'given');
    // Kept: the organiser's queue now has the account, and a reload asks nothing more.
    await page.reload();
    await page.locator('#refund-detail').waitFor();
    expect(await page.locator('#refund-bank-details').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
