// @vitest-environment happy-dom
import { english, messages, type Order, type PaymentPlanPayment, paymentMessages } from '@festival/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { followPaymentInstruction } from '../../../lib/payment-instruction';
import { renderPage, stubApi, type Answer } from '../../../../test/test-app';
import { installTestConfig } from '../../../../test/test-config';
import { testOrder } from '../../../../test/test-order';
import InstalmentPage from './InstalmentPage';
import { eventually } from '../../../../test/waits';

vi.mock('../../../lib/payment-instruction', () => ({ followPaymentInstruction: vi.fn() }));

beforeAll(installTestConfig);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(followPaymentInstruction).mockReset();
});

const instalment = (reference: string, overrides: Partial<PaymentPlanPayment> = {}): PaymentPlanPayment => ({
  reference,
  amount: 4800,
  paid_amount: 0,
  due_at: '2027-07-01T10:00:00.000Z',
  paid_at: null,
  payment_status: 'pending',
  overdue: false,
  due: false,
  attempt: 0,
  checksum: '',
  ...overrides,
});

function planOrder(second: Partial<PaymentPlanPayment> = {}, overrides: Partial<Order> = {}): Order {
  return testOrder({
    code: 'PLAN1234',
    checksum: 'abc123',
    has_payment_plan: true,
    payment_status: 'partial',
    total_price: 19300,
    total_paid: 4900,
    payments: [instalment('I1', { amount: 4900, paid_amount: 4900, payment_status: 'paid', due: true }), instalment('I2', second), instalment('I3'), instalment('I4')],
    ...overrides,
  });
}

/** The answer of get-payment-plan-order-payment for the second instalment. */
function secondOf(order: Order): Answer {
  return { status: 200, body: { data: { order, payment: order.payments[1] } } };
}

const LINK = '/payment-plan-payment/PLAN1234/abc123/I2';
const text = (id: string) => document.getElementById(id)?.textContent ?? null;
const payButton = () => screen.getByRole('button', { name: english(messages.instalment.makePayment) });

function open(answers: Record<string, Answer[]>, url = LINK) {
  const calls = stubApi(answers);
  const user = userEvent.setup();
  const { router } = renderPage(InstalmentPage, {
    path: '/payment-plan-payment/:order/:checksum/:reference',
    url,
    handle: { title: 'Payment Plan' },
    otherRoutes: [{ path: '/portal/orders/:order', Component: () => <h1>Order detail</h1> }],
  });
  return { calls, user, router };
}

