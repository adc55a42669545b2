import { english } from '@festival/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../packages/contract/src/messages';
import { paymentMessages } from '../packages/contract/src/payment-messages';
import { SHORT_HOLD_MS } from './global-setup';
import { logInOnPage, newAddress, readMail, readPassword } from './support/accounts';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';
import { checkOutToGateway } from './support/checkout';

/**
 * Issue 19 points 4 and 6 in Chromium: no path loses the customer (the detour through Register
 * back to checkout with the cart, an expired cart told and not just gone) and a payment that did
 * not go through is not thanked (the cancelled payment; the declined one is in checkout.spec.ts).
 */

/** Console errors other than the refusals a journey causes on purpose. */
const unexpectedErrors = (page: Page) => pageErrors(page).filter((error) => !/status of 4\d\d/.test(error));

/** The password of a fresh account, read in the dev mailbox in a tab of its own (as a mail program would be). */
async function passwordFromMailbox(page: Page, email: string): Promise<string> {
  const mailbox = await page.context().newPage();
  const password = await readPassword(mailbox, email);
  await mailbox.close();
  return password;
}

async function addTote(page: Page) {
  await page.goto('/merchandise/NWF27-TOTE');
  await page.getByRole('heading', { level: 1, name: 'Canvas tote bag' }).waitFor();
  await page.locator('#add-to-cart').click();
  await expect.poll(() => page.locator('#cart-count').textContent()).toBe('1');
}

async function addTicket(page: Page, holder: string) {
  await page.goto('/tickets/NWF27-WEEKEND');
  await page.locator('#add-to-cart').click();
  await page.locator('#personalise-modal').waitFor();
  await page.locator('#personalise-full-name').fill(holder);
  await page.locator('#personalise-email').fill('holder@example.com');
  await page.locator('#personalise-age').selectOption('25-34');
  await page.locator('#personalise-confirm').click();
  await page.locator('#personalise-modal').waitFor({ state: 'detached' });
}

