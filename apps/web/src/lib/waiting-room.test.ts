import { english, waitingRoomMessages } from '@festival/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi } from './api-client';
import { clearToken, setToken, writeStoredJson } from './storage';
import {
  admissionFor,
  forgetAdmission,
  forgetPlacePass,
  keepAdmission,
  keepPlacePass,
  needsRenewal,
  newestAdmission,
  onWaitingRoom,
  placePassOf,
  shownAdmission,
  takePlaceEnded,
  waitingRoomOf,
  waitingRoomPath,
  withAdmission,
} from './waiting-room';
import { ENDED_NOTICE_MS, SHOPPING_ROUTES, shoppingNoticeDue } from './waiting-room-events';

const refusal = (room: unknown = 'ROOM') => new ApiError(403, { message: english(waitingRoomMessages.admissionRequired), waiting_room: room } as never, english(waitingRoomMessages.admissionRequired));
/** A queue-admit answer; `serverNow` the server's time when it answered (the browser's clock now by default). */
const admitAnswer = (onsale: string, admission: string, expiresAt: number, serverNow = Date.now()) => ({ onsale, admission, expires_at: new Date(expiresAt).toISOString(), now: new Date(serverNow).toISOString() });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the waiting room in the browser', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    writeStoredJson('shop.queuePlaces', null);
    writeStoredJson('shop.admissions', null);
    setToken('tok');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    clearToken();
  });

  it('keeps one place pass per on-sale and forgets it on request', () => {
    keepPlacePass('A', 'pass-a');
    keepPlacePass('B', 'pass-b');
    keepPlacePass('A', 'pass-a2');
    expect(placePassOf('A')).toBe('pass-a2');
    expect(placePassOf('B')).toBe('pass-b');
    forgetPlacePass('A');
    expect(placePassOf('A')).toBeNull();
    expect(placePassOf('B')).toBe('pass-b');
  });

  it('forgets the places and admissions of the account that logs out', () => {
    keepPlacePass('A', 'pass-a');
    keepAdmission(admitAnswer('A', 'adm-a', 10_000, 1000), 1000);
    clearToken();
    expect(placePassOf('A')).toBeNull();
    expect(admissionFor('A', 2000)).toBeNull();
    expect(shownAdmission(2000, ENDED_NOTICE_MS)).toBeNull();
  });

  it("keeps an admission's expiry on the browser's clock, whatever that clock's error", () => {
    // The browser's clock is 5 minutes fast: the server said 1 000 when the browser read 301 000.
    const fast = keepAdmission(admitAnswer('A', 'adm-a', 601_000, 1000), 301_000);
    expect(fast.expires).toBe(901_000);
    // Ten minutes of shopping by either clock: still valid after nine, gone after ten.
    expect(admissionFor('A', 301_000 + 540_000)?.pass).toBe('adm-a');
    expect(admissionFor('A', 301_000 + 600_000)).toBeNull();
    expect(needsRenewal(fast, 301_000 + 240_000)).toBe(false);
    expect(needsRenewal(fast, 301_000 + 360_000)).toBe(true);
    // And 5 minutes slow.
    const slow = keepAdmission(admitAnswer('B', 'adm-b', 601_000, 1000), -299_000);
    expect(slow.expires).toBe(301_000);
    expect(admissionFor('B', -299_000 + 599_000)?.pass).toBe('adm-b');
    expect(admissionFor('B', -299_000 + 600_000)).toBeNull();
  });

  it('keeps admissions until they expire and hands out the newest', () => {
    keepAdmission(admitAnswer('A', 'adm-a', 10_000, 1000), 1000);
    keepAdmission(admitAnswer('B', 'adm-b', 20_000, 2000), 2000);
    expect(newestAdmission(3000)?.pass).toBe('adm-b');
    expect(admissionFor('A', 3000)?.pass).toBe('adm-a');
    expect(admissionFor('A', 10_000)).toBeNull();
    expect(newestAdmission(25_000)).toBeNull();
    // Past half its time an admission is renewed.
    const a = admissionFor('A', 3000)!;
    expect(needsRenewal(a, 5000)).toBe(false);
    expect(needsRenewal(a, 6000)).toBe(true);
  });

  it('shows the time-left notice on the shopping pages while an admission lasts and for an hour after it ran out', () => {
    expect(shoppingNoticeDue(1000)).toBe(false);
    keepAdmission(admitAnswer('A', 'adm-a', 20 * 60_000, 0), 0);
    expect(shoppingNoticeDue(1000)).toBe(true);
    expect(shownAdmission(1000, ENDED_NOTICE_MS)?.pass).toBe('adm-a');
    // Ran out: still told (the notice says so, with the way back to the queue), then no more.
    expect(shoppingNoticeDue(21 * 60_000)).toBe(true);
    expect(shownAdmission(21 * 60_000, ENDED_NOTICE_MS)?.pass).toBe('adm-a');
    expect(shoppingNoticeDue(20 * 60_000 + ENDED_NOTICE_MS)).toBe(false);
    expect(shownAdmission(20 * 60_000 + ENDED_NOTICE_MS, ENDED_NOTICE_MS)).toBeNull();
    forgetAdmission('A');
    expect(shoppingNoticeDue(1000)).toBe(false);
    expect([...SHOPPING_ROUTES].sort()).toEqual(['checkout', 'home', 'merchandise', 'merchandiseItem', 'ticket', 'tickets']);
  });

  it('drops the admission a checkout used, whose place the checkout ended, and keeps it for any other call', async () => {
    keepAdmission(admitAnswer('A', 'adm-a', Date.now() + 20 * 60_000));
    const call = vi.fn(async (extra: { admission?: string }) => extra);
    await withAdmission(call);
    expect(admissionFor('A')?.pass).toBe('adm-a');
    await expect(withAdmission(call, Date.now, { endsPlace: true })).resolves.toEqual({ admission: 'adm-a' });
    expect(admissionFor('A')).toBeNull();
    expect(shoppingNoticeDue(Date.now())).toBe(false);
    // A refused checkout ends nothing.
    keepAdmission(admitAnswer('A', 'adm-a', Date.now() + 20 * 60_000));
    await expect(withAdmission(() => Promise.reject(new Error('declined')), Date.now, { endsPlace: true })).rejects.toThrow('declined');
    expect(admissionFor('A')?.pass).toBe('adm-a');
  });

  it('reads the waiting room of a refusal, and nothing else', () => {
    expect(waitingRoomOf(refusal())).toBe('ROOM');
    expect(waitingRoomOf(refusal('../evil'))).toBeNull();
    expect(waitingRoomOf(refusal(7))).toBeNull();
    expect(waitingRoomOf(new ApiError(409, { message: 'x' }, 'x'))).toBeNull();
    expect(waitingRoomOf(new Error('x'))).toBeNull();
    expect(waitingRoomPath('ROOM', '/tickets/X')).toBe('/waiting-room/ROOM?from=%2Ftickets%2FX');
    expect(waitingRoomPath('ROOM', '//evil.example')).toBe('/waiting-room/ROOM');
  });

  it('sends no admission when it holds none, and the held one when it does', async () => {
    const call = vi.fn(async (extra: { admission?: string }) => extra);
    await expect(withAdmission(call)).resolves.toEqual({});
    keepAdmission(admitAnswer('A', 'adm-a', Date.now() + 60_000));
    await expect(withAdmission(call)).resolves.toEqual({ admission: 'adm-a' });
  });

  it('takes the admission again from the kept place when the shop refuses, then makes the call once more', async () => {
    keepPlacePass('ROOM', 'place');
    fetchMock.mockResolvedValueOnce(json(200, admitAnswer('ROOM', 'fresh', Date.now() + 60_000)));
    const sent: unknown[] = [];
    const answer = await withAdmission(async (extra) => {
      sent.push(extra);
      if (!extra.admission) throw refusal();
      return 'added';
    });
    expect(answer).toBe('added');
    expect(sent).toEqual([{}, { admission: 'fresh' }]);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ token: 'tok', onsale: 'ROOM', pass: 'place' });
    expect(admissionFor('ROOM')?.pass).toBe('fresh');
  });

  it('renews an admission past half its time before the call', async () => {
    const now = Date.now();
    keepPlacePass('ROOM', 'place');
    keepAdmission(admitAnswer('ROOM', 'old', now + 10_000, now - 11_000), now - 11_000);
    fetchMock.mockResolvedValueOnce(json(200, admitAnswer('ROOM', 'renewed', now + 20 * 60_000)));
    await expect(withAdmission(async (extra) => extra)).resolves.toEqual({ admission: 'renewed' });
  });

  it('sends the visitor to the waiting page when no admission can be had, and forgets a place that is not theirs', async () => {
    const rooms: string[] = [];
    const stop = onWaitingRoom((room) => rooms.push(room));
    try {
      await expect(withAdmission(async () => Promise.reject(refusal()))).rejects.toBeInstanceOf(ApiError);
      expect(rooms).toEqual(['ROOM']);
      expect(fetchMock).not.toHaveBeenCalled();

      keepPlacePass('ROOM', 'someone-elses');
      fetchMock.mockResolvedValueOnce(json(403, { message: english(waitingRoomMessages.notYours) }));
      await expect(withAdmission(async () => Promise.reject(refusal()))).rejects.toBeInstanceOf(ApiError);
      expect(rooms).toEqual(['ROOM', 'ROOM']);
      expect(placePassOf('ROOM')).toBeNull();

      // A place whose shopping ended (the customer checked out): forgotten, and the waiting page is told once.
      keepPlacePass('ROOM', 'ended-place');
      fetchMock.mockResolvedValueOnce(json(410, { message: waitingRoomMessages.shoppingEnded }));
      await expect(withAdmission(async () => Promise.reject(refusal()))).rejects.toBeInstanceOf(ApiError);
      expect(rooms).toEqual(['ROOM', 'ROOM', 'ROOM']);
      expect(placePassOf('ROOM')).toBeNull();
      expect(takePlaceEnded('ROOM')).toBe(true);
      expect(takePlaceEnded('ROOM')).toBe(false);
      // One the server could not read is forgotten without that notice.
      keepPlacePass('ROOM', 'unreadable');
      fetchMock.mockResolvedValueOnce(json(410, { message: english(waitingRoomMessages.placeUnreadable) }));
      await expect(withAdmission(async () => Promise.reject(refusal()))).rejects.toBeInstanceOf(ApiError);
      expect(takePlaceEnded('ROOM')).toBe(false);

      // Any other failure is the caller's to tell.
      await expect(withAdmission(async () => Promise.reject(new ApiError(410, { message: 'gone' }, 'gone')))).rejects.toMatchObject({ status: 410 });
      expect(rooms).toHaveLength(4);
    } finally {
      stop();
    }
  });

  it('sends a shopper whose place ended (a stock call answered 410 with its room) to the waiting page, told why', async () => {
    const rooms: string[] = [];
    const stop = onWaitingRoom((room) => rooms.push(room));
    try {
      // They checked out in another tab: the kept admission is still unexpired, its place is not.
      keepPlacePass('ROOM', 'checked-out-place');
      keepAdmission(admitAnswer('ROOM', 'spent-admission', Date.now() + 600_000));
      const ended = new ApiError(410, { message: waitingRoomMessages.shoppingEnded, waiting_room: 'ROOM' } as never, waitingRoomMessages.shoppingEnded);
      expect(waitingRoomOf(ended)).toBe('ROOM');
      fetchMock.mockResolvedValueOnce(json(410, { message: waitingRoomMessages.shoppingEnded }));
      const sent: (string | undefined)[] = [];
      await expect(withAdmission(async ({ admission }) => (sent.push(admission), Promise.reject(ended)))).rejects.toBe(ended);
      expect(sent).toEqual(['spent-admission']);
      expect(rooms).toEqual(['ROOM']);
      expect(placePassOf('ROOM')).toBeNull();
      expect(takePlaceEnded('ROOM')).toBe(true);
    } finally {
      stop();
    }
  });

  it('goes through the real client: a refused add carries the waiting room', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { message: english(waitingRoomMessages.admissionRequired), waiting_room: 'ROOM' }));
    const error = await callApi('add-merchandise-to-cart', { token: 'tok', external_code: 'X' }).catch((caught: unknown) => caught);
    expect(waitingRoomOf(error)).toBe('ROOM');
  });
});
