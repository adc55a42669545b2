// @vitest-environment happy-dom
import { english, messages, type Order, paymentMessages } from '@festival/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { getConfig } from '../../../lib/config';
import { followPaymentInstruction } from '../../../lib/payment-instruction';
import { clearToken, setToken } from '../../../lib/storage';
import { renderPage, stubApi, testCustomer, testUserData, type Answer } from '../../../../test/test-app';
import { installTestConfig } from '../../../../test/test-config';
import { testMerchandisePurchase, testOrder, testTicket } from '../../../../test/test-order';
import { userDataKey } from '../../../lib/user-data';
import AcceptTermsPage from './AcceptTermsPage';
import { eventually } from '../../../../test/waits';

vi.mock('../../../lib/payment-instruction', () => ({ followPaymentInstruction: vi.fn() }));

beforeAll(installTestConfig);
afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
  vi.mocked(followPaymentInstruction).mockReset();
});

/** A box-office order: paid by card online once its terms are accepted. */
const boxOffice = (overrides: Partial<Order> = {}) =>
  testOrder({
    code: 'BOX12345',
    checksum: 'c0ffee',
    staff: 'Box office',
    created_at: '2027-06-01T12:00:00.000Z',
    accepted_ts_and_cs: false,
    payment_method: 'credit_card',
    payment_status: 'pending',
    total_price: 21300,
    total_paid: 0,
    shipping_amount: 495,
    payment_attempts: 0,
    tickets: [testTicket({ code: 'T1', price: 18950, fee: 350 })],
    merchandisePurchases: [testMerchandisePurchase({ code: 'M1', price: 1500, fee: 0 })],
    ...overrides,
  });

const ok = (body: unknown): Answer => ({ status: 200, body });
const text = (id: string) => document.getElementById(id)?.textContent ?? null;
const acceptButton = () => document.getElementById('terms-accept') as HTMLButtonElement;

function open({ url = '/accept-tcs/BOX12345/c0ffee', answers }: { url?: string; answers: Record<string, Answer[]> }) {
  const calls = stubApi(answers);
  const user = userEvent.setup();
  const { router, queryClient } = renderPage(AcceptTermsPage, { path: '/accept-tcs/:order/:checksum', url, handle: { title: 'Terms and Conditions' } });
  return { calls, user, router, queryClient };
}

