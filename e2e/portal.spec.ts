import { english } from '@festival/contract';
import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../apps/server/test/pdf-reader';
import { messages } from '../packages/contract/src/messages';
import { portalMessages } from '../packages/contract/src/portal-messages';
import { readTicketPass } from '../packages/contract/src/ticket-pass';
import { registerAndLogIn } from './support/accounts';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';
import { checkOutAndPayByCard } from './support/checkout';
import { fillRefundDetails, refundsGoByBank } from './support/refunds';
import { screenshot } from './support/screenshots';

/**
 * The customer portal in Chromium against the real server: an order bought through the sandbox
 * gateway, then its tickets downloaded, a holder's name and a travel time changed, and a refund
 * requested and cancelled, with axe on every portal page on the way.
 */

const toasts = (page: Page) => page.getByTestId('toast').allTextContents();
const expectToast = (page: Page, text: string) => expect.poll(async () => (await toasts(page)).join(' | ')).toContain(text);
/** Console errors other than the refusals a journey causes on purpose. */
const unexpectedErrors = (page: Page) => pageErrors(page).filter((error) => !/status of 4\d\d/.test(error));

interface Holder {
  product: string;
  name: string;
  email: string;
  age?: string;
  travelTime?: number;
}

/** Buys these tickets by card on the sandbox gateway and answers the paid order's code. */
async function buyPaidOrder(page: Page, holders: Holder[]): Promise<string> {
  for (const holder of holders) {
    await page.goto(`/tickets/${holder.product}`);
    await page.locator('#add-to-cart').click();
    await page.locator('#personalise-modal').waitFor();
    await page.locator('#personalise-full-name').fill(holder.name);
    await page.locator('#personalise-email').fill(holder.email);
    if (holder.age) await page.locator('#personalise-age').selectOption(holder.age);
    if (holder.travelTime !== undefined) await page.locator('#personalise-travel-time').selectOption({ index: holder.travelTime });
    await page.locator('#personalise-confirm').click();
    await page.locator('#personalise-modal').waitFor({ state: 'detached' });
  }
  return checkOutAndPayByCard(page);
}

/** The codes of the order's tickets as the order view lists them. */
const ticketCodes = (page: Page) => page.locator('#order-tickets [id^="ticket-status-"]').evaluateAll((nodes) => nodes.map((node) => node.id.replace('ticket-status-', '')));

