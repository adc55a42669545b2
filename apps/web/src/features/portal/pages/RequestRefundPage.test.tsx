// @vitest-environment happy-dom
import { english, messages, paymentMessages, type Customer, type Order, type UserData, portalMessages } from '@festival/contract';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/storage';
import { renderPage, stubApi, testCustomer, testUserData, type Answer } from '../../../../test/test-app';
import { installTestConfig } from '../../../../test/test-config';
import { testMerchandisePurchase, testOrder, testTicket } from '../../../../test/test-order';
import { userDataKey } from '../../../lib/user-data';
import RequestRefundPage from './RequestRefundPage';
import { eventually } from '../../../../test/waits';

beforeAll(installTestConfig);
beforeEach(() => setToken('the-token'));
afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
});

const customer = testCustomer({ country: 'NL', address: { 'Street and number': 'Main Street 1', 'Postal code': '1234 AB', City: 'Amsterdam' } });
const dataWith = (order: Order, more: Partial<UserData> = {}) => testUserData({ customer, orders: [order], ...more });

/** Two refundable tickets, one already in a refund, and a refundable T-shirt with its share of the shipping. */
const refundableOrder = (overrides: Partial<Order> = {}) =>
  testOrder({
    id: 7,
    can_refund: true,
    shipping_amount: 500,
    tickets: [
      testTicket({ code: 'TCK-1', full_name: 'Jane Doe', is_refundable: true, refund_fee: 1000, refund_total: 17950 }),
      testTicket({ code: 'TCK-2', full_name: 'John Doe', is_refundable: true, refund_total: 18950 }),
      testTicket({ code: 'TCK-3', full_name: 'Jim Doe', status: 'refund', is_refundable: false }),
    ],
    merchandisePurchases: [testMerchandisePurchase({ code: 'MER-1', is_refundable: true, refund_total: 2500, shipping_refund: 500 })],
    ...overrides,
  });

function open(order: Order, { answers = {}, user: customerOverride, code = order.code }: { answers?: Record<string, Answer[]>; user?: Customer; code?: string } = {}) {
  const calls = stubApi(answers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userDataKey('the-token'), dataWith(order, customerOverride ? { customer: customerOverride } : {}));
  const user = userEvent.setup();
  const { router } = renderPage(RequestRefundPage, {
    path: '/portal/orders/:order/request-refund',
    url: `/portal/orders/${code}/request-refund`,
    handle: { access: 'loggedIn', title: 'Request Refund' },
    queryClient,
    otherRoutes: [
      { path: '/portal/orders/:order', Component: () => <h1>Order page</h1> },
      { path: '/portal/refunds/:refund', Component: () => <h1>Refund page</h1> },
    ],
  });
  return { calls, user, queryClient, router };
}

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const stepTitle = () => byId('refund-step-title').textContent;
const alertText = () => byId('refund-error')?.textContent ?? null;

async function fillBankDetails(user: ReturnType<typeof userEvent.setup>, { country = 'NL', iban = 'NL91 ABNA 0417 1643 00', account = '' } = {}) {
  await user.type(byId('refund-bank-name'), 'ABN AMRO');
  await user.type(byId('refund-bank-city'), 'Amsterdam');
  await user.selectOptions(byId('refund-bank-country'), country);
  await user.type(byId('refund-bank-bic'), 'ABNANL2A');
  if (byId('refund-bank-iban')) await user.type(byId('refund-bank-iban'), iban);
  else await user.type(byId('refund-bank-account'), account);
}

