// @vitest-environment happy-dom
import { english, messages } from '@festival/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { rememberedReturnTo } from '../../../lib/return-to';
import { installTestConfig } from '../../../../test/test-config';
import { renderPage, stubApi } from '../../../../test/test-app';
import RegisterPage from './RegisterPage';
import { eventually } from '../../../../test/waits';

beforeAll(installTestConfig);
afterEach(() => {
  cleanup();
  formErrorStore.clear();
  vi.unstubAllGlobals();
});

const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

describe('the register page', () => {
  it('checks full name and e-mail, then the address, before it sends anything', async () => {
    const calls = stubApi({ register: [{ status: 200, body: { message: english(messages.accounts.registered) } }] });
    const user = userEvent.setup();
    renderPage(RegisterPage, { path: '/register', handle: { access: 'guest', title: 'Register' } });
    const submit = await screen.findByRole('button', { name: 'Register' });

    await user.click(submit);
    expect(alertText()).toBe(english(messages.register.required));
    await user.type(screen.getByLabelText(/^E-mail address/), 'jane@example');
    await user.click(submit);
    expect(alertText()).toBe(english(messages.register.required));
    await user.type(screen.getByLabelText(/^Full name/), '  Jane Doe ');
    await user.click(submit);
    expect(alertText()).toBe(english(messages.email.invalid));
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText(/^E-mail address/), '.com');
    await user.click(submit);
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe(english(messages.accounts.registered));
    expect(document.activeElement).toBe(done);
    expect(calls).toEqual([{ path: 'register', body: { full_name: 'Jane Doe', email: 'jane@example.com' } }]);
    expect(screen.queryByRole('form', { name: 'Register' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('keeps where the customer was going: its Login links carry from, and the browser remembers it for the e-mail', async () => {
    stubApi({ register: [{ status: 200, body: { message: english(messages.accounts.registered) } }] });
    const user = userEvent.setup();
    renderPage(RegisterPage, { path: '/register', url: '/register?from=%2Fcheckout' });
    expect((await screen.findByRole('link', { name: 'Log in' })).getAttribute('href')).toBe('/login?from=%2Fcheckout');
    await user.type(screen.getByLabelText(/^Full name/), 'Jane Doe');
    await user.type(screen.getByLabelText(/^E-mail address/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('status');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login?from=%2Fcheckout');
    expect(rememberedReturnTo()).toBe('/checkout');
    localStorage.clear();
  });

  it("shows the server's refusal in the form's danger alert", async () => {
    stubApi({ register: [{ status: 429, body: { message: english(messages.accounts.tooManyAttempts) } }] });
    const user = userEvent.setup();
    renderPage(RegisterPage, { path: '/register' });
    await user.type(await screen.findByLabelText(/^Full name/), 'Jane Doe');
    await user.type(screen.getByLabelText(/^E-mail address/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await eventually(() => expect(alertText()).toBe(english(messages.accounts.tooManyAttempts)));
    expect(screen.getByRole('form', { name: 'Register' })).toBeTruthy();
  });
});
