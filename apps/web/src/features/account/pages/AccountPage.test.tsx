// @vitest-environment happy-dom
import { english, messages } from '@festival/contract';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { clearCartCode, clearToken, getCartCode, getToken, setCartCode, setToken } from '../../../lib/storage';
import { installTestConfig } from '../../../../test/test-config';
import { userDataKey } from '../../../lib/user-data';
import { renderPage, stubApi, testCustomer, testUserData, type Answer } from '../../../../test/test-app';
import AccountPage from './AccountPage';
import { eventually } from '../../../../test/waits';

beforeAll(installTestConfig);
beforeEach(() => setToken('the-token'));
afterEach(() => {
  cleanup();
  formErrorStore.clear();
  clearToken();
  clearCartCode();
  vi.unstubAllGlobals();
});

const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const customer = testCustomer({ country: 'BE', address: { 'Street and number': 'Main street 1', City: 'Brussels', 'Not configured': 'x' } });

async function open(answers: Record<string, Answer[]> = {}) {
  const calls = stubApi(answers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(userDataKey('the-token'), testUserData({ customer }));
  const user = userEvent.setup();
  const { router } = renderPage(AccountPage, { path: '/account', handle: { access: 'loggedIn', title: 'Account Settings' }, queryClient });
  await screen.findByRole('form', { name: 'Account settings' });
  return { calls, user, router, queryClient, submit: () => user.click(screen.getByRole('button', { name: 'Update Settings' })) };
}

describe('the account settings page', () => {
  it("is filled from the customer's data: name, e-mail, the configured address lines by their text, country", async () => {
    await open();
    expect(field(/^Current password/).value).toBe('');
    expect(field(/^Full name/).value).toBe('Jane Doe');
    expect(field(/^E-mail address/).value).toBe('jane@example.com');
    expect(field(/^Street and number/).value).toBe('Main street 1');
    expect(field(/^Postal code/).value).toBe('');
    expect(field(/^City/).value).toBe('Brussels');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('BE');
    expect(field(/^Street and number/).required).toBe(true);
  });

  it('checks the rules of spec section 5 in order before it sends anything', async () => {
    const { calls, user, submit } = await open();
    await submit();
    expect(alertText()).toBe(english(messages.accountSettings.currentPasswordRequired));
    await user.type(field(/^Current password/), 'current secret');
    await user.clear(field(/^Full name/));
    await user.clear(field(/^E-mail address/));
    await submit();
    expect(alertText()).toBe(english(messages.accountSettings.fullNameRequired));
    await user.type(field(/^Full name/), 'Jane Smith');
    await submit();
    expect(alertText()).toBe(english(messages.accountSettings.emailRequired));
    await user.type(field(/^E-mail address/), 'mailto:jane@example.com');
    await submit();
    expect(alertText()).toBe(english(messages.accountSettings.emailInvalid));
    await user.clear(field(/^E-mail address/));
    await user.type(field(/^E-mail address/), 'jane.smith@example.com');
    await user.type(field(/^New password/), 'a new secret');
    await user.type(field(/^Confirm new password/), 'a new secreT');
    await submit();
    expect(alertText()).toBe(english(messages.accountSettings.mismatch));
    await user.clear(field(/^Confirm new password/));
    await user.type(field(/^Confirm new password/), 'a new secret');
    await submit();
    // The address was started, so its required lines are needed (the server's rule, decision 0013).
    expect(alertText()).toBe(english(messages.checkout.fillOutFields(['Postal code'])));
    expect(calls).toEqual([]);
  });

  it('sends the settings, updates the cached data and the header, toasts, and forgets the passwords', async () => {
    const updated = testUserData({ customer: testCustomer({ full_name: 'Jane Smith', country: 'NL', address: { 'Street and number': 'Main street 1', 'Postal code': '1000', City: 'Brussels' } }) });
    const { calls, user, submit, queryClient } = await open({ 'update-settings': [{ status: 200, body: { data: updated } }] });
    await user.type(field(/^Current password/), 'current secret');
    await user.clear(field(/^Full name/));
    await user.type(field(/^Full name/), ' Jane Smith ');
    await user.type(field(/^Postal code/), '1000');
    await user.selectOptions(screen.getByLabelText('Country'), 'NL');
    await submit();

    await eventually(() => expect(screen.getByText(english(messages.toast.settingsUpdated))).toBeTruthy());
    expect(calls).toEqual([
      {
        path: 'update-settings',
        body: {
          token: 'the-token',
          old_password: 'current secret',
          new_password: null,
          full_name: 'Jane Smith',
          email: 'jane@example.com',
          country: 'NL',
          address: { 'Street and number': 'Main street 1', 'Postal code': '1000', City: 'Brussels' },
        },
      },
    ]);
    expect(queryClient.getQueryData(userDataKey('the-token'))).toEqual(updated);
    expect(field(/^Current password/).value).toBe('');
    expect(field(/^Full name/).value).toBe(' Jane Smith ');
    expect(alertText()).toBeNull();
  });

  it("shows the server's refusals, one per line", async () => {
    const errors = { old_password: [english(messages.accounts.currentPasswordIncorrect)], email: [english(messages.accounts.emailInUse)] };
    const { user, submit } = await open({ 'update-settings': [{ status: 422, body: { message: 'Some of the details you sent are not valid.', errors } }] });
    await user.type(field(/^Current password/), 'wrong secret');
    await user.type(field(/^Postal code/), '1000');
    await submit();
    await eventually(() => expect(alertText()).toBe(`${english(messages.accounts.currentPasswordIncorrect)}\n${english(messages.accounts.emailInUse)}`));
  });

  it('logs out after confirmation: ends the session on the server and here, forgets the cart, toasts and goes home', async () => {
    setCartCode('the-cart');
    const { calls, user, router } = await open({ logout: [{ status: 200, body: { message: english(messages.accounts.loggedOut) } }] });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = screen.getByRole('dialog', { name: 'Logout' });
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await eventually(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((call) => call.path === 'logout')).toEqual([{ path: 'logout', body: { token: 'the-token' } }]);
    expect(getToken()).toBeNull();
    expect(getCartCode()).toBeNull();
    expect(screen.getByText(english(messages.toast.loggedOut))).toBeTruthy();
  });

  it('logs out here even when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(userDataKey('the-token'), testUserData({ customer }));
    const user = userEvent.setup();
    const { router } = renderPage(AccountPage, { path: '/account', handle: { access: 'loggedIn' }, queryClient });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Logout' })).getByRole('button', { name: 'Cancel' }));
    expect(getToken()).toBe('the-token');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Logout' })).getByRole('button', { name: 'Confirm' }));
    await eventually(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBeNull();
    expect(queryClient.getQueryData(userDataKey('the-token'))).toBeUndefined();
  });
});
