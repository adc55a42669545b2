import { english } from '@festival/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/lib/free-port';
import type { ProviderCredentials } from '../apps/server/src/modules/payments/gateway-choice';
import { runRefundsCommand } from '../apps/server/src/modules/portal/refunds-command';
import { startMollieDouble, type MollieDouble } from '../apps/server/test/provider-doubles/mollie-double';
import { startStripeDouble, type StripeDouble } from '../apps/server/test/provider-doubles/stripe-double';
import { messages } from '../packages/contract/src/messages';
import { paymentMessages } from '../packages/contract/src/payment-messages';
import { registerAndLogIn } from './support/accounts';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { addWeekendTicket, fillBillingAddress } from './support/checkout';
import { minorUnits, startShop, type ProviderName, type ProviderShop } from './support/provider-shop';
import { screenshot } from './support/screenshots';

/**
 * Real money through Stripe and Mollie (issue 20), one journey per provider in Chromium: a shop
 * of its own in this file, with its gateway set to the provider and the provider's API a local
 * double (apps/server/test/provider-doubles) with its hosted payment page. The customer checks
 * out by card, lands on the double's page, pays, comes back to the shop's confirmation with the
 * tickets; then asks for part of the order back in the portal, and the organiser's
 * `refunds mark-processed` (run in-process with the shop's database and its very gateway) sends
 * that refund to the provider: the double sees one refund call of the refund's amount, with an
 * idempotency key, and the portal shows the refund processed once the provider has confirmed it.
 */

/** A refund call the double received: its amount in minor units and its idempotency key. */
interface RefundCall {
  amount: number;
  idempotencyKey: string | undefined;
}

/** What the journey needs of a provider's double, whichever provider it is. */
interface ProviderDouble {
  /** The double's own address (its hosted page is there). */
  url: string;
  credentials: ProviderCredentials;
  /** The hosted page's path for one payment. */
  hostedPath: RegExp;
  /** Where the hosted page shows the amount to pay. */
  amountSelector: string;
  /** The payments created at the double: their amounts in minor units. */
  paymentAmounts(): number[];
  /** Pays on the hosted page the browser shows. */
  pay(page: Page): Promise<void>;
  refundCalls(): RefundCall[];
  /** Where the provider sends its news about the payments made (Stripe: the account's one webhook endpoint; Mollie: each payment's webhookUrl). */
  notifyUrls(): (string | null | undefined)[];
  /** What the shop answered the provider's notifications, in order (null: not posted). */
  notificationAnswers(): (number | null)[];
  /** The provider's refunds, as the double keeps them. */
  refundIds(): string[];
  /** A refund that starts pending at the provider is confirmed, and the provider tells the shop. */
  settleRefund?(id: string): Promise<void>;
  close(): Promise<void>;
}

/** The Stripe double, which posts its signed events to the shop's notify address. */
async function stripeDouble(shopBase: string): Promise<ProviderDouble> {
  // The shop's key check wants letters and digits after sk_test_ (the double's default has an underscore).
  const double: StripeDouble = await startStripeDouble({ secretKey: 'sk_test_providersJourney', webhookUrl: `${shopBase}/payments/notify/stripe` });
  const refundCalls = () => double.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
  return {
    url: double.url,
    credentials: { stripe: { secretKey: double.secretKey, webhookSecrets: [double.webhookSecret], apiUrl: double.url } },
    hostedPath: /^\/pay\/cs_test_[0-9a-f]+$/,
    amountSelector: '#stripe-amount',
    paymentAmounts: () => [...double.sessions.values()].map((session) => session.amount_total ?? 0),
    async pay(page) {
      await page.locator('#stripe-pay').click();
    },
    refundCalls: () =>
      refundCalls().map((request) => ({
        amount: Number((request.body as { amount?: string }).amount),
        idempotencyKey: request.headers['idempotency-key'],
      })),
    notifyUrls: () => [double.webhookUrl],
    notificationAnswers: () => double.events.map((event) => event.status),
    refundIds: () => [...double.refunds.keys()],
    close: () => double.close(),
  };
}

