import { api, english, paymentMessages } from '@festival/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { type MollieDouble, startMollieDouble } from '../../../test/provider-doubles/mollie-double';
import { type StripeDouble, startStripeDouble } from '../../../test/provider-doubles/stripe-double';
import { confirmationPage, openShopAddress, orderPage, type ProviderShop, pressOnPage, redirectUrl, shopRecords, startProviderShop } from '../../../test/provider-shop';
import { cartWith, checkoutPayload, createCustomer, NL_ADDRESS } from '../../../test/shop-flows';
import { orders } from '../../db/schema';
import { NOTIFY_PATH } from './payments.service';

/**
 * Issue 34 point 7 (decision 0067): the checkout offers the methods the configured provider takes
 * for the buyer's country and the cart's amount (Mollie's methods API; Stripe's payment method
 * types), and the chosen method goes to the provider with the attempt, each with its own outcome.
 * Through the real app, the providers' SDKs and their doubles, which record what the shop asked.
 */
describe.each(testEngines())('the methods buyers use, on %s', (engine) => {
  describe('with Mollie', () => {
    let double: MollieDouble;
    let world: ProviderShop;
    let records: ReturnType<typeof shopRecords>;
    beforeAll(async () => {
      double = await startMollieDouble();
      world = await startProviderShop(engine, 'mollie', { mollie: { apiKey: double.apiKey, apiUrl: double.apiUrl } });
      records = shopRecords(world.shop);
    });
    afterAll(async () => {
      await world?.close();
      await double?.close();
    });

    const methodCalls = () => double.requests.filter((request) => request.method === 'GET' && request.path === '/v2/methods');

    async function methodsFor(products: string[], country: string) {
      const buyer = await createCustomer(world.shop);
      const cart = await cartWith(world.shop, buyer.token, products);
      const answer = await world.shop.call('payment-methods', { token: buyer.token, cart, country });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { buyer, cart, methods: api['payment-methods'].answer.parse(answer.body).methods };
    }

    it("offers Mollie's methods for the billing country and the cart's amount, asked once a minute per country and amount", async () => {
      const before = methodCalls().length;
      const dutch = await methodsFor(['NWF27-PARKING'], 'NL');
      expect(dutch.methods).toEqual([
        { id: 'ideal', label: 'iDEAL' },
        { id: 'card', label: 'Card' },
        { id: 'applepay', label: 'Apple Pay' },
      ]);
      const asked = methodCalls()[before]!;
      const invoice = api['calculate-invoice'].answer.parse((await world.shop.call('calculate-invoice', { token: dutch.buyer.token, cart: dutch.cart, country: 'NL' })).body).invoice;
      expect(asked.query).toMatchObject({ 'amount[value]': (invoice.total / 100).toFixed(2), 'amount[currency]': 'EUR', billingCountry: 'NL', sequenceType: 'oneoff' });

      expect((await methodsFor(['NWF27-PARKING'], 'BE')).methods.map((method) => method.id)).toEqual(['bancontact', 'card', 'applepay']);
      expect((await methodsFor(['NWF27-PARKING'], 'DE')).methods.map((method) => method.id)).toEqual(['card', 'applepay']);
      // The same country and amount again: the list kept, Mollie not asked again.
      const calls = methodCalls().length;
      await methodsFor(['NWF27-PARKING'], 'NL');
      expect(methodCalls().length).toBe(calls);
    });

    it('answers a cart that is not the caller’s as calculate-invoice does, and refuses a method id that is no id', async () => {
      const stranger = await createCustomer(world.shop);
      const { cart } = await methodsFor(['NWF27-PARKING'], 'NL');
      const theirs = await world.shop.call('payment-methods', { token: stranger.token, cart, country: 'NL' });
      const invoice = await world.shop.call('calculate-invoice', { token: stranger.token, cart, country: 'NL' });
      expect(theirs.status).toBe(invoice.status);
      expect(theirs.status).toBeGreaterThanOrEqual(400);
      const buyer = await createCustomer(world.shop);
      const own = await cartWith(world.shop, buyer.token, ['NWF27-PARKING']);
      const paymentsBefore = double.requests.filter((request) => request.method === 'POST' && request.path === '/v2/payments').length;
      const refused = await world.shop.call('checkout-cart', checkoutPayload(buyer.token, own, { provider_method: 'iDEAL"><' }));
      expect(refused.status).toBe(422);
      // A method Mollie does not list for this buyer (Bancontact is for Belgians, Sofort not on the profile): refused, nothing placed.
      for (const method of ['bancontact', 'sofort']) {
        const notOffered = await world.shop.call('checkout-cart', checkoutPayload(buyer.token, own, { provider_method: method }));
        expect(notOffered).toMatchObject({ status: 422, body: { message: english(paymentMessages.methodNotOffered), errors: { 'order.provider_method': [english(paymentMessages.methodNotOffered)] } } });
      }
      expect(await world.shop.database.db.select().from(orders).where(eq(orders.customerId, buyer.id))).toEqual([]);
      expect(double.requests.filter((request) => request.method === 'POST' && request.path === '/v2/payments')).toHaveLength(paymentsBefore);
    });

    it('pays with iDEAL chosen in the shop: the Mollie payment is created for iDEAL and its outcome pays the order', async () => {
      const buyer = await createCustomer(world.shop);
      const cart = await cartWith(world.shop, buyer.token, ['NWF27-PARKING']);
      const placed = api['checkout-cart'].answer.parse((await world.shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { provider_method: 'ideal' }))).body);
      const [payment] = await records.payments(placed.order.id);
      expect(payment).toMatchObject({ providerMethod: 'ideal', status: 'open' });
      const created = double.requests.find((request) => request.method === 'POST' && request.path === '/v2/payments' && (request.body as { metadata?: { festival_reference?: string } }).metadata?.festival_reference === payment!.providerReference);
      expect(created!.body).toMatchObject({ method: 'ideal' });
      // The payer pays at their bank; Mollie's webhook is read back.
      const answer = await pressOnPage(redirectUrl(placed.payment), { action: 'pay' });
      expect(answer.status).toBe(303);
      expect(await openShopAddress(answer.headers.get('location')!)).toBe(confirmationPage(placed.order.code));
      expect(double.payments.get(payment!.providerPaymentId!)!.method).toBe('ideal');
      expect(await records.order(placed.order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: placed.order.total_price });
    });

    it('takes an iDEAL payment that expired at the bank as unpaid, without using up an attempt; a failed one as a decline', async () => {
      const buyer = await createCustomer(world.shop);
      const cart = await cartWith(world.shop, buyer.token, ['NWF27-PARKING']);
      const placed = api['checkout-cart'].answer.parse((await world.shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { provider_method: 'ideal' }))).body);
      const [payment] = await records.payments(placed.order.id);
      expect(await double.setStatus(payment!.providerPaymentId!, 'expired')).toBe(200);
      expect((await records.payments(placed.order.id)).map((row) => row.status)).toEqual(['expired']);
      expect(await records.order(placed.order.code)).toMatchObject({ paymentStatus: 'pending', paymentAttempts: 0 });
      // Back in the shop from the bank's page: the order's own page, unpaid, with Pay now.
      const back = await openShopAddress(`${world.base}/payments/return/mollie?reference=${payment!.providerReference}`);
      expect(back).toBe(orderPage(placed.order.code, 'cancelled'));

      const again = api['pay-order'].answer.parse((await world.shop.call('pay-order', { token: buyer.token, order: placed.order.code })).body);
      const answer = await pressOnPage(redirectUrl(again.payment), { action: 'fail', method: 'ideal' });
      expect(answer.status).toBe(303);
      expect(await records.order(placed.order.code)).toMatchObject({ paymentStatus: 'pending', paymentAttempts: 1 });
      expect(world.notificationResults().length).toBeGreaterThan(0);
      expect(NOTIFY_PATH('mollie')).toBe('/payments/notify/mollie');
    });
  });

  describe('with Stripe', () => {
    let double: StripeDouble;
    let world: ProviderShop;
    let records: ReturnType<typeof shopRecords>;
    beforeAll(async () => {
      double = await startStripeDouble({ secretKey: 'sk_test_stripeDouble4methods' });
      world = await startProviderShop(engine, 'stripe', { stripe: { secretKey: double.secretKey, webhookSecrets: [double.webhookSecret], apiUrl: double.url } });
      double.webhookUrl = world.base + NOTIFY_PATH('stripe');
      records = shopRecords(world.shop);
    });
    afterAll(async () => {
      await world?.close();
      await double?.close();
    });

    async function methodIds(country: string): Promise<string[]> {
      const buyer = await createCustomer(world.shop);
      const cart = await cartWith(world.shop, buyer.token, ['NWF27-PARKING']);
      const answer = await world.shop.call('payment-methods', { token: buyer.token, cart, country });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return api['payment-methods'].answer.parse(answer.body).methods.map((method) => method.id);
    }

    it("offers Stripe's payment method types by country: iDEAL to Dutch buyers, Bancontact to Belgians, the card with its wallets to all", async () => {
      expect(await methodIds('NL')).toEqual(['ideal', 'card']);
      expect(await methodIds('BE')).toEqual(['bancontact', 'card']);
      expect(await methodIds('DE')).toEqual(['card']);
    });

    it('creates the Checkout Session for Bancontact alone when the buyer chose it, and pays the order on its completion', async () => {
      const buyer = await createCustomer(world.shop);
      const cart = await cartWith(world.shop, buyer.token, ['NWF27-PARKING']);
      // A Belgian buyer: Stripe offers Bancontact to buyers from Belgium.
      const placed = api['checkout-cart'].answer.parse(
        (await world.shop.call('checkout-cart', { ...checkoutPayload(buyer.token, cart, { provider_method: 'bancontact' }), customer: { country: 'BE', address: NL_ADDRESS } })).body,
      );
      const [payment] = await records.payments(placed.order.id);
      const session = double.sessions.get(payment!.providerPaymentId!)!;
      expect(session.payment_method_types).toEqual(['bancontact']);
      await double.completeSession(session.id);
      expect(await records.order(placed.order.code)).toMatchObject({ paymentStatus: 'paid' });
    });
  });
});
