// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormError } from './FormError';
import { formErrorStore } from './form-error-store';

afterEach(() => {
  cleanup();
  formErrorStore.clear();
});

const setShared = (message: string | null) => act(() => formErrorStore.set(message));

describe('FormError', () => {
  it('shows nothing while there is no form error', () => {
    const { container } = render(<FormError />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.innerHTML).toBe('');
  });

  it('shows the shared form error in an alert', () => {
    render(<FormError />);
    setShared('The e-mail address is already in use.');
    expect(screen.getByRole('alert').textContent).toBe('The e-mail address is already in use.');
  });

  it('shows a shared form error that was set before it mounted', () => {
    formErrorStore.set('Payment failed.');
    render(<FormError />);
    expect(screen.getByRole('alert').textContent).toBe('Payment failed.');
  });

  it('hides the alert when the store is cleared', () => {
    render(<FormError />);
    setShared('Payment failed.');
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => formErrorStore.clear());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('follows a new shared error text', () => {
    render(<FormError />);
    setShared('First problem.');
    setShared('Second problem.');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Second problem.']);
  });

  it('treats a blank shared error as none', () => {
    render(<FormError />);
    setShared('   ');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the lines of a several-line error', () => {
    render(<FormError />);
    setShared('Name is required.\nE-mail is required.');
    expect(screen.getByRole('alert').textContent).toBe('Name is required.\nE-mail is required.');
  });

  it('shows a local message instead of the shared one', () => {
    formErrorStore.set('Shared problem.');
    render(<FormError message="Local problem." id="login-error" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Local problem.');
    expect(alert.id).toBe('login-error');
  });

  it('shows nothing for a null local message, even with a shared error', () => {
    formErrorStore.set('Shared problem.');
    render(<FormError message={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
