// @vitest-environment happy-dom
import { english, messages, questionDefinition, type Order, type PaymentPlanPayment, paymentMessages } from '@festival/contract';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getConfig } from '../../../lib/config';
import { followPaymentInstruction } from '../../../lib/payment-instruction';
import { clearToken, setToken } from '../../../lib/storage';
import { renderPage, stubApi, testCustomer, testUserData, type Answer } from '../../../../test/test-app';
import { installTestConfig } from '../../../../test/test-config';
import { testOrder } from '../../../../test/test-order';
import { userDataKey } from '../../../lib/user-data';
import OrderDetailPage from './OrderDetailPage';
import { eventually } from '../../../../test/waits';

vi.mock('../../../lib/payment-instruction', () => ({ followPaymentInstruction: vi.fn() }));

beforeAll(installTestConfig);
beforeEach(() => {
  setToken('the-token');
  localStorage.removeItem('shop.tracked-orders');
  window.dataLayer = undefined;
});
afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
  vi.mocked(followPaymentInstruction).mockReset();
});

const dataWith = (order: Order) => testUserData({ customer: testCustomer(), orders: [order] });

function open(order: Order, { confirmation, answers = {} }: { confirmation: boolean; answers?: Record<string, Answer[]> }) {
  const calls = stubApi(answers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userDataKey('the-token'), dataWith(order));
  const path = confirmation ? '/portal/orders/:order/confirmation' : '/portal/orders/:order';
  const user = userEvent.setup();
  const { queryClient: client } = renderPage(OrderDetailPage, {
    path,
    url: path.replace(':order', order.code),
    handle: { access: 'loggedIn', title: ({ params }) => `Order ${params.order ?? ''}`, ...(confirmation ? { confirmation: true } : {}) },
    queryClient,
  });
  return { calls, user, queryClient: client };
}

describe('the order detail and confirmation', () => {
  it('shows the order view; the detail tracks nothing', async () => {
    open(testOrder(), { confirmation: false });
    expect(await screen.findByRole('heading', { name: 'Order NWF-ABC123' })).toBeTruthy();
    expect(document.getElementById('order-status')?.textContent).toBe('Paid');
    expect(document.getElementById('order-tickets')).toBeTruthy();
    expect(window.dataLayer).toBeUndefined();
  });

  it('tracks the purchase of a paid order on the confirmation', async () => {
    open(testOrder(), { confirmation: true });
    await screen.findByText(english(paymentMessages.outcome.paid.text));
    // The page stays the order's; the outcome has its own heading under it.
    expect(screen.getByRole('heading', { level: 2, name: english(paymentMessages.outcome.paid.heading) })).toBeTruthy();
    await eventually(() => expect(window.dataLayer).toHaveLength(1));
  });

  it("waits on the confirmation for the provider's notification of a card payment, then tracks it", async () => {
    const pending = testOrder({ payment_method: 'credit_card', payment_status: 'pending', total_paid: 0 });
    const { calls } = open(pending, { confirmation: true, answers: { 'get-data': [{ status: 200, body: { data: dataWith({ ...pending, payment_status: 'paid', total_paid: pending.total_price }) } }] } });
    expect(await screen.findByText(english(paymentMessages.awaitingConfirmation))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: english(paymentMessages.outcome.processing.heading) })).toBeTruthy();
    expect(window.dataLayer).toBeUndefined();
    await eventually(() => expect(screen.getByText(english(paymentMessages.outcome.paid.text))).toBeTruthy());
    expect(calls.map((call) => call.path)).toEqual(['get-data']);
    expect(window.dataLayer).toHaveLength(1);
  });
});