describe('choosing the items', () => {
  it('offers checkboxes for refundable items only, listing the others disabled with their status', async () => {
    open(refundableOrder());
    const step = await screen.findByRole('form', { name: 'Step 1 of 3: Choose the items to refund' });
    expect(step.id).toBe('refund-step-select');
    expect(within(step).getByRole('group', { name: 'Tickets' })).toBeTruthy();
    expect(within(step).getByRole('group', { name: 'Merchandise' })).toBeTruthy();
    expect(byId<HTMLInputElement>('refund-item-TCK-1').disabled).toBe(false);
    expect(byId<HTMLInputElement>('refund-item-MER-1').disabled).toBe(false);
    const refunding = byId<HTMLInputElement>('refund-item-TCK-3');
    expect(refunding.disabled).toBe(true);
    expect(screen.getByLabelText('Weekend ticket – Jim Doe')).toBe(refunding);
    expect(byId('refund-item-TCK-3-detail').textContent).toContain('Requested');
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain('Choose the items to refund');
  });

  it('asks for at least one item and refuses tickets and merchandise together', async () => {
    const { user } = open(refundableOrder());
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(alertText()).toBe(english(messages.refund.selectItem));
    await user.click(byId('refund-item-TCK-1'));
    await user.click(byId('refund-item-MER-1'));
    await user.click(byId('refund-next'));
    expect(alertText()).toBe(english(portalMessages.noMixing));
    await user.click(byId('refund-item-MER-1'));
    await user.click(byId('refund-next'));
    expect(stepTitle()).toBe('Step 2 of 3: Enter your bank details');
    expect(document.activeElement).toBe(byId('refund-step-title'));
    expect(alertText()).toBeNull();
  });

  it('goes back one step at a time, keeping what was chosen and entered', async () => {
    const { user } = open(refundableOrder());
    await user.click(await screen.findByLabelText('Weekend ticket – John Doe'));
    await user.click(byId('refund-next'));
    await fillBankDetails(user);
    await user.click(byId('refund-next'));
    expect(stepTitle()).toBe('Step 3 of 3: Check and confirm');
    await user.click(byId('refund-back'));
    expect(stepTitle()).toBe('Step 2 of 3: Enter your bank details');
    expect(byId<HTMLInputElement>('refund-bank-name').value).toBe('ABN AMRO');
    await user.click(byId('refund-back'));
    expect(byId('refund-step-select')).toBeTruthy();
    expect(byId<HTMLInputElement>('refund-item-TCK-2').checked).toBe(true);
    expect(byId<HTMLInputElement>('refund-item-TCK-1').checked).toBe(false);
  });
});

describe('a payment-plan order', () => {
  it('starts at the details with all its refundable items, and Back leads to the order', async () => {
    const plan = testOrder({
      id: 9,
      code: 'PLAN1234',
      can_refund: true,
      has_payment_plan: true,
      total_paid: 9800,
      tickets: [testTicket({ code: 'TCK-P', is_refundable: true, fee: 350, refund_fee: 500 })],
    });
    const { user, calls } = open(plan, { answers: { 'request-refund': [{ status: 422, body: { message: 'Refused.' } }] } });
    expect(await screen.findByRole('form', { name: 'Step 1 of 2: Enter your bank details' })).toBeTruthy();
    expect(byId('refund-step-select')).toBeNull();
    expect(byId('refund-back').getAttribute('href')).toBe('/portal/orders/PLAN1234');
    await fillBankDetails(user);
    await user.click(byId('refund-next'));
    expect(stepTitle()).toBe('Step 2 of 2: Check and confirm');
    expect(byId('refund-whole-order').textContent).toBe(english(portalMessages.planRefundWhole));
    // Spec section 9: what was paid minus the fees and the refund fees.
    expect(byId('refund-total').textContent).toBe('€89.50');
    await user.click(byId('refund-submit'));
    await eventually(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ order_id: 9, tickets: 'TCK-P', merchandise: '' });
    await user.click(byId('refund-back'));
    await eventually(() => expect(screen.getByRole('heading', { name: 'Order page' })).toBeTruthy());
  });
});