describe('the instalment page', () => {
  it('shows the instalment: number of the plan, due date, the amount still to pay and its label', async () => {
    const { calls } = open({ 'get-payment-plan-order-payment': [secondOf(planOrder({ paid_amount: 800, due: true }))] });
    expect(await screen.findByText('PLAN1234')).toBeTruthy();
    expect(calls).toEqual([{ path: 'get-payment-plan-order-payment', body: { order: 'PLAN1234', reference: 'I2', checksum: 'abc123' } }]);
    expect(text('instalment-number')).toBe('2 of 4');
    expect(text('instalment-due')).toBe('1 Jul 2027');
    expect(text('instalment-amount')).toBe('€40.00');
    expect(text('instalment-status')).toBe('Due');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Plan' })).toBeTruthy();
  });

  it("shows its place in the plan from a link's answer that holds only this instalment, and pays with the link's signature", async () => {
    // Decision 0027: of the other instalments the link answers only how many there are.
    const placeholder = instalment('', { amount: 0 });
    const order = planOrder({}, { checksum: '', terms_checksum: '', tickets: [], payments: [placeholder, instalment('I2', { due: true }), placeholder, placeholder] });
    const payment = { action: 'redirect' as const, url: 'https://pay.example.com/p' };
    const { calls, user } = open({ 'get-payment-plan-order-payment': [secondOf(order)], 'pay-payment-plan-order-payment': [{ status: 200, body: { data: { payment } } }] });
    await screen.findByText('PLAN1234');
    expect(text('instalment-number')).toBe('2 of 4');
    expect(text('instalment-amount')).toBe('€48.00');
    await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
    await user.click(payButton());
    await eventually(() => expect(followPaymentInstruction).toHaveBeenCalledWith(payment));
    expect(calls.at(-1)).toEqual({ path: 'pay-payment-plan-order-payment', body: { token: null, order: 'PLAN1234', reference: 'I2', checksum: 'abc123' } });
  });

  it('requires the terms before Make payment, then pays through the gateway', async () => {
    const payment = { action: 'submit' as const, url: 'https://pay.example.com/', params: { reference: 'pay_9' } };
    const { calls, user } = open({
      'get-payment-plan-order-payment': [secondOf(planOrder())],
      'pay-payment-plan-order-payment': [{ status: 200, body: { data: { payment } } }],
    });
    await user.click(await screen.findByRole('button', { name: english(messages.instalment.makePayment) }));
    expect(text('instalment-error')).toBe(english(messages.checkout.acceptTerms));
    expect(calls.map((call) => call.path)).toEqual(['get-payment-plan-order-payment']);
    const checkbox = document.getElementById('instalment-terms') as HTMLInputElement;
    expect(checkbox.getAttribute('aria-describedby')).toBe('instalment-error');

    await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
    expect(document.getElementById('instalment-error')).toBeNull();
    await user.click(payButton());
    await eventually(() => expect(followPaymentInstruction).toHaveBeenCalledWith(payment));
    expect(text('instalment-redirecting')).toBe(english(paymentMessages.redirecting));
    expect(calls.at(-1)).toEqual({ path: 'pay-payment-plan-order-payment', body: { token: null, order: 'PLAN1234', reference: 'I2', checksum: 'abc123' } });
  });

  it('opens the terms in a modal whose button ticks the box', async () => {
    const { user } = open({ 'get-payment-plan-order-payment': [secondOf(planOrder())] });
    await user.click(await screen.findByRole('button', { name: 'Read the Terms and Conditions' }));
    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    await user.click(within(dialog).getByRole('button', { name: english(messages.terms.accept) }));
    expect((document.getElementById('instalment-terms') as HTMLInputElement).checked).toBe(true);
  });

  it('warns from the third attempt with a way to contact the shop', async () => {
    open({ 'get-payment-plan-order-payment': [secondOf(planOrder({ attempt: 2, due: true }))] });
    const warning = await screen.findByText(/This is payment attempt 3 of 5/);
    expect(warning.id).toBe('instalment-attempts-warning');
    expect(warning.textContent).toBe(`${english(paymentMessages.attemptsWarning(3, 5))} ${english(paymentMessages.contactUs)}`);
    expect(within(warning).getByRole('link', { name: english(paymentMessages.contactUs) }).getAttribute('href')).toBe('mailto:shop@example.org');
    expect(payButton()).toBeTruthy();
  });

  it('offers no payment at the maximum number of attempts', async () => {
    open({ 'get-payment-plan-order-payment': [secondOf(planOrder({ attempt: 5, due: true }))] });
    expect(await screen.findByText(english(paymentMessages.maxAttemptsReached))).toBeTruthy();
    expect(document.getElementById('instalment-pay')).toBeNull();
    expect(document.getElementById('instalment-attempts-warning')).toBeNull();
  });

  it("shows a refused attempt's message", async () => {
    const { user } = open({
      'get-payment-plan-order-payment': [secondOf(planOrder({ attempt: 4 }))],
      'pay-payment-plan-order-payment': [{ status: 409, body: { message: english(paymentMessages.maxAttemptsReached) } }],
    });
    await user.click(await screen.findByLabelText('I accept the Terms and Conditions'));
    await user.click(payButton());
    await eventually(() => expect(text('instalment-error')).toBe(english(paymentMessages.maxAttemptsReached)));
    expect(followPaymentInstruction).not.toHaveBeenCalled();
  });

  it('shows a paid instalment as paid, with no button and a way on to the order', async () => {
    open({ 'get-payment-plan-order-payment': [secondOf(planOrder({ payment_status: 'paid', paid_amount: 4800, paid_at: '2027-07-01T11:00:00.000Z' }))] });
    expect((await screen.findByText(english(paymentMessages.paid))).id).toBe('instalment-paid');
    expect(screen.getByRole('heading', { name: english(paymentMessages.outcome.instalmentPaid.heading) })).toBeTruthy();
    expect(text('instalment-status')).toBe('Paid');
    expect(text('instalment-amount')).toBe('€48.00');
    expect(document.getElementById('instalment-pay')).toBeNull();
    // Issue 34 point 12: the page is not a dead end.
    const back = screen.getByRole('link', { name: english(paymentMessages.outcome.viewOrder) });
    expect(back.getAttribute('href')).toBe('/portal/orders/PLAN1234');
  });

  it('back from the provider with a payment, waits for its confirmation', async () => {
    const unpaid = planOrder();
    const paid = planOrder({ payment_status: 'paid', paid_amount: 4800 });
    open({ 'get-payment-plan-order-payment': [secondOf(unpaid), secondOf(paid)] }, `${LINK}?payment=paid`);
    expect(await screen.findByText(english(paymentMessages.awaitingConfirmation))).toBeTruthy();
    expect(document.getElementById('instalment-pay')).toBeNull();
    await eventually(() => expect(text('instalment-paid')).toBe(english(paymentMessages.paid)));
    expect(screen.queryByText(english(paymentMessages.awaitingConfirmation))).toBeNull();
  });

  it('back from the provider without a payment, says so and offers another attempt', async () => {
    open({ 'get-payment-plan-order-payment': [secondOf(planOrder({ attempt: 1 }))] }, `${LINK}?payment=declined`);
    expect((await screen.findByText(english(paymentMessages.outcome.declined.text))).id).toBe('instalment-payment-failed');
    expect(screen.getByRole('heading', { name: english(paymentMessages.outcome.declined.heading) })).toBeTruthy();
    expect(payButton()).toBeTruthy();
  });

  it('goes to the order when the instalment cannot be loaded', async () => {
    const { router } = open({ 'get-payment-plan-order-payment': [{ status: 404, body: { message: english(paymentMessages.orderNotFound) } }] });
    expect(await screen.findByRole('heading', { name: 'Order detail' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/portal/orders/PLAN1234');
  });
});
