// @vitest-environment happy-dom
import { english, messages, type Refund, type UserData, portalMessages } from '@festival/contract';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/storage';
import { renderPage, stubApi, testCustomer, testUserData, type Answer } from '../../../../test/test-app';
import { installTestConfig } from '../../../../test/test-config';
import { testOrder } from '../../../../test/test-order';
import { userDataKey } from '../../../lib/user-data';
import RefundDetailPage from './RefundDetailPage';
import { eventually } from '../../../../test/waits';

beforeAll(installTestConfig);
beforeEach(() => setToken('the-token'));
afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
});

const testRefund = (overrides: Partial<Refund> = {}): Refund => ({
  id: 12,
  status: 'active',
  created_at: '2027-06-10T09:00:00.000Z',
  completed_at: null,
  total: 3000,
  shipping_refund: 500,
  order: { id: 1, code: 'NWF-ABC123' },
  items: [{ code: 'MER-1', name: 'Festival T-shirt', kind: 'merchandise', status: 'refund', amount: 2500 }],
  ...overrides,
});

const dataWith = (...refunds: Refund[]) => testUserData({ customer: testCustomer(), orders: [testOrder()], refunds });

function open(refunds: Refund[], { id = String(refunds[0]?.id ?? 1), answers = {} }: { id?: string; answers?: Record<string, Answer[]> } = {}) {
  const calls = stubApi(answers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userDataKey('the-token'), dataWith(...refunds));
  const user = userEvent.setup();
  const { router } = renderPage(RefundDetailPage, {
    path: '/portal/refunds/:refund',
    url: `/portal/refunds/${id}`,
    handle: { access: 'loggedIn', title: ({ params }) => `Refund ${params.refund ?? ''}` },
    queryClient,
  });
  return { calls, user, queryClient, router };
}

const byId = (id: string) => document.getElementById(id);

