// @vitest-environment happy-dom
import { english, waitingRoomMessages, waitingRoomTexts } from '@festival/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { writeStoredJson } from '../../../lib/storage';
import { forgetAdmission, keepAdmission } from '../../../lib/waiting-room';
import ShoppingTimeNotice from './ShoppingTimeNotice';

const START = Date.parse('2027-03-01T10:00:00.000Z');

function show(url = '/tickets/SUN-WEEKEND') {
  const router = createMemoryRouter([{ path: '*', Component: ShoppingTimeNotice }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

describe('the time an admitted visitor has left to shop', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    writeStoredJson('shop.admissions', null);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('counts the whole minutes down from the admission’s expiry, then says the time ran out with the way back to the queue', () => {
    keepAdmission({ onsale: 'SUMMER', admission: 'adm', expires_at: new Date(START + 20 * 60_000).toISOString(), now: new Date(START).toISOString() }, START);
    show('/tickets/SUN-WEEKEND?from=x');
    expect(screen.getByRole('timer').textContent).toBe('You have 20 minutes left to shop in this sale. Add what you want to your cart and check out before then.');
    act(() => vi.advanceTimersByTime(60_000 + 1000));
    expect(screen.getByRole('timer').textContent).toBe(english(waitingRoomTexts.shoppingTimeLeft(19)));
    act(() => vi.advanceTimersByTime(18 * 60_000));
    expect(screen.getByRole('timer').textContent).toMatch(/^You have less than a minute left to shop in this sale\./);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(waitingRoomMessages.shoppingEnded);
    expect(screen.getByRole('link', { name: english(waitingRoomTexts.backToQueue) }).getAttribute('href')).toBe('/waiting-room/SUMMER?from=%2Ftickets%2FSUN-WEEKEND%3Ffrom%3Dx');
  });

  it('follows a renewal at once, and is gone once a checkout ended the place', () => {
    keepAdmission({ onsale: 'SUMMER', admission: 'adm', expires_at: new Date(START + 5 * 60_000).toISOString(), now: new Date(START).toISOString() }, START);
    show();
    expect(screen.getByRole('timer').textContent).toBe(english(waitingRoomTexts.shoppingTimeLeft(5)));
    keepAdmission({ onsale: 'SUMMER', admission: 'adm2', expires_at: new Date(START + 25 * 60_000).toISOString(), now: new Date(START).toISOString() }, START);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe(english(waitingRoomTexts.shoppingTimeLeft(25)));
    forgetAdmission('SUMMER');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
