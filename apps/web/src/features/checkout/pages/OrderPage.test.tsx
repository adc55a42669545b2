// @vitest-environment happy-dom
import { english, type ClientConfig, type Order, paymentMessages } from '@festival/contract';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getConfig } from '../../../lib/config';
import { followPaymentInstruction } from '../../../lib/payment-instruction';
import { clearToken, setToken } from '../../../lib/storage';
import { renderPage, stubApi, testCustomer, testUserData, type Answer } from '../../../../test/test-app';
import { installTestConfig } from '../../../../test/test-config';
import { testMerchandisePurchase, testOrder, testTicket } from '../../../../test/test-order';
import { userDataKey } from '../../../lib/user-data';
import OrderPage from './OrderPage';
import { eventually } from '../../../../test/waits';

vi.mock('../../../lib/payment-instruction', () => ({ followPaymentInstruction: vi.fn() }));

beforeAll(installTestConfig);

const bankDetails = { accountHolder: 'Festival BV', iban: 'NL00BANK0123456789', bic: 'BANKNL2A', referencePrefix: 'NWF' };
let originalConfig: ClientConfig;
beforeEach(() => {
  originalConfig = structuredClone(getConfig());
  getConfig().bankTransfer = bankDetails;
  setToken('the-token');
  localStorage.removeItem('shop.tracked-orders');
  window.dataLayer = undefined;
});
afterEach(() => {
  cleanup();
  Object.assign(getConfig(), originalConfig);
  clearToken();
  vi.unstubAllGlobals();
  vi.mocked(followPaymentInstruction).mockReset();
});

const dataWith = (...orders: Order[]) => testUserData({ customer: testCustomer(), orders });

function open(order: Order | null, { url = `/order/${order?.code ?? 'NWF-NONE'}`, answers = {} }: { url?: string; answers?: Record<string, Answer[]> } = {}) {
  const calls = stubApi(answers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userDataKey('the-token'), order ? dataWith(order) : dataWith());
  const user = userEvent.setup();
  const { router } = renderPage(OrderPage, { path: '/order/:order', url, handle: { access: 'loggedIn' }, queryClient });
  return { calls, user, router, queryClient };
}

const text = (id: string) => document.getElementById(id)?.textContent ?? null;

