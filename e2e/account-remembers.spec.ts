import { english } from '@festival/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../packages/contract/src/messages';
import { registerAndLogIn } from './support/accounts';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';
import { addWeekendTicket, CARD_PAYS, fillBillingAddress } from './support/checkout';
import { refundsGoByBank } from './support/refunds';
import { screenshot } from './support/screenshots';

/**
 * Issue 34, points 10 and 12 (decisions 0070 and 0071) in Chromium: the checkout keeps what was
 * typed through a reload and shows the items before a country is chosen, the billing address is
 * kept in the account when asked and offered again (checkout, refund form, account page), a
 * second tab's cart count follows the first, and the screens point 12 changed.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Console errors other than the refusals a journey causes on purpose. */
const unexpectedErrors = (page: Page) => pageErrors(page).filter((error) => !/status of 4\d\d/.test(error));

/** Axe and a screenshot at the phone's and the desktop's width, back at the desktop's after. */
async function lookAt(page: Page, name: string) {
  for (const [label, viewport] of [['390', PHONE], ['1280', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    await screenshot(page, `${name}-${label}.png`, { fullPage: true });
  }
}

const value = (page: Page, selector: string) => page.locator(selector).inputValue();

describe('the account remembers, in Chromium', () => {
  const browser = useBrowser();

  it("keeps the checkout's input through a reload, keeps the address when asked and offers it again, and keeps a second tab's count in step", async () => {
    const page = await openPage(browser());
    await registerAndLogIn(page, 'Remy Remember');
    await addWeekendTicket(page, { name: 'Remy Remember', email: 'remy.remember@example.com' });
    await expect.poll(() => page.locator('#cart-count').textContent()).toBe('1');

    // A second tab of the same browser shows the count, and follows an add in the first without a reload.
    const second = await page.context().newPage();
    await second.goto('/');
    await expect.poll(() => second.locator('#cart-count').textContent()).toBe('1');
    await page.goto('/merchandise/NWF27-TOTE');
    await page.getByRole('heading', { level: 1, name: 'Canvas tote bag' }).waitFor();
    await page.locator('#add-to-cart').click();
    await expect.poll(() => page.locator('#cart-count').textContent()).toBe('2');
    await expect.poll(() => second.locator('#cart-count').textContent(), { timeout: 10_000 }).toBe('2');

    // No country yet: the items show, shipping waits for the country.
    await page.goto('/checkout');
    await page.locator('#checkout-submit').waitFor();
    await expect.poll(() => page.locator('#checkout-country-hint').textContent()).toBe(english(messages.checkout.selectCountryForShipping));
    const invoice = page.locator('.invoice__table');
    expect(await invoice.getByText('Canvas tote bag').count()).toBe(1);
    expect(await invoice.getByText('Remy Remember').count()).toBe(1);
    expect(await page.locator('#checkout-shipping').textContent()).toBe('With your country');
    await lookAt(page, 'checkout-before-country');

    // What is typed survives a reload.
    await fillBillingAddress(page);
    await page.locator('#checkout-method-credit_card').check();
    await page.locator('#checkout-terms').check();
    await page.locator('#checkout-save-address').check();
    await page.reload();
    await page.locator('#checkout-submit').waitFor();
    expect(await value(page, '#checkout-country')).toBe('NL');
    expect(await value(page, '#checkout-address-0')).toBe('Damrak 1');
    expect(await value(page, '#checkout-address-3')).toBe('Amsterdam');
    expect(await page.locator('#checkout-terms').isChecked()).toBe(true);
    expect(await page.locator('#checkout-save-address').isChecked()).toBe(true);
    expect(await page.locator('#checkout-method-credit_card').isChecked()).toBe(true);
    await expect.poll(() => page.locator('#checkout-shipping').textContent()).toMatch(/€/);
    await lookAt(page, 'checkout-after-reload');

    await page.locator('#checkout-submit').click();
    await page.waitForURL((url) => url.pathname === '/sandbox-gateway/pay');
    await page.locator('#sandbox-card').fill(CARD_PAYS);
    await page.locator('#sandbox-pay').click();
    await page.waitForURL((url) => url.pathname.endsWith('/confirmation'));
    await page.locator('#order-paid').waitFor({ timeout: 10_000 });
    const paidCode = /\/portal\/orders\/([A-Z0-9]+)\//.exec(new URL(page.url()).pathname)![1]!;
    // The second tab's count follows the checkout too.
    await expect.poll(() => second.locator('#cart-count').textContent(), { timeout: 10_000 }).toBe('0');

    // Point 12 on the paid order: merchandise is ordered, the QR code's toggle says what it does.
    const merchandiseStatus = page.locator('#order-merchandise [id^="merchandise-status-"]');
    expect(await merchandiseStatus.textContent()).toBe('Ordered');
    const qrToggle = page.locator('[id^="ticket-qr-toggle-"]').first();
    expect(await qrToggle.textContent()).toMatch(/^Show QR code/);
    await qrToggle.click();
    await expect.poll(() => qrToggle.textContent()).toMatch(/^Hide QR code/);
    await lookAt(page, 'order-paid-qr-shown');
    await qrToggle.click();
    await expect.poll(() => qrToggle.textContent()).toMatch(/^Show QR code/);

    // The account keeps the address it was asked to keep.
    await page.goto('/account');
    await page.locator('#settings-submit').waitFor();
    await expect.poll(() => value(page, '#settings-address-0')).toBe('Damrak 1');
    expect(await value(page, '#settings-country')).toBe('NL');

    // The refund form starts from it (where the money goes back by bank and the form asks for the account).
    await refundsGoByBank(page);
    await page.goto(`/portal/orders/${paidCode}/request-refund`);
    await page.locator('#refund-step-select').waitFor();
    await page.locator('#refund-step-select input[type="checkbox"]:not([disabled])').first().check();
    await page.locator('#refund-next').click();
    await page.locator('#refund-step-details').waitFor();
    expect(await value(page, '#refund-bank-address-0')).toBe('Damrak 1');
    expect(await value(page, '#refund-bank-address-3')).toBe('Amsterdam');
    expect(await value(page, '#refund-bank-country')).toBe('NL');
    await page.locator('#refund-next').click();
    // The missing fields named as their labels read.
    await expect.poll(() => page.locator('#refund-error').textContent()).toBe(english(messages.refund.fillOutFields(['Bank name', 'BIC/SWIFT', 'IBAN'])));
    await lookAt(page, 'refund-details-prefilled');

    // The next checkout starts from the account's address (the placed order's draft is gone), and
    // the bank transfer's status is a short label with its text beside the order.
    await addWeekendTicket(page, { name: 'Remy Remember', email: 'remy.remember@example.com' });
    await page.goto('/checkout');
    await page.locator('#checkout-submit').waitFor();
    expect(await value(page, '#checkout-country')).toBe('NL');
    expect(await value(page, '#checkout-address-0')).toBe('Damrak 1');
    expect(await page.locator('#checkout-terms').isChecked()).toBe(false);
    expect(await page.locator('#checkout-save-address').count()).toBe(0);
    await page.locator('#checkout-method-bank_transfer').check();
    await page.locator('#checkout-terms').check();
    await page.locator('#checkout-submit').click();
    await page.waitForURL((url) => /^\/order\/[A-Z0-9]+$/.test(url.pathname));
    const transferCode = decodeURIComponent(/^\/order\/([A-Z0-9]+)$/.exec(new URL(page.url()).pathname)![1]!);
    await expect.poll(() => page.locator('#order-status').textContent()).toBe('Awaiting payment');
    expect((await page.locator('#order-status-note').textContent())?.length).toBeGreaterThan(20);
    await lookAt(page, 'order-awaiting-transfer');
    await page.goto('/portal');
    await expect.poll(() => page.locator(`#portal-order-status-${transferCode}`).textContent()).toBe('Awaiting payment');
    expect(await page.locator(`#portal-order-status-${transferCode} p`).count()).toBe(0);
    await lookAt(page, 'portal-orders');

    expect(unexpectedErrors(page)).toEqual([]);
    expect(unexpectedErrors(second)).toEqual([]);
    // One journey of two checkouts, a refund form and screenshots at two widths: close to a minute
    // on a quiet machine, so more room than the layer's 60 s for a machine that runs other work beside it.
  }, 180_000);
});
