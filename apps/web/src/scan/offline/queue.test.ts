import { UPLOAD_SCANS_MAX } from '@festival/contract';
import { describe, expect, it } from 'vitest';
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
  it('uploads up to 500 at a time, oldest first, and drops what the shop acknowledged', async () => {
    const store = memoryStore(Array.from({ length: 1203 }, (_, index) => scan(index)));
    const batches: number[] = [];
    const results = ['counted', 'duplicate', 'conflict', 'unknown'] as const;
    const acknowledged = await uploadQueue(store, async (scans) => {
      batches.push(scans.length);
      expect(scans[0]).toEqual(scan(batches.slice(0, -1).reduce((sum, size) => sum + size, 0)));
      return { results: scans.map((entry, index) => ({ nonce: entry.nonce, result: results[index % 4]! })) };
    });
    expect(batches).toEqual([UPLOAD_SCANS_MAX, UPLOAD_SCANS_MAX, 203]);
    expect(acknowledged).toBe(1203);
    expect(store.scans).toEqual([]);
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
