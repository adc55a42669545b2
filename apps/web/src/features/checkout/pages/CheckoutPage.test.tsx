// @vitest-environment happy-dom
import { english, messages, questionDefinition, questionMessages, type Cart, type ClientConfig, type Invoice, type UserData, paymentMessages } from '@festival/contract';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { getConfig } from '../../../lib/config';
import { followPaymentInstruction } from '../../../lib/payment-instruction';
import { clearCartCode, clearToken, getCartCode, setCartCode, setToken } from '../../../lib/storage';
import { renderPage, testCustomer, testUserData, type Answer, type SentCall } from '../../../../test/test-app';
import { testCart, testCartProduct } from '../../../../test/test-cart';
import { installTestConfig } from '../../../../test/test-config';
import { testShopItem } from '../../../../test/test-shop-item';
import { testOrder } from '../../../../test/test-order';
import { userDataKey } from '../../../lib/user-data';
import CheckoutPage from './CheckoutPage';
import { eventually } from '../../../../test/waits';

vi.mock('../../../lib/payment-instruction', () => ({ followPaymentInstruction: vi.fn() }));

beforeAll(installTestConfig);

const CODE = 'cart-code';
let originalConfig: ClientConfig;
beforeEach(() => {
  originalConfig = structuredClone(getConfig());
  setToken('the-token');
  setCartCode(CODE);
});
afterEach(() => {
  cleanup();
  Object.assign(getConfig(), originalConfig);
  formErrorStore.clear();
  clearToken();
  clearCartCode();
  vi.unstubAllGlobals();
  vi.mocked(followPaymentInstruction).mockReset();
});

const ticket = testCartProduct({ id: 1, price: 18950, fee: 350 });
const ticketItem: Invoice['items'][number] = {
  id: 1,
  name: 'Weekend ticket',
  external_code: 'NWF27-WEEKEND',
  shop_item_type: 'tickets',
  full_name: 'Jane Doe',
  email: 'jane@example.com',
  travel_time: null,
  timezone: 'Europe/Amsterdam',
  product_type: 'ticket',
  event: 'Northwind Festival 2027',
  event_id: 1,
  type: 'ticket',
  price: 19300,
};
const shirtItem: Invoice['items'][number] = { ...ticketItem, id: 5, name: 'Festival T-shirt', external_code: 'NWF27-TEE', shop_item_type: 'merchandise', full_name: null, email: null, product_type: 'merchandise', event: null, event_id: null, type: 'shirt', price: 2500 };

function ticketInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return { items: [ticketItem], shipping: null, total: 19300, tax: { 'VAT 9%': 1594 }, items_total_without_tax: { 'VAT 9%': 17706 }, rates: [{ name: 'VAT 9%', basisPoints: 900, gross: 19300 }], ...overrides };
}

const bankDetails = { accountHolder: 'Festival BV', iban: 'NL00BANK0123456789', bic: 'BANKNL2A', referencePrefix: 'NWF' };
const fullAddress = { 'Street and number': 'Main street 1', 'Postal code': '1000 AA', City: 'Amsterdam' };

type Handler = (body: Record<string, unknown>) => Answer;