/** The Mollie double, which posts `id=tr_…` to the webhook address each payment was created with. */
async function mollieDouble(): Promise<ProviderDouble> {
  const double: MollieDouble = await startMollieDouble();
  const refundCalls = () => double.requests.filter((request) => request.method === 'POST' && /^\/v2\/payments\/tr_[A-Za-z0-9]+\/refunds$/.test(request.path));
  return {
    url: double.url,
    credentials: { mollie: { apiKey: double.apiKey, apiUrl: double.apiUrl } },
    hostedPath: /^\/checkout\/tr_[A-Za-z0-9]+$/,
    amountSelector: '#mollie-amount',
    paymentAmounts: () => [...double.payments.values()].map((payment) => minorUnits(payment.amount.value)),
    async pay(page) {
      // The payer chooses how to pay on Mollie's page first.
      await page.locator('#mollie-method-creditcard').check();
      await page.locator('#mollie-pay').click();
    },
    refundCalls: () =>
      refundCalls().map((request) => ({
        amount: minorUnits((request.body as { amount: { value: string } }).amount.value),
        idempotencyKey: request.headers['idempotency-key'],
      })),
    notifyUrls: () => [...double.payments.values()].map((payment) => payment.webhookUrl),
    notificationAnswers: () => double.deliveries.map((delivery) => delivery.status),
    refundIds: () => [...double.refunds.keys()],
    async settleRefund(id) {
      // Mollie's refunds start pending; once the money is back Mollie calls the payment's webhook.
      expect(await double.settleRefund(id, 'refunded')).toBe(200);
    },
    close: () => double.close(),
  };
}

