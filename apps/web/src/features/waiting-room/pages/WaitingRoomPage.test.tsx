// @vitest-environment happy-dom
import { english, waitingRoomMessages, waitingRoomTexts, type QueueInfo, type QueueStatus } from '@festival/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installTestConfig } from '../../../../test/test-config';
import { renderPage, stubApi, type Answer } from '../../../../test/test-app';
import { clearToken, setToken, writeStoredJson } from '../../../lib/storage';
import { admissionFor } from '../../../lib/waiting-room';
import WaitingRoomPage from './WaitingRoomPage';

beforeAll(installTestConfig);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const info = (changes: Partial<QueueInfo>): QueueInfo => ({
  onsale: { code: 'SUMMER', title: 'Sunfield 2027', opens_at: '2027-03-01T10:00:00.000Z', closes_at: null, paused: false },
  state: 'open',
  waiting: 0,
  wait_seconds: null,
  products: [
    { external_code: 'SUN-WEEKEND', name: 'Weekend ticket', shop_item_type: 'tickets', available: true },
    { external_code: 'SUN-CAMPING', name: 'Camping', shop_item_type: 'tickets', available: false },
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
    expect(screen.getByText(english(waitingRoomMessages.logInToQueue))).toBeTruthy();
    expect(screen.getByRole('link', { name: english(waitingRoomTexts.logIn) }).getAttribute('href')).toMatch(/^\/login\?from=/);
    expect(screen.getByRole('heading', { name: english(waitingRoomTexts.stillAvailable) })).toBeTruthy();
    expect(screen.getByRole('heading', { name: english(waitingRoomTexts.soldOutList) })).toBeTruthy();
    expect(screen.getByText('Weekend ticket')).toBeTruthy();
    expect(screen.getByText('Camping')).toBeTruthy();
    expect(calls).toEqual([{ path: 'queue-info', body: { onsale: 'SUMMER' } }]);
  });

  it('once open: how many wait and how long someone joining now waits', async () => {
    open({ status: 200, body: info({ state: 'open', waiting: 1234, wait_seconds: 600 }) });
    expect((await screen.findByText(english(waitingRoomTexts.infoOpen(1234)))).textContent).toBe('The sale is open and about 1,234 people are waiting.');
    expect(screen.getByText(english(waitingRoomTexts.infoWait('about 10 minutes')))).toBeTruthy();
    expect(screen.getByRole('link', { name: english(waitingRoomTexts.register) })).toBeTruthy();
  });

  it('lists the products as in this sale while none has sold out, not as still available', async () => {
    open({ status: 200, body: info({ state: 'before-opening', products: [{ external_code: 'SUN-WEEKEND', name: 'Weekend ticket', shop_item_type: 'tickets', available: true }] }) });
    expect((await screen.findByRole('heading', { name: english(waitingRoomTexts.inThisSale) })).nextElementSibling?.textContent).toBe('Weekend ticket');
    expect(screen.queryByRole('heading', { name: english(waitingRoomTexts.stillAvailable) })).toBeNull();
    expect(screen.queryByRole('heading', { name: english(waitingRoomTexts.soldOutList) })).toBeNull();
  });

  it('says a sale that sold out or closed is over, with the way to the shop and no log-in asked', async () => {
    for (const [state, text] of [
      ['sold-out', english(waitingRoomTexts.soldOut)],
      ['closed', english(waitingRoomTexts.closed)],
    ] as const) {
      open({ status: 200, body: info({ state }) });
      await screen.findByText(text);
      expect(screen.queryByText(english(waitingRoomMessages.logInToQueue))).toBeNull();
      expect(screen.getByRole('link', { name: english(waitingRoomTexts.toShop) }).getAttribute('href')).toBe('/');
      // What is left is not promised once the sale is over; what sold out is still listed.
      expect(screen.queryByText('Weekend ticket')).toBeNull();
      expect(screen.getByText('Camping')).toBeTruthy();
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('says an on-sale that does not exist does not, instead of asking to log in', async () => {
    open({ status: 404, body: { message: english(waitingRoomMessages.noSuchOnsale) } });
    expect((await screen.findByText(english(waitingRoomMessages.noSuchOnsale))).textContent).toBe(english(waitingRoomMessages.noSuchOnsale));
    expect(screen.queryByText(english(waitingRoomMessages.logInToQueue))).toBeNull();
  });
});

const status = (changes: Partial<QueueStatus>): QueueStatus => ({
  onsale: { code: 'SUMMER', title: 'Sunfield 2027', opens_at: '2027-03-01T10:00:00.000Z', closes_at: null, paused: false },
  state: 'waiting',
  pass: 'place-pass',
  position: null,
  ahead: null,
  wait_seconds: null,
  waiting: 0,
  products: [
    { external_code: 'SUN-CAMPING', name: 'Camping', shop_item_type: 'tickets', available: false },
    { external_code: 'SUN-DAY', name: 'Day ticket', shop_item_type: 'tickets', available: true },
    { external_code: 'SUN-WEEKEND', name: 'Weekend ticket', shop_item_type: 'tickets', available: true },
  ],
  next_check_ms: 60_000,
  challenge: null,
  ...changes,
});

describe('the waiting page of a signed-in visitor', () => {
  afterEach(() => {
    clearToken();
    writeStoredJson('shop.queuePlaces', null);
    writeStoredJson('shop.admissions', null);
  });

  function join(answers: Record<string, Answer[]>, url = '/waiting-room/SUMMER') {
    setToken('tok');
    const calls = stubApi(answers);
    const page = renderPage(WaitingRoomPage, {
      path: '/waiting-room/:onsale',
      url,
      otherRoutes: [
        { path: '/tickets/:item', Component: () => <h1>Product page</h1> },
        { path: '/checkout', Component: () => <h1>Checkout page</h1> },
      ],
    });
    return { calls, router: page.router };
  }

  it('before the opening says first that they are in the queue, when the sale opens and that places are drawn then', async () => {
    join({ 'queue-join': [{ status: 200, body: status({ state: 'before-opening' }) }] });
    const standing = await screen.findByText(/^You are in the queue\./);
    expect(standing.textContent).toMatch(
      /^You are in the queue\. The sale opens at .+2027.*; at that moment the places of everyone already here are drawn at random, so you need not hurry or refresh: leave this page open and it shows your number after the draw\.$/,
    );
    expect(standing.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByText(/number .* in the queue/)).toBeNull();
  });

  it('says where the visitor stands in each other state', async () => {
    for (const [answer, text] of [
      [status({ state: 'waiting', position: 12, ahead: 11 }), english(waitingRoomTexts.position(12))],
      [status({ state: 'sold-out' }), 'Everything in this sale has sold out, so the queue has ended. We are sorry.'],
      [status({ state: 'closed' }), 'The waiting room has closed, so there is no queue any more: anything left in this sale is sold in the shop as usual.'],
    ] as const) {
      join({ 'queue-join': [{ status: 200, body: answer }] });
      expect((await screen.findByText(text)).closest('#waiting-room-standing')).toBeTruthy();
      cleanup();
      vi.unstubAllGlobals();
      writeStoredJson('shop.queuePlaces', null);
    }
  });

  it('while the organiser has paused admissions says the place is kept, instead of a wait', async () => {
    join({ 'queue-join': [{ status: 200, body: status({ state: 'waiting', position: 12, ahead: 11, onsale: { ...status({}).onsale, paused: true } }) }] });
    expect((await screen.findByText(english(waitingRoomTexts.paused))).id).toBe('waiting-room-wait');
    expect(screen.getByText(english(waitingRoomTexts.position(12)))).toBeTruthy();
    expect(screen.queryByText(english(waitingRoomTexts.waitUnknown))).toBeNull();
  });

  it('with an admin’s preview link takes the preview’s admission instead of a place and goes to the sale’s product, or says the link does not work', async () => {
    const admission = { onsale: 'SUMMER', admission: 'preview-adm', expires_at: new Date(Date.now() + 20 * 60_000).toISOString(), now: new Date().toISOString() };
    const info = { onsale: status({}).onsale, state: 'before-opening', waiting: 0, wait_seconds: null, products: status({}).products };
    const { calls } = join({ 'queue-preview': [{ status: 200, body: admission }], 'queue-info': [{ status: 200, body: info }] }, '/waiting-room/SUMMER?preview=signed-link');
    await screen.findByRole('heading', { name: 'Product page' });
    expect(calls.map((call) => call.path)).toEqual(['queue-preview', 'queue-info']);
    expect(calls[0]!.body).toMatchObject({ onsale: 'SUMMER', preview: 'signed-link', token: 'tok' });
    expect(admissionFor('SUMMER')).toMatchObject({ onsale: 'SUMMER', pass: 'preview-adm' });
    cleanup();
    vi.unstubAllGlobals();
    writeStoredJson('shop.admissions', null);

    join({ 'queue-preview': [{ status: 403, body: { message: english(waitingRoomMessages.previewUnusable) } }] }, '/waiting-room/SUMMER?preview=stale-link');
    await screen.findByText(english(waitingRoomMessages.previewUnusable));
  });

  it('before the room opens says the visitor is not in the queue yet', async () => {
    join({ 'queue-join': [{ status: 409, body: { message: english(waitingRoomMessages.roomNotOpen) } }] });
    await screen.findByText(english(waitingRoomMessages.roomNotOpen));
    expect(screen.getByText(english(waitingRoomTexts.notOpenYet)).textContent).toMatch(/^You are not in the queue yet\./);
  });

  const turn = { 'queue-join': [{ status: 200, body: status({ state: 'your-turn' }) }], 'queue-admit': [{ status: 200, body: { onsale: 'SUMMER', admission: 'adm', expires_at: new Date(Date.now() + 20 * 60_000).toISOString(), now: new Date().toISOString() } }] };

  it('at the turn takes the admission and goes to the sale’s first product still to be had when the visitor came by a link', async () => {
    const { router, calls } = join(turn);
    await screen.findByRole('heading', { name: 'Product page' });
    expect(router.state.location.pathname).toBe('/tickets/SUN-DAY');
    expect(calls.map((call) => call.path)).toEqual(['queue-join', 'queue-admit']);
    expect(admissionFor('SUMMER')?.pass).toBe('adm');
  });

  it('at the turn goes back to the product of the sale the visitor came from, or to the checkout', async () => {
    const first = join(turn, `/waiting-room/SUMMER?from=${encodeURIComponent('/tickets/SUN-WEEKEND')}`);
    await screen.findByRole('heading', { name: 'Product page' });
    expect(first.router.state.location.pathname).toBe('/tickets/SUN-WEEKEND');
    cleanup();
    vi.unstubAllGlobals();
    writeStoredJson('shop.queuePlaces', null);
    const second = join(turn, `/waiting-room/SUMMER?from=${encodeURIComponent('/checkout')}`);
    await screen.findByRole('heading', { name: 'Checkout page' });
    expect(second.router.state.location.pathname).toBe('/checkout');
  });
});
