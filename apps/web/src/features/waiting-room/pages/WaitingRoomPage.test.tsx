// @vitest-environment happy-dom
import { waitingRoomMessages, waitingRoomTexts, type QueueInfo } from '@festival/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installTestConfig } from '../../../../test/test-config';
import { renderPage, stubApi, type Answer } from '../../../../test/test-app';
import WaitingRoomPage from './WaitingRoomPage';

beforeAll(installTestConfig);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const info = (changes: Partial<QueueInfo>): QueueInfo => ({
  onsale: { code: 'SUMMER', title: 'Sunfield 2027', opens_at: '2027-03-01T10:00:00.000Z', closes_at: null },
  state: 'open',
  waiting: 0,
  wait_seconds: null,
  products: [
    { external_code: 'SUN-WEEKEND', name: 'Weekend ticket', available: true },
    { external_code: 'SUN-CAMPING', name: 'Camping', available: false },
  ],
  ...changes,
});

function open(answer: Answer) {
  const calls = stubApi({ 'queue-info': [answer] });
  renderPage(WaitingRoomPage, { path: '/waiting-room/:onsale', url: '/waiting-room/SUMMER' });
  return calls;
}

describe('the waiting page of a visitor who has not logged in', () => {
  it('tells what the sale is and when it opens, and asks them to log in or register', async () => {
    const calls = open({ status: 200, body: info({ state: 'before-opening' }) });
    expect((await screen.findByText(/^The sale opens at /)).textContent).toMatch(/^The sale opens at .+\. Everyone who takes a place before then gets a place drawn at random at the opening\.$/);
    expect(screen.getByText('Sunfield 2027')).toBeTruthy();
    expect(screen.getByText(waitingRoomMessages.logInToQueue)).toBeTruthy();
    expect(screen.getByRole('link', { name: waitingRoomTexts.logIn }).getAttribute('href')).toMatch(/^\/login\?from=/);
    expect(screen.getByRole('heading', { name: waitingRoomTexts.stillAvailable })).toBeTruthy();
    expect(screen.getByRole('heading', { name: waitingRoomTexts.soldOutList })).toBeTruthy();
    expect(screen.getByText('Weekend ticket')).toBeTruthy();
    expect(screen.getByText('Camping')).toBeTruthy();
    expect(calls).toEqual([{ path: 'queue-info', body: { onsale: 'SUMMER' } }]);
  });

  it('once open: how many wait and how long someone joining now waits', async () => {
    open({ status: 200, body: info({ state: 'open', waiting: 1234, wait_seconds: 600 }) });
    expect((await screen.findByText(waitingRoomTexts.infoOpen(1234))).textContent).toBe('The sale is open and about 1,234 people are waiting.');
    expect(screen.getByText(waitingRoomTexts.infoWait('about 10 minutes'))).toBeTruthy();
    expect(screen.getByRole('link', { name: waitingRoomTexts.register })).toBeTruthy();
  });

  it('lists the products as in this sale while none has sold out, not as still available', async () => {
    open({ status: 200, body: info({ state: 'before-opening', products: [{ external_code: 'SUN-WEEKEND', name: 'Weekend ticket', available: true }] }) });
    expect((await screen.findByRole('heading', { name: waitingRoomTexts.inThisSale })).nextElementSibling?.textContent).toBe('Weekend ticket');
    expect(screen.queryByRole('heading', { name: waitingRoomTexts.stillAvailable })).toBeNull();
    expect(screen.queryByRole('heading', { name: waitingRoomTexts.soldOutList })).toBeNull();
  });

  it('says a sale that sold out or closed is over, with the way to the shop and no log-in asked', async () => {
    for (const [state, text] of [
      ['sold-out', waitingRoomTexts.soldOut],
      ['closed', waitingRoomTexts.closed],
    ] as const) {
      open({ status: 200, body: info({ state }) });
      await screen.findByText(text);
      expect(screen.queryByText(waitingRoomMessages.logInToQueue)).toBeNull();
      expect(screen.getByRole('link', { name: waitingRoomTexts.toShop }).getAttribute('href')).toBe('/');
      // What is left is not promised once the sale is over; what sold out is still listed.
      expect(screen.queryByText('Weekend ticket')).toBeNull();
      expect(screen.getByText('Camping')).toBeTruthy();
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('says an on-sale that does not exist does not, instead of asking to log in', async () => {
    open({ status: 404, body: { message: waitingRoomMessages.noSuchOnsale } });
    expect((await screen.findByText(waitingRoomMessages.noSuchOnsale)).textContent).toBe(waitingRoomMessages.noSuchOnsale);
    expect(screen.queryByText(waitingRoomMessages.logInToQueue)).toBeNull();
  });
});
