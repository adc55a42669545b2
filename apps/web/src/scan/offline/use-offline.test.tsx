// @vitest-environment happy-dom
import { signTicketPass } from '@festival/contract/ticket-pass';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../storage';
import { fields, NOW, SEED, syncedList } from '../../../test/scan-fixtures';
import { useOfflineGate } from './use-offline';

/** A device storage that refuses the synced data (a list too big for it) and keeps everything else. */
class CrampedStorage implements Storage {
  values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    if (key.startsWith('scan.sync.')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.values.set(key, value);
  }
}

describe('the gate’s offline memory', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('judges by the synced data in memory when the device storage cannot keep it, and still queues the scan', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const synced = await syncedList();
    const storage = new CrampedStorage();
    vi.stubGlobal('localStorage', storage);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response(JSON.stringify(url.endsWith('/sync') ? synced : { lists: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const { result, rerender, unmount } = renderHook(() => useOfflineGate('GATE', { admitted: 0, inside: 0 }, () => {}));
    await waitFor(() => expect(result.current.dataFrom).toEqual({ cursor: synced.cursor, timeZone: 'Europe/Amsterdam' }));
    rerender();
    expect(calls).toEqual(['/api/staff/sync']);
    expect(storage.getItem(KEYS.sync('GATE'))).toBeNull();

    const pass = await signTicketPass(fields(), SEED);
    let first: unknown;
    await act(async () => {
      first = await result.current.judge(pass, 'in', 'North');
    });
    expect(first).toMatchObject({ answer: { result: 'admit' } });
    let second: unknown;
    await act(async () => {
      second = await result.current.judge(pass, 'in', 'North');
    });
    expect(second).toMatchObject({ answer: { result: 'already-in' } });
    expect(result.current.queued).toBe(1);
    expect(result.current.counts).toEqual({ admitted: 1, inside: 1 });
    unmount();
    expect(JSON.parse(storage.getItem(KEYS.queue)!)).toEqual([expect.objectContaining({ list: 'GATE', gate: 'North', ticket_id: 200, direction: 'in', scanned_at: NOW.toISOString() })]);
  });

  it('syncs everything again when a later sync marks other questions for the gate, so held tickets get their answers (decision 0106)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const held = await syncedList();
    const storage = new CrampedStorage();
    storage.setItem = (key: string, value: string) => void storage.values.set(key, value);
    storage.setItem(KEYS.sync('GATE'), JSON.stringify(held));
    vi.stubGlobal('localStorage', storage);
    const question = { code: 'diet', kind: 'text' as const, label: 'Diet', options: [] };
    const products = [{ ...held.products[0]!, questions: [question] }, held.products[1]!];
    // Since the cursor: no ticket changed, but a question is now marked for the gate; everything: the tickets with their answers.
    const later = { ...held, full: false, cursor: '2027-06-19T11:59:00.000Z', products, tickets: [] };
    const everything = { ...held, cursor: '2027-06-19T11:59:30.000Z', products, tickets: held.tickets.map((ticket) => (ticket.id === 100 ? { ...ticket, answers: { diet: 'Vegan' } } : ticket)) };
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: { body: string }) => {
        if (!url.endsWith('/sync')) return new Response(JSON.stringify({ results: [], lists: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
        const payload = JSON.parse(init.body) as { since?: string };
        sent.push(payload);
        return new Response(JSON.stringify(payload.since ? later : everything), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const { result, unmount } = renderHook(() => useOfflineGate('GATE', { admitted: 0, inside: 0 }, () => {}));
    await waitFor(() => expect(result.current.dataFrom?.cursor).toBe(everything.cursor));
    expect(sent).toEqual([{ list: 'GATE', since: held.cursor }, { list: 'GATE' }]);
    let verdict: unknown;
    await act(async () => {
      verdict = await result.current.judge('AAAABBBBCCCCDDDDEEEE', 'in', 'North');
    });
    expect(verdict).toMatchObject({ answer: { result: 'admit', ticket: { answers: [{ question: 'Diet', answer: 'Vegan' }] } } });
    unmount();
  });
});