describe('the payment schedule of a payment-plan order', () => {
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
    // Each instalment's link has its own signature (decision 0027).
    checksum: `sig-${reference}`,
    ...overrides,
  });
  const planOrder = (overrides: Partial<Order> = {}) =>
    testOrder({
      code: 'PLAN1234',
      checksum: 'abc123',
      has_payment_plan: true,
      payment_status: 'partial',
      total_price: 19300,
      total_paid: 4900,
      payments: [
        instalment('I1', { amount: 4900, paid_amount: 4900, payment_status: 'paid', paid_at: '2027-06-01T12:00:00.000Z', due: true, due_at: '2027-06-01T12:00:00.000Z' }),
        instalment('I2', { due: true, overdue: true }),
        instalment('I3', { due: true }),
        instalment('I4'),
      ],
      ...overrides,
    });

  it("lists the instalments with their labels and offers Pay now on the open ones, leading to their pages with each instalment's own signature", async () => {
    open(planOrder(), { confirmation: false });
    const schedule = await screen.findByRole('region', { name: 'The instalments of this order’s payment plan' });
    expect(schedule.closest('#order-schedule')).toBeTruthy();
    const rows = within(schedule).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 5).map((cell) => cell.textContent))).toEqual([
      ['1', '1 Jun 2027', '€49.00', '€49.00', 'Paid'],
      ['2', '1 Jul 2027', '€48.00', '€0.00', 'Overdue'],
      ['3', '1 Jul 2027', '€48.00', '€0.00', 'Due'],
      ['4', '1 Jul 2027', '€48.00', '€0.00', 'Pending'],
    ]);
    expect(within(rows[0]!).queryByRole('link')).toBeNull();
    const links = within(schedule).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/payment-plan-payment/PLAN1234/sig-I2/I2', '/payment-plan-payment/PLAN1234/sig-I3/I3', '/payment-plan-payment/PLAN1234/sig-I4/I4']);
    expect(links[0]!.textContent).toBe('Pay now (instalment 2 of 4)');
    expect(document.getElementById('order-schedule-pay-2')).toBe(links[0]);
  });

  it('shows refunds and closed orders without Pay now', async () => {
    open(planOrder({ has_refunds: true }), { confirmation: false });
    expect((await screen.findAllByText('Refund')).length).toBe(3);
    expect(document.querySelector('#order-schedule a')).toBeNull();
    cleanup();
    open(planOrder({ payment_status: 'cancelled' }), { confirmation: false });
    expect(await screen.findByText(getConfig().texts.paymentCancelled)).toBeTruthy();
    expect(document.getElementById('order-schedule')).toBeNull();
  });

  it('has no schedule for an order without a plan', async () => {
    open(testOrder(), { confirmation: false });
    await screen.findByText(english(paymentMessages.outcome.paid.text));
    expect(document.getElementById('order-schedule')).toBeNull();
  });
});