describe('the bank details', () => {
  async function toDetails(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByLabelText('Weekend ticket – Jane Doe'));
    await user.click(byId('refund-next'));
  }

  it("starts with the customer's name and address, and asks for an IBAN in IBAN countries, else an account number", async () => {
    const { user } = open(refundableOrder());
    await toDetails(user);
    expect(byId<HTMLInputElement>('refund-bank-owner').value).toBe('Jane Doe');
    expect(screen.getByLabelText(/Street and number/)).toHaveProperty('value', 'Main Street 1');
    expect(screen.getByLabelText(/City/, { selector: '#refund-bank-address-2' })).toHaveProperty('value', 'Amsterdam');
    expect(byId<HTMLSelectElement>('refund-bank-country').value).toBe('NL');
    expect(byId('refund-bank-iban')).toBeTruthy();
    expect(byId('refund-bank-account')).toBeNull();
    await user.selectOptions(byId('refund-bank-country'), 'GB');
    expect(byId('refund-bank-iban')).toBeNull();
    expect(screen.getByLabelText(/Bank account number/).id).toBe('refund-bank-account');
    await user.selectOptions(byId('refund-bank-country'), 'BE');
    expect(screen.getByLabelText(/IBAN/).id).toBe('refund-bank-iban');
  });

  it('lists the missing required fields in the danger alert', async () => {
    const { user } = open(refundableOrder(), { user: testCustomer({ full_name: 'Jane Doe', country: null, address: {} }) });
    await toDetails(user);
    await user.clear(byId('refund-bank-owner'));
    await user.click(byId('refund-next'));
    const alert = screen.getByRole('alert');
    expect(alert.id).toBe('refund-error');
    expect(alert.textContent).toBe(
      english(messages.refund.fillOutFields(["Account holder's full name", 'Street and number', 'Postal code', 'City', 'Bank name', 'Bank country', 'BIC/SWIFT', 'Bank account number'])),
    );
    expect(byId('refund-step-details')).toBeTruthy();
  });

  it('refuses an IBAN whose check digits do not hold, and a malformed BIC', async () => {
    const { user } = open(refundableOrder());
    await toDetails(user);
    await fillBankDetails(user, { iban: 'NL92 ABNA 0417 1643 00' });
    await user.click(byId('refund-next'));
    expect(alertText()).toBe(english(portalMessages.ibanInvalid));
    await user.clear(byId('refund-bank-iban'));
    await user.type(byId('refund-bank-iban'), 'NL91ABNA0417164300');
    await user.clear(byId('refund-bank-bic'));
    await user.type(byId('refund-bank-bic'), 'ABN');
    await user.click(byId('refund-next'));
    expect(alertText()).toBe(english(portalMessages.bicInvalid));
  });
});

describe('confirming and sending', () => {
  it('shows the items with their amounts and the total, sends the request, keeps the answered data and opens the refund', async () => {
    const order = refundableOrder();
    const answered = dataWith({ ...order, can_refund: false, has_active_refunds: true });
    const { user, calls, queryClient, router } = open(order, { answers: { 'request-refund': [{ status: 200, body: { data: { ...answered, refund_id: 42 } } }] } });
    await user.click(await screen.findByLabelText('Festival T-shirt'));
    await user.click(byId('refund-next'));
    await fillBankDetails(user, { country: 'GB', account: '12345678' });
    await user.type(byId('refund-note'), 'Cannot come.');
    await user.click(byId('refund-next'));

    const step = screen.getByRole('form', { name: 'Step 3 of 3: Check and confirm' });
    expect(step.id).toBe('refund-step-confirm');
    // The T-shirt's refund and its share of the shipping.
    expect(byId('refund-amount-MER-1').textContent).toBe('€30.00');
    expect(byId('refund-total').textContent).toBe('€30.00');
    expect(byId('refund-summary-owner').textContent).toBe('Jane Doe');
    expect(byId('refund-summary-address').textContent).toBe('Main Street 1, 1234 AB, Amsterdam');
    expect(byId('refund-summary-country').textContent).toBe('United Kingdom');
    expect(byId('refund-summary-account').textContent).toBe('12345678');
    expect(byId('refund-summary-iban')).toBeNull();

    await user.click(byId('refund-submit'));
    await eventually(() => expect(router.state.location.pathname).toBe('/portal/refunds/42'));
    expect(calls).toEqual([
      {
        path: 'request-refund',
        body: {
          token: 'the-token',
          order_id: 7,
          tickets: '',
          merchandise: 'MER-1',
          bank_owner_full_name: 'Jane Doe',
          bank_owner_address: { 'Street and number': 'Main Street 1', 'Postal code': '1234 AB', City: 'Amsterdam' },
          bank_name: 'ABN AMRO',
          bank_city: 'Amsterdam',
          bank_country: 'GB',
          bank_bic: 'ABNANL2A',
          bank_iban: null,
          bank_account: '12345678',
          note: 'Cannot come.',
        },
      },
    ]);
    expect(screen.getByText(english(messages.toast.refundRequested))).toBeTruthy();
    const cached = queryClient.getQueryData<UserData>(userDataKey('the-token'));
    expect(cached?.orders[0]?.has_active_refunds).toBe(true);
    expect(cached).not.toHaveProperty('refund_id');
  });

  it('sends the IBAN without spaces and the ticket codes comma-separated', async () => {
    const { user, calls } = open(refundableOrder(), { answers: { 'request-refund': [{ status: 200, body: { data: { ...dataWith(refundableOrder()), refund_id: 5 } } }] } });
    await user.click(await screen.findByLabelText('Weekend ticket – Jane Doe'));
    await user.click(byId('refund-item-TCK-2'));
    await user.click(byId('refund-next'));
    await fillBankDetails(user);
    await user.click(byId('refund-next'));
    expect(byId('refund-amount-TCK-1').textContent).toBe('€179.50');
    expect(byId('refund-total').textContent).toBe('€369.00');
    await user.click(byId('refund-submit'));
    await eventually(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ tickets: 'TCK-1,TCK-2', merchandise: '', bank_iban: 'NL91ABNA0417164300', bank_account: null, note: null });
  });

  it("returns to the details with the server's messages when the request is refused", async () => {
    const { user } = open(refundableOrder(), {
      answers: { 'request-refund': [{ status: 422, body: { message: 'Some of the details you sent are not valid.', errors: { bank_bic: ['Unknown bank.'], tickets: [english(portalMessages.notRefundable)] } } }] },
    });
    await user.click(await screen.findByLabelText('Weekend ticket – Jane Doe'));
    await user.click(byId('refund-next'));
    await fillBankDetails(user);
    await user.click(byId('refund-next'));
    await user.click(byId('refund-submit'));
    await eventually(() => expect(alertText()).toBe(`Unknown bank.\n${english(portalMessages.notRefundable)}`));
    expect(stepTitle()).toBe('Step 2 of 3: Enter your bank details');
    expect(byId<HTMLInputElement>('refund-bank-bic').value).toBe('ABNANL2A');
  });
});

