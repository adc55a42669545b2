import path from 'node:path';
import type { ShopConfigFile } from '@festival/contract';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../apps/server/src/app';
import type { Database } from '../apps/server/src/db/client';
import { REPO_ROOT } from '../apps/server/src/env';
import { freePort } from '../apps/server/src/lib/free-port';
import { loadShopConfig } from '../apps/server/src/modules/config/shop-config';
import { createConfiguredGateway } from '../apps/server/src/modules/payments/gateways/configured';
import { TEST_HOLD_LIMITS } from '../apps/server/test/test-shop';
import { startStripeDouble, type StripeDouble } from '../apps/server/test/provider-doubles/stripe-double';
import { portalMessages } from '../packages/contract/src/portal-messages';
import { staffOrderMessages } from '../packages/contract/src/staff-orders';
import { formatAmount } from '../apps/web/src/staff/money';
import { english, englishOf } from '../packages/contract/src/i18n/english';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { registerAndLogIn } from './support/accounts';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { addWeekendTicket, fillBillingAddress } from './support/checkout';
import { demoDatabase } from './support/own-shop';
import { prepareStaff, signInAs } from './support/staff-setup';

/** The back office's texts as the journeys read them: in English, the pages' language. */
const staffTexts = englishOf(staffTextsInCatalogue);

/**
 * The back office's orders (issue 22 point 3) in Chromium: "an admin signs in with a second factor,
 * finds an order by e-mail, refunds one item and sees the provider double receive the refund".
 * The demo shops of the global setup take cards through the sandbox gateway, whose record of
 * refunds lives in the setup's process; so this file serves a demo shop of its own whose gateway is
 * Stripe with the Stripe double as its API (as providers.spec.ts does), a customer buys two
 * weekend tickets by card on the double's hosted page, and the journey's admin (ordersDesk) finds
 * the order, resends its tickets, corrects a holder's name and refunds one ticket, which the
 * double receives as one refund call of that ticket's refund.
 */

const texts = staffTexts.order;
const toasts = (page: Page) => page.getByTestId('toast').allTextContents();

interface Shop {
  base: string;
  database: Database;
  app: FastifyInstance;
  staff: Awaited<ReturnType<typeof prepareStaff>>;
}

async function startShop(port: number, double: StripeDouble): Promise<Shop> {
  const base = `http://127.0.0.1:${port}`;
  const database = await demoDatabase();
  const config: ShopConfigFile = { ...loadShopConfig(path.join(REPO_ROOT, 'config/demo-shop.json')), gateway: 'stripe', publicBaseUrl: base };
  const appSecret = 'back-office-orders-journey-secret-of-at-least-32-characters';
  const credentials = { stripe: { secretKey: double.secretKey, webhookSecrets: [double.webhookSecret], apiUrl: double.url } };
  const gateway = createConfiguredGateway({ provider: 'stripe' }, { credentials, appSecret });
  if (!gateway) throw new Error('no stripe gateway was built');
  const app = await buildApp({ db: database.db, config, webRoot: path.join(REPO_ROOT, 'apps/web/dist'), devMailbox: true, appSecret, holdLimits: TEST_HOLD_LIMITS, gatewayEnvironment: { production: false, demoConfig: false, credentials }, gateway });
  await app.listen({ port, host: '127.0.0.1' });
  return { base, database, app, staff: await prepareStaff(database.db) };
}


