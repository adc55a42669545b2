// @vitest-environment happy-dom
import { english, messages } from '@festival/contract';
import type { ReactNode } from 'react';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formErrorStore } from '../../components/ui/form-error-store';
import LoginPage from '../../features/account/pages/LoginPage';
import { renderPage, stubApi, testCustomer, testUserData } from '../../../test/test-app';
import { rememberedReturnTo, rememberReturnTo } from '../../lib/return-to';
import { clearToken, getToken } from '../../lib/storage';
import { installTestConfig } from '../../../test/test-config';
import { userDataKey } from '../../lib/user-data';
import { LoginPanelContent } from './LoginPanelContent';
import { eventually } from '../../../test/waits';

beforeAll(installTestConfig);
afterEach(() => {
  cleanup();
  formErrorStore.clear();
  clearToken();
  vi.unstubAllGlobals();
});

const data = testUserData({ customer: testCustomer() });
const loginAnswers = { login: [{ status: 200, body: { remember_token: 'new-token', data } }], 'get-data': [{ status: 200, body: { data } }] };

async function logIn(options: { path: string; url: string; handle?: { access: 'guest' | 'public' }; otherRoutes?: { path: string; Component: () => ReactNode }[] }, Page = () => <LoginPanelContent onLoggedIn={closed} />) {
  const calls = stubApi(loginAnswers);
  const user = userEvent.setup();
  const rendered = renderPage(Page, options);
  const prefix = Page === LoginPage ? 'login' : 'login-panel';
  await user.type(await screen.findByLabelText(/^E-mail address/), 'jane@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'secret');
  await user.click(document.getElementById(`${prefix}-submit`)!);
  await eventually(() => expect(getToken()).toBe('new-token'));
  return { ...rendered, calls };
}
const closed = vi.fn();

describe('after a login in the header panel', () => {
  it('goes from a /login path to the portal, even with a from parameter', async () => {
    const { router, queryClient } = await logIn({ path: '/login', url: '/login?from=%2Fcheckout' });
    await eventually(() => expect(router.state.location.pathname).toBe('/portal'));
    expect(closed).toHaveBeenCalled();
    expect(queryClient.getQueryData(userDataKey('new-token'))).toEqual(data);
    expect(screen.getByText(english(messages.toast.loginSuccess))).toBeTruthy();
  });

  it('goes from a detour page on to its from parameter', async () => {
    const { router } = await logIn({ path: '/register', url: '/register?from=%2Fcheckout', handle: { access: 'guest' }, otherRoutes: [{ path: '/checkout', Component: () => <h1>Checkout page</h1> }] });
    await eventually(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it('gives its account links the page the panel sits on as from', async () => {
    renderPage(() => <LoginPanelContent onLoggedIn={closed} />, { path: '/tickets/:item', url: '/tickets/NWF27-WEEKEND' });
    expect((await screen.findByRole('link', { name: 'Register' })).getAttribute('href')).toBe('/register?from=%2Ftickets%2FNWF27-WEEKEND');
    expect(screen.getByRole('link', { name: 'Forgot your password' }).getAttribute('href')).toBe('/forgot-password?from=%2Ftickets%2FNWF27-WEEKEND');
  });

  it('stays on any other page', async () => {
    const { router } = await logIn({ path: '/tickets/:item', url: '/tickets/NWF27-WEEKEND' });
    expect(router.state.location.pathname).toBe('/tickets/NWF27-WEEKEND');
  });

  it('keeps a refused login in the panel with the server message and toasts the failure', async () => {
    stubApi({ login: [{ status: 401, body: { message: english(messages.accounts.loginIncorrect) } }] });
    const user = userEvent.setup();
    renderPage(() => <LoginPanelContent onLoggedIn={closed} />, { path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert').textContent).toBe(english(messages.login.required));
    await user.type(screen.getByLabelText(/^E-mail address/), 'jane@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await eventually(() => expect(document.getElementById('login-panel-error')?.textContent).toBe(english(messages.accounts.loginIncorrect)));
    expect(screen.getByText(english(messages.toast.loginFailed))).toBeTruthy();
    expect(getToken()).toBeNull();
    // The panel keeps its error to itself: the page's shared form error stays empty.
    expect(formErrorStore.get()).toBeNull();
  });
});

describe('after a login on the login page', () => {
  it('goes to the from parameter', async () => {
    const { router } = await logIn({ path: '/login', url: '/login?from=%2Fportal%3Ftab%3Drefunds', handle: { access: 'guest' } }, LoginPage);
    await eventually(() => expect(router.state.location.pathname + router.state.location.search).toBe('/portal?tab=refunds'));
  });

  it('goes home without one', async () => {
    const { router } = await logIn({ path: '/login', url: '/login', handle: { access: 'guest' } }, LoginPage);
    await eventually(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('without one goes to the destination a detour remembered, and only once', async () => {
    rememberReturnTo('/portal');
    const { router } = await logIn({ path: '/login', url: '/login', handle: { access: 'guest' } }, LoginPage);
    await eventually(() => expect(router.state.location.pathname).toBe('/portal'));
    expect(rememberedReturnTo()).toBeNull();
  });

  it('hands its from to the Register, Re-send tickets and Forgot your password links', async () => {
    renderPage(LoginPage, { path: '/login', url: '/login?from=%2Fcheckout', handle: { access: 'guest' } });
    expect((await screen.findByRole('link', { name: 'Register' })).getAttribute('href')).toBe('/register?from=%2Fcheckout');
    expect(screen.getByRole('link', { name: 'Re-send tickets' }).getAttribute('href')).toBe('/resend-tickets?from=%2Fcheckout');
    expect(screen.getByRole('link', { name: 'Forgot your password' }).getAttribute('href')).toBe('/forgot-password?from=%2Fcheckout');
  });
});
