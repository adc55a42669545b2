import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/lib/free-port';
import { startMollieDouble, type MollieDouble } from '../apps/server/test/provider-doubles/mollie-double';
import { paymentMessages } from '../packages/contract/src/payment-messages';
import { english } from '../packages/contract/src/i18n/english';
import { registerAndLogIn } from './support/accounts';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { addWeekendTicket, fillBillingAddress } from './support/checkout';
import { startShop, type ProviderShop } from './support/provider-shop';
import { screenshot } from './support/screenshots';

/**
 * Issue 34 points 6 and 7 in Chromium (decisions 0066 and 0067), on a shop of its own whose
 * gateway is Mollie and Mollie's API a local double with its hosted page:
 * - the checkout offers the methods Mollie lists for a Dutch buyer (iDEAL among them); the buyer
 *   picks iDEAL, leaves Mollie's page with Back, finds the unpaid order named on the shop's page
 *   (not an empty checkout), and pays it through iDEAL from there;
 * - a card that keeps failing: only the declines count, the page warns from the third attempt,
 *   and after the fifth it offers bank transfer instead of a dead end; the turn shows the bank
 *   details, and the banner then names the order as waiting for the transfer.
 */

/** Full-page screenshots at a phone's and a desktop's width, then back to the desktop. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await screenshot(page, `unpaid-${name}-${width}.png`, { fullPage: true });
  }
}

const orderCodeOf = (url: string) => /\/(?:order|portal\/orders)\/([A-Z0-9]+)/.exec(new URL(url).pathname)?.[1];
const text = async (page: Page, selector: string) => ((await page.locator(selector).textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('an unpaid order in Chromium (Mollie double)', () => {
  const browser = useBrowser();
  let double: MollieDouble | undefined;
  let shop: ProviderShop | undefined;

  beforeAll(async () => {
    const port = await freePort();
    double = await startMollieDouble();
    shop = await startShop('mollie', port, { mollie: { apiKey: double.apiKey, apiUrl: double.apiUrl } });
  });

  afterAll(async () => {
    await shop?.app.close();
    await double?.close();
    await shop?.database.close();
  });

  /** On Mollie's hosted page, after the shop sent the browser there. */
  const onMolliePage = (page: Page) => page.waitForURL((url) => url.origin === new URL(double!.url).origin && /^\/checkout\/tr_[A-Za-z0-9]+$/.test(url.pathname));

  it('offers iDEAL to a Dutch buyer, finds the order again after Back on the provider’s page, and pays it with iDEAL', { timeout: 150_000 }, async () => {
    const { page, errors } = await openPageOn(browser(), shop!.base);
    const customer = await registerAndLogIn(page, 'Ideal Payer');
    await addWeekendTicket(page, { name: 'Ideal Payer', email: customer.email });

    await page.goto('/checkout');
    await page.locator('#checkout-submit').waitFor();
    await fillBillingAddress(page);
    // Mollie's methods for a Dutch buyer and this amount, its own words (decision 0067); no Bancontact outside Belgium.
    await page.locator('#checkout-method-ideal').waitFor();
    expect(await page.locator('label[for="checkout-method-ideal"]').textContent()).toContain('iDEAL');
    expect(await page.locator('#checkout-method-card').count()).toBe(1);
    expect(await page.locator('#checkout-method-bancontact').count()).toBe(0);
    expect(await page.locator('#checkout-method-bank_transfer').count()).toBe(1);
    await page.locator('#checkout-method-ideal').check();
    await page.locator('#checkout-terms').check();
    await expectNoAxeViolations(page);
    await screenshots(page, 'checkout-methods');
    await page.locator('#checkout-submit').click();

    // Mollie's page for iDEAL only: the shop sent the method with the payment.
    await onMolliePage(page);
    const [first] = [...double!.payments.values()];
    expect(first?.method).toBe('ideal');
    expect(await page.locator('#mollie-method-ideal').count()).toBe(1);
    expect(await page.locator('#mollie-method-creditcard').count()).toBe(0);

    // Back to the shop without paying: the checkout is empty (the cart became the order), and the page names the order just made.
    await page.goBack();
    await page.waitForURL((url) => url.origin === shop!.base && url.pathname === '/checkout');
    await page.locator('#unpaid-order').waitFor();
    const banner = await text(page, '#unpaid-order-text');
    const code = /order ([A-Z0-9]+) is not paid yet/.exec(banner)?.[1];
    expect(code, banner).toBeTruthy();
    expect(banner).toMatch(/Please pay by \d{1,2}:\d{2}; after that it is cancelled/);
    expect(await page.locator('#redirecting, #checkout-redirecting').count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshots(page, 'back-from-provider');

    // Every shop page names it, until it is paid.
    await page.goto('/');
    await page.locator('#unpaid-order').waitFor();
    expect(await text(page, '#unpaid-order-text')).toBe(banner);
    await page.locator('#unpaid-order-pay').click();
    await page.waitForURL((url) => url.pathname === `/order/${code}`);
    // On the order's own page the banner gives way to the payment; leaving the provider's page used up no attempt.
    await page.locator('#order-pay').waitFor();
    await expect.poll(() => page.locator('#unpaid-order').count()).toBe(0);
    expect(await page.locator('#order-attempts-warning, #order-max-attempts').allTextContents()).toEqual([]);
    expect(await page.locator('#order-pay-by-transfer').count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshots(page, 'order-payable');

    // Pay now sends no method: Mollie's page offers them all, and the buyer pays with iDEAL there.
    await page.locator('#order-pay').click();
    await onMolliePage(page);
    expect(await page.locator('#mollie-method-creditcard').count()).toBe(1);
    await page.locator('#mollie-method-ideal').check();
    await page.locator('#mollie-pay').click();
    await page.waitForURL((url) => url.origin === shop!.base && url.pathname === `/portal/orders/${code}/confirmation`, { timeout: 20_000 });
    await page.locator('#order-paid').waitFor({ timeout: 10_000 });
    expect(await page.locator('#order-tickets').textContent()).toContain('Ideal Payer');
    expect([...double!.payments.values()].map((payment) => [payment.method, payment.status])).toEqual([
      ['ideal', 'canceled'],
      ['ideal', 'paid'],
    ]);
    // Paid, the order is named nowhere any more.
    await page.goto('/');
    await page.locator('#main-content, main').first().waitFor();
    await expect.poll(() => page.locator('#unpaid-order').count()).toBe(0);
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    await page.context().close();
  });

  it('counts only declines, warns from the third attempt, and after the fifth offers bank transfer instead of a dead end', { timeout: 180_000 }, async () => {
    const { page, errors } = await openPageOn(browser(), shop!.base);
    const customer = await registerAndLogIn(page, 'Declined Payer');
    await addWeekendTicket(page, { name: 'Declined Payer', email: customer.email });

    await page.goto('/checkout');
    await page.locator('#checkout-submit').waitFor();
    await fillBillingAddress(page);
    await page.locator('#checkout-method-card').check();
    await page.locator('#checkout-terms').check();
    await page.locator('#checkout-submit').click();
    await onMolliePage(page);
    // A cancel on the provider's page counts nothing.
    await page.locator('#mollie-cancel').click();
    await page.waitForURL((url) => url.origin === shop!.base && url.pathname.startsWith('/order/'));
    const code = orderCodeOf(page.url())!;
    await page.locator('#order-pay').waitFor();
    expect(await page.locator('#order-attempts-warning').count()).toBe(0);

    for (let decline = 1; decline <= 5; decline++) {
      await page.locator('#order-pay').click();
      await onMolliePage(page);
      await page.locator('#mollie-method-creditcard').check();
      await page.locator('#mollie-fail').click();
      await page.waitForURL((url) => url.origin === shop!.base && url.pathname === `/order/${code}` && url.searchParams.get('payment') === 'declined');
      await page.locator('#order-payment-failed').waitFor();
      if (decline < 5) {
        await page.locator('#order-pay').waitFor();
        // The attempt the customer is about to make, from the third (spec section 4).
        if (decline >= 2) expect(await text(page, '#order-attempts-warning')).toContain(`This is payment attempt ${decline + 1} of 5.`);
        else expect(await page.locator('#order-attempts-warning').count()).toBe(0);
      }
    }

    // The fifth decline: no more card payments, and the page says what the customer can still do.
    expect(await text(page, '#order-payment-failed')).toBe(english(paymentMessages.outcome.declinedLast.text));
    expect(await page.locator('#order-pay').count()).toBe(0);
    expect(await text(page, '#order-max-attempts-next')).toBe(english(paymentMessages.maxAttemptsTransfer));
    const way = page.locator('#order-pay-by-transfer');
    expect(await way.textContent()).toBe(english(paymentMessages.payByTransfer));
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).not.toContain('You can try again with the same or another card');
    await expectNoAxeViolations(page);
    await screenshots(page, 'attempts-used-up');

    await way.click();
    await page.locator('#order-bank-details').waitFor();
    expect(await text(page, '#order-bank-iban')).toContain('NL55');
    expect(await text(page, '#order-bank-reference')).toMatch(/^NWF/);
    expect(await page.locator('#order-pay, #order-pay-by-transfer').count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshots(page, 'turned-to-transfer');

    // Elsewhere in the shop the order is named as waiting for the transfer, with the way to its bank details.
    await page.goto('/');
    await page.locator('#unpaid-order').waitFor();
    expect(await text(page, '#unpaid-order-text')).toBe(english(paymentMessages.unpaidBanner.transfer(code)));
    expect(await text(page, '#unpaid-order-pay')).toBe(english(paymentMessages.unpaidBanner.details));
    await expectNoAxeViolations(page);
    await screenshots(page, 'banner-transfer');
    // Five card payments were made at Mollie besides the cancelled one, and the last attempt was not left open.
    const statuses = [...double!.payments.values()].filter((payment) => payment.description.includes(code)).map((payment) => payment.status);
    expect(statuses).toEqual(['canceled', 'failed', 'failed', 'failed', 'failed', 'failed']);
    expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await page.context().close();
  });
});
