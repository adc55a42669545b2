import { UPLOAD_SCANS_MAX, type StaffApiAnswer } from '@festival/contract';

/** A scan made offline, as upload-scans takes it. */
export interface QueuedScan {
  nonce: string;
  list: string;
  gate: string;
  ticket_id: number;
  direction: 'in' | 'out';
  scanned_at: string;
}

/** A nonce of the device's own: 16 random bytes, base64url (22 characters). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export interface QueueStore {
  read(): QueuedScan[];
  write(scans: QueuedScan[]): void;
}

type Upload = (scans: QueuedScan[]) => Promise<StaffApiAnswer<'upload-scans'>>;

/**
 * Sends the waiting scans, up to UPLOAD_SCANS_MAX at a time, oldest first, and drops each one the
 * shop answered for (counted, duplicate, conflict or unknown: the shop has it, or never will).
 * A failure (no network) keeps the rest for the next try; scans queued meanwhile are kept too.
 * Answers how many the shop acknowledged.
 */
export async function uploadQueue(store: QueueStore, upload: Upload): Promise<number> {
  let acknowledged = 0;
  for (;;) {
    const batch = store.read().slice(0, UPLOAD_SCANS_MAX);
    if (!batch.length) return acknowledged;
    const answer = await upload(batch);
    const done = new Set(answer.results.map((result) => result.nonce));
    if (!batch.some((scan) => done.has(scan.nonce))) return acknowledged;
    store.write(store.read().filter((scan) => !done.has(scan.nonce)));
    acknowledged += done.size;
  }
}
