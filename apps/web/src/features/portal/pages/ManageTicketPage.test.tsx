// @vitest-environment happy-dom
import { english, messages, questionDefinition, questionMessages, type Order, type Ticket, type UserData, portalMessages } from '@festival/contract';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/storage';
import { renderPage, stubApi, testCustomer, testUserData, type Answer } from '../../../../test/test-app';
import { installTestConfig } from '../../../../test/test-config';
import { testOrder, testTicket } from '../../../../test/test-order';
import { userDataKey } from '../../../lib/user-data';
import ManageTicketPage from './ManageTicketPage';

beforeAll(installTestConfig);
beforeEach(() => setToken('the-token'));
afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
});

/** An entry ticket of event 1 (age ranges active in the sample configuration) held by a friend; name and e-mail may change. */
const friendsTicket = (overrides: Partial<Ticket> = {}) =>
  testTicket({
    code: 'TCK-1',
    full_name: 'John Smith',
    email: 'john@example.com',
    age: '25-34',
    type: 'ticket',
    event_id: 1,
    allow_name_changes: true,
    allow_email_changes: true,
    name_changes_left: 2,
    ...overrides,
  });

const dataWith = (order: Order | null): UserData => testUserData({ customer: testCustomer({ email: 'jane@example.com' }), orders: order ? [order] : [] });