describe('the refund detail', () => {
  it('shows the status, dates, order and items with their amounts, shipping and total', async () => {
    open([testRefund()]);
    expect(await screen.findByRole('heading', { name: 'Refund 12', level: 1 })).toBeTruthy();
    expect(byId('refund-detail')).toBeTruthy();
    expect(byId('refund-status')?.textContent).toBe('Requested');
    expect(byId('refund-created')?.textContent).toMatch(/^10 Jun 2027/);
    expect(byId('refund-completed')?.textContent).toBe('Not yet');
    expect(screen.getByRole('link', { name: 'NWF-ABC123' }).getAttribute('href')).toBe('/portal/orders/NWF-ABC123');
    const table = screen.getByRole('table');
    const [item] = within(table).getAllByRole('row').slice(1);
    expect(within(item!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Festival T-shirt', 'MER-1', 'Requested', '€25.00']);
    expect(byId('refund-shipping')?.textContent).toBe('€5.00');
    expect(byId('refund-detail-total')?.textContent).toBe('€30.00');
  });

  it('shows a refunded item with its amount and offers no cancel once processed', async () => {
    open([
      testRefund({
        status: 'processed',
        completed_at: '2027-06-20T09:00:00.000Z',
        items: [
          { code: 'TCK-1', name: 'Weekend ticket', kind: 'ticket', status: 'refunded', amount: 17950 },
          { code: 'TCK-2', name: 'Weekend ticket', kind: 'ticket', status: 'refunding', amount: 17950 },
        ],
      }),
    ]);
    expect((await screen.findByText('Completed')).id).toBe('refund-status');
    expect(byId('refund-completed')?.textContent).toMatch(/^20 Jun 2027/);
    expect(byId('refund-item-status-TCK-1')?.textContent).toBe('Refunded €179.50');
    expect(byId('refund-item-status-TCK-2')?.textContent).toBe('Processing');
    expect(byId('refund-cancel')).toBeNull();
    // No credit note in the data yet: no link to one.
    expect(byId('refund-credit-note')).toBeNull();
  });

  it('offers the credit note of a processed refund, by its number, through its signed link', async () => {
    open([testRefund({ id: 7, status: 'processed', completed_at: '2027-06-20T09:00:00.000Z', credit_note: { number: 'NWF-CN-000003', checksum: 'sig/1' } })]);
    const link = await screen.findByRole('link', { name: 'Download credit note NWF-CN-000003' });
    expect(link.getAttribute('href')).toBe('/download-credit-note/NWF-ABC123/7/sig%2F1');
  });

  it('shows a refund in any other state as processing, without cancel', async () => {
    open([testRefund({ status: 'approved' })]);
    expect((await screen.findByText('Processing')).id).toBe('refund-status');
    expect(byId('refund-cancel')).toBeNull();
  });

  it('says an unknown refund is not found and leads to the portal', async () => {
    const { calls } = open([testRefund()], { id: '99' });
    expect((await screen.findByText(/could not be found/)).id).toBe('refund-not-found');
    expect(screen.getByRole('link', { name: 'Go to your orders' }).getAttribute('href')).toBe('/portal');
    expect(calls).toEqual([]);
  });
});

describe('cancelling a refund', () => {
  it('asks first; Cancel in the modal keeps the refund', async () => {
    const { user, calls } = open([testRefund()]);
    await user.click(await screen.findByRole('button', { name: 'Cancel refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel refund 12?' });
    await user.click(within(dialog).getByRole('button', { name: english(messages.ui.cancel) }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('cancels after confirmation, keeps the answered data and toasts', async () => {
    const { user, calls, queryClient } = open([testRefund()], {
      answers: { 'cancel-refund': [{ status: 200, body: { data: dataWith(testRefund({ status: 'cancelled', items: [] })) } }] },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel refund' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: english(messages.ui.confirm) }));
    await eventually(() => expect(screen.getByText(english(messages.toast.refundCancelled(12)))).toBeTruthy());
    expect(english(messages.toast.refundCancelled(12))).toBe('Refund 12 cancelled successfully.');
    expect(calls).toEqual([{ path: 'cancel-refund', body: { token: 'the-token', refund_id: 12 } }]);
    expect(queryClient.getQueryData<UserData>(userDataKey('the-token'))?.refunds[0]?.status).toBe('cancelled');
    expect(byId('refund-cancel')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes to the portal when the answered data no longer lists the refund', async () => {
    const { user, router } = open([testRefund()], { answers: { 'cancel-refund': [{ status: 200, body: { data: dataWith() } }] } });
    await user.click(await screen.findByRole('button', { name: 'Cancel refund' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: english(messages.ui.confirm) }));
    await eventually(() => expect(router.state.location.pathname).toBe('/portal'));
    expect(screen.getByText(english(messages.toast.refundCancelled(12)))).toBeTruthy();
  });

  it("shows the server's message when the cancel is refused", async () => {
    const { user } = open([testRefund()], { answers: { 'cancel-refund': [{ status: 409, body: { message: english(portalMessages.refundNotActive) } }] } });
    await user.click(await screen.findByRole('button', { name: 'Cancel refund' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: english(messages.ui.confirm) }));
    await eventually(() => expect(byId('refund-cancel-error')?.textContent).toBe(english(portalMessages.refundNotActive)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(byId('refund-cancel')).toBeTruthy();
  });
});

/** The account holder's address and the bank, as a Dutch customer types them. */
async function fillBank(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of [[/Street and number/, 'Damrak 1'], [/Postal code/, '1012 LG'], [/City/, 'Amsterdam']] as const) {
    const field = screen.getAllByLabelText(label)[0] as HTMLInputElement;
    if (!field.value) await user.type(field, value);
  }
  await user.type(screen.getByLabelText(/Bank name/), 'ABN AMRO');
  await user.selectOptions(screen.getByLabelText(/Bank country/), 'NL');
  await user.type(screen.getByLabelText(/BIC\/SWIFT/), 'ABNANL2A');
  await user.type(screen.getByLabelText(/IBAN/), 'NL91 ABNA 0417 1643 00');
}

describe('giving the bank details a refund waits for (decision 0060)', () => {
  it('asks for them only while the bank part waits, and keeps the answered data with a thank-you', async () => {
    const waiting = testRefund({ bank_details_wanted_for: 2500 });
    const { user, calls, queryClient } = open([waiting], {
      answers: { 'refund-bank-details': [{ status: 200, body: { data: dataWith(testRefund({ bank_details_wanted_for: null })) } }] },
    });
    expect((await screen.findByRole('heading', { name: english(portalMessages.bankDetailsWanted.title) })).id).toBe('refund-bank-title');
    expect(byId('refund-bank-text')?.textContent).toBe(english(portalMessages.bankDetailsWanted.text('€25.00')));
    // The account holder starts as the customer; nothing is sent while a field is missing.
    expect((screen.getByLabelText(/Account holder's full name/) as HTMLInputElement).value).toBe(testCustomer().full_name);
    await user.click(screen.getByRole('button', { name: english(portalMessages.bankDetailsWanted.submit) }));
    expect(byId('refund-error')?.textContent).toMatch(/Bank name/);
    expect(calls).toEqual([]);
    await fillBank(user);
    await user.click(screen.getByRole('button', { name: english(portalMessages.bankDetailsWanted.submit) }));
    await eventually(() => expect(screen.getByText(english(portalMessages.bankDetailsWanted.saved(12)))).toBeTruthy());
    expect(calls).toEqual([
      {
        path: 'refund-bank-details',
        body: expect.objectContaining({ token: 'the-token', refund_id: 12, bank_name: 'ABN AMRO', bank_country: 'NL', bank_bic: 'ABNANL2A', bank_iban: 'NL91ABNA0417164300', bank_account: null }),
      },
    ]);
    expect(calls[0]!.body).not.toHaveProperty('note');
    expect(queryClient.getQueryData<UserData>(userDataKey('the-token'))?.refunds[0]?.bank_details_wanted_for).toBeNull();
    // Given, the form goes; the cancel stays.
    await eventually(() => expect(byId('refund-bank-details')).toBeNull());
    expect(byId('refund-cancel')).toBeTruthy();
  });

  it('asks nothing of a refund that goes back to the card, or of one processed', async () => {
    open([testRefund(), testRefund({ id: 13, status: 'processed', bank_details_wanted_for: 2500 })]);
    await screen.findByRole('heading', { name: 'Refund 12', level: 1 });
    expect(byId('refund-bank-details')).toBeNull();
  });

  it("shows the server's refusal beside the form", async () => {
    const { user } = open([testRefund({ bank_details_wanted_for: 2500 })], { answers: { 'refund-bank-details': [{ status: 409, body: { message: english(portalMessages.bankDetailsNotWanted) } }] } });
    await screen.findByLabelText(/Bank name/);
    await fillBank(user);
    await user.click(screen.getByRole('button', { name: english(portalMessages.bankDetailsWanted.submit) }));
    await eventually(() => expect(byId('refund-error')?.textContent).toBe(english(portalMessages.bankDetailsNotWanted)));
  });
});