describe('the paths a customer takes, in Chromium', () => {
  const browser = useBrowser();

  it("a new customer's detour Cart → Checkout → login → Register → login ends at checkout with the cart", async () => {
    const page = await openPage(browser());
    await addTicket(page, 'New Customer');
    await page.locator('#cart-button').click();
    await page.locator('#cart-checkout').click();
    // The checkout asks for a login and remembers where the customer was going.
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === '/checkout');
    await page.locator('#login-register').click();
    await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('from') === '/checkout');
    const email = newAddress('detour');
    await page.locator('#register-full-name').fill('New Customer');
    await page.locator('#register-email').fill(email);
    await page.locator('#register-submit').click();
    await expect.poll(() => page.locator('#register-done').textContent()).toBe(english(messages.accounts.registered));
    await expectNoAxeViolations(page);
    const loginHref = await page.locator('#register-login').getAttribute('href');
    expect(loginHref).toBe('/login?from=%2Fcheckout');

    // The password comes by e-mail (read in the dev mailbox), then the success page's Login link.
    const password = await passwordFromMailbox(page, email);
    await page.locator('#register-login').click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === '/checkout');
    await logInOnPage(page, email, password);
    await page.waitForURL((url) => url.pathname === '/checkout');
    // The cart the visitor filled is the customer's now, there to check out.
    await expect.poll(() => page.locator('#checkout-invoice-title').count()).toBe(1);
    await expect.poll(() => page.locator('#checkout-total').textContent()).toContain('193.00');
    expect(await page.locator('#checkout-empty').count()).toBe(0);
    expect(await page.locator('#cart-count').textContent()).toBe('1');
    await expectNoAxeViolations(page);
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('the reset link opened in another tab leads its login back to checkout', async () => {
    const page = await openPage(browser());
    // An account to reset, made by the register page.
    const email = newAddress('reset');
    await page.goto('/register');
    await page.locator('#register-full-name').fill('Reset Customer');
    await page.locator('#register-email').fill(email);
    await page.locator('#register-submit').click();
    await page.locator('#register-done').waitFor();

    await page.goto('/login?from=%2Fcheckout');
    await page.locator('#login-forgot-password').click();
    await page.waitForURL((url) => url.pathname === '/forgot-password' && url.searchParams.get('from') === '/checkout');
    await page.locator('#forgot-password-email').fill(email);
    await page.locator('#forgot-password-submit').click();
    await page.locator('#forgot-password-done').waitFor();

    // The e-mailed link, in a new tab of the same browser.
    const mail = await readMail(page, email, 'Choose a new password');
    const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(mail)?.[0];
    expect(link, mail).toBeTruthy();
    const tab = await page.context().newPage();
    await tab.goto(new URL(link!).pathname);
    await tab.locator('#reset-password-password').fill('a new secret 123');
    await tab.locator('#reset-password-confirmation').fill('a new secret 123');
    await tab.locator('#reset-password-submit').click();
    await tab.locator('#reset-password-done').waitFor();
    expect(await tab.locator('#reset-password-login').getAttribute('href')).toBe('/login?from=%2Fcheckout');
    await tab.locator('#reset-password-login').click();
    await logInOnPage(tab, email, 'a new secret 123');
    await tab.waitForURL((url) => url.pathname === '/checkout');
    await page.context().close();
  });

  it('a cancelled card payment is headed as such, and Pay now takes the customer back to the payment page', async () => {
    const page = await openPage(browser());
    await addTote(page);
    const email = newAddress('cancel');
    await page.goto('/register');
    await page.locator('#register-full-name').fill('Cancel Payer');
    await page.locator('#register-email').fill(email);
    await page.locator('#register-submit').click();
    await page.locator('#register-done').waitFor();
    const password = await passwordFromMailbox(page, email);
    await page.goto('/login?from=%2Fcheckout');
    await logInOnPage(page, email, password);
    await page.waitForURL((url) => url.pathname === '/checkout');
    await checkOutToGateway(page);
    await page.locator('#sandbox-cancel').click();

    await page.waitForURL((url) => url.pathname.startsWith('/order/') && url.searchParams.get('payment') === 'cancelled');
    await expect.poll(() => page.locator('h1').textContent()).toBe(english(paymentMessages.outcome.cancelled.heading));
    expect(await page.locator('#order-payment-failed').textContent()).toBe(english(paymentMessages.outcome.cancelled.text));
    await expectNoAxeViolations(page);
    await page.locator('#order-pay').click();
    await page.waitForURL((url) => url.pathname === '/sandbox-gateway/pay');
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('an expired cart is told at the moment it expires, with what was in it and whether it is still on sale', async () => {
    const page = await openPage(browser(), { shop: 'shortHold' });
    await addTote(page);
    await page.goto('/tickets');
    // The reservation runs out while the customer looks around: the cart empties and says why.
    await page.locator('#expired-cart').waitFor({ timeout: SHORT_HOLD_MS + 10_000 });
    expect(await page.locator('#cart-count').textContent()).toBe('0');
    expect(await page.locator('#expired-cart-title').textContent()).toBe('Your cart has expired');
    const item = page.locator('#expired-cart-items li');
    expect(await item.count()).toBe(1);
    await expect.poll(() => item.textContent()).toContain('Canvas tote bag');
    await expect.poll(() => item.textContent()).toContain('Still available');
    await expectNoAxeViolations(page);
    // The link leads back to the item; the notice stays until dismissed.
    await item.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/merchandise/NWF27-TOTE');
    await page.locator('#expired-cart-dismiss').click();
    expect(await page.locator('#expired-cart').count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Canvas tote bag' }).waitFor();
    expect(await page.locator('#expired-cart').count()).toBe(0);
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('an expired cart is told when the customer comes back later, in a new tab', async () => {
    const first = await openPage(browser(), { phone: true, shop: 'shortHold' });
    await addTote(first);
    const context = first.context();
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, SHORT_HOLD_MS + 1_500));
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('#expired-cart').waitFor();
    expect(await page.locator('#expired-cart-items li').textContent()).toContain('Canvas tote bag');
    expect(await page.locator('#cart-count').textContent()).toBe('0');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