describe('the back office’s orders', () => {
  const browser = useBrowser();
  let double: StripeDouble | undefined;
  let shop: Shop | undefined;

  beforeAll(async () => {
    const port = await freePort();
    double = await startStripeDouble({ secretKey: 'sk_test_ordersJourney', webhookUrl: `http://127.0.0.1:${port}/payments/notify/stripe` });
    shop = await startShop(port, double);
  }, 60_000);

  afterAll(async () => {
    await shop?.app.close();
    await double?.close();
    await shop?.database.close();
  });

  it('an admin signs in with a second factor, finds a card order by e-mail, resends its tickets, corrects a holder and refunds one ticket, which the provider double receives', { timeout: 180_000 }, async () => {
    const { base, staff } = shop!;
    const stripe = double!;

    // A customer buys two weekend tickets by card on the provider's hosted page.
    const buyer = await openPageOn(browser(), base, { allowRefusals: true });
    const customer = await registerAndLogIn(buyer.page, 'Orla Kaartkoper');
    const holders = [
      { name: 'Orla Kaartkoper', email: customer.email },
      { name: 'Fenna Vriendin', email: `friend.${customer.email}` },
    ];
    for (const holder of holders) await addWeekendTicket(buyer.page, holder);
    await buyer.page.goto('/checkout');
    await buyer.page.locator('#checkout-submit').waitFor();
    await fillBillingAddress(buyer.page);
    await buyer.page.locator('#checkout-method-card').check();
    await buyer.page.locator('#checkout-terms').check();
    await buyer.page.locator('#checkout-submit').click();
    await buyer.page.waitForURL((url) => url.origin === new URL(stripe.url).origin);
    await buyer.page.locator('#stripe-pay').click();
    await buyer.page.waitForURL((url) => url.origin === base && /\/confirmation$/.test(url.pathname), { timeout: 20_000 });
    await buyer.page.locator('#order-paid').waitFor({ timeout: 10_000 });
    const code = /\/portal\/orders\/([A-Z0-9]+)\//.exec(new URL(buyer.page.url()).pathname)![1]!;
    await buyer.page.context().close();

    // The admin signs in (password, then the authenticator's code) and searches by the buyer's e-mail.
    const { page, errors } = await openPageOn(browser(), base, { allowRefusals: true });
    await signInAs(page, staff.ordersDesk);
    await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: staffTexts.orders.title }).waitFor();
    const box = page.getByLabel(staffTexts.orders.search);
    // Too short: refused on the field, nothing asked of the shop.
    await box.fill('o');
    await page.getByRole('button', { name: staffTexts.orders.submit }).click();
    await page.getByText(english(staffOrderMessages.queryTooShort)).waitFor();
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    // Nothing matches.
    await box.fill('nobody.here@example.net');
    await page.getByRole('button', { name: staffTexts.orders.submit }).click();
    await page.getByText(staffTexts.orders.none('nobody.here@example.net')).waitFor();
    await box.fill(customer.email);
    await page.getByRole('button', { name: staffTexts.orders.submit }).click();
    await page.waitForURL((url) => url.pathname === '/staff/orders' && url.searchParams.get('q') === customer.email);
    const row = page.getByRole('row').filter({ hasText: code });
    await row.waitFor();
    expect(await row.innerText()).toContain(customer.email);
    expect(await row.innerText()).toContain(texts.statuses.paid!.label);
    await expectNoAxeViolations(page);
    // The search is in the address: a reload keeps it.
    await page.reload();
    await page.getByRole('row').filter({ hasText: code }).waitFor();
    expect(await box.inputValue()).toBe(customer.email);

    // The order page: two tickets, the card payment, the timeline.
    await page.getByRole('link', { name: code }).click();
    await page.waitForURL((url) => url.pathname === `/staff/orders/${code}`);
    await page.getByRole('heading', { level: 1, name: texts.title(code) }).waitFor();
    const tickets = page.getByRole('table', { name: texts.ticketsCaption });
    for (const holder of holders) await tickets.getByRole('row').filter({ hasText: holder.name }).waitFor();
    expect(await page.locator('#staff-order-status').innerText()).toBe(texts.statuses.paid!.label);
    expect(await page.locator('#staff-order-timeline > li').count()).toBeGreaterThan(1);
    await expectNoAxeViolations(page);

    // Resend the tickets: asked first, then the shop's text as a toast and an e-mail in the list.
    const mailsBefore = await page.getByRole('table', { name: texts.emailsCaption }).getByRole('row').count();
    await page.getByRole('button', { name: texts.resendTickets }).click();
    const resendDialog = page.getByRole('dialog', { name: texts.resendTitle('tickets') });
    await resendDialog.waitFor();
    await expectNoAxeViolations(page);
    await resendDialog.getByRole('button', { name: texts.resend }).click();
    await expect.poll(async () => (await toasts(page)).join(' | ')).toContain(english(staffOrderMessages.resent));
    await resendDialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('table', { name: texts.emailsCaption }).getByRole('row').count()).toBeGreaterThan(mailsBefore);

    // Correct the friend's name.
    const friend = page.getByRole('row').filter({ hasText: holders[1]!.name });
    const friendTicket = (await friend.locator('code').first().innerText()).trim();
    await page.getByRole('button', { name: texts.changeLabel(friendTicket) }).click();
    const changeDialog = page.getByRole('dialog', { name: texts.changeTitle(friendTicket) });
    await changeDialog.waitFor();
    await expectNoAxeViolations(page);
    await changeDialog.getByLabel(texts.holderName).fill('Fenna de Vriendin');
    await changeDialog.getByRole('button', { name: texts.changeSave }).click();
    await expect.poll(async () => (await toasts(page)).join(' | ')).toContain(english(staffOrderMessages.ticketChanged));
    await tickets.getByRole('row').filter({ hasText: 'Fenna de Vriendin' }).waitFor();
    await page.locator('#staff-order-timeline').getByText(/Ticket .* changed: full name Fenna Vriendin → Fenna de Vriendin/).waitFor();

    // Refund the buyer's own ticket: tick it, see the sum, confirm; the provider is asked for it.
    expect(stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds')).toEqual([]);
    const ownTicket = (await page.getByRole('row').filter({ hasText: holders[0]!.name }).locator('code').first().innerText()).trim();
    await page.getByRole('button', { name: texts.refund }).click();
    const refundDialog = page.getByRole('dialog', { name: texts.refundTitle(code) });
    await refundDialog.waitFor();
    await refundDialog.locator(`#staff-refund-ticket-${ownTicket}`).check();
    const sum = (await refundDialog.locator('#staff-order-refund-total').innerText()).trim();
    await expectNoAxeViolations(page);
    await refundDialog.getByRole('button', { name: texts.refundNext }).click();
    const confirm = page.getByRole('dialog', { name: texts.refundConfirmTitle });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: texts.refundDo, exact: true }).click();
    await expect.poll(async () => (await toasts(page)).join(' | ')).toContain(english(staffOrderMessages.refundDone));
    await confirm.waitFor({ state: 'detached' });

    // The provider's double received one refund call, of the ticket's price less its refund fee.
    const calls = stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
    expect(calls).toHaveLength(1);
    const refunded = Number((calls[0]!.body as { amount?: string }).amount);
    expect(sum).toBe(texts.refundTotal(formatAmount(refunded, 'EUR', 'en-US')));
    expect(calls[0]!.headers['idempotency-key']).toMatch(/\S/);
    const [providerRefund, ...more] = [...stripe.refunds.keys()];
    expect(more).toEqual([]);

    // The page shows it: the outcome, the refund with the provider's id, the ticket refunded, the timeline.
    expect(await page.locator('#staff-order-refund-outcome').innerText()).toContain(texts.refundToCardDone(formatAmount(refunded, 'EUR', 'en-US')));
    expect(await page.locator('#staff-order-refunds').innerText()).toContain(providerRefund);
    await tickets.getByRole('row').filter({ hasText: ownTicket }).filter({ hasText: english(portalMessages.itemStatus.refunded) }).waitFor();
    expect(await page.locator('#staff-order-money').innerText()).toContain(formatAmount(refunded, 'EUR', 'en-US'));
    const newest = await page.locator('#staff-order-timeline > li').allInnerTexts();
    expect(newest.some((entry) => entry.startsWith(texts.kinds.refund!))).toBe(true);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
