// @vitest-environment happy-dom
import { shopFrontMessages, english } from '@festival/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

afterEach(cleanup);

describe('Button', () => {
  it("shows the default label 'Click Me' when it has no children", () => {
    render(<Button />);
    expect(screen.getByRole('button', { name: english(shopFrontMessages.defaultButtonLabel) })).toBeTruthy();
    expect(english(shopFrontMessages.defaultButtonLabel)).toBe('Click Me');
  });

  it('shows its children instead of the default label', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByText(english(shopFrontMessages.defaultButtonLabel))).toBeNull();
  });

  it('is a plain button by default, so it never submits a surrounding form', () => {
    render(<Button>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' }).getAttribute('type')).toBe('button');
  });

  it('calls onClick when clicked', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Go</Button>);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not call onClick while disabled', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button onClick={onClick} disabled>
        Go
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Go' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is disabled, marked busy and not clickable while loading', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button onClick={onClick} loading>
        Pay
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is not marked busy when not loading', () => {
    render(<Button>Pay</Button>);
    expect(screen.getByRole('button', { name: 'Pay' }).hasAttribute('aria-busy')).toBe(false);
  });
});
