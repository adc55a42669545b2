import { GATE_NAME_MAX, INTEGER_COLUMN_MAX, LIST_CODE_MAX, SCAN_NONCE_MAX, SCANNED_AT_MAX, TICKET_CODE_MAX, UPLOAD_SCANS_BATCH, UPLOAD_SCANS_BODY_LIMIT, UPLOAD_SCANS_MAX, staffApi } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { StaffApiError } from '../api';
import { newNonce, uploadQueue, type QueuedScan, type QueueStore } from './queue';

const scan = (index: number): QueuedScan => ({
  nonce: `nonce-${String(index).padStart(6, '0')}`,
  list: 'GATE',
  gate: 'North',
  ticket_id: index + 1,
  direction: 'in',
  scanned_at: new Date(Date.UTC(2027, 5, 19, 12, 0, index)).toISOString(),
});

function memoryStore(scans: QueuedScan[]): QueueStore & { scans: QueuedScan[] } {
  const store = {
    scans,
    read: () => [...store.scans],
    write: (next: QueuedScan[]) => {
      store.scans = next;
    },
  };
  return store;
}

describe('the queue of offline scans', () => {
  it('uploads a full batch at a time, oldest first, and drops what the shop acknowledged', async () => {
    const store = memoryStore(Array.from({ length: 2 * UPLOAD_SCANS_BATCH + 203 }, (_, index) => scan(index)));
    const batches: number[] = [];
    const results = ['counted', 'duplicate', 'conflict', 'unknown'] as const;
    const acknowledged = await uploadQueue(store, async (scans) => {
      batches.push(scans.length);
      expect(scans[0]).toEqual(scan(batches.slice(0, -1).reduce((sum, size) => sum + size, 0)));
      return { results: scans.map((entry, index) => ({ nonce: entry.nonce, result: results[index % 4]! })) };
    });
    expect(batches).toEqual([UPLOAD_SCANS_BATCH, UPLOAD_SCANS_BATCH, 203]);
    expect(acknowledged).toBe(2 * UPLOAD_SCANS_BATCH + 203);
    expect(store.scans).toEqual([]);
  });

  it('sends a full batch of the longest scans the contract allows within the shop’s body limit', async () => {
    // Every character of the free texts one that JSON writes in six bytes (\u0001), the most any takes.
    const longest: QueuedScan = {
      nonce: 'n'.repeat(SCAN_NONCE_MAX),
      list: '\u0001'.repeat(LIST_CODE_MAX),
      gate: '\u0001'.repeat(GATE_NAME_MAX),
      ticket_id: INTEGER_COLUMN_MAX,
      direction: 'out',
      scanned_at: '2027-06-18T23:59:59.999999999+14:00',
      code: '\u0001'.repeat(TICKET_CODE_MAX),
    };
    expect(longest.scanned_at).toHaveLength(SCANNED_AT_MAX);
    const store = memoryStore(Array.from({ length: UPLOAD_SCANS_BATCH + 1 }, (_, index) => ({ ...longest, nonce: `${String(index).padStart(4, '0')}${longest.nonce.slice(4)}` })));
    const sizes: number[] = [];
    await uploadQueue(store, async (scans) => {
      // What the shop takes: the schema, and the bytes its route reads.
      const payload = staffApi['upload-scans'].payload.parse({ scans });
      expect(payload.scans).toHaveLength(scans.length);
      sizes.push(new TextEncoder().encode(JSON.stringify({ scans })).length);
      return { results: scans.map((entry) => ({ nonce: entry.nonce, result: 'counted' as const })) };
    });
    expect(sizes).toHaveLength(2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(UPLOAD_SCANS_BODY_LIMIT);
    // The full batch is the contract's most: the shop takes as many as the app sends.
    expect(UPLOAD_SCANS_BATCH).toBe(UPLOAD_SCANS_MAX);
  });

  it('sends a batch the shop refuses as too large again in halves, never the same batch twice, and sets aside a single scan it refuses', async () => {
    const store = memoryStore(Array.from({ length: 300 }, (_, index) => scan(index)));
    const sent: string[] = [];
    const acknowledged = await uploadQueue(store, async (scans) => {
      const key = `${scans[0]!.nonce}+${scans.length}`;
      expect(sent, `sent ${key} twice`).not.toContain(key);
      sent.push(key);
      // A limit of 70 scans, and one scan the shop never takes as it is.
      if (scans.length > 70) throw new StaffApiError('The request is too large.', 413);
      if (scans.some((entry) => entry.nonce === scan(150).nonce)) throw new StaffApiError('Check the fields.', 422);
      return { results: scans.map((entry) => ({ nonce: entry.nonce, result: 'counted' as const })) };
    });
    expect(acknowledged).toBe(299);
    expect(store.scans).toEqual([scan(150)]);
  });

  it('keeps what the shop did not answer for, and everything when the network fails', async () => {
    const store = memoryStore([scan(0), scan(1), scan(2)]);
    await uploadQueue(store, async () => ({ results: [{ nonce: scan(1).nonce, result: 'counted' }] }));
    expect(store.scans.map((entry) => entry.nonce)).toEqual([scan(0).nonce, scan(2).nonce]);
    await expect(uploadQueue(store, () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(store.scans).toHaveLength(2);
  });

  it('keeps scans queued while an upload was under way', async () => {
    const store = memoryStore([scan(0)]);
    await uploadQueue(store, async (scans) => {
      store.scans = [...store.scans, scan(1)];
      return { results: scans.map((entry) => ({ nonce: entry.nonce, result: 'counted' as const })) };
    });
    // The scan queued meanwhile went up in the next round.
    expect(store.scans).toEqual([]);
  });

  it('makes nonces the shop takes: 8 to 64 letters, digits, _ or -, never the same twice', () => {
    const nonces = new Set(Array.from({ length: 1000 }, newNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