function open(ticket: Ticket | null, { answers = {}, url }: { answers?: Record<string, Answer[]>; url?: string } = {}) {
  const calls = stubApi(answers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const order = ticket ? testOrder({ id: 7, code: 'NWF-ABC123', tickets: [ticket] }) : null;
  queryClient.setQueryData(userDataKey('the-token'), dataWith(order));
  const { router } = renderPage(ManageTicketPage, {
    path: '/portal/orders/:order/manage-ticket/:ticket',
    url: url ?? `/portal/orders/NWF-ABC123/manage-ticket/${ticket?.code ?? 'TCK-1'}`,
    handle: { access: 'loggedIn', title: 'Manage Ticket' },
    queryClient,
    otherRoutes: [{ path: '/portal/orders/:order', Component: () => <h1>Order page</h1> }],
  });
  return { calls, queryClient, router, user: userEvent.setup() };
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const errorText = () => document.getElementById('manage-error')?.textContent ?? null;

describe('the manage ticket page', () => {
  it('announces step 1 of 2 and offers the fields the ticket allows', async () => {
    open(friendsTicket());
    expect(await screen.findByRole('heading', { level: 2, name: 'Step 1 of 2: Enter the ticket details' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Ticket' })).toBeTruthy();
    const name = screen.getByLabelText(/Full name/) as HTMLInputElement;
    expect(name.id).toBe('manage-full-name');
    expect(name.value).toBe('John Smith');
    expect(name.readOnly).toBe(false);
    expect(document.getElementById('manage-full-name-hint')?.textContent).toBe(`${english(messages.cart.nameAsOnId)} Name changes left: 2.`);
    expect((screen.getByLabelText(/E-mail address/) as HTMLInputElement).readOnly).toBe(false);
    const age = screen.getByLabelText(/Age range/) as HTMLSelectElement;
    expect(age.id).toBe('manage-age');
    expect(age.value).toBe('25-34');
    expect(screen.getByLabelText('Note (optional)').id).toBe('manage-note');
  });

  it('keeps the name and e-mail read-only when they may not change, and asks no age of other tickets', async () => {
    open(friendsTicket({ allow_name_changes: false, allow_email_changes: false, name_changes_left: 0, type: 'transport' }));
    await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ });
    expect(input('manage-full-name').readOnly).toBe(true);
    expect(document.getElementById('manage-full-name-hint')?.textContent).toBe(english(portalMessages.nameChangesNotAllowed));
    expect(input('manage-email').readOnly).toBe(true);
    expect(document.getElementById('manage-age')).toBeNull();
  });

  it('names the missing fields, then asks for a change', async () => {
    const { user, calls } = open(friendsTicket({ age: null }));
    await user.clear(await screen.findByLabelText(/Full name/));
    await user.clear(screen.getByLabelText(/E-mail address/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(errorText()).toBe('Please fill out the following fields: Full name, E-mail address, Age range');
    expect(calls).toEqual([]);
    cleanup();
    // The same details again (the name typed back as it was) are no change.
    const again = open(friendsTicket());
    await again.user.clear(await screen.findByLabelText(/Full name/));
    await again.user.type(input('manage-full-name'), 'John Smith ');
    await again.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(errorText()).toBe(english(messages.ticketEdit.nothingChanged));
    expect(screen.getByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeTruthy();
    expect(again.calls).toEqual([]);
  });

  it("offers the transfer only for another address than the customer's own", async () => {
    const { user } = open(friendsTicket({ email: 'jane@example.com' }));
    await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ });
    expect(document.getElementById('manage-reassign')).toBeNull();
    await user.clear(input('manage-email'));
    await user.type(input('manage-email'), 'friend@example.com');
    const reassign = screen.getByLabelText('Transfer this ticket to this e-mail address');
    expect(reassign.id).toBe('manage-reassign');
    expect(document.getElementById('manage-reassign-hint')?.textContent).toMatch(/gets an account.*no longer have access/s);
    await user.clear(input('manage-email'));
    await user.type(input('manage-email'), 'JANE@example.com');
    expect(document.getElementById('manage-reassign')).toBeNull();
  });

  it('confirms the old and new details and the transfer, and Back returns to the details as they were entered', async () => {
    const { user } = open(friendsTicket());
    await user.clear(await screen.findByLabelText(/Full name/));
    await user.type(input('manage-full-name'), 'Johnny Smith');
    await user.click(screen.getByLabelText('Transfer this ticket to this e-mail address'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Step 2 of 2: Confirm the changes' });
    expect(document.activeElement).toBe(heading);
    const name = document.getElementById('manage-summary-full-name')!;
    expect(within(name).getByText('John Smith').className).toBe('manage-ticket__before');
    expect(within(name).getByText('Johnny Smith').className).toBe('manage-ticket__after');
    expect(document.getElementById('manage-summary-email')?.textContent).toMatch(/john@example.com.*\(unchanged\)/);
    expect(document.getElementById('manage-reassign-warning')?.textContent).toMatch(/transferred to john@example.com/);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeTruthy();
    expect(input('manage-full-name').value).toBe('Johnny Smith');
    expect(input('manage-reassign').checked).toBe(true);
  });

  it('sends the change, keeps the answered data, says so and opens the order', async () => {
    const saved = testOrder({ id: 7, code: 'NWF-ABC123', tickets: [friendsTicket({ email: 'new@example.com', recently_edited: true })] });
    const { user, calls, queryClient, router } = open(friendsTicket(), { answers: { 'change-ticket': [{ status: 200, body: { data: dataWith(saved) } }] } });
    await user.clear(await screen.findByLabelText(/E-mail address/));
    await user.type(input('manage-email'), ' new@example.com ');
    await user.selectOptions(input('manage-age'), '35-44');
    await user.type(input('manage-note'), 'Sold to a friend');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/portal/orders/NWF-ABC123');
    expect(screen.getByText(english(messages.toast.ticketUpdated('TCK-1')))).toBeTruthy();
    expect(calls).toEqual([
      {
        path: 'change-ticket',
        body: { token: 'the-token', order_id: 7, code: 'TCK-1', reassign: false, note: 'Sold to a friend', full_name: 'John Smith', email: 'new@example.com', age: '35-44' },
      },
    ]);
    expect(queryClient.getQueryData<UserData>(userDataKey('the-token'))?.orders[0]?.tickets[0]?.email).toBe('new@example.com');
  });

  it('sends neither name nor e-mail when they may not change, and the transfer only when offered and chosen', async () => {
    const { user, calls } = open(friendsTicket({ allow_name_changes: false, allow_email_changes: false }), {
      answers: { 'change-ticket': [{ status: 200, body: { data: dataWith(testOrder({ id: 7, code: 'NWF-ABC123', tickets: [] })) } }] },
    });
    await user.click(await screen.findByLabelText('Transfer this ticket to this e-mail address'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    // The transferred ticket leaves the customer's data: the page still goes to the order.
    expect(await screen.findByRole('heading', { level: 1, name: 'Order page' })).toBeTruthy();
    expect(calls[0]?.body).toEqual({ token: 'the-token', order_id: 7, code: 'TCK-1', reassign: true, note: null, age: '25-34' });
  });

  it("returns to the details with the server's messages when the change is refused", async () => {
    const refusal = { message: 'Some of the details you sent are not valid.', errors: { full_name: ['The name must be in roman characters.'], email: ['This address cannot hold the ticket.'] } };
    const { user } = open(friendsTicket(), { answers: { 'change-ticket': [{ status: 422, body: refusal }] } });
    await user.clear(await screen.findByLabelText(/Full name/));
    await user.type(input('manage-full-name'), 'Jöhn');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeTruthy();
    expect(errorText()).toBe('The name must be in roman characters.\nThis address cannot hold the ticket.');
    expect(input('manage-full-name').value).toBe('Jöhn');
  });

  it('sends an inactive or unknown ticket to its order, and an unknown order to the portal', async () => {
    open(friendsTicket({ status: 'refund' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order page' })).toBeTruthy();
    expect(screen.getByText(english(portalMessages.ticketNotActive))).toBeTruthy();
    cleanup();
    open(friendsTicket(), { url: '/portal/orders/NWF-ABC123/manage-ticket/NOPE' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order page' })).toBeTruthy();
    cleanup();
    open(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Portal page' })).toBeTruthy();
  });

  it('is disabled, with the reason, while the ticket was changed in the last 15 minutes', async () => {
    const { user, calls } = open(friendsTicket({ recently_edited: true }));
    expect((await screen.findByText(english(portalMessages.recentlyEdited))).id).toBe('manage-locked');
    expect(input('manage-full-name').disabled || input('manage-full-name').closest('fieldset')?.disabled).toBe(true);
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await user.click(next);
    expect(screen.getByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('changes the answers to the product’s questions on their own: checked by the contract’s rule at their fields, the shop’s refusal at its question, saved with the data kept (decision 0106)', async () => {
    const answerForm = {
      product: 'NWF27-WEEKEND',
      name: 'Weekend',
      questions: [
        questionDefinition.parse({ code: 'size', kind: 'choice', label: 'T-shirt size', required: true, options: [{ code: 's', label: 'Small' }, { code: 'm', label: 'Medium' }] }),
        questionDefinition.parse({ code: 'company', kind: 'text', label: 'Company', max_length: 20 }),
      ],
      values: { company: 'ACME' },
      allow_changes: true,
    };
    const saved = testOrder({ id: 7, code: 'NWF-ABC123', tickets: [friendsTicket({ answer_form: { ...answerForm, values: { size: 'm', company: 'Crew' } } })] });
    const { user, calls, queryClient } = open(friendsTicket({ answer_form: answerForm }), {
      answers: {
        'change-answers': [
          { status: 422, body: { message: 'Refused by the shop', errors: { 'answers.company': ['Refused by the shop'] } } },
          { status: 200, body: { data: dataWith(saved) } },
        ],
      },
    });
    const form = await screen.findByRole('form', { name: 'Your answers for this ticket' });
    const size = within(form).getByLabelText(/T-shirt size/) as HTMLSelectElement;
    expect(size.value).toBe('');
    expect((within(form).getByLabelText('Company') as HTMLInputElement).value).toBe('ACME');
    // A required answer left blank: refused here, at its field, focused; nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(size.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('ticket-answers-answer-size-error')?.textContent).toBe(english(questionMessages.required('T-shirt size')));
    expect(document.activeElement).toBe(size);
    expect(calls).toEqual([]);
    // The shop's refusal naming a question is shown at it.
    await user.selectOptions(size, 'm');
    await user.clear(input('ticket-answers-answer-company'));
    await user.type(input('ticket-answers-answer-company'), ' Crew ');
    await user.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText('Refused by the shop', { selector: '#ticket-answers-answer-company-error' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText('Your answers were saved.')).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([
      { token: 'the-token', order_id: 7, ticket: 'TCK-1', product: null, answers: { size: 'm', company: 'Crew' } },
      { token: 'the-token', order_id: 7, ticket: 'TCK-1', product: null, answers: { size: 'm', company: 'Crew' } },
    ]);
    expect(queryClient.getQueryData<UserData>(userDataKey('the-token'))?.orders[0]?.tickets[0]?.answer_form?.values).toEqual({ size: 'm', company: 'Crew' });
  });

  it('offers no answers’ form once they may no longer change', async () => {
    open(friendsTicket({ answer_form: { product: 'NWF27-WEEKEND', name: 'Weekend', questions: [questionDefinition.parse({ code: 'company', kind: 'text', label: 'Company' })], values: {}, allow_changes: false } }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Step 1 of 2: Enter the ticket details' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Your answers for this ticket' })).toBeNull();
  });
});
