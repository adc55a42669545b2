/**
 * The scanner's small memory on the device (localStorage): who is signed in, the chosen list and
 * gate, and (offline/) the synced data and the scans waiting to be sent. A storage that refuses
 * (private mode, full) only costs the memory, never the scan.
 */
export function readJson<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): boolean {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export const KEYS = {
  scanner: 'scan.scanner',
  choice: 'scan.choice',
  queue: 'scan.queue',
  sync: (list: string) => `scan.sync.${list}`,
  local: (list: string) => `scan.local.${list}`,
};

export interface ListSummary {
  code: string;
  name: string;
  event: string;
  entry: 'single' | 'alternating';
  gates: string[];
  admitted: number;
  inside: number;
}

/** Where this device scans: remembered across reloads and restarts. */
export interface ScanChoice {
  list: ListSummary;
  gate: string;
  direction: 'in' | 'out';
}
