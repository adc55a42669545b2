// @vitest-environment happy-dom
import type { Refund, UserData } from '@festival/contract';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getConfig } from '../../../lib/config';
import { clearToken, setToken } from '../../../lib/storage';
import { renderPage, stubApi, testCustomer, testUserData } from '../../../../test/test-app';
import { installTestConfig } from '../../../../test/test-config';
import { testMerchandisePurchase, testOrder, testTicket } from '../../../../test/test-order';
import { userDataKey } from '../../../lib/user-data';
import PortalPage from './PortalPage';
import { eventually } from '../../../../test/waits';

beforeAll(installTestConfig);
beforeEach(() => setToken('the-token'));
afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
});

function open(data: Partial<UserData>) {
  const calls = stubApi({});
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userDataKey('the-token'), testUserData({ customer: testCustomer(), ...data }));
  renderPage(PortalPage, { path: '/portal', handle: { access: 'loggedIn', title: 'Portal' }, queryClient });
  return { calls };
}

const testRefund = (overrides: Partial<Refund> = {}): Refund => ({
  id: 12,
  status: 'active',
  created_at: '2027-06-10T09:00:00.000Z',
  completed_at: null,
  total: 17950,
  shipping_refund: 0,
  order: { id: 1, code: 'NWF-ABC123' },
  items: [{ code: 'TCK-1', name: 'Weekend ticket', kind: 'ticket', status: 'refund', amount: 17950 }],
  ...overrides,
});

const rowsOf = (sectionId: string) => within(document.getElementById(sectionId)!).getAllByRole('row').slice(1);

describe('the orders list', () => {
  it('shows code, date, via, method, status and items, with Manage and Refund only where the order can be refunded', async () => {
    const { calls } = open({
      orders: [
        testOrder({ code: 'NWF-AAA111', can_refund: true, tickets: [testTicket({ code: 'T1' }), testTicket({ code: 'T2' })], merchandisePurchases: [testMerchandisePurchase()] }),
        testOrder({ code: 'NWF-BBB222', staff: 'Box office', payment_method: 'bank_transfer', payment_status: 'pending', total_paid: 0 }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Orders', level: 2 })).toBeTruthy();
    const [refundable, awaiting] = rowsOf('portal-orders');
    expect(within(refundable!).getAllByRole('cell').slice(0, 6).map((cell) => cell.textContent)).toEqual(['NWF-AAA111', '1 Jun 2027', 'Online', 'Credit card', 'Paid', '2 × Weekend ticketFestival T-shirt']);
    expect(within(awaiting!).getAllByRole('cell').slice(0, 5).map((cell) => cell.textContent)).toEqual(['NWF-BBB222', '1 Jun 2027', 'Box office', 'Bank transfer', 'Awaiting payment']);

    expect(screen.getByRole('link', { name: 'Manage order NWF-AAA111' }).getAttribute('href')).toBe('/portal/orders/NWF-AAA111');
    expect(screen.getByRole('link', { name: 'Refund order NWF-AAA111' }).getAttribute('href')).toBe('/portal/orders/NWF-AAA111/request-refund');
    expect(document.getElementById('portal-order-refund-NWF-AAA111')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage order NWF-BBB222' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Refund order NWF-BBB222' })).toBeNull();
    expect(document.getElementById('portal-order-refund-NWF-BBB222')).toBeNull();
    // The cached get-data is used as it is.
    expect(calls).toEqual([]);
  });

  it('hides the items of a cancelled order', async () => {
    open({ orders: [testOrder({ payment_status: 'cancelled' })] });
    const [row] = await eventually(() => rowsOf('portal-orders'));
    const cells = within(row!).getAllByRole('cell');
    expect(cells[4]!.textContent).toBe(getConfig().texts.paymentCancelled);
    expect(cells[5]!.textContent).toBe('');
  });

  it('says so when there are no orders and no refunds', async () => {
    open({});
    expect((await screen.findByText('You have no orders yet.')).id).toBe('portal-orders-empty');
    expect(screen.getByText('You have not requested any refunds.').id).toBe('portal-refunds-empty');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the refunds list', () => {
  it('shows each refund with its order, date, status label and total, leading to the refund', async () => {
    open({
      orders: [testOrder()],
      refunds: [testRefund(), testRefund({ id: 13, status: 'processed', completed_at: '2027-06-20T09:00:00.000Z', total: 2500 }), testRefund({ id: 14, status: 'failed' })],
    });
    await screen.findByRole('heading', { name: 'Refunds', level: 2 });
    const rows = rowsOf('portal-refunds');
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Refund 12', 'NWF-ABC123', '10 Jun 2027', 'Requested', '€179.50'],
      ['Refund 13', 'NWF-ABC123', '10 Jun 2027', 'Completed', '€25.00'],
      ['Refund 14', 'NWF-ABC123', '10 Jun 2027', 'Processing', '€179.50'],
    ]);
    expect(screen.getByRole('link', { name: 'Refund 12' }).getAttribute('href')).toBe('/portal/refunds/12');
    expect(document.getElementById('portal-refund-13')?.getAttribute('href')).toBe('/portal/refunds/13');
    expect(within(rows[0]!).getByRole('link', { name: 'NWF-ABC123' }).getAttribute('href')).toBe('/portal/orders/NWF-ABC123');
  });
});
