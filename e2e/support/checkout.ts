import type { Page } from 'playwright-core';

/** The sandbox gateway's card that pays. */
export const CARD_PAYS = '4242 4242 4242 4242';

/** The checkout's billing address as a buyer in the Netherlands fills it in. */
export async function fillBillingAddress(page: Page): Promise<void> {
  await page.locator('#checkout-country').selectOption('NL');
  await page.locator('#checkout-address-0').fill('Damrak 1');
  await page.locator('#checkout-address-2').fill('1012 LG');
  await page.locator('#checkout-address-3').fill('Amsterdam');
}

/** On /checkout: the address, card, the terms, then Checkout, until the gateway's page shows. */
export async function checkOutToGateway(page: Page): Promise<void> {
  await fillBillingAddress(page);
  await page.locator('#checkout-method-credit_card').check();
  await page.locator('#checkout-terms').check();
  await page.locator('#checkout-submit').click();
  await page.waitForURL((url) => url.pathname === '/sandbox-gateway/pay');
}

/**
 * The cart checked out by card and paid on the sandbox's page; the order's code once its
 * confirmation page shows (and, unless it is a payment plan's first payment, once it is paid).
 */
export async function checkOutAndPayByCard(page: Page, paidInFull = true): Promise<string> {
  await page.goto('/checkout');
  await checkOutToGateway(page);
  await page.locator('#sandbox-card').fill(CARD_PAYS);
  await page.locator('#sandbox-pay').click();
  await page.waitForURL((url) => url.pathname.endsWith('/confirmation'));
  if (paidInFull) await page.locator('#order-paid').waitFor({ timeout: 10_000 });
  return /\/portal\/orders\/([A-Z0-9]+)\//.exec(new URL(page.url()).pathname)![1]!;
}

/** One weekend ticket into the cart from its product page, personalised for the holder (age 25-34). */
export async function addWeekendTicket(page: Page, holder: { name: string; email: string }): Promise<void> {
  await page.goto('/tickets/NWF27-WEEKEND');
  await page.locator('#add-to-cart').click();
  await page.locator('#personalise-modal').waitFor();
  await page.locator('#personalise-full-name').fill(holder.name);
  await page.locator('#personalise-email').fill(holder.email);
  await page.locator('#personalise-age').selectOption('25-34');
  await page.locator('#personalise-confirm').click();
  await page.locator('#personalise-modal').waitFor({ state: 'detached' });
}

/**
 * The cart checked out by bank transfer (offered to buyers in NL, BE and DE): the order is placed
 * unpaid with its time to pay, and the buyer lands on its page. Answers the order's code.
 */
export async function checkOutByBankTransfer(page: Page): Promise<string> {
  await page.goto('/checkout');
  await page.locator('#checkout-submit').waitFor();
  await fillBillingAddress(page);
  await page.locator('#checkout-method-bank_transfer').check();
  await page.locator('#checkout-terms').check();
  await page.locator('#checkout-submit').click();
  await page.waitForURL((url) => /^\/order\/[A-Z0-9]+$/.test(url.pathname));
  return decodeURIComponent(/^\/order\/([A-Z0-9]+)$/.exec(new URL(page.url()).pathname)![1]!);
}