describe('the customer portal in Chromium', () => {
  const browser = useBrowser();

  it('opens an order, downloads a ticket with a readable QR code, changes a holder’s name in two steps and a travel time', async () => {
    const page = await openPage(browser());
    await registerAndLogIn(page, 'Portal Customer');
    const code = await buyPaidOrder(page, [
      { product: 'NWF27-WEEKEND', name: 'Pat Holder', email: 'pat.holder@example.com', age: '25-34' },
      { product: 'NWF27-SHUTTLE', name: 'Pat Holder', email: 'pat.holder@example.com', travelTime: 1 },
    ]);

    await page.goto('/portal');
    await page.locator(`#portal-order-${code}`).waitFor();
    await expectNoAxeViolations(page);
    await page.locator(`#portal-order-manage-${code}`).click();
    await page.waitForURL((url) => url.pathname === `/portal/orders/${code}`);
    await page.locator('#order-tickets').waitFor();
    await expectNoAxeViolations(page);
    const [weekend, shuttle] = await ticketCodes(page);

    // The ticket downloads as a PDF whose QR code a scanner reads back as the ticket's signed pass (decision 0038).
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`#ticket-download-${weekend}`).click()]);
    const pdf = await readPdf(new Uint8Array(await readFile((await download.path())!)));
    expect(pdf.qrCodes).toHaveLength(1);
    expect(readTicketPass(pdf.qrCodes[0]!)?.fields.code).toBe(weekend);
    expect(pdf.text).toContain('Pat Holder');
    // The portal shows the same pass as a QR picture when asked.
    await page.locator(`#ticket-qr-${weekend} summary`).click();
    const picture = page.locator(`#ticket-qr-${weekend} img`);
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    const png = await page.request.get((await picture.getAttribute('src'))!);
    const { data, info } = await sharp(await png.body()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(pdf.qrCodes[0]);
    await expectNoAxeViolations(page);
    expect(pdf.text).toContain('Weekend ticket');
    const [invoice] = await Promise.all([page.waitForEvent('download'), page.locator('#order-invoice-download').click()]);
    expect((await readPdf(new Uint8Array(await readFile((await invoice.path())!)))).text).toMatch(new RegExp(`Invoice NWF-\\d{6} .*Order: ${code} `));

    // The holder's name, through both steps (and back once).
    await page.locator(`#ticket-manage-${weekend}`).click();
    await page.waitForURL((url) => url.pathname === `/portal/orders/${code}/manage-ticket/${weekend}`);
    await page.locator('#manage-full-name').waitFor();
    await expectNoAxeViolations(page);
    await page.locator('#manage-next').click();
    await expect.poll(() => page.locator('#manage-error').textContent()).toBe(english(messages.ticketEdit.nothingChanged));
    await page.locator('#manage-full-name').fill('Patricia Holder');
    await page.locator('#manage-next').click();
    await page.locator('#manage-confirm').waitFor();
    expect(await page.locator('#manage-summary').textContent()).toContain('Patricia Holder');
    await expectNoAxeViolations(page);
    await page.locator('#manage-back').click();
    expect(await page.locator('#manage-full-name').inputValue()).toBe('Patricia Holder');
    await page.locator('#manage-next').click();
    await page.locator('#manage-confirm').click();
    await expectToast(page, english(messages.toast.ticketUpdated(weekend!)));
    await page.waitForURL((url) => url.pathname === `/portal/orders/${code}`);
    await expect.poll(() => page.locator(`#ticket-${weekend}`).textContent()).toContain('Patricia Holder');
    // Changed a moment ago: locked for 15 minutes.
    await page.locator(`#ticket-locked-${weekend}`).waitFor();

    // The shuttle's travel time, in its modal.
    const before = await page.locator(`#ticket-travel-time-${shuttle}`).textContent();
    await page.locator(`#ticket-travel-${shuttle}`).click();
    await page.locator('#travel-time-modal').waitFor();
    await expectNoAxeViolations(page);
    const options = await page.locator('#travel-time-select option').evaluateAll((nodes) => nodes.map((node) => ({ value: (node as HTMLOptionElement).value, disabled: (node as HTMLOptionElement).disabled, selected: (node as HTMLOptionElement).selected })));
    // The demo's 12:00 departure has no seats: offered, but not choosable.
    expect(options.some((option) => option.disabled && option.value !== '')).toBe(true);
    const other = options.find((option) => !option.disabled && !option.selected && option.value !== '')!;
    await page.locator('#travel-time-select').selectOption(other.value);
    await page.locator('#travel-time-save').click();
    await expectToast(page, english(messages.toast.travelTimeUpdated));
    await page.locator('#travel-time-modal').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator(`#ticket-travel-time-${shuttle}`).textContent()).not.toBe(before);
    await page.locator(`#ticket-locked-${shuttle}`).waitFor();
    await expectNoAxeViolations(page);
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('requests a refund in three steps and cancels it', async () => {
    const page = await openPage(browser());
    await registerAndLogIn(page, 'Refund Customer');
    const code = await buyPaidOrder(page, [{ product: 'NWF27-WEEKEND', name: 'Robin Refund', email: 'robin.refund@example.com', age: '25-34' }]);
    // As for an order whose money goes back by bank: the details step is asked for.
    await refundsGoByBank(page);

    await page.goto('/portal');
    await page.locator(`#portal-order-refund-${code}`).click();
    await page.waitForURL((url) => url.pathname === `/portal/orders/${code}/request-refund`);
    await page.locator('#refund-step-select').waitFor();
    await expectNoAxeViolations(page);
    await page.locator('#refund-next').click();
    await expect.poll(() => page.locator('#refund-error').textContent()).toBe(english(messages.refund.selectItem));
    const ticket = (await page.locator('#refund-step-select input[type="checkbox"]:not([disabled])').first().getAttribute('id'))!.replace('refund-item-', '');
    await page.locator(`#refund-item-${ticket}`).check();
    await page.locator('#refund-next').click();

    await page.locator('#refund-step-details').waitFor();
    // The name comes from the account (its address would too; this new account has none yet).
    expect(await page.locator('#refund-bank-owner').inputValue()).toBe('Refund Customer');
    await page.locator('#refund-next').click();
    await expect.poll(() => page.locator('#refund-error').textContent()).toBe(english(messages.refund.fillOutFields(['Street and number', 'Postcode', 'City', 'Bank name', 'Bank country', 'BIC/SWIFT', 'Bank account number'])));
    // An IBAN whose check digits are wrong.
    await fillRefundDetails(page, 'NL91 ABNA 0417 1643 01');
    await page.locator('#refund-next').click();
    await expect.poll(() => page.locator('#refund-error').textContent()).toBe(english(portalMessages.ibanInvalid));
    await expectNoAxeViolations(page);
    await page.locator('#refund-bank-iban').fill('NL91 ABNA 0417 1643 00');
    await page.locator('#refund-next').click();

    await page.locator('#refund-step-confirm').waitFor();
    // Price minus the refund fee: 189.50 - 10.00.
    expect(await page.locator('#refund-total').textContent()).toContain('179.50');
    await expectNoAxeViolations(page);
    await page.locator('#refund-back').click();
    await page.locator('#refund-step-details').waitFor();
    await page.locator('#refund-next').click();
    await page.locator('#refund-submit').click();

    await expectToast(page, english(messages.toast.refundRequested));
    await page.waitForURL((url) => url.pathname.startsWith('/portal/refunds/'));
    const refundId = new URL(page.url()).pathname.split('/').pop()!;
    await expect.poll(() => page.locator('#refund-status').textContent()).toContain('Requested');
    expect(await page.locator(`#refund-item-status-${ticket}`).textContent()).toContain('Requested');
    await expectNoAxeViolations(page);

    await page.locator('#refund-cancel').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, english(messages.toast.refundCancelled(refundId)));
    // A withdrawn request stays, as cancelled (decision 0071), here and in the portal's list.
    await expect.poll(() => page.locator('#refund-status').textContent()).toBe('Cancelled');
    expect(await page.locator('#refund-cancel').count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'refund-cancelled-1280.png', { fullPage: true });
    await page.goto('/portal');
    await expect.poll(() => page.locator(`#portal-refund-status-${refundId}`).textContent()).toBe('Cancelled');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await screenshot(page, 'portal-refund-cancelled-390.png', { fullPage: true });
    // The ticket can be refunded again.
    await page.locator(`#portal-order-refund-${code}`).waitFor();
    expect(unexpectedErrors(page)).toEqual([]);
  });
});
