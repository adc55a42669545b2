// @vitest-environment happy-dom
import type { StaffApiAnswer } from '@festival/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/Toasts';
import type * as StaffApi from '../api';
import { ME_KEY } from '../member';
import OrderPage from './OrderPage';

type Detail = StaffApiAnswer<'order-detail'>;
let detail: Detail;
const sent: { path: string; payload: unknown }[] = [];
vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof StaffApi>()),
  staffCall: async (path: string, payload: unknown) => {
    if (path === 'order-detail') return detail;
    if (path === 'order-change-answers') {
      sent.push({ path, payload });
      return { message: 'The answers are changed and the buyer is told by e-mail.', order: detail };
    }
    throw new Error(`unexpected call ${path}`);
  },
}));

afterEach(() => cleanup());

const ticket = (code: string, holder: string, answers: Detail['tickets'][number]['answers']): Detail['tickets'][number] => ({
  code,
  product: 'Weekend',
  type: 'ticket',
  holder_name: holder,
  holder_email: null,
  age: null,
  status: 'active',
  price: 10000,
  fee: 0,
  refund_fee: 0,
  name_changes: 0,
  transport_time_id: null,
  travel_time: null,
  travel_times: [],
  refundable: 'no',
  refund_rule: null,
  answers,
});

function orderWith(tickets: Detail['tickets'], answers: Detail['answers']): Detail {
  return {
    currency: 'EUR',
    order: {
      code: 'ORDER1',
      payment_status: 'paid',
      payment_method: 'credit_card',
      channel: 'Online',
      created_at: '2027-05-01T10:00:00.000Z',
      updated_at: '2027-05-01T10:00:00.000Z',
      paid_at: '2027-05-01T10:01:00.000Z',
      pay_by: null,
      accepted_terms_at: null,
      total_price: 20000,
      total_paid: 20000,
      total_refunded: 0,
      returned_amount: 0,
      discount_amount: 0,
      discount_name: null,
      shipping_amount: 0,
      shipping_refunded: 0,
      shipping_name: null,
      shipping_method: null,
      shipping_country: null,
      shipping_address: null,
      billing_country: null,
      billing_address: null,
      payment_reference: null,
      payment_attempts: 1,
      has_payment_plan: false,
    },
    buyer: { name: 'Bea Buyer', email: 'bea@example.org' },
    tickets,
    answers,
    answer_forms: [],
    merchandise: [],
    payments: [],
    instalments: [],
    refunds: [],
    emails: [],
    ticket_changes: [],
    check_ins: [],
    audit: [],
    timeline: [],
  };
}

async function renderPage(role = 'box_office') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_KEY, { member: { id: 1, email: 'desk@example.org', name: 'Desk', role }, timezone: 'Europe/Amsterdam', currency: 'EUR' } as unknown as StaffApiAnswer<'staff-me'>);
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/orders/ORDER1']}>
          <Routes>
            <Route path="/orders/:code" element={<OrderPage />} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  // The page's heading shows while it loads: the tickets' table once the order is there.
  return screen.findByRole('table', { name: 'Tickets' });
}

/** A definition list's terms and descriptions in order, as pairs. */
const pairsOf = (list: HTMLElement) => [...list.querySelectorAll('div')].map((entry) => [entry.querySelector('dt')?.textContent, entry.querySelector('dd')?.textContent]);

describe('the staff’s order page', () => {
  it('shows each ticket’s answers in its row and the order’s own answers with the order, as the shop words them', async () => {
    detail = orderWith(
      [
        ticket('T1', 'Ada', [
          { code: 'size', question: 'T-shirt size', answer: 'Medium' },
          { code: 'arrival', question: 'Arrival', answer: '18 June 2027' },
        ]),
        ticket('T2', 'Bo', []),
      ],
      [{ code: 'contact', question: 'Emergency contact', answer: 'Mum, +31 6 1234 5678' }],
    );
    const tickets = await renderPage();
    expect(within(tickets).getByRole('columnheader', { name: 'Answers' })).toBeTruthy();
    const ada = within(tickets).getByRole('row', { name: /Ada/ });
    expect(pairsOf(ada.querySelector('dl')!)).toEqual([
      ['T-shirt size', 'Medium'],
      ['Arrival', '18 June 2027'],
    ]);
    expect(within(tickets).getByRole('row', { name: /Bo/ }).querySelector('dl')).toBeNull();
    const own = screen.getByRole('heading', { level: 2, name: 'Answers for this order' });
    expect(pairsOf(own.parentElement!.querySelector('dl')!)).toEqual([['Emergency contact', 'Mum, +31 6 1234 5678']]);
  });

  it('shows no answers column or section for an order without answers', async () => {
    detail = orderWith([ticket('T1', 'Ada', [])], []);
    expect(within(await renderPage()).queryByRole('columnheader', { name: 'Answers' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Answers for this order' })).toBeNull();
  });

  it('lets customer service change a ticket’s answers in a dialog: checked by the shop’s rule at the field before sending, then sent whole', async () => {
    const form = { product: 'NWF27-WEEKEND', name: 'Weekend', questions: [{ code: 'company', kind: 'text' as const, label: 'Company', required: true, per: 'ticket' as const, at_gate: false, options: [], archived: false }], values: { company: 'Old Ltd' }, allow_changes: true };
    detail = orderWith([{ ...ticket('T1', 'Ada', [{ code: 'company', question: 'Company', answer: 'Old Ltd' }]), answer_form: form }], []);
    sent.length = 0;
    const tickets = await renderPage('customer_service');
    fireEvent.click(within(tickets).getByRole('button', { name: 'Change the answers for ticket T1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the answers for ticket T1' });
    const company = within(dialog).getByLabelText(/Company/) as HTMLInputElement;
    expect(company.value).toBe('Old Ltd');
    fireEvent.change(company, { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(company.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('"Company" needs an answer')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(company, { target: { value: ' New BV ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(sent).toEqual([{ path: 'order-change-answers', payload: { code: 'ORDER1', ticket: 'T1', product: null, answers: { company: 'New BV' } } }]));
  });

  it('offers no change of answers to the box office', async () => {
    const form = { product: 'NWF27-WEEKEND', name: 'Weekend', questions: [{ code: 'company', kind: 'text' as const, label: 'Company', required: false, per: 'ticket' as const, at_gate: false, options: [], archived: false }], values: {}, allow_changes: true };
    detail = orderWith([{ ...ticket('T1', 'Ada', []), answer_form: form }], []);
    await renderPage('box_office');
    expect(screen.queryByRole('button', { name: 'Change the answers for ticket T1' })).toBeNull();
  });
});
