// @vitest-environment happy-dom
import { english, messages, passwordTooShort } from '@festival/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { ApiError } from '../../../lib/api-client';
import { rememberReturnTo } from '../../../lib/return-to';
import { installTestConfig } from '../../../../test/test-config';
import { renderPage, stubApi, type Answer } from '../../../../test/test-app';
import ResetPasswordPage, { isIncorrectCode } from './ResetPasswordPage';
import { eventually } from '../../../../test/waits';

beforeAll(installTestConfig);
afterEach(() => {
  cleanup();
  formErrorStore.clear();
  vi.unstubAllGlobals();
});

const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
const URL = '/reset-password/jane%2Bfest%40example.com/the-token';

async function openWith(answer: Answer) {
  const calls = stubApi({ 'reset-password': [answer] });
  const user = userEvent.setup();
  const { router } = renderPage(ResetPasswordPage, { path: '/reset-password/:email/:token', url: URL, handle: { access: 'guest', title: 'Reset Password' } });
  await screen.findByRole('form', { name: 'Reset password' });
  const fill = async (password: string, confirmation: string) => {
    await user.clear(screen.getByLabelText(/^New password/));
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    if (password) await user.type(screen.getByLabelText(/^New password/), password);
    if (confirmation) await user.type(screen.getByLabelText(/^Confirm new password/), confirmation);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
  };
  return { calls, fill, router, user };
}

describe('the reset password page', () => {
  it('states the minimum length and shows the account the link is for', async () => {
    await openWith({ status: 200, body: { message: english(messages.accounts.passwordReset) } });
    expect(screen.getByText('Choose a new password of at least 8 characters.')).toBeTruthy();
    expect((screen.getByLabelText(/^E-mail address/) as HTMLInputElement).value).toBe('jane+fest@example.com');
  });

  it('asks for the new password, then for a matching confirmation, before it sends anything', async () => {
    const { calls, fill } = await openWith({ status: 200, body: { message: english(messages.accounts.passwordReset) } });
    await fill('', 'something');
    expect(alertText()).toBe(english(messages.resetPassword.passwordRequired));
    await fill('a new secret', 'a new secreT');
    expect(alertText()).toBe(english(messages.resetPassword.mismatch));
    expect(calls).toEqual([]);
  });

  it('sends the link with the new password and shows the server message with a way to log in', async () => {
    const { calls, fill } = await openWith({ status: 200, body: { message: english(messages.accounts.passwordReset) } });
    await fill('a new secret', 'a new secret');
    expect((await screen.findByRole('status')).textContent).toBe(english(messages.accounts.passwordReset));
    expect(calls).toEqual([{ path: 'reset-password', body: { token: 'the-token', email: 'jane+fest@example.com', password: 'a new secret' } }]);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('leads its Login on to where the customer was going when they asked for the link (remembered in this browser)', async () => {
    rememberReturnTo('/checkout');
    const { fill } = await openWith({ status: 200, body: { message: english(messages.accounts.passwordReset) } });
    await fill('a new secret', 'a new secret');
    await screen.findByRole('status');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login?from=%2Fcheckout');
    localStorage.clear();
  });

  it("keeps the form with the server's text when the password is too short", async () => {
    const { fill } = await openWith({ status: 422, body: { message: english(passwordTooShort), errors: { password: [english(passwordTooShort)] } } });
    await fill('short', 'short');
    await eventually(() => expect(alertText()).toBe(english(passwordTooShort)));
    expect(screen.getByRole('form', { name: 'Reset password' })).toBeTruthy();
  });

  it("shows the 'Incorrect code' screen for a used or expired link, with Restart to forgot-password", async () => {
    const { fill, user, router } = await openWith({ status: 400, body: { message: english(messages.resetPasswordScreen.incorrectCode) } });
    await fill('a new secret', 'a new secret');
    const heading = await screen.findByRole('heading', { name: english(messages.resetPasswordScreen.incorrectCode) });
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByRole('form', { name: 'Reset password' })).toBeNull();
    await user.click(screen.getByRole('link', { name: english(messages.resetPasswordScreen.restart) }));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});

describe('which failures mean the link cannot be used', () => {
  it('counts every refusal but the password rule, and a call that got no answer, as an incorrect code', () => {
    expect(isIncorrectCode(new ApiError(400, { message: 'Incorrect code' }, 'Incorrect code'))).toBe(true);
    expect(isIncorrectCode(new ApiError(410, null, 'Gone'))).toBe(true);
    expect(isIncorrectCode(new ApiError(429, { message: 'Too many' }, 'Too many'))).toBe(true);
    expect(isIncorrectCode(new ApiError(422, { message: 'x', errors: { email: ['Please enter a valid email address.'] } }, 'x'))).toBe(true);
    expect(isIncorrectCode(new ApiError(422, { message: 'x', errors: { password: [english(passwordTooShort)] } }, english(passwordTooShort)))).toBe(false);
    expect(isIncorrectCode(new ApiError(0, null, 'Failed to fetch'))).toBe(false);
    expect(isIncorrectCode(new Error('boom'))).toBe(true);
  });
});
