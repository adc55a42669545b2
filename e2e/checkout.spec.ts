import { english } from '@festival/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../packages/contract/src/messages';
import { paymentMessages } from '../packages/contract/src/payment-messages';
import { registerAndLogIn } from './support/accounts';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';
import { fillBillingAddress } from './support/checkout';

/**
 * Checkout in Chromium against the real server and its sandbox payment gateway: the payer is
 * sent to the gateway's hosted page by a posted form, pays or is declined there, and comes back
 * through the shop's return address once the gateway has notified the shop server to server.
 */

const CARD_PAYS = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';

/** Console errors other than the refusals a journey causes on purpose. */
const unexpectedErrors = (page: Page) => pageErrors(page).filter((error) => !/status of 4\d\d/.test(error));

async function addTicket(page: Page, url: string, holder: { name: string; email: string; age?: string }) {
  await page.goto(url);
  await page.locator('#add-to-cart').click();
  await page.locator('#personalise-modal').waitFor();
  await page.locator('#personalise-full-name').fill(holder.name);
  await page.locator('#personalise-email').fill(holder.email);
  if (holder.age) await page.locator('#personalise-age').selectOption(holder.age);
  await page.locator('#personalise-confirm').click();
  await page.locator('#personalise-modal').waitFor({ state: 'detached' });
}

const checkoutError = (page: Page) => page.locator('#checkout-error').textContent();

/** On the gateway's page: the card number, then Pay. */
async function payOnGateway(page: Page, card: string) {
  await page.waitForURL((url) => url.pathname === '/sandbox-gateway/pay');
  await page.locator('#sandbox-card').fill(card);
  await page.locator('#sandbox-pay').click();
}

const orderCodeOf = (url: string) => /\/(?:order|portal\/orders)\/([A-Z0-9]+)/.exec(new URL(url).pathname)?.[1];

describe('checkout in Chromium', () => {
  const browser = useBrowser();

  it('checks out by card on the sandbox gateway: declined, then paid on a retry, landing on the order with its tickets', async () => {
    const page = await openPage(browser());
    await registerAndLogIn(page, 'Card Payer');
    await addTicket(page, '/tickets/NWF27-WEEKEND', { name: 'Card Payer', email: 'card.payer@example.com', age: '25-34' });

    await page.goto('/checkout');
    await page.locator('#checkout-submit').waitFor();
    await expect.poll(() => page.locator('#checkout-total').textContent()).toContain('193.00');
    await expectNoAxeViolations(page);
    // The spec's checks, in order, before anything is sent.
    await page.locator('#checkout-country').selectOption('NL');
    await page.locator('#checkout-submit').click();
    await expect.poll(() => checkoutError(page)).toBe(english(messages.checkout.fillOutFields(['Street and number', 'Postcode', 'City'])));
    await fillBillingAddress(page);
    await page.locator('#checkout-method-credit_card').check();
    await page.locator('#checkout-submit').click();
    await expect.poll(() => checkoutError(page)).toBe(english(messages.checkout.acceptTerms));
    await page.locator('#checkout-terms').check();
    await page.locator('#checkout-submit').click();

    await page.waitForURL((url) => url.pathname === '/sandbox-gateway/pay');
    expect(await page.locator('#sandbox-amount').textContent()).toContain('193.00');
    await expectNoAxeViolations(page);
    await payOnGateway(page, CARD_DECLINED);

    await page.waitForURL((url) => url.pathname.startsWith('/order/') && url.searchParams.get('payment') === 'declined');
    const code = orderCodeOf(page.url())!;
    // A declined payment is not thanked (issue 19): its own heading and text, a contact link, and Pay now as the next step.
    await expect.poll(() => page.locator('#order-payment-failed').textContent()).toBe(english(paymentMessages.outcome.declined.text));
    expect(await page.locator('h1').textContent()).toBe(english(paymentMessages.outcome.declined.heading));
    expect(await page.getByRole('heading', { name: english(paymentMessages.outcome.paid.heading) }).count()).toBe(0);
    expect(await page.locator('#order-outcome-contact').getAttribute('href')).toMatch(/^mailto:/);
    // The cart became the order.
    expect(await page.locator('#cart-count').textContent()).toBe('0');
    await expectNoAxeViolations(page);
    await page.locator('#order-pay').click();

    await payOnGateway(page, CARD_PAYS);
    await page.waitForURL((url) => url.pathname === `/portal/orders/${code}/confirmation`);
    // The tickets show while the payment waits for its confirmation too: wait for the paid order.
    await page.locator('#order-paid').waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { level: 2, name: english(paymentMessages.outcome.paid.heading) }).count()).toBe(1);
    expect(await page.locator('#order-tickets').textContent()).toContain('Card Payer');
    expect(await page.locator('#order-code').textContent()).toContain(code);
    // The purchase is tracked once, with its value in major units.
    const purchases = await page.evaluate(() => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter((entry) => entry.event === 'purchase'));
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ ecommerce: { transaction_id: code, value: 193, currency: 'EUR' } });
    await page.reload();
    await page.locator('#order-tickets').waitFor();
    expect(await page.evaluate(() => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter((entry) => entry.event === 'purchase').length)).toBe(0);
    await expectNoAxeViolations(page);
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('pays an order with a voucher that covers it, with no payment step', async () => {
    const page = await openPage(browser());
    await registerAndLogIn(page, 'Voucher Holder');
    await addTicket(page, '/tickets/NWF27-LOCKER', { name: 'Voucher Holder', email: 'voucher.holder@example.com' });

    await page.goto('/checkout');
    await page.locator('#checkout-voucher').waitFor();
    await page.locator('#checkout-voucher-apply').click();
    await expect.poll(() => page.locator('#checkout-voucher-error').textContent()).toBe(english(messages.checkout.voucherRequired));
    await page.locator('#checkout-voucher').fill('NO-SUCH-VOUCHER');
    await page.locator('#checkout-voucher-apply').click();
    await expect.poll(() => page.locator('#checkout-voucher-error').textContent()).toBe(english(messages.checkout.voucherInvalid));
    await page.locator('#checkout-voucher').fill('GIFTCARD150');
    await page.locator('#checkout-voucher-apply').click();
    await expect.poll(() => page.locator('#checkout-voucher-warning').textContent()).toBe(english(paymentMessages.voucherExceedsOrder));
    await page.locator('#checkout-method-voucher').waitFor();
    await fillBillingAddress(page);
    await page.locator('#checkout-terms').check();
    await expectNoAxeViolations(page);
    await page.locator('#checkout-submit').click();

    await page.waitForURL((url) => url.pathname.startsWith('/order/'));
    await expect.poll(() => page.locator('#order-tickets').textContent()).toContain('Voucher Holder');
    expect(await page.locator('#order-status').textContent()).toContain('Paid');
    await expectNoAxeViolations(page);
    expect(unexpectedErrors(page)).toEqual([]);
  });
});