describe('orders that cannot be refunded', () => {
  it('says an unknown order is not found and leads to the portal', async () => {
    const { calls } = open(refundableOrder(), { code: 'NOPE' });
    expect((await screen.findByText(english(paymentMessages.orderNotFound))).id).toBe('refund-order-not-found');
    expect(screen.getByRole('link', { name: 'Go to your orders' }).getAttribute('href')).toBe('/portal');
    expect(calls).toEqual([]);
  });

  it('explains when nothing of the order can be refunded, with a link back to it', async () => {
    open(refundableOrder({ can_refund: false }));
    expect(await screen.findByText(/can be refunded at the moment/)).toBeTruthy();
    expect(byId('refund-step-select')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to order NWF-ABC123' }).getAttribute('href')).toBe('/portal/orders/NWF-ABC123');
  });
});

describe('a refund that goes back the way the money came (decision 0060)', () => {
  it('asks no bank details when the card payments take it all back, says so, and sends none', async () => {
    const { user, calls } = open(refundableOrder({ refund_ways_open: { card: 40000, cash: 0, card_terminal: 0 } }), {
      answers: { 'request-refund': [{ status: 200, body: { data: { ...dataWith(refundableOrder()), refund_id: 4 } } }] },
    });
    await user.click(await screen.findByLabelText(/Jane Doe/));
    await user.click(byId('refund-next'));
    // Straight to the confirmation: two steps, no bank details.
    await eventually(() => expect(byId('refund-step-confirm')).toBeTruthy());
    expect(byId('refund-step-details')).toBeNull();
    expect(byId('refund-bank-summary')).toBeNull();
    expect(byId('refund-way').textContent).toBe(english(portalMessages.refundWay('€179.50 will go back to the card or account you paid with')));
    await user.type(byId('refund-note'), 'Cannot come');
    await user.click(byId('refund-submit'));
    await eventually(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ token: 'the-token', order_id: 7, tickets: 'TCK-1', merchandise: '', note: 'Cannot come' });
  });

  it('asks bank details for what the card cannot take back, and says which part goes where', async () => {
    const { user } = open(refundableOrder({ refund_ways_open: { card: 10000, cash: 0, card_terminal: 0 } }));
    await user.click(await screen.findByLabelText(/Jane Doe/));
    await user.click(byId('refund-next'));
    await eventually(() => expect(byId('refund-step-details')).toBeTruthy());
    await fillBankDetails(user);
    await user.click(byId('refund-next'));
    await eventually(() => expect(byId('refund-step-confirm')).toBeTruthy());
    expect(byId('refund-way').textContent).toBe(english(portalMessages.refundWay('€100.00 will go back to the card or account you paid with and €79.50 will be paid to the bank account you gave')));
    expect(byId('refund-bank-summary')).toBeTruthy();
  });

  it('says cash at the box office for a desk sale', async () => {
    const { user } = open(refundableOrder({ refund_ways_open: { card: 0, cash: 40000, card_terminal: 0 } }));
    await user.click(await screen.findByLabelText(/Jane Doe/));
    await user.click(byId('refund-next'));
    await eventually(() => expect(byId('refund-way').textContent).toBe(english(portalMessages.refundWay('€179.50 is paid back to you in cash at the box office'))));
  });
});