describe('the accept terms page', () => {
  it("shows the order: code, received at, channel, total, counts, method, the items without and with their fee, the shipping and the total", async () => {
    const { calls } = open({ answers: { 'get-terms-and-conditions-order': [ok({ order: boxOffice() })] } });
    expect(await screen.findByText('BOX12345')).toBeTruthy();
    expect(calls).toEqual([{ path: 'get-terms-and-conditions-order', body: { order: 'BOX12345', checksum: 'c0ffee' } }]);
    expect(text('terms-order-code')).toBe('BOX12345');
    expect(text('terms-received-at')).toMatch(/1 Jun 2027/);
    expect(text('terms-channel')).toBe('Box office');
    expect(text('terms-total')).toBe('€213.00');
    expect(text('terms-ticket-count')).toBe('1');
    expect(text('terms-merchandise-count')).toBe('1');
    expect(text('terms-method')).toBe('Credit card');
    const items = document.getElementById('terms-items')!;
    const rows = within(items).getAllByRole('row');
    // Decision 0071: the fee beside the price, so the rows add up to the total.
    expect(rows.map((row) => row.textContent)).toEqual([
      'ItemPrice (excluding fee)Booking feeAmount',
      'Weekend ticketJane Doe€189.50€3.50€193.00',
      'Festival T-shirt€15.00€0.00€15.00',
      'Shipping€4.95',
      'Total€213.00',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
  });

  it('shows no shipping for an order that ships nothing, and does not ask a paid order to accept (decision 0071)', async () => {
    const order = boxOffice({ merchandisePurchases: [], shipping_amount: 0, total_price: 19300, total_paid: 19300, payment_status: 'paid', payment_method: 'cash' });
    open({ answers: { 'get-terms-and-conditions-order': [ok({ order })] } });
    await screen.findByText('BOX12345');
    const rows = within(document.getElementById('terms-items')!).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['ItemPrice (excluding fee)Booking feeAmount', 'Weekend ticketJane Doe€189.50€3.50€193.00', 'Total€193.00']);
    expect(document.getElementById('terms-shipping')).toBeNull();
    expect(document.getElementById('terms-checkbox')).toBeNull();
    expect(document.getElementById('terms-accept')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Terms and Conditions', level: 2 })).toBeNull();
  });

  it("lists every item of the link's answer, which names no item codes, and accepts with the link's own signature", async () => {
    // Decision 0027: the link's answer blanks what the page does not show (codes, e-mails, ages, its signature).
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const blank = { code: '', email: null, age: null };
    const order = boxOffice({
      checksum: '',
      terms_checksum: '',
      tickets: [testTicket({ ...blank, full_name: 'Ann Holder', price: 9000 }), testTicket({ ...blank, full_name: 'Ben Holder', price: 9000 })],
      merchandisePurchases: [testMerchandisePurchase({ code: '', price: 1500 }), testMerchandisePurchase({ code: '', price: 1500 })],
    });
    const payment = { action: 'redirect' as const, url: 'https://pay.example.com/p' };
    const { calls, user } = open({ answers: { 'get-terms-and-conditions-order': [ok({ order })], 'accept-terms-and-conditions': [ok({ data: null, payment })] } });
    await screen.findByText('BOX12345');
    const rows = within(document.getElementById('terms-items')!).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ItemPrice (excluding fee)Booking feeAmount',
      'Weekend ticketAnn Holder€90.00€3.50€93.50',
      'Weekend ticketBen Holder€90.00€3.50€93.50',
      'Festival T-shirt€15.00€0.00€15.00',
      'Festival T-shirt€15.00€0.00€15.00',
      'Shipping€4.95',
      'Total€213.00',
    ]);
    // Rows keyed by their place: no two share a key.
    expect(errors.mock.calls.filter((args) => String(args[0]).includes('same key'))).toEqual([]);
    errors.mockRestore();
    await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
    await user.click(acceptButton());
    await eventually(() => expect(followPaymentInstruction).toHaveBeenCalledWith(payment));
    expect(calls.at(-1)).toEqual({ path: 'accept-terms-and-conditions', body: { token: null, order: 'BOX12345', checksum: 'c0ffee' } });
  });

  it('enables Accept Terms and Conditions only once the box is ticked, and opens the terms in a modal', async () => {
    const { user } = open({ answers: { 'get-terms-and-conditions-order': [ok({ order: boxOffice() })] } });
    await screen.findByText('BOX12345');
    expect(acceptButton().textContent).toBe(english(messages.terms.accept));
    expect(acceptButton().disabled).toBe(true);
    await user.click(document.getElementById('terms-read')!);
    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    expect(within(dialog).getByText('By buying a ticket you accept these terms.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(acceptButton().disabled).toBe(true);
    await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
    expect((document.getElementById('terms-checkbox') as HTMLInputElement).checked).toBe(true);
    expect(acceptButton().disabled).toBe(false);
    await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
    expect(acceptButton().disabled).toBe(true);
  });

  it('accepts with the link and follows the payment', async () => {
    const payment = { action: 'submit' as const, url: 'https://pay.example.com/', params: { reference: 'pay_1' } };
    const { calls, user } = open({
      answers: { 'get-terms-and-conditions-order': [ok({ order: boxOffice() })], 'accept-terms-and-conditions': [ok({ data: null, payment })] },
    });
    await user.click(await screen.findByLabelText('I accept the Terms and Conditions'));
    await user.click(acceptButton());
    await eventually(() => expect(followPaymentInstruction).toHaveBeenCalledWith(payment));
    expect(text('terms-redirecting')).toBe(english(paymentMessages.redirecting));
    expect(calls.at(-1)).toEqual({ path: 'accept-terms-and-conditions', body: { token: null, order: 'BOX12345', checksum: 'c0ffee' } });
  });

  it('says thank you when there is no payment, and keeps the answered data of the logged-in customer', async () => {
    setToken('the-token');
    const order = boxOffice({ payment_method: 'bank_transfer' });
    const data = testUserData({ customer: testCustomer(), orders: [{ ...order, accepted_ts_and_cs: true }] });
    const { calls, user, queryClient } = open({
      answers: { 'get-terms-and-conditions-order': [ok({ order })], 'accept-terms-and-conditions': [ok({ data, payment: null })] },
    });
    await user.click(await screen.findByLabelText('I accept the Terms and Conditions'));
    await user.click(acceptButton());
    expect((await screen.findByText(english(messages.terms.thankYou))).id).toBe('terms-thank-you');
    expect(followPaymentInstruction).not.toHaveBeenCalled();
    expect(document.getElementById('terms-accept')).toBeNull();
    expect(calls.at(-1)?.body).toEqual({ token: 'the-token', order: 'BOX12345', checksum: 'c0ffee' });
    expect(queryClient.getQueryData(userDataKey('the-token'))).toEqual(data);
  });

  it('offers Proceed to payment when the terms are accepted and the card payment is still open', async () => {
    const payment = { action: 'redirect' as const, url: 'https://pay.example.com/p/1' };
    const { user } = open({
      url: '/accept-tcs/BOX12345/c0ffee?payment=declined',
      answers: { 'get-terms-and-conditions-order': [ok({ order: boxOffice({ accepted_ts_and_cs: true, payment_attempts: 1 }) })], 'accept-terms-and-conditions': [ok({ data: null, payment })] },
    });
    expect(await screen.findByRole('heading', { name: english(paymentMessages.outcome.declined.heading) })).toBeTruthy();
    expect(text('terms-payment-failed')).toBe(english(paymentMessages.outcome.declined.text));
    expect(screen.queryByRole('heading', { name: english(paymentMessages.outcome.paid.heading) })).toBeNull();
    expect(acceptButton().textContent).toBe(english(messages.terms.proceedToPayment));
    expect(acceptButton().disabled).toBe(true);
    await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
    await user.click(acceptButton());
    await eventually(() => expect(followPaymentInstruction).toHaveBeenCalledWith(payment));
  });

  it('warns from the third attempt (after two declines) and offers no payment at the maximum', async () => {
    open({ answers: { 'get-terms-and-conditions-order': [ok({ order: boxOffice({ accepted_ts_and_cs: true, payment_attempts: 2 }) })] } });
    expect(await screen.findByText(/This is payment attempt 3 of 5/)).toBeTruthy();
    expect(acceptButton()).toBeTruthy();
    cleanup();
    open({ answers: { 'get-terms-and-conditions-order': [ok({ order: boxOffice({ accepted_ts_and_cs: true, payment_attempts: 5 }) })] } });
    expect(await screen.findByText(english(paymentMessages.maxAttemptsReached))).toBeTruthy();
    expect(document.getElementById('terms-accept')).toBeNull();
  });

  it('back from the provider with a payment, waits for its confirmation and then says it is paid', async () => {
    const order = boxOffice({ accepted_ts_and_cs: true, payment_attempts: 1 });
    open({
      url: '/accept-tcs/BOX12345/c0ffee?payment=paid',
      answers: { 'get-terms-and-conditions-order': [ok({ order }), ok({ order: { ...order, payment_status: 'paid', total_paid: order.total_price } })] },
    });
    expect(await screen.findByText(english(paymentMessages.awaitingConfirmation))).toBeTruthy();
    expect(document.getElementById('terms-accept')).toBeNull();
    expect(screen.getByRole('heading', { name: english(paymentMessages.outcome.processing.heading) })).toBeTruthy();
    await eventually(() => expect(text('terms-paid')).toBe(english(paymentMessages.outcome.paid.text)));
    expect(screen.getByRole('heading', { name: english(paymentMessages.outcome.paid.heading) })).toBeTruthy();
    expect(screen.queryByText(english(paymentMessages.awaitingConfirmation))).toBeNull();
    expect(document.getElementById('terms-accept')).toBeNull();
    expect(text('terms-accepted')).toBe('You have accepted the terms and conditions of this order.');
  });

  it('after accepting a bank-transfer order, asks for the transfer with the bank details', async () => {
    const order = boxOffice({ payment_method: 'bank_transfer', payment_status: 'pending', accepted_ts_and_cs: true, payment_reference: 'NWF-BOX12345' });
    const config = getConfig();
    const configured = config.bankTransfer;
    config.bankTransfer = { accountHolder: 'Festival BV', iban: 'NL00BANK0123456789', bic: 'BANKNL2A', referencePrefix: 'NWF' };
    onTestFinished(() => {
      config.bankTransfer = configured;
    });
    open({ answers: { 'get-terms-and-conditions-order': [ok({ order })] } });
    expect(await screen.findByRole('heading', { name: english(paymentMessages.outcome.awaitingTransfer.heading) })).toBeTruthy();
    expect(text('order-bank-iban')).toBe('NL00BANK0123456789');
    expect(text('order-bank-reference')).toBe('NWF-BOX12345');
  });

  it('goes home when the order cannot be found (a wrong checksum)', async () => {
    const { router } = open({ url: '/accept-tcs/BOX12345/wrong', answers: { 'get-terms-and-conditions-order': [{ status: 404, body: { message: english(paymentMessages.orderNotFound) } }] } });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows that a cancelled order cannot be paid, with no button', async () => {
    open({ answers: { 'get-terms-and-conditions-order': [ok({ order: boxOffice({ payment_status: 'cancelled' }) })] } });
    expect(await screen.findByText(english(paymentMessages.notPayable))).toBeTruthy();
    expect(text('terms-status')).toBe(getConfig().texts.paymentCancelled);
    expect(document.getElementById('terms-accept')).toBeNull();
  });
});
