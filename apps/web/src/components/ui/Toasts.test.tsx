// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, ToastProvider, useToast, type ToastApi } from './Toasts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Renders a provider and hands back the toast API a page would get from useToast(). */
function renderToasts(): { toast: ToastApi } {
  const handle: { api: ToastApi | null } = { api: null };
  function Grab() {
    handle.api = useToast();
    return null;
  }
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
  const api = handle.api;
  if (!api) throw new Error('useToast gave nothing.');
  const toast: ToastApi = {
    show: (kind, message) => act(() => api.show(kind, message)),
    success: (message) => act(() => api.success(message)),
    info: (message) => act(() => api.info(message)),
    danger: (message) => act(() => api.danger(message)),
  };
  return { toast };
}

const liveRegion = () => screen.getByRole('region', { name: 'Notifications' });
const toastTexts = () => within(liveRegion()).queryAllByTestId('toast').map((toast) => toast.querySelector('p')?.textContent);
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Toasts', () => {
  it('auto-closes after the 5000 ms of the spec', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('shows the text of a toast in a polite live region', () => {
    const { toast } = renderToasts();
    const region = liveRegion();
    expect(region.getAttribute('aria-live')).toBe('polite');
    toast.success('Login success.');
    expect(within(region).getByText('Login success.')).toBeTruthy();
  });

  it('keeps the live region in the page while no toast shows, so the first one is announced', () => {
    renderToasts();
    expect(liveRegion().getAttribute('aria-live')).toBe('polite');
    expect(toastTexts()).toEqual([]);
  });

  it('is still visible at 4999 ms and gone at 5000 ms', () => {
    vi.useFakeTimers();
    const { toast } = renderToasts();
    toast.info('Added to cart.');
    advance(4999);
    expect(screen.queryByText('Added to cart.')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Added to cart.')).toBeNull();
  });

  it('stacks several toasts in the order they came', () => {
    const { toast } = renderToasts();
    toast.success('First.');
    toast.info('Second.');
    toast.danger('Third.');
    expect(toastTexts()).toEqual(['First.', 'Second.', 'Third.']);
  });

  it('closes each stacked toast 5000 ms after it appeared', () => {
    vi.useFakeTimers();
    const { toast } = renderToasts();
    toast.success('First.');
    advance(2000);
    toast.info('Second.');
    advance(2999);
    expect(toastTexts()).toEqual(['First.', 'Second.']);
    advance(1);
    expect(toastTexts()).toEqual(['Second.']);
    advance(1999);
    expect(toastTexts()).toEqual(['Second.']);
    advance(1);
    expect(toastTexts()).toEqual([]);
  });

  it('shows the same text twice as two toasts', () => {
    const { toast } = renderToasts();
    toast.info('Saved.');
    toast.info('Saved.');
    expect(toastTexts()).toEqual(['Saved.', 'Saved.']);
  });

  it('marks each toast with its kind', () => {
    const { toast } = renderToasts();
    toast.success('Yes.');
    toast.danger('No.');
    const [success, danger] = within(liveRegion()).getAllByTestId('toast');
    expect(success?.className).toContain('toast--success');
    expect(danger?.className).toContain('toast--danger');
  });

  it('closes a toast early with its dismiss button and leaves the others', async () => {
    const user = userEvent.setup();
    const { toast } = renderToasts();
    toast.info('First.');
    toast.info('Second.');
    const [first] = within(liveRegion()).getAllByTestId('toast');
    await user.click(within(first as HTMLElement).getByRole('button', { name: 'Dismiss notification' }));
    expect(toastTexts()).toEqual(['Second.']);
  });

  it('refuses to work outside a ToastProvider', () => {
    function Orphan() {
      useToast();
      return null;
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(<Orphan />)).toThrow(/ToastProvider/);
    } finally {
      quiet.mockRestore();
    }
  });
});