/** Full-page screenshots at a phone's and a desktop's width, then back to the desktop. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await screenshot(page, `providers-${name}-${width}.png`, { fullPage: true });
  }
}

const toasts = (page: Page) => page.getByTestId('toast').allTextContents();

function providerJourney(provider: ProviderName, label: string, startDouble: (shopBase: string) => Promise<ProviderDouble>) {
  describe(`paying through ${label} in Chromium`, () => {
    const browser = useBrowser();
    let double: ProviderDouble | undefined;
    let shop: ProviderShop | undefined;

    beforeAll(async () => {
      // The shop's address first: the double posts its news there, and the shop sends payers back to it.
      const port = await freePort();
      double = await startDouble(`http://127.0.0.1:${port}`);
      shop = await startShop(provider, port, double.credentials);
    });

    afterAll(async () => {
      await shop?.app.close();
      await double?.close();
      await shop?.database.close();
    });

    it(`checks out by card on ${label}'s hosted page, returns to the tickets, and a partial refund goes back through ${label}`, { timeout: 150_000 }, async () => {
      const { base, database, config, gateway } = shop!;
      const { page, errors } = await openPageOn(browser(), base);
      const customer = await registerAndLogIn(page, `${label} Payer`);
      const holders = [
        { name: `${label} Payer`, email: customer.email },
        { name: `${label} Friend`, email: `friend.${customer.email}` },
      ];
      for (const holder of holders) await addWeekendTicket(page, holder);

      // Checkout by card: the shop sends the browser to the provider's hosted page.
      await page.goto('/checkout');
      await page.locator('#checkout-submit').waitFor();
      await fillBillingAddress(page);
      // The provider lists its methods for the buyer's country (decision 0067): its card is one of them.
      await page.locator('#checkout-method-card').check();
      await page.locator('#checkout-terms').check();
      const total = minorUnits((await page.locator('#checkout-total').textContent()) ?? '');
      await expectNoAxeViolations(page);
      await page.locator('#checkout-submit').click();
      const doubleOrigin = new URL(double!.url).origin;
      await page.waitForURL((url) => url.origin === doubleOrigin && double!.hostedPath.test(url.pathname));
      expect(minorUnits((await page.locator(double!.amountSelector).textContent()) ?? '')).toBe(total);
      expect(double!.paymentAmounts()).toEqual([total]);
      expect(double!.notifyUrls()).toEqual([`${base}/payments/notify/${provider}`]);
      await expectNoAxeViolations(page);
      await screenshots(page, `${provider}-hosted`);

      // Paid there, the payer is sent back to the shop's return address; the provider's news came first.
      const visited: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visited.push(request.url());
      });
      await double!.pay(page);
      await page.waitForURL((url) => url.origin === base && /^\/portal\/orders\/[A-Z0-9]+\/confirmation$/.test(url.pathname), { timeout: 20_000 });
      const code = /\/portal\/orders\/([A-Z0-9]+)\//.exec(new URL(page.url()).pathname)![1]!;
      await page.locator('#order-paid').waitFor({ timeout: 10_000 });
      expect(double!.notificationAnswers()).toEqual([200]);
      const returned = visited.map((url) => new URL(url)).filter((url) => url.origin === base && url.pathname === `/payments/return/${provider}`);
      expect(returned, visited.join('\n')).toHaveLength(1);
      expect(returned[0]!.searchParams.get('reference')).toMatch(/^pay_[0-9a-f]{32}$/);
      expect(await page.getByRole('heading', { level: 2, name: english(paymentMessages.outcome.paid.heading) }).count()).toBe(1);
      expect(await page.locator('#order-code').textContent()).toContain(code);
      const tickets = page.locator('#order-tickets');
      for (const holder of holders) expect(await tickets.textContent()).toContain(holder.name);
      const downloads = page.locator('#order-tickets a[id^="ticket-download-"]');
      expect(await downloads.count()).toBe(2);
      // A ticket's download link gives its PDF.
      const ticketPdf = await page.request.get((await downloads.first().getAttribute('href'))!);
      expect(ticketPdf.status()).toBe(200);
      expect(ticketPdf.headers()['content-type']).toContain('application/pdf');
      await expectNoAxeViolations(page);
      await screenshots(page, `${provider}-confirmation`);

      // One of the two tickets back, asked for in the portal.
      await page.goto('/portal');
      await page.locator(`#portal-order-refund-${code}`).click();
      await page.waitForURL((url) => url.pathname === `/portal/orders/${code}/request-refund`);
      await page.locator('#refund-step-select').waitFor();
      const choosable = page.locator('#refund-step-select input[type="checkbox"]:not([disabled])');
      expect(await choosable.count()).toBe(2);
      const ticket = (await choosable.first().getAttribute('id'))!.replace('refund-item-', '');
      await page.locator(`#refund-item-${ticket}`).check();
      await page.locator('#refund-next').click();
      // The money goes back to the card through the provider: no bank details are asked (decision 0060).
      await page.locator('#refund-step-confirm').waitFor();
      expect(await page.locator('#refund-step-details, #refund-bank-summary').count()).toBe(0);
      const refundAmount = minorUnits((await page.locator('#refund-total').textContent()) ?? '');
      expect(await page.locator('#refund-way').textContent()).toMatch(/^Once the refund is processed, €[\d,.]+ will go back to the card or account you paid with\.$/);
      // Some of the order, not all of it.
      expect(refundAmount).toBeGreaterThan(0);
      expect(refundAmount).toBeLessThan(total);
      await expectNoAxeViolations(page);
      await page.locator('#refund-submit').click();
      await expect.poll(async () => (await toasts(page)).join(' | ')).toContain(english(messages.toast.refundRequested));
      await page.waitForURL((url) => /^\/portal\/refunds\/\d+$/.test(url.pathname));
      const refundId = Number(new URL(page.url()).pathname.split('/').pop());
      await expect.poll(() => page.locator('#refund-status').textContent()).toBe(config.statusLabels.refund.active ?? 'Requested');
      expect(double!.refundCalls()).toEqual([]);

      // The organiser processes it, as `npm run refunds -- mark-processed <id>` does, through the shop's own gateway.
      const printed: string[] = [];
      const printedErrors: string[] = [];
      const exitCode = await runRefundsCommand(['mark-processed', String(refundId)], {
        db: database.db,
        config,
        gateway,
        print: (line) => printed.push(line),
        printError: (line) => printedErrors.push(line),
      });
      expect({ exitCode, printedErrors }).toEqual({ exitCode: 0, printedErrors: [] });

      // The provider was asked once, for the refund's amount, under an idempotency key.
      const calls = double!.refundCalls();
      expect(calls).toHaveLength(1);
      expect(calls[0]!.amount).toBe(refundAmount);
      expect(calls[0]!.idempotencyKey).toMatch(/\S/);
      const [providerRefund, ...more] = double!.refundIds();
      expect(more).toEqual([]);
      expect(printed.join('\n')).toContain(providerRefund);

      if (double!.settleRefund) {
        // Pending at the provider: processing until the provider confirms it.
        expect(printed[0]).toContain('is processing');
        await page.reload();
        await expect.poll(() => page.locator('#refund-status').textContent()).toBe(config.statusLabels.refund.processing ?? 'Processing');
        await double!.settleRefund(providerRefund!);
        expect(double!.notificationAnswers()).toEqual([200, 200]);
      } else {
        expect(printed[0]).toContain('is processed');
      }
      await expect
        .poll(async () => {
          await page.reload();
          await page.locator('#refund-status').waitFor();
          return page.locator('#refund-status').textContent();
        })
        .toBe(config.statusLabels.refund.processed ?? 'Processed');
      await expect.poll(() => page.locator(`#refund-item-status-${ticket}`).textContent()).toContain('Refunded');
      await expectNoAxeViolations(page);
      // Nothing was asked of the provider again.
      expect(double!.refundCalls()).toHaveLength(1);
      // The double's page asks for a favicon it does not have (a 404 while on it); nothing else may go wrong.
      expect(errors.filter((error) => !/status of 404/.test(error) || !error.includes(doubleOrigin))).toEqual([]);
      await page.context().close();
    });
  });
}

providerJourney('stripe', 'Stripe', stripeDouble);
providerJourney('mollie', 'Mollie', () => mollieDouble());
