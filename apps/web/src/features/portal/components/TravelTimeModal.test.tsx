// @vitest-environment happy-dom
import { english, messages, type Order, type Ticket, type UserData, portalMessages, shopFrontMessages } from '@festival/contract';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/storage';
import { renderPage, stubApi, testCustomer, testUserData, type Answer } from '../../../../test/test-app';
import { installTestConfig } from '../../../../test/test-config';
import { testOrder, testTicket } from '../../../../test/test-order';
import { userDataKey } from '../../../lib/user-data';
import OrderDetailPage from '../pages/OrderDetailPage';
import { eventually } from '../../../../test/waits';

beforeAll(installTestConfig);
beforeEach(() => setToken('the-token'));
afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
});

const bus = (overrides: Partial<Ticket> = {}) =>
  testTicket({
    code: 'BUS-1',
    product: 'Bus to the festival',
    type: 'transport',
    allow_travel_time_changes: true,
    transport_time_id: 11,
    travel_time: '2027-08-14T08:00:00.000Z',
    travel_times: [
      { id: 11, travel_time: '2027-08-14T08:00:00.000Z', remaining: 5 },
      { id: 12, travel_time: '2027-08-14T10:00:00.000Z', remaining: 0 },
      { id: 13, travel_time: '2027-08-14T12:00:00.000Z', remaining: null },
    ],
    ...overrides,
  });

const dataWith = (order: Order): UserData => testUserData({ customer: testCustomer(), orders: [order] });

function open(ticket: Ticket, answers: Record<string, Answer[]> = {}) {
  const calls = stubApi(answers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const order = testOrder({ tickets: [ticket] });
  queryClient.setQueryData(userDataKey('the-token'), dataWith(order));
  renderPage(OrderDetailPage, { path: '/portal/orders/:order', url: `/portal/orders/${order.code}`, handle: { access: 'loggedIn', title: 'Order' }, queryClient });
  return { calls, queryClient, order, user: userEvent.setup() };
}

const select = () => document.getElementById('travel-time-select') as HTMLSelectElement;

describe('the travel time modal', () => {
  it('opens from the ticket with the current time chosen, sold-out times disabled, the meeting point, and closes on Escape', async () => {
    const { user } = open(bus());
    await user.click(await screen.findByRole('button', { name: 'Change travel time of ticket BUS-1' }));
    const dialog = screen.getByRole('dialog', { name: 'Change travel time' });
    expect(dialog.id).toBe('travel-time-modal');
    expect(select().value).toBe('11');
    expect(within(dialog).getByLabelText(/Travel time/)).toBe(select());
    const options = Array.from(select().options).filter((option) => option.value);
    expect(options.map((option) => [option.value, option.disabled, option.textContent?.includes(english(shopFrontMessages.soldOut))])).toEqual([
      ['11', false, false],
      ['12', true, true],
      ['13', false, false],
    ]);
    expect(within(dialog).getByText(english(messages.cart.meetingPoint))).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is offered only when allowed, and disabled with the reason while the ticket was changed recently', async () => {
    open(bus({ allow_travel_time_changes: false }));
    await screen.findByText('Bus to the festival', { selector: '.order-ticket__product' });
    expect(document.getElementById('ticket-travel-BUS-1')).toBeNull();
    cleanup();
    open(bus({ recently_edited: true }));
    const button = (await screen.findByRole('button', { name: 'Change travel time of ticket BUS-1' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(english(portalMessages.recentlyEdited));
  });

  it('asks for a travel time when none is chosen, without sending anything', async () => {
    const { user, calls } = open(bus({ transport_time_id: null, travel_time: null }));
    await user.click(await screen.findByRole('button', { name: 'Change travel time of ticket BUS-1' }));
    expect(select().value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.getElementById('travel-time-error')?.textContent).toBe(english(messages.travelTime.required));
    expect(calls).toEqual([]);
  });

  it('saves the chosen time, keeps the answered data, closes and says so', async () => {
    const ticket = bus();
    const changed = testOrder({ tickets: [bus({ transport_time_id: 13, travel_time: '2027-08-14T12:00:00.000Z', recently_edited: true })] });
    const { user, calls, queryClient } = open(ticket, { 'set-travel-time': [{ status: 200, body: { data: dataWith(changed) } }] });
    await user.click(await screen.findByRole('button', { name: 'Change travel time of ticket BUS-1' }));
    await user.selectOptions(select(), '13');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(english(messages.toast.travelTimeUpdated))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([{ path: 'set-travel-time', body: { token: 'the-token', code: 'BUS-1', transport_time_id: 13 } }]);
    expect(queryClient.getQueryData<UserData>(userDataKey('the-token'))?.orders[0]?.tickets[0]?.transport_time_id).toBe(13);
    // The new data locks the ticket for 15 minutes.
    expect((document.getElementById('ticket-travel-BUS-1') as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows a refusal's reason in the modal, which stays open, without the generic failure toast", async () => {
    const { user } = open(bus(), { 'set-travel-time': [{ status: 409, body: { message: english(portalMessages.travelTimeSoldOut) } }] });
    await user.click(await screen.findByRole('button', { name: 'Change travel time of ticket BUS-1' }));
    await user.selectOptions(select(), '13');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await eventually(() => expect(document.getElementById('travel-time-error')?.textContent).toBe(english(portalMessages.travelTimeSoldOut)));
    expect(screen.queryByText(english(messages.toast.travelTimeUpdateFailed))).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Change travel time' })).toBeTruthy();
  });

  it("toasts 'Could not update travel time. Please try later.' for a real failure (a 5xx), and only that", async () => {
    const { user } = open(bus(), { 'set-travel-time': [{ status: 500, body: { message: english(messages.server.internal) } }] });
    await user.click(await screen.findByRole('button', { name: 'Change travel time of ticket BUS-1' }));
    await user.selectOptions(select(), '13');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(english(messages.toast.travelTimeUpdateFailed))).toBeTruthy();
    expect(document.getElementById('travel-time-error')?.textContent ?? '').toBe('');
    expect(screen.queryByText(english(messages.server.internal))).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Change travel time' })).toBeTruthy();
  });

  it('does not send the travel time the ticket already has: it says so in the modal', async () => {
    const { user, calls } = open(bus());
    await user.click(await screen.findByRole('button', { name: 'Change travel time of ticket BUS-1' }));
    expect(select().value).toBe('11');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.getElementById('travel-time-error')?.textContent).toBe(english(portalMessages.travelTimeUnchanged));
    expect(screen.queryByText(english(messages.toast.travelTimeUpdateFailed))).toBeNull();
    expect(calls).toEqual([]);
  });
});
