// @vitest-environment happy-dom
import type { Order } from '@festival/contract';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getConfig } from '../../lib/config';
import { clearToken, setToken } from '../../lib/storage';
import { renderPage, testCustomer, testUserData } from '../../../test/test-app';
import { installTestConfig } from '../../../test/test-config';
import { testMerchandisePurchase, testOrder, testTicket } from '../../../test/test-order';
import { userDataKey } from '../../lib/user-data';
import { OrderView, type OrderViewProps } from './OrderView';
import { eventually } from '../../../test/waits';

beforeAll(installTestConfig);
beforeEach(() => setToken('the-token'));
afterEach(() => {
  cleanup();
  clearToken();
});

function show(order: Order, props: Partial<OrderViewProps> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userDataKey('the-token'), testUserData({ customer: testCustomer({ email: 'me@example.com' }), orders: [order] }));
  renderPage(() => <OrderView order={order} {...props} />, { path: '/view', queryClient });
}

/** The ticket's row, once the view shows. */
const row = (code: string) => eventually(() => document.getElementById(`ticket-${code}`) ?? Promise.reject(new Error(`no row ${code}`)));
const text = (id: string) => document.getElementById(id)?.textContent ?? null;
const href = (id: string) => document.getElementById(id)?.getAttribute('href') ?? null;