describe('the order page', () => {
  it('shows a bank transfer waiting for money: awaiting payment, the bank details, the amount due and the reference', async () => {
    const order = testOrder({
      payment_method: 'bank_transfer',
      payment_status: 'partial',
      total_price: 22295,
      total_paid: 10000,
      shipping_amount: 495,
      payment_reference: 'NWF-NWF-ABC123',
      merchandisePurchases: [testMerchandisePurchase()],
    });
    open(order);
    // Not thanked yet: the heading asks for the transfer, and the bank details follow.
    expect(await screen.findByRole('heading', { level: 1, name: english(paymentMessages.outcome.awaitingTransfer.heading) })).toBeTruthy();
    expect(document.getElementById('order-outcome')?.dataset.outcome).toBe('awaitingTransfer');
    expect(text('order-outcome-text')).toBe(english(paymentMessages.outcome.awaitingTransfer.text));
    expect(text('order-code')).toBe('NWF-ABC123');
    expect(text('order-status')).toBe('Awaiting payment');
    expect(text('order-status-note')).toBe(getConfig().texts.awaitingPayment);
    expect(text('order-method')).toBe('Bank transfer');
    const bank = document.getElementById('order-bank-details')!;
    expect(within(bank).getByText(english(paymentMessages.bankTransferIntro))).toBeTruthy();
    expect(text('order-bank-holder')).toBe('Festival BV');
    expect(text('order-bank-iban')).toBe('NL00BANK0123456789');
    expect(text('order-bank-bic')).toBe('BANKNL2A');
    expect(text('order-bank-amount')).toBe('€122.95');
    expect(text('order-bank-reference')).toBe('NWF-NWF-ABC123');
    // The items with shipping and no card payment; the tickets and merchandise already show with their status.
    const items = screen.getByRole('table', { name: 'The items of this order' });
    expect(within(items).getByText('Weekend ticket')).toBeTruthy();
    expect(within(items).getByText('Festival T-shirt')).toBeTruthy();
    expect(document.getElementById('order-pay')).toBeNull();
    expect(text('ticket-status-TCK-1')).toBe('Active');
    expect(text('merchandise-status-MER-1')).toBe('Ordered'); // merchandise is ordered, not active (decision 0071)
    expect(window.dataLayer).toBeUndefined();
  });

  it('offers another card attempt after a declined payment and follows its instruction', async () => {
    const order = testOrder({ payment_method: 'credit_card', payment_status: 'pending', total_paid: 0, payment_attempts: 1 });
    const payment = { action: 'submit' as const, url: 'https://pay.example.com/', params: { reference: 'pay_2' } };
    const { calls, user, queryClient } = open(order, {
      url: '/order/NWF-ABC123?payment=declined',
      answers: { 'pay-order': [{ status: 200, body: { data: dataWith({ ...order, payment_attempts: 2 }), payment } }] },
    });
    // A declined payment is not thanked: its own heading and text, Pay now as the next step, a contact link.
    expect(await screen.findByRole('heading', { level: 1, name: english(paymentMessages.outcome.declined.heading) })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: english(paymentMessages.outcome.paid.heading) })).toBeNull();
    expect(text('order-payment-failed')).toBe(english(paymentMessages.outcome.declined.text));
    expect(document.getElementById('order-outcome-contact')?.getAttribute('href')).toBe('mailto:shop@example.org');
    expect(text('order-status')).toBe('Pending');
    expect(document.getElementById('order-attempts-warning')).toBeNull();
    await user.click(screen.getByRole('button', { name: english(paymentMessages.payNow) }));

    await eventually(() => expect(followPaymentInstruction).toHaveBeenCalledWith(payment));
    expect(text('order-redirecting')).toBe(english(paymentMessages.redirecting));
    expect(calls).toEqual([{ path: 'pay-order', body: { token: 'the-token', order: 'NWF-ABC123' } }]);
    expect(queryClient.getQueryData<ReturnType<typeof dataWith>>(userDataKey('the-token'))?.orders[0]?.payment_attempts).toBe(2);
  });

  it('names a cancelled payment and an order still unpaid each in their own words, with Pay now', async () => {
    const order = testOrder({ payment_method: 'credit_card', payment_status: 'pending', total_paid: 0, payment_attempts: 1 });
    open(order, { url: '/order/NWF-ABC123?payment=cancelled' });
    expect(await screen.findByRole('heading', { level: 1, name: english(paymentMessages.outcome.cancelled.heading) })).toBeTruthy();
    expect(text('order-payment-failed')).toBe(english(paymentMessages.outcome.cancelled.text));
    expect(screen.getByRole('button', { name: english(paymentMessages.payNow) })).toBeTruthy();
    cleanup();
    open(order);
    expect(await screen.findByRole('heading', { level: 1, name: english(paymentMessages.outcome.unpaid.heading) })).toBeTruthy();
    expect(screen.getByRole('button', { name: english(paymentMessages.payNow) })).toBeTruthy();
  });

  it("thanks a payment plan's first payment as such, with the remaining instalments", async () => {
    const order = testOrder({ payment_method: 'credit_card', payment_status: 'partial', has_payment_plan: true, total_price: 30000, total_paid: 10000 });
    open(order);
    expect(await screen.findByRole('heading', { level: 1, name: english(paymentMessages.outcome.planStarted.heading) })).toBeTruthy();
    expect(text('order-outcome-text')).toBe(english(paymentMessages.outcome.planStarted.text));
  });

  it('warns from the third attempt (after two declines), with a way to contact the shop', async () => {
    open(testOrder({ payment_method: 'credit_card', payment_status: 'pending', payment_attempts: 2 }));
    const warning = await screen.findByText(/This is payment attempt 3 of 5/);
    expect(warning.id).toBe('order-attempts-warning');
    expect(warning.textContent).toBe(`${english(paymentMessages.attemptsWarning(3, 5))} ${english(paymentMessages.contactUs)}`);
    expect(within(warning).getByRole('link', { name: english(paymentMessages.contactUs) }).getAttribute('href')).toBe('mailto:shop@example.org');
    expect(document.getElementById('order-pay')).toBeTruthy();
  });

  it('offers no more card attempts at the maximum, and says to contact the shop where no transfer is possible', async () => {
    open(testOrder({ payment_method: 'credit_card', payment_status: 'pending', payment_attempts: 5 }), { url: '/order/NWF-ABC123?payment=declined' });
    expect(await screen.findByText(english(paymentMessages.maxAttemptsReached))).toBeTruthy();
    expect(document.getElementById('order-pay')).toBeNull();
    expect(document.getElementById('order-pay-by-transfer')).toBeNull();
    expect(document.getElementById('order-attempts-warning')).toBeNull();
    // The declined payment's text offers no "try again" (decision 0066).
    expect(text('order-payment-failed')).toBe(english(paymentMessages.outcome.declinedLast.text));
    expect(text('order-max-attempts-next')).toBe(`${english(paymentMessages.maxAttemptsNoWayOut)} ${english(paymentMessages.contactUs)}`);
  });

  it('offers bank transfer as the way out at the maximum: the order then shows the bank details (decision 0066)', async () => {
    const order = testOrder({ payment_method: 'credit_card', payment_status: 'pending', total_paid: 0, payment_attempts: 5, can_pay_by_transfer: true });
    const turned = { ...order, payment_method: 'bank_transfer', payment_reference: 'NWFNWF-ABC123', can_pay_by_transfer: false };
    const { calls, user } = open(order, { url: '/order/NWF-ABC123?payment=declined', answers: { 'pay-by-transfer': [{ status: 200, body: { data: dataWith(turned) } }] } });
    expect(await screen.findByText(english(paymentMessages.maxAttemptsTransfer))).toBeTruthy();
    expect(text('order-payment-failed')).toBe(english(paymentMessages.outcome.declinedLast.text));
    expect(document.getElementById('order-pay')).toBeNull();
    await user.click(screen.getByRole('button', { name: english(paymentMessages.payByTransfer) }));
    await eventually(() => expect(text('order-bank-reference')).toBe('NWFNWF-ABC123'));
    expect(calls).toEqual([{ path: 'pay-by-transfer', body: { token: 'the-token', order: 'NWF-ABC123' } }]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(english(paymentMessages.outcome.awaitingTransfer.heading));
    expect(document.getElementById('order-pay-by-transfer')).toBeNull();
  });

  it('offers bank transfer beside Pay now before the maximum, where the shop takes transfers for the order', async () => {
    open(testOrder({ payment_method: 'credit_card', payment_status: 'pending', total_paid: 0, payment_attempts: 1, can_pay_by_transfer: true }));
    expect(await screen.findByRole('button', { name: english(paymentMessages.payNow) })).toBeTruthy();
    expect(screen.getByRole('button', { name: english(paymentMessages.payByTransfer) })).toBeTruthy();
    expect(text('order-pay-by-transfer-hint')).toBe(english(paymentMessages.payByTransferHint));
  });

  it("shows a refused attempt's message", async () => {
    const order = testOrder({ payment_method: 'credit_card', payment_status: 'pending', payment_attempts: 4 });
    const { calls, user } = open(order, {
      answers: { 'pay-order': [{ status: 409, body: { message: english(paymentMessages.notPayable) } }], 'get-data': [{ status: 200, body: { data: dataWith(order) } }] },
    });
    await user.click(await screen.findByRole('button', { name: english(paymentMessages.payNow) }));
    await eventually(() => expect(text('order-pay-error')).toBe(english(paymentMessages.notPayable)));
    expect(followPaymentInstruction).not.toHaveBeenCalled();
    // The order is asked for again: its attempts or status may have changed.
    await eventually(() => expect(calls.map((call) => call.path)).toEqual(['pay-order', 'get-data']));
    expect(text('order-pay-error')).toBe(english(paymentMessages.notPayable));
  });

  it('hides the items of a cancelled or abandoned order, each headed by what happened', async () => {
    open(testOrder({ payment_status: 'cancelled' }));
    expect(await screen.findByText(getConfig().texts.paymentCancelled)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(english(paymentMessages.outcome.orderCancelled.heading));
    expect(screen.queryByText('Weekend ticket')).toBeNull();
    cleanup();
    open(testOrder({ payment_status: 'abandoned', payment_method: 'credit_card' }));
    expect(await screen.findByText(getConfig().texts.paymentAbandoned)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(english(paymentMessages.outcome.abandoned.heading));
    expect(screen.getByRole('link', { name: english(paymentMessages.outcome.backToShop) }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Weekend ticket')).toBeNull();
    expect(document.getElementById('order-pay')).toBeNull();
  });

  it('shows a paid order with its ticket codes and tracks the purchase once', async () => {
    const order = testOrder({ tickets: [testTicket({ code: 'TCK-AAA' }), testTicket({ code: 'TCK-BBB', full_name: 'John Doe' })], total_price: 38600, total_paid: 38600 });
    open(order);
    expect(await screen.findByRole('heading', { level: 1, name: english(paymentMessages.outcome.paid.heading) })).toBeTruthy();
    expect(text('order-paid')).toBe(english(paymentMessages.outcome.paid.text));
    expect(screen.getByRole('link', { name: english(paymentMessages.outcome.viewTickets) }).getAttribute('href')).toBe('/portal/orders/NWF-ABC123');
    const tickets = document.getElementById('order-tickets')!;
    expect(within(tickets).getAllByRole('listitem').map((item) => item.querySelector('code')?.textContent)).toEqual(['TCK-AAA', 'TCK-BBB']);
    await eventually(() => expect(window.dataLayer).toHaveLength(1));
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'purchase', ecommerce: { transaction_id: order.code, value: 386, currency: 'EUR' } });

    // Opened again (a reload): not counted twice.
    cleanup();
    open(order);
    await screen.findByText(english(paymentMessages.outcome.paid.text));
    expect(window.dataLayer).toHaveLength(1);
  });

  it("says when the order is not among the customer's, with a way to the portal", async () => {
    open(null);
    expect(await screen.findByText(english(paymentMessages.orderNotFound))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your orders' }).getAttribute('href')).toBe('/portal');
  });

  it('back from the provider, waits for the confirmation of a card payment and shows it when it comes', async () => {
    const pending = testOrder({ payment_method: 'credit_card', payment_status: 'pending', total_paid: 0 });
    const paid = { ...pending, payment_status: 'paid' as const, total_paid: pending.total_price };
    const { calls } = open(pending, { url: '/order/NWF-ABC123?payment=returned', answers: { 'get-data': [{ status: 200, body: { data: dataWith(paid) } }] } });
    expect(await screen.findByText(english(paymentMessages.awaitingConfirmation))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(english(paymentMessages.outcome.processing.heading));
    // No second attempt while the provider may still confirm the first.
    expect(document.getElementById('order-pay')).toBeNull();
    await eventually(() => expect(screen.getByText(english(paymentMessages.outcome.paid.text))).toBeTruthy());
    expect(calls.map((call) => call.path)).toEqual(['get-data']);
    expect(screen.queryByText(english(paymentMessages.awaitingConfirmation))).toBeNull();
    expect(window.dataLayer).toHaveLength(1);
  });
});
