// @vitest-environment happy-dom
import { messages } from '@festival/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { installTestConfig } from '../../../lib/test-config';
import { renderPage, stubApi } from '../../../lib/test-app';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResendTicketsPage from './ResendTicketsPage';

beforeAll(installTestConfig);
afterEach(() => {
  cleanup();
  formErrorStore.clear();
  vi.unstubAllGlobals();
});

const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

describe.each([
  { page: ForgotPasswordPage, path: '/forgot-password', call: 'request-password-reset', button: 'Send reset link', answer: messages.accounts.resetRequested },
  { page: ResendTicketsPage, path: '/resend-tickets', call: 'email-tickets', button: 'Re-send tickets', answer: messages.accounts.ticketsSent },
])('$path', ({ page, path, call, button, answer }) => {
  it('asks for an address, then a valid one, before it sends anything; then shows the answer', async () => {
    const calls = stubApi({ [call]: [{ status: 200, body: { message: answer } }] });
    const user = userEvent.setup();
    renderPage(page, { path, handle: { access: 'guest' } });
    const submit = await screen.findByRole('button', { name: button });
    await user.click(submit);
    expect(alertText()).toBe(messages.email.required);
    await user.type(screen.getByLabelText(/^E-mail address/), 'mailto:jane@example.com');
    await user.click(submit);
    expect(alertText()).toBe(messages.email.invalid);
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText(/^E-mail address/));
    await user.type(screen.getByLabelText(/^E-mail address/), ' jane@example.com ');
    await user.click(submit);
    expect((await screen.findByRole('status')).textContent).toBe(answer);
    expect(calls).toEqual([{ path: call, body: { email: 'jane@example.com' } }]);
    expect(alertText()).toBeNull();
  });

  it("shows the server's refusal in the danger alert", async () => {
    stubApi({ [call]: [{ status: 429, body: { message: messages.accounts.tooManyAttempts } }] });
    const user = userEvent.setup();
    renderPage(page, { path });
    await user.type(await screen.findByLabelText(/^E-mail address/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: button }));
    await vi.waitFor(() => expect(alertText()).toBe(messages.accounts.tooManyAttempts));
  });
});