describe('an order whose terms are not accepted', () => {
  const boxOffice = (overrides: Partial<Order> = {}) =>
    testOrder({ code: 'BOX12345', checksum: 'c0ffee', terms_checksum: 'terms-c0ffee', staff: 'Box office', accepted_ts_and_cs: false, payment_method: 'credit_card', payment_status: 'pending', total_paid: 0, payment_attempts: 0, ...overrides });

  it('warns, and enables the accept button only once the box is ticked; no card payment is offered before', async () => {
    const { user } = open(boxOffice(), { confirmation: false });
    const warning = await screen.findByRole('region', { name: 'Terms and Conditions' });
    expect(warning.id).toBe('order-terms-warning');
    const button = document.getElementById('order-terms-accept') as HTMLButtonElement;
    expect(button.textContent).toBe(english(messages.terms.accept));
    expect(button.disabled).toBe(true);
    expect(document.getElementById('order-pay')).toBeNull();
    await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
    expect(button.disabled).toBe(false);
    // The terms open in a modal.
    await user.click(within(warning).getByRole('button', { name: 'Read the Terms and Conditions' }));
    expect(screen.getByRole('dialog', { name: 'Terms and Conditions' })).toBeTruthy();
  });

  it("accepts with the order and its accept-terms link's signature (not the invoice's), keeps the answered data and follows the payment", async () => {
    const order = boxOffice();
    const payment = { action: 'submit' as const, url: 'https://pay.example.com/', params: { reference: 'pay_1' } };
    const { calls, user, queryClient } = open(order, {
      confirmation: false,
      answers: { 'accept-terms-and-conditions': [{ status: 200, body: { data: dataWith({ ...order, accepted_ts_and_cs: true, payment_attempts: 1 }), payment } }] },
    });
    await user.click(await screen.findByLabelText('I accept the Terms and Conditions'));
    await user.click(screen.getByRole('button', { name: english(messages.terms.accept) }));
    await eventually(() => expect(followPaymentInstruction).toHaveBeenCalledWith(payment));
    expect(document.getElementById('order-terms-redirecting')?.textContent).toBe(english(paymentMessages.redirecting));
    expect(calls).toEqual([{ path: 'accept-terms-and-conditions', body: { token: 'the-token', order: 'BOX12345', checksum: 'terms-c0ffee' } }]);
    expect(queryClient.getQueryData<ReturnType<typeof dataWith>>(userDataKey('the-token'))?.orders[0]?.accepted_ts_and_cs).toBe(true);
  });

  it('says thank you when there is nothing to pay', async () => {
    const order = boxOffice({ payment_method: 'bank_transfer' });
    const { user } = open(order, {
      confirmation: false,
      answers: { 'accept-terms-and-conditions': [{ status: 200, body: { data: dataWith({ ...order, accepted_ts_and_cs: true }), payment: null } }] },
    });
    await user.click(await screen.findByLabelText('I accept the Terms and Conditions'));
    await user.click(screen.getByRole('button', { name: english(messages.terms.accept) }));
    expect((await screen.findByText(english(messages.terms.thankYou))).id).toBe('order-terms-thank-you');
    expect(followPaymentInstruction).not.toHaveBeenCalled();
    expect(document.getElementById('order-terms-accept')).toBeNull();
  });

  it("shows a refusal's message and lets the customer try again", async () => {
    const { user } = open(boxOffice(), { confirmation: false, answers: { 'accept-terms-and-conditions': [{ status: 409, body: { message: english(paymentMessages.notPayable) } }] } });
    await user.click(await screen.findByLabelText('I accept the Terms and Conditions'));
    await user.click(screen.getByRole('button', { name: english(messages.terms.accept) }));
    await eventually(() => expect(document.getElementById('order-terms-error')?.textContent).toBe(english(paymentMessages.notPayable)));
    expect((document.getElementById('order-terms-accept') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows no warning once accepted', async () => {
    open(testOrder(), { confirmation: false });
    await screen.findByText(english(paymentMessages.outcome.paid.text));
    expect(document.getElementById('order-terms-warning')).toBeNull();
  });

  it('changes the order’s own answers on the order, by product, while they may change (decision 0106)', async () => {
    const contact = questionDefinition.parse({ code: 'contact', kind: 'text', label: 'Emergency contact', required: true, per: 'order' });
    const form = { product: 'NWF27-WEEKEND', name: 'Weekend', questions: [contact], values: { contact: 'Mum' }, allow_changes: true };
    const order = testOrder({ answers: [{ code: 'contact', question: 'Emergency contact', answer: 'Mum' }], answer_forms: [form, { ...form, product: 'NWF27-DAY', name: 'Day', allow_changes: false }] });
    const { user, calls } = open(order, { confirmation: false, answers: { 'change-answers': [{ status: 200, body: { data: dataWith({ ...order, answer_forms: [{ ...form, values: { contact: 'Dad' } }] }) } }] } });
    const editor = await screen.findByRole('form', { name: 'Change your answers for this order' });
    // Only the product whose answers may still change is offered.
    expect(within(editor).getAllByRole('textbox')).toHaveLength(1);
    const field = within(editor).getByLabelText(/Emergency contact/) as HTMLInputElement;
    expect(field.value).toBe('Mum');
    await user.clear(field);
    await user.type(field, 'Dad');
    await user.click(within(editor).getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText('Your answers were saved.')).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([{ token: 'the-token', order_id: order.id, ticket: null, product: 'NWF27-WEEKEND', answers: { contact: 'Dad' } }]);
  });
});
