// @vitest-environment happy-dom
import { messages, type Order } from '@festival/contract';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/storage';
import { renderPage, stubApi, testCustomer, testUserData, type Answer } from '../../../lib/test-app';
import { installTestConfig } from '../../../lib/test-config';
import { testOrder } from '../../../lib/test-order';
import { userDataKey } from '../../../lib/user-data';
import OrderDetailPage from './OrderDetailPage';

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
});

const dataWith = (order: Order) => testUserData({ customer: testCustomer(), orders: [order] });

function open(order: Order, { confirmation, answers = {} }: { confirmation: boolean; answers?: Record<string, Answer[]> }) {
  const calls = stubApi(answers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userDataKey('the-token'), dataWith(order));
  const path = confirmation ? '/portal/orders/:order/confirmation' : '/portal/orders/:order';
  renderPage(OrderDetailPage, {
    path,
    url: path.replace(':order', order.code),
    handle: { access: 'loggedIn', title: ({ params }) => `Order ${params.order ?? ''}`, ...(confirmation ? { confirmation: true } : {}) },
    queryClient,
  });
  return { calls };
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
    await screen.findByText(messages.payment.paid);
    await vi.waitFor(() => expect(window.dataLayer).toHaveLength(1));
  });

  it("waits on the confirmation for the provider's notification of a card payment, then tracks it", async () => {
    const pending = testOrder({ payment_method: 'credit_card', payment_status: 'pending', total_paid: 0 });
    const { calls } = open(pending, { confirmation: true, answers: { 'get-data': [{ status: 200, body: { data: dataWith({ ...pending, payment_status: 'paid', total_paid: pending.total_price }) } }] } });
    expect(await screen.findByText(messages.payment.awaitingConfirmation)).toBeTruthy();
    expect(window.dataLayer).toBeUndefined();
    await vi.waitFor(() => expect(screen.getByText(messages.payment.paid)).toBeTruthy(), { timeout: 4000 });
    expect(calls.map((call) => call.path)).toEqual(['get-data']);
    expect(window.dataLayer).toHaveLength(1);
  });
});
