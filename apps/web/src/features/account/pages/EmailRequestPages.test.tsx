// @vitest-environment happy-dom
import { english, messages } from '@festival/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { rememberedReturnTo } from '../../../lib/return-to';
import { installTestConfig } from '../../../../test/test-config';
import { renderPage, stubApi } from '../../../../test/test-app';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResendTicketsPage from './ResendTicketsPage';
import { eventually } from '../../../../test/waits';

beforeAll(installTestConfig);
afterEach(() => {
  cleanup();
  formErrorStore.clear();
  vi.unstubAllGlobals();
});

const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

describe.each([
  { page: ForgotPasswordPage, path: '/forgot-password', call: 'request-password-reset', button: 'Send reset link', answer: english(messages.accounts.resetRequested) },
  { page: ResendTicketsPage, path: '/resend-tickets', call: 'email-tickets', button: 'Re-send tickets', answer: english(messages.accounts.ticketsSent) },
])('$path', ({ page, path, call, button, answer }) => {
  it('asks for an address, then a valid one, before it sends anything; then shows the answer', async () => {
    const calls = stubApi({ [call]: [{ status: 200, body: { message: answer } }] });
    const user = userEvent.setup();
    renderPage(page, { path, handle: { access: 'guest' } });
    const submit = await screen.findByRole('button', { name: button });
    await user.click(submit);
    expect(alertText()).toBe(english(messages.email.required));
    await user.type(screen.getByLabelText(/^E-mail address/), 'mailto:jane@example.com');
    await user.click(submit);
    expect(alertText()).toBe(english(messages.email.invalid));
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText(/^E-mail address/));
    await user.type(screen.getByLabelText(/^E-mail address/), ' jane@example.com ');
    await user.click(submit);
    expect((await screen.findByRole('status')).textContent).toBe(answer);
    expect(calls).toEqual([{ path: call, body: { email: 'jane@example.com' } }]);
    expect(alertText()).toBeNull();
  });

  it("shows the server's refusal in the danger alert", async () => {
    stubApi({ [call]: [{ status: 429, body: { message: english(messages.accounts.tooManyAttempts) } }] });
    const user = userEvent.setup();
    renderPage(page, { path });
    await user.type(await screen.findByLabelText(/^E-mail address/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: button }));
    await eventually(() => expect(alertText()).toBe(english(messages.accounts.tooManyAttempts)));
  });
});

describe('a detour that keeps where the customer was going', () => {
  afterEach(() => localStorage.clear());

  async function send(page: typeof ForgotPasswordPage, url: string, call: string) {
    stubApi({ [call]: [{ status: 200, body: { message: 'Sent.' } }] });
    const user = userEvent.setup();
    renderPage(page, { path: url.split('?')[0]!, url, handle: { access: 'guest' } });
    await user.type(await screen.findByLabelText(/^E-mail address/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: /Send reset link|Re-send tickets/ }));
    await screen.findByRole('status');
  }

  it('forgot password: Back to login carries from, and the browser remembers it for the e-mailed reset link', async () => {
    await send(ForgotPasswordPage, '/forgot-password?from=%2Fcheckout', 'request-password-reset');
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login?from=%2Fcheckout');
    expect(rememberedReturnTo()).toBe('/checkout');
  });

  it('forgot password without from (or with one leaving the shop) remembers nothing', async () => {
    await send(ForgotPasswordPage, '/forgot-password?from=%2F%2Fevil.example', 'request-password-reset');
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(rememberedReturnTo()).toBeNull();
  });

  it('re-send tickets leads on to where the customer was going, else to the shop', async () => {
    await send(ResendTicketsPage, '/resend-tickets?from=%2Fcheckout', 'email-tickets');
    expect(screen.getByRole('link', { name: 'Continue where you were' }).getAttribute('href')).toBe('/checkout');
    cleanup();
    await send(ResendTicketsPage, '/resend-tickets', 'email-tickets');
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/');
  });
});