describe('the tickets of the order view', () => {
  it("shows each ticket's product, holder, e-mail, travel time in the ticket's zone, status and code", async () => {
    show(testOrder({ tickets: [testTicket({ code: 'TCK-1', product: 'Bus to the festival', type: 'transport', travel_time: '2027-08-14T08:30:00.000Z', timezone: 'Europe/Amsterdam' })] }));
    const row = await screen.findByRole('listitem');
    expect(row.id).toBe('ticket-TCK-1');
    expect(within(row).getByText('Bus to the festival')).toBeTruthy();
    expect(within(row).getByText('Jane Doe')).toBeTruthy();
    expect(within(row).getByText('jane@example.com')).toBeTruthy();
    expect(text('ticket-travel-time-TCK-1')).toMatch(/14 Aug 2027.*10:30/);
    expect(text('ticket-status-TCK-1')).toBe('Active');
    expect(row.querySelector('code')?.textContent).toBe('TCK-1');
  });

  it("shows the answers to the products' questions: each ticket's with it, the order's under their heading (decision 0106)", async () => {
    show(
      testOrder({
        tickets: [testTicket({ code: 'TCK-1', answers: [{ code: 'size', question: 'T-shirt size', answer: 'Medium' }] })],
        answers: [{ code: 'contact', question: 'Emergency contact', answer: 'Mum' }],
      }),
    );
    const ticket = await row('TCK-1');
    expect(within(ticket).getByText('T-shirt size').nextElementSibling?.textContent).toBe('Medium');
    const section = screen.getByRole('region', { name: 'Your answers for this order' });
    expect(within(section).getByText('Emergency contact').nextElementSibling?.textContent).toBe('Mum');
  });

  it('offers Download ticket only when allowed, by the holder\'s e-mail or else the customer\'s', async () => {
    show(
      testOrder({
        tickets: [testTicket({ code: 'TCK-1', email: 'a+b@example.com' }), testTicket({ code: 'TCK-2', email: null }), testTicket({ code: 'TCK-3', allow_download: false })],
      }),
    );
    await row('TCK-1');
    expect(href('ticket-download-TCK-1')).toBe('/download-ticket/a%2Bb%40example.com/TCK-1');
    expect(href('ticket-download-TCK-2')).toBe('/download-ticket/me%40example.com/TCK-2');
    expect(document.getElementById('ticket-download-TCK-3')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download ticket TCK-1' }).tagName).toBe('A');
  });

  it('offers the invoice only when the order has one', async () => {
    show(testOrder({ code: 'NWF-ABC123', checksum: 'sum/1', has_invoice: true }));
    expect((await screen.findByRole('link', { name: 'Download invoice' })).getAttribute('href')).toBe('/download-invoice/NWF-ABC123/sum%2F1');
    expect(document.getElementById('order-invoice-download')).toBeTruthy();
    cleanup();
    show(testOrder({ has_invoice: false }));
    await row('TCK-1');
    expect(document.getElementById('order-invoice-download')).toBeNull();
  });

  it('shows the refund states in the spec\'s words, a refunded item with its amount, and merchandise the same way', async () => {
    show(
      testOrder({
        tickets: [
          testTicket({ code: 'T-REQ', status: 'refund' }),
          testTicket({ code: 'T-ING', status: 'refunding' }),
          testTicket({ code: 'T-PRB', status: 'refund-problem' }),
          testTicket({ code: 'T-DONE', status: 'refunded', refund_total: 18950 }),
          testTicket({ code: 'T-NEW', status: 'pending' }),
        ],
        merchandisePurchases: [testMerchandisePurchase({ code: 'M-1', status: 'refunded', refund_total: 2500, shipping_refund: 495 }), testMerchandisePurchase({ code: 'M-2', status: 'refund' })],
      }),
    );
    await row('T-REQ');
    expect(text('ticket-status-T-REQ')).toBe('Requested');
    expect(text('ticket-status-T-ING')).toBe('Processing');
    expect(text('ticket-status-T-PRB')).toBe('Processing');
    expect(text('ticket-status-T-DONE')).toBe('Refunded: €189.50');
    expect(text('ticket-status-T-NEW')).toBe('Pending');
    expect(text('merchandise-status-M-1')).toBe('Refunded: €29.95');
    expect(text('merchandise-status-M-2')).toBe('Requested');
  });

  it("shows a pending order's tickets with their status, and none of a cancelled order", async () => {
    show(testOrder({ payment_status: 'pending', payment_method: 'bank_transfer', total_paid: 0 }));
    await row('TCK-1');
    expect(text('ticket-status-TCK-1')).toBe('Active');
    cleanup();
    show(testOrder({ payment_status: 'cancelled' }));
    await screen.findByText(getConfig().texts.paymentCancelled);
    expect(document.getElementById('order-tickets')).toBeNull();
  });

  it('offers Manage only in the portal, for an active ticket whose details may change', async () => {
    const tickets = [
      testTicket({ code: 'T-NAME', allow_name_changes: true, type: 'transport' }),
      testTicket({ code: 'T-MAIL', allow_email_changes: true, type: 'transport' }),
      // The sample configuration has age ranges active for event 1.
      testTicket({ code: 'T-AGE', type: 'ticket', event_id: 1 }),
      testTicket({ code: 'T-FIXED', type: 'transport' }),
      testTicket({ code: 'T-GONE', allow_name_changes: true, status: 'refunded' }),
    ];
    show(testOrder({ code: 'NWF-ABC123', tickets }), { portal: true });
    await row('T-NAME');
    expect(href('ticket-manage-T-NAME')).toBe('/portal/orders/NWF-ABC123/manage-ticket/T-NAME');
    expect(document.getElementById('ticket-manage-T-MAIL')).toBeTruthy();
    expect(document.getElementById('ticket-manage-T-AGE')).toBeTruthy();
    expect(document.getElementById('ticket-manage-T-FIXED')).toBeNull();
    expect(document.getElementById('ticket-manage-T-GONE')).toBeNull();
    cleanup();
    show(testOrder({ tickets }));
    await row('T-NAME');
    expect(document.querySelector('[id^="ticket-manage-"]')).toBeNull();
    expect(document.getElementById('ticket-download-T-NAME')).toBeTruthy();
  });

  it("renders the page's own ticket actions only in the portal, with the recently-changed note to point at", async () => {
    const order = testOrder({ tickets: [testTicket({ code: 'TCK-1', allow_travel_time_changes: true, recently_edited: true })] });
    const renderTicketActions = (ticket: { code: string }, context: { lockedNoteId: string | undefined }) => (
      <button type="button" id={`extra-${ticket.code}`} aria-describedby={context.lockedNoteId}>
        Extra
      </button>
    );
    show(order, { portal: true, renderTicketActions });
    const extra = await screen.findByRole('button', { name: 'Extra' });
    expect(extra.getAttribute('aria-describedby')).toBe('ticket-locked-TCK-1');
    expect(text('ticket-locked-TCK-1')).toMatch(/less than 15 minutes ago/);
    cleanup();
    show(order, { renderTicketActions });
    await row('TCK-1');
    expect(screen.queryByRole('button', { name: 'Extra' })).toBeNull();
    expect(document.getElementById('ticket-locked-TCK-1')).toBeNull();
  });
});

describe('money that went back (decision 0026)', () => {
  it('says on the order that a second card payment was refunded automatically, and nothing when none was', async () => {
    show(testOrder({ returned_amount: 4100 }));
    await eventually(() => expect(text('order-returned')).toMatch(/^We received a second payment of €\s?41\.00 for this order and have refunded it automatically/));
    cleanup();
    show(testOrder());
    await row('TCK-1');
    expect(text('order-returned')).toBeNull();
  });
});