/** The api client's fetch: a handler per path (answering from the payload); returns the calls sent. */
function serve(handlers: Record<string, Handler>): SentCall[] {
  const calls: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace('/api/', '');
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      calls.push({ path, body });
      const answer = handlers[path]?.(body) ?? { status: 404, body: { message: 'Not found.' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

const ok = (body: unknown): Answer => ({ status: 200, body });

interface OpenOptions {
  cart?: Cart | null;
  userData?: UserData;
  invoice?: Handler;
  handlers?: Record<string, Handler>;
}

async function open({ cart = testCart({ code: CODE, products: [ticket], total_price: 19300 }), userData, invoice, handlers = {} }: OpenOptions = {}) {
  const calls = serve({
    'get-cart': () => ok({ cart }),
    'calculate-invoice': invoice ?? (() => ok({ invoice: ticketInvoice() })),
    ...handlers,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userDataKey('the-token'), userData ?? testUserData({ customer: testCustomer({ country: 'NL', address: fullAddress }) }));
  const user = userEvent.setup();
  const { router } = renderPage(CheckoutPage, {
    path: '/checkout',
    handle: { access: 'loggedIn', title: 'Checkout' },
    queryClient,
    otherRoutes: [
      { path: '/order/:order', Component: () => <h1>Order page</h1> },
      { path: '/tickets', Component: () => <h1>Tickets page</h1> },
    ],
  });
  return { calls, user, router, queryClient };
}

const alertText = () => document.getElementById('checkout-error')?.textContent ?? null;
const submitButton = () => document.getElementById('checkout-submit') as HTMLButtonElement;
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const waitForInvoice = () => screen.findByText('Weekend ticket');

describe('the checkout page', () => {
  it('says the cart is empty, with a way to the tickets', async () => {
    await open({ cart: null });
    expect(await screen.findByText(english(messages.cart.empty))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse tickets' }).getAttribute('href')).toBe('/tickets');
    expect(getCartCode()).toBeNull();
    expect(screen.queryByRole('form', { name: 'Checkout' })).toBeNull();
  });

  it('shows the invoice with holders, taxes and the total, prefilled with the default address', async () => {
    const { calls } = await open();
    await waitForInvoice();
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    expect(screen.getByText('incl. VAT 9%: €15.94')).toBeTruthy();
    expect(input('checkout-total').textContent).toBe('€193.00');
    expect((input('checkout-country') as unknown as HTMLSelectElement).value).toBe('NL');
    expect(input('checkout-address-0').value).toBe('Main street 1');
    expect(input('checkout-address-2').value).toBe('Amsterdam');
    expect(calls.find((call) => call.path === 'calculate-invoice')?.body).toEqual({ token: 'the-token', cart: CODE, country: 'NL' });
    // Tickets only: no shipping address.
    expect(document.getElementById('checkout-shipping-name')).toBeNull();
  });

  it('checks the rules of spec section 5 in order before it sends anything', async () => {
    const cart = testCart({ code: CODE, products: [ticket], merchandise: [{ id: 5, merchandise: { name: 'Festival T-shirt', external_code: 'NWF27-TEE' }, price: 2500, fee: 0 }], total_price: 21800 });
    const invoice = ticketInvoice({ items: [ticketItem, shirtItem], shipping: { name: 'Standard', type: 'standard', price: 495 }, total: 22295 });
    const userData = testUserData({ customer: testCustomer({ country: 'NL', address: {} }) });
    const { calls, user } = await open({ cart, userData, invoice: () => ok({ invoice }) });
    await waitForInvoice();
    expect(input('checkout-shipping-name').value).toBe('Jane Doe');
    expect((input('checkout-shipping-country') as unknown as HTMLSelectElement).value).toBe('NL');

    await user.clear(input('checkout-shipping-name'));
    await user.click(submitButton());
    // The shipping lines follow the billing lines, so each empty line is listed once.
    expect(alertText()).toBe(english(messages.checkout.fillOutFields(['Street and number', 'Postal code', 'City', 'Full name'])));

    await user.type(input('checkout-address-0'), 'Main street 1');
    await user.type(input('checkout-address-1'), '1000 AA');
    await user.type(input('checkout-address-2'), 'Amsterdam');
    await user.type(input('checkout-shipping-name'), 'John Doe');
    await user.clear(input('checkout-shipping-address-2'));
    await user.click(submitButton());
    expect(alertText()).toBe(english(messages.checkout.fillOutFields(['City (shipping)'])));

    await user.click(screen.getByRole('button', { name: 'Same as billing address' }));
    expect(input('checkout-shipping-address-2').value).toBe('Amsterdam');
    await user.click(submitButton());
    expect(alertText()).toBe(english(messages.checkout.acceptTerms));
    expect(calls.filter((call) => call.path === 'checkout-cart')).toEqual([]);
  });

  it('disables Checkout without a country, and recalculates the invoice for the chosen one', async () => {
    const userData = testUserData({ customer: testCustomer({ country: null, address: fullAddress }) });
    const { calls, user } = await open({ userData });
    await waitForInvoice();
    expect(submitButton().disabled).toBe(true);
    expect(document.getElementById('checkout-blocked')?.textContent).toBe(english(messages.checkout.countryRequired));
    await user.selectOptions(input('checkout-country'), 'BE');
    expect(submitButton().disabled).toBe(false);
    expect(document.getElementById('checkout-blocked')).toBeNull();
    await eventually(() => expect(calls.filter((call) => call.path === 'calculate-invoice').map((call) => call.body.country)).toEqual([null, 'BE']));
  });

  it('clears the invoice and disables Checkout when nothing ships to the country', async () => {
    const cart = testCart({ code: CODE, merchandise: [{ id: 5, merchandise: { name: 'Festival T-shirt', external_code: 'NWF27-TEE' }, price: 2500, fee: 0 }], total_price: 2500 });
    const invoice: Handler = (body) =>
      body.country === 'GB'
        ? { status: 409, body: { message: english(messages.checkout.shippingUnavailable) } }
        : ok({ invoice: ticketInvoice({ items: [shirtItem], shipping: { name: 'Standard', type: 'standard', price: 495 }, total: 2995 }) });
    const { user } = await open({ cart, invoice });
    expect(await screen.findByText('Festival T-shirt')).toBeTruthy();
    expect(input('checkout-shipping').textContent).toBe('€4.95');

    await user.selectOptions(input('checkout-shipping-country'), 'GB');
    expect((await screen.findByText(english(messages.checkout.shippingUnavailable), { selector: '#checkout-invoice-error' })).getAttribute('role')).toBe('status');
    expect(screen.queryByText('Festival T-shirt')).toBeNull();
    expect(document.getElementById('checkout-total')).toBeNull();
    expect(submitButton().disabled).toBe(true);
    // The billing country is unchanged: only where the goods go decides shipping.
    expect((input('checkout-country') as unknown as HTMLSelectElement).value).toBe('NL');

    await user.selectOptions(input('checkout-shipping-country'), 'BE');
    expect(await screen.findByText('Festival T-shirt')).toBeTruthy();
    expect(submitButton().disabled).toBe(false);
  });

  it('shows the items of a cart with merchandise before a country is chosen, with the reason shipping is missing (decision 0070)', async () => {
    const cart = testCart({ code: CODE, products: [ticket], merchandise: [{ id: 5, merchandise: { name: 'Festival T-shirt', external_code: 'NWF27-TEE' }, price: 2500, fee: 0 }], total_price: 21800 });
    const userData = testUserData({ customer: testCustomer({ country: null, address: fullAddress }) });
    const { calls } = await open({ cart, userData, invoice: () => ({ status: 422, body: { message: english(messages.checkout.selectCountryForShipping), errors: { country: [english(messages.checkout.selectCountryForShipping)] } } }) });
    expect(await screen.findByText('Festival T-shirt')).toBeTruthy();
    // Nothing is asked that cannot be answered yet.
    expect(calls.filter((call) => call.path === 'calculate-invoice')).toEqual([]);
    expect(screen.getByText('Weekend ticket')).toBeTruthy();
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    expect(input('checkout-shipping').textContent).toBe('With your country');
    expect(input('checkout-total').textContent).toBe('€218.00');
    expect(screen.getByText('Total before shipping')).toBeTruthy();
    expect(document.getElementById('checkout-country-hint')?.textContent).toBe(english(messages.checkout.selectCountryForShipping));
    expect(document.getElementById('checkout-invoice-error')).toBeNull();
    expect(submitButton().disabled).toBe(true);
  });

  it('keeps what the customer typed when the page opens again in the tab, and forgets it once the order is placed (decision 0070)', async () => {
    getConfig().bankTransfer = bankDetails;
    const order = testOrder({ code: 'NWF-NEW2', payment_method: 'bank_transfer', payment_status: 'pending' });
    const first = await open();
    await waitForInvoice();
    await first.user.selectOptions(input('checkout-country') as unknown as HTMLSelectElement, 'BE');
    await first.user.clear(input('checkout-address-0'));
    await first.user.type(input('checkout-address-0'), 'Grote Markt 1');
    await first.user.click(screen.getByLabelText('Bank transfer'));
    await first.user.click(input('checkout-terms'));
    await first.user.click(input('checkout-save-address'));
    cleanup();

    // A reload: the page and its cache are new, the tab's session storage is not.
    const again = await open({ handlers: { 'checkout-cart': () => ok({ order, data: testUserData({ customer: testCustomer(), orders: [order] }), payment: null }) } });
    await waitForInvoice();
    expect((input('checkout-country') as unknown as HTMLSelectElement).value).toBe('BE');
    expect(input('checkout-address-0').value).toBe('Grote Markt 1');
    expect(input('checkout-address-2').value).toBe('Amsterdam');
    expect(input('checkout-terms').checked).toBe(true);
    expect(input('checkout-save-address').checked).toBe(true);
    expect((screen.getByLabelText('Bank transfer') as HTMLInputElement).checked).toBe(true);
    await again.user.click(submitButton());
    await eventually(() => expect(again.router.state.location.pathname).toBe('/order/NWF-NEW2'));
    expect(again.calls.find((call) => call.path === 'checkout-cart')?.body.customer).toEqual({ country: 'BE', address: { ...fullAddress, 'Street and number': 'Grote Markt 1' }, save_address: true });
    cleanup();

    // Placed: the next checkout starts from the account again.
    setCartCode(CODE);
    await open();
    await waitForInvoice();
    expect((input('checkout-country') as unknown as HTMLSelectElement).value).toBe('NL');
    expect(input('checkout-address-0').value).toBe('Main street 1');
    expect(input('checkout-terms').checked).toBe(false);
  });

  it("offers to keep a billing address the account does not have, and forgets the tab's input at logout (decision 0070)", async () => {
    const userData = testUserData({ customer: testCustomer({ country: null, address: {} }) });
    const first = await open({ userData });
    await waitForInvoice();
    // Nothing typed yet: nothing to keep.
    expect(document.getElementById('checkout-save-address')).toBeNull();
    await first.user.selectOptions(input('checkout-country') as unknown as HTMLSelectElement, 'NL');
    expect(input('checkout-save-address').checked).toBe(false);
    expect(document.getElementById('checkout-save-address-hint')?.textContent).toContain('refund requests');
    await first.user.type(input('checkout-address-0'), 'Main street 1');
    cleanup();

    // A logout forgets what the tab kept, so the next person at this computer starts empty.
    clearToken();
    setToken('the-token');
    await open({ userData });
    await waitForInvoice();
    expect((input('checkout-country') as unknown as HTMLSelectElement).value).toBe('');
    expect(input('checkout-address-0').value).toBe('');
  });

  it('offers the payment methods the events allow in the billing country', async () => {
    getConfig().bankTransfer = bankDetails;
    const { user } = await open();
    await waitForInvoice();
    expect(input('checkout-method-credit_card').checked).toBe(true);
    expect(input('checkout-method-bank_transfer').checked).toBe(false);
    await user.click(screen.getByLabelText('Bank transfer'));
    expect(input('checkout-method-bank_transfer').checked).toBe(true);

    // Germany is not among the event's bank-transfer countries: card is the only method.
    await user.selectOptions(input('checkout-country'), 'DE');
    expect(document.getElementById('checkout-method-bank_transfer')).toBeNull();
    expect(input('checkout-method-credit_card').checked).toBe(true);
  });

  it('finds no payment method when the events allow none, and disables Checkout', async () => {
    getConfig().events = { '1': { ageRangeActive: false, creditCardActive: false, bankTransferActive: false, bankTransferCountries: [] } };
    await open();
    await waitForInvoice();
    expect(document.getElementById('checkout-no-methods')?.textContent).toBe(english(messages.checkout.noPaymentMethods));
    expect(submitButton().disabled).toBe(true);
  });

  it('applies a voucher: asks for a code, shows a refusal, then the discount and what is left to pay', async () => {
    const validate: Handler = (body) =>
      body.code === 'TEN' ? ok({ voucher: { code: 'TEN', discount_amount: 1000, terms: { kind: 'fixed', discount_amount: 1000, percent: null, product: null, products: null } } }) : { status: 422, body: { message: english(messages.checkout.voucherInvalid), errors: { code: [english(messages.checkout.voucherInvalid)] } } };
    const { calls, user } = await open({ handlers: { 'validate-voucher': validate } });
    await waitForInvoice();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(document.getElementById('checkout-voucher-error')?.textContent).toBe(english(messages.checkout.voucherRequired));
    expect(calls.filter((call) => call.path === 'validate-voucher')).toEqual([]);

    await user.type(input('checkout-voucher'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await eventually(() => expect(document.getElementById('checkout-voucher-error')?.textContent).toBe(english(messages.checkout.voucherInvalid)));

    await user.clear(input('checkout-voucher'));
    await user.type(input('checkout-voucher'), ' TEN {Enter}');
    expect(await screen.findByText('Voucher TEN')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'validate-voucher').at(-1)?.body).toEqual({ token: 'the-token', cart: CODE, code: 'TEN' });
    expect(input('checkout-discount').textContent).toBe('−€10.00');
    expect(screen.getByText('To pay')).toBeTruthy();
    expect(input('checkout-total').textContent).toBe('€183.00');
    // The VAT is of what is paid after the voucher, as the invoice prints it: €183.00 × 9/109.
    expect(input('checkout-taxes').textContent).toBe('incl. VAT 9%: €15.11');
    expect(document.getElementById('checkout-voucher-warning')).toBeNull();
    // Enter applied the voucher; it did not send the order.
    expect(calls.filter((call) => call.path === 'checkout-cart')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove voucher TEN' }));
    expect(input('checkout-total').textContent).toBe('€193.00');
    expect(input('checkout-taxes').textContent).toBe('incl. VAT 9%: €15.94');
    expect(input('checkout-voucher')).toBeTruthy();
  });

  it('warns that a voucher worth more than the order loses the rest, and forces the voucher method', async () => {
    getConfig().events = { '1': { ageRangeActive: false, creditCardActive: false, bankTransferActive: false, bankTransferCountries: [] } };
    const { user } = await open({ handlers: { 'validate-voucher': () => ok({ voucher: { code: 'BIG', discount_amount: 19300, terms: { kind: 'fixed', discount_amount: 25000, percent: null, product: null, products: null } } }) } });
    await waitForInvoice();
    expect(submitButton().disabled).toBe(true);
    await user.type(input('checkout-voucher'), 'BIG');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByText(english(paymentMessages.voucherExceedsOrder))).id).toBe('checkout-voucher-warning');
    expect(input('checkout-total').textContent).toBe('€0.00');
    // An order the voucher covers includes no VAT: its invoice says €0.00.
    expect(input('checkout-taxes').textContent).toBe('incl. VAT 9%: €0.00');
    expect(document.getElementById('checkout-method-voucher')?.textContent).toBe('Voucher');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(submitButton().disabled).toBe(false);
  });

  it('hides the voucher with a payment plan and shows the plan: the initial payment is due now', async () => {
    const plan = [
      { amount: 5000, units: 'days' as const, count: 0 },
      { amount: 7150, units: 'months' as const, count: 1 },
      { amount: 7150, units: 'months' as const, count: 2 },
    ];
    await open({ cart: testCart({ code: CODE, products: [testCartProduct({ id: 1, product: { has_payment_plan: true, payment_plan: plan } })], total_price: 19300 }) });
    await waitForInvoice();
    expect(document.getElementById('checkout-voucher')).toBeNull();
    expect(screen.getByText(english(paymentMessages.paymentPlanNoVoucher))).toBeTruthy();
    expect(input('checkout-plan-now').textContent).toBe('€50.00');
    expect(screen.getByText('To pay now')).toBeTruthy();
    expect(input('checkout-total').textContent).toBe('€50.00');
    // The VAT is the whole order's and says so, not the €50.00 paid now's.
    expect(input('checkout-taxes-of').textContent).toBe('The total of €193.00 includes:');
    expect(input('checkout-taxes').textContent).toBe('incl. VAT 9%: €15.94');
    expect(screen.getAllByText(/^Instalment \d$/)).toHaveLength(2);
  });

  it('opens the terms in a modal, whose button accepts them', async () => {
    const { user } = await open();
    await waitForInvoice();
    await user.click(screen.getByRole('button', { name: 'Read the Terms and Conditions' }));
    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    expect(within(dialog).getByText('By buying a ticket you accept these terms.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: english(messages.terms.accept) }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(input('checkout-terms').checked).toBe(true);
  });

  it('places the order: sends the addresses and method, clears the cart, keeps the new data and opens the order', async () => {
    getConfig().bankTransfer = bankDetails;
    const cart = testCart({ code: CODE, products: [ticket], merchandise: [{ id: 5, merchandise: { name: 'Festival T-shirt', external_code: 'NWF27-TEE' }, price: 2500, fee: 0 }], total_price: 21800 });
    const invoice = ticketInvoice({ items: [ticketItem, shirtItem], shipping: { name: 'Standard', type: 'standard', price: 495 }, total: 22295 });
    const order = testOrder({ code: 'NWF-NEW1', payment_method: 'bank_transfer', payment_status: 'pending' });
    const answerData = testUserData({ customer: testCustomer({ country: 'NL', address: fullAddress }), orders: [order] });
    const { calls, user, router, queryClient } = await open({
      cart,
      invoice: () => ok({ invoice }),
      handlers: { 'checkout-cart': () => ok({ order, data: answerData, payment: null }) },
    });
    await waitForInvoice();
    await user.click(screen.getByLabelText('Bank transfer'));
    await user.clear(input('checkout-shipping-address-0'));
    await user.type(input('checkout-shipping-address-0'), ' Side street 2 ');
    await user.click(input('checkout-terms'));
    await user.click(submitButton());

    await eventually(() => expect(router.state.location.pathname).toBe('/order/NWF-NEW1'));
    expect(calls.filter((call) => call.path === 'checkout-cart').map((call) => call.body)).toEqual([
      {
        token: 'the-token',
        cart: CODE,
        customer: { country: 'NL', address: fullAddress },
        order: {
          payment_method: 'bank_transfer',
          shipping_name: 'Jane Doe',
          shipping_country: 'NL',
          shipping_address: { ...fullAddress, 'Street and number': 'Side street 2' },
          accept_terms: true,
        },
        voucher_code: null,
      },
    ]);
    expect(getCartCode()).toBeNull();
    expect(queryClient.getQueryData(userDataKey('the-token'))).toEqual(answerData);
  });

  it('sends a tickets-only order without shipping and with the voucher, then follows the payment instruction', async () => {
    const payment = { action: 'redirect' as const, url: 'https://pay.example.com/session/1' };
    const { calls, user } = await open({
      handlers: {
        'validate-voucher': () => ok({ voucher: { code: 'TEN', discount_amount: 1000, terms: { kind: 'fixed', discount_amount: 1000, percent: null, product: null, products: null } } }),
        'checkout-cart': () => ok({ order: testOrder({ payment_status: 'pending' }), data: testUserData(), payment }),
      },
    });
    await waitForInvoice();
    await user.type(input('checkout-voucher'), 'TEN');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Voucher TEN');
    await user.click(input('checkout-terms'));
    await user.click(submitButton());

    expect((await screen.findByRole('status')).textContent).toBe(english(paymentMessages.redirecting));
    expect(document.getElementById('checkout-redirecting')).toBeTruthy();
    expect(followPaymentInstruction).toHaveBeenCalledWith(payment);
    const sent = calls.find((call) => call.path === 'checkout-cart')?.body;
    expect(sent?.order).toEqual({ payment_method: 'credit_card', accept_terms: true });
    expect(sent?.voucher_code).toBe('TEN');
    expect(getCartCode()).toBeNull();
  });

  it("asks the cart's products' per-order questions, checks them before sending and sends the answers by product code (decision 0106)", async () => {
    const questions = [
      { code: 'size', kind: 'choice', label: 'T-shirt size', options: [{ code: 's', label: 'Small' }] },
      { code: 'contact', kind: 'text', label: 'Emergency contact', required: true, per: 'order' },
    ].map((question) => questionDefinition.parse(question));
    const listed = testShopItem({ id: ticket.product.id, external_code: ticket.product.external_code, questions });
    const { calls, user } = await open({
      userData: testUserData({ customer: testCustomer({ country: 'NL', address: fullAddress }), products: [listed] }),
      handlers: { 'checkout-cart': () => ok({ order: testOrder({ payment_status: 'pending' }), data: testUserData(), payment: { action: 'redirect', url: 'https://pay.example.com/1' } }) },
    });
    await waitForInvoice();
    // The ticket's own question is the personalise modal's.
    expect(screen.queryByLabelText(/^T-shirt size/)).toBeNull();
    await user.click(input('checkout-terms'));
    await user.click(submitButton());
    expect(alertText()).toBe(english(questionMessages.required('Emergency contact')));
    const contact = screen.getByLabelText(/^Emergency contact/);
    expect(document.activeElement).toBe(contact);
    expect(contact.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.path === 'checkout-cart')).toBe(false);
    await user.type(contact, ' Mum ');
    await user.click(submitButton());
    await eventually(() => expect(calls.find((call) => call.path === 'checkout-cart')?.body.answers).toEqual({ [ticket.product.external_code]: { contact: 'Mum' } }));
  });

  it("shows the server's refusals one per line and lets the customer try again", async () => {
    const errors = { 'customer.address': ['Please fill out the following fields: City.'], 'order.accept_terms': [english(messages.checkout.acceptTerms)] };
    const { user } = await open({ handlers: { 'checkout-cart': () => ({ status: 422, body: { message: 'Some of the details you sent are not valid.', errors } }) } });
    await waitForInvoice();
    await user.click(input('checkout-terms'));
    await user.click(submitButton());
    await eventually(() => expect(alertText()).toBe(`Please fill out the following fields: City.\n${english(messages.checkout.acceptTerms)}`));
    expect(submitButton().disabled).toBe(false);
    expect(getCartCode()).toBe(CODE);
  });

  it('shows an ended cart as empty, with the reason', async () => {
    let cartGone = false;
    const { user } = await open({
      handlers: {
        'get-cart': () => ok({ cart: cartGone ? null : testCart({ code: CODE, products: [ticket], total_price: 19300 }) }),
        'checkout-cart': () => {
          cartGone = true;
          return { status: 410, body: { message: english(messages.cart.expired) } };
        },
      },
    });
    await waitForInvoice();
    await user.click(input('checkout-terms'));
    await user.click(submitButton());
    expect(await screen.findByText(english(messages.cart.empty))).toBeTruthy();
    expect(alertText()).toBe(english(messages.cart.expired));
  });
});
