import type { Shown } from '@festival/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isSignedOut, NetworkError, staffCall } from '../api';
import { scanTexts } from '../scan.messages';
import { KEYS, readJson, writeJson } from '../storage';
import { gateQuestionsChanged, mergeSync, type LocalStates, type SyncAnswer } from './data';
import { judgeOffline, type ScanAnswer } from './judge';
import { newNonce, uploadQueue, type QueuedScan, type QueueStore } from './queue';

export interface Counts {
  admitted: number;
  inside: number;
}

/** Syncs at least this often while the device has a network (issue 21: at least once a minute). */
export const SYNC_EVERY_MS = 30_000;

export const queueStore: QueueStore = {
  read: () => readJson<QueuedScan[]>(KEYS.queue) ?? [],
  write: (scans) => void writeJson(KEYS.queue, scans.length ? scans : null),
};

/**
 * The gate's memory for one list (decision 0039): the synced data kept fresh (a full sync first,
 * then `since` the cursor every SYNC_EVERY_MS), the offline judgement of a scan the shop did not
 * answer, and the queue of offline scans sent whenever a call gets through.
 */
export function useOfflineGate(list: string, initialCounts: Counts, onSignedOut: () => void) {
  const [data, setData] = useState<SyncAnswer | null>(() => readJson<SyncAnswer>(KEYS.sync(list)));
  // What the device judges by, in memory: a storage too full to keep a big list's data (kept for
  // the next start when it fits) never leaves the gate without it.
  const held = useRef<{ data: SyncAnswer | null; local: LocalStates } | null>(null);
  const memory = useCallback(() => (held.current ??= { data: readJson<SyncAnswer>(KEYS.sync(list)), local: readJson<LocalStates>(KEYS.local(list)) ?? {} }), [list]);
  const [queued, setQueued] = useState(() => queueStore.read().length);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [counts, setCounts] = useState<Counts>(initialCounts);
  const syncing = useRef(false);
  // The caller's handler may be a new function each render: the sync loop must not restart for it.
  const signedOut = useRef(onSignedOut);
  useEffect(() => {
    signedOut.current = onSignedOut;
  }, [onSignedOut]);

  /** The list's figures from the shop (after an online scan). */
  const refreshCounts = useCallback(async () => {
    try {
      const answer = await staffCall('checkin-lists', {}, { timeoutMs: 5_000 });
      const figures = answer.lists.find((entry) => entry.code === list);
      if (figures) setCounts({ admitted: figures.admitted, inside: figures.inside });
    } catch {
      // The next sync brings them.
    }
  }, [list]);

  const sync = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    try {
      // What waits is sent first: the sync then counts it.
      await uploadQueue(queueStore, (scans) => staffCall('upload-scans', { scans }, { timeoutMs: 20_000 }));
      setQueued(queueStore.read().length);
      const before = memory().data;
      let answer = await staffCall('sync', before ? { list, since: before.cursor } : { list }, { timeoutMs: 20_000 });
      // Other questions marked for the gate: the held tickets lack their answers, so everything again.
      if (before && !answer.full && gateQuestionsChanged(before, answer)) answer = await staffCall('sync', { list }, { timeoutMs: 20_000 });
      const merged = mergeSync(before, answer);
      memory().data = merged;
      // Too big for the device's storage: kept in memory only, leaving the space to the queue.
      if (!writeJson(KEYS.sync(list), merged)) writeJson(KEYS.sync(list), null);
      setData(merged);
      setOnline(true);
      setCounts({ admitted: merged.admitted, inside: merged.inside });
    } catch (error) {
      if (isSignedOut(error)) signedOut.current();
      else if (error instanceof NetworkError) setOnline(false);
    } finally {
      syncing.current = false;
    }
  }, [list, memory]);

  useEffect(() => {
    const first = setTimeout(() => void sync(), 0);
    const every = setInterval(() => void sync(), SYNC_EVERY_MS);
    const back = () => void sync();
    const gone = () => setOnline(false);
    window.addEventListener('online', back);
    window.addEventListener('offline', gone);
    return () => {
      clearTimeout(first);
      clearInterval(every);
      window.removeEventListener('online', back);
      window.removeEventListener('offline', gone);
    };
  }, [sync]);

  /**
   * A scan the shop did not answer, judged on the device: an entry or exit it lets through is
   * remembered (for its next judgements) and queued for upload with a nonce of its own.
   */
  const judge = useCallback(
    async (text: string, direction: 'in' | 'out', gate: string): Promise<{ answer: ScanAnswer } | { message: Shown }> => {
      setOnline(false);
      const { data: synced, local } = memory();
      if (!synced) return { message: scanTexts.errors.offlineNoData };
      const verdict = await judgeOffline({ text, direction, gate, data: synced, local, now: new Date() });
      if (verdict.kind === 'unjudged') return { message: verdict.message };
      const passed = verdict.passed;
      if (passed) {
        memory().local = { ...local, [passed.ticketId]: passed.state };
        writeJson(KEYS.local(list), memory().local);
        const scans = queueStore.read();
        // As the shop gave list and gate (trimmed): the batch size counts on the contract's longest names.
        scans.push({ nonce: newNonce(), list: list.trim(), gate: gate.trim(), ticket_id: passed.ticketId, direction: passed.direction, scanned_at: passed.state.since, ...(verdict.answer.ticket ? { code: verdict.answer.ticket.code } : {}) });
        queueStore.write(scans);
        setQueued(scans.length);
        // Until the next sync, the device's own entries and exits move its figures.
        setCounts((current) => ({ admitted: current.admitted + (passed.direction === 'in' && passed.first ? 1 : 0), inside: Math.max(0, current.inside + (passed.direction === 'in' ? 1 : -1)) }));
      }
      return { answer: verdict.answer };
    },
    [list, memory],
  );

  return {
    online,
    setOnline,
    queued,
    counts,
    refreshCounts,
    judge,
    /** When the device's data is from, in the event's time zone; null before the first sync. */
    dataFrom: data ? { cursor: data.cursor, timeZone: data.list.timezone } : null,
  };
}
