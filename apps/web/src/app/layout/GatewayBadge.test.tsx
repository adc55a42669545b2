// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayBadge } from './GatewayBadge';

afterEach(cleanup);

/** Issue 20 point 5: the footer's gateway badge follows the configured provider (spec section 2). */
describe('the footer gateway badge', () => {
  it('names the configured provider in its own badge', () => {
    for (const [gateway, name] of [['stripe', 'Stripe'], ['mollie', 'Mollie']] as const) {
      const { container } = render(<GatewayBadge gateway={gateway} />);
      const badge = container.querySelector('#gateway-badge')!;
      expect(badge.className).toBe(`gateway-badge gateway-badge--${gateway}`);
      expect(badge.textContent).toBe(`Payments by ${name}`);
      cleanup();
    }
  });

  it('says the sandbox moves no money, and names an unknown gateway plainly', () => {
    expect(render(<GatewayBadge gateway="sandbox" />).container.textContent).toBe('Test payments by Sandbox (no money moves)');
    cleanup();
    const { container } = render(<GatewayBadge gateway="my_provider" />);
    expect(container.querySelector('#gateway-badge')!.className).toBe('gateway-badge');
    expect(container.textContent).toBe('Payments processed by My Provider');
    // Not a key of the table: an inherited name is no provider.
    cleanup();
    expect(render(<GatewayBadge gateway="constructor" />).container.textContent).toBe('Payments processed by Constructor');
  });
});
