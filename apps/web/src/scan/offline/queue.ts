import { UPLOAD_SCANS_BATCH, type StaffApiAnswer } from '@festival/contract';
import { StaffApiError } from '../api';

/** A scan made offline, as upload-scans takes it. */
export interface QueuedScan {
  nonce: string;
  list: string;
  gate: string;
  ticket_id: number;
  direction: 'in' | 'out';
  scanned_at: string;
  /** The code the device read (the pass's, or typed): the shop refuses a reassigned ticket's old pass as it does online. */
  code?: string;
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

/** A refusal of the batch as a whole: too large for the shop's limit, or a scan in it the shop does not take as input. */
const refusedAsBatch = (error: unknown) => error instanceof StaffApiError && (error.status === 413 || error.status === 422);

/**
 * Sends the waiting scans, UPLOAD_SCANS_BATCH at a time (a full batch of the longest scans fits
 * the shop's limit), oldest first, and drops each one the shop answered for (counted, duplicate,
 * conflict, refused or unknown: the shop has it, or never will). A batch the shop refuses as a
 * whole (413 too large, 422) is sent again in halves, down to single scans, never the same batch
 * again: a single scan refused so stays in the queue but is not sent again this round, so it
 * never holds up the others. A failure (no network) keeps the rest for the next try; scans queued
 * meanwhile are kept too. Answers how many the shop acknowledged.
 */
export async function uploadQueue(store: QueueStore, upload: Upload): Promise<number> {
  let acknowledged = 0;
  // The batch this round's 413s leave (the shop's limit), and the one being tried (smaller while a 422 is narrowed down to its scan).
  let limit = UPLOAD_SCANS_BATCH;
  let size = limit;
  const setAside = new Set<string>();
  for (;;) {
    const batch = store
      .read()
      .filter((scan) => !setAside.has(scan.nonce))
      .slice(0, size);
    if (!batch.length) return acknowledged;
    let answer: StaffApiAnswer<'upload-scans'>;
    try {
      answer = await upload(batch);
    } catch (error) {
      if (!refusedAsBatch(error)) throw error;
      if (batch.length > 1) {
        size = Math.ceil(batch.length / 2);
        if ((error as StaffApiError).status === 413) limit = size;
      } else setAside.add(batch[0]!.nonce);
      continue;
    }
    size = limit;
    const done = new Set(answer.results.map((result) => result.nonce));
    if (!batch.some((scan) => done.has(scan.nonce))) return acknowledged;
    store.write(store.read().filter((scan) => !done.has(scan.nonce)));
    acknowledged += done.size;
  }
}
