import { createHash, randomBytes } from 'node:crypto';
import { messages, typedCode } from '@festival/contract';
import type { Db } from '../../db/client';
import type { scanners as scannersTable } from '../../db/schema';
import type { NetworkKeysOf } from '../../lib/network-keys';
import { createRateLimiter } from '../../lib/rate-limit';
import { newCode } from '../../lib/new-code';
import { noteAttack } from '../staff/attack-audit';
import * as queries from './checkin.queries';

/** How long a scanner stays signed in on a device (a festival's days; revoking the scanner ends it at once). */
export const SCANNER_SESSION_MS = 7 * 86_400_000;
export const SCANNER_COOKIE = 'scanner_session';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');


/** Codes are 16 characters of the shop's alphabet (79 bits: no one guesses one), shown in groups of four. */
const groups = (code: string) => code.match(/.{1,4}/g)!.join('-');

/**
 * Wrong scanner codes a device's address (or its network) may try per SIGN_IN_WINDOW_MS. A code
 * has 79 bits, so the limit is not what keeps it secret; it keeps a script from hammering the
 * call. A right code is taken back at once, so a gate crew behind one festival network signs in
 * however many devices it has; only wrong ones count. Over a limit a right code still signs in
 * (decision 0050): a stranger on the festival's network, where the gates are too, must not keep
 * the gates out by typing wrong codes, and letting an unguessable code through tells a guesser nothing.
 */
export const SCANNER_SIGN_IN_LIMITS: ScannerSignInLimits = { perAddress: 30, perNetwork: 100 };
export interface ScannerSignInLimits {
  perAddress: number;
  perNetwork: number;
}
const SIGN_IN_WINDOW_MS = 15 * 60_000;

/**
 * How long an instance trusts a session it found live before asking the database again: a scan is
 * three statements otherwise (session, ticket, entry), and 50 gates flat out wait on the pool for
 * each. Revoking a scanner or ending its session elsewhere therefore takes effect within this time
 * (signing out on the same instance at once).
 */
export const SCANNER_SESSION_CACHE_MS = 5_000;

type ScannerRow = typeof scannersTable.$inferSelect;

export function createScanners(deps: { db: Db; now?: () => Date; networkKeys?: NetworkKeysOf; limits?: ScannerSignInLimits; sessionCacheMs?: number }) {
  const { db } = deps;
  const sessionCacheMs = deps.sessionCacheMs ?? SCANNER_SESSION_CACHE_MS;
  // Live sessions only (a refused cookie is asked again), bounded: cleared when it grows past a
  // festival's devices many times over.
  const sessions = new Map<string, { until: number; scanner: { id: number; name: string } }>();
  const now = deps.now ?? (() => new Date());
  const limiter = createRateLimiter(db, SIGN_IN_WINDOW_MS, messages.accounts.tooManyAttempts);
  const limits = deps.limits ?? SCANNER_SIGN_IN_LIMITS;
  async function revokeWith(id: number, audit?: (tx: Db, row: ScannerRow) => Promise<void>): Promise<ScannerRow | null> {
    const row = await db.transaction(async (tx) => {
      const revoked = await queries.revokeScanner(tx, id, now());
      if (revoked) await audit?.(tx, revoked);
      return revoked;
    });
    if (row) for (const [hash, entry] of sessions) if (entry.scanner.id === id) sessions.delete(hash);
    return row;
  }
  return {
    /** A new scanner credential; its code is answered once and stored hashed. */
    async add(name: string, audit?: (tx: Db, row: ScannerRow) => Promise<void>): Promise<{ id: number; name: string; code: string; row: ScannerRow }> {
      const code = newCode(16);
      const row = await db.transaction(async (tx) => {
        const inserted = await queries.insertScanner(tx, name, sha256(code));
        await audit?.(tx, inserted);
        return inserted;
      });
      return { id: row.id, name: row.name, code: groups(code), row };
    },
    list: () => queries.listScanners(db),
    /** Whether a live scanner was revoked. */
    revoke: async (id: number) => (await revokeWith(id)) !== null,
    /** A live scanner revoked (its devices signed out, on this instance at once), with the audit entry in the same transaction; null when there is none. */
    revokeWith: (id: number, audit: (tx: Db, row: ScannerRow) => Promise<void>) => revokeWith(id, audit),
    /** A device of the scanner synced: noted for the back office's list. */
    noteSync: (id: number) => queries.noteScannerSync(db, id, now()),
    /**
     * Signs a device in by a scanner's code: the session token for its cookie, or null for a wrong
     * or revoked code. With the device's address, a wrong code counts toward its limits (429 beyond).
     */
    async signIn(code: string, ip?: string): Promise<{ token: string; name: string; expiresAt: Date } | null> {
      const where = ip !== undefined && deps.networkKeys ? deps.networkKeys(ip) : null;
      const attempt = where
        ? await limiter.count(
            [
              { key: `scanner-login:address:${where.address}`, max: limits.perAddress },
              { key: `scanner-login:network:${where.network}`, max: limits.perNetwork },
            ],
            now(),
          )
        : null;
      const scanner = await queries.findLiveScannerByCodeHash(db, sha256(typedCode(code)));
      if (!scanner) {
        if (attempt?.over) {
          // Refused, and uncounted (as every limit's refusal): it keeps the script's count where it is.
          await attempt.takeBack();
          await noteAttack(db, 'scanner.sign-in-limit', null, now());
          throw limiter.refusal();
        }
        await noteAttack(db, 'scanner.sign-in-failed', null, now());
        return null;
      }
      await attempt?.takeBack();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + SCANNER_SESSION_MS);
      await queries.insertScannerSession(db, scanner.id, sha256(token), expiresAt);
      return { token, name: scanner.name, expiresAt };
    },
    async signOut(token: string): Promise<void> {
      sessions.delete(sha256(token));
      await queries.deleteScannerSession(db, sha256(token));
    },
    /** The scanner a session token belongs to, while the session lives and the scanner is not revoked. */
    async scannerOf(token: string): Promise<{ id: number; name: string } | null> {
      const hash = sha256(token);
      const cached = sessions.get(hash);
      if (cached && cached.until > performance.now()) return cached.scanner;
      const scanner = await queries.findScannerOfSession(db, hash, now());
      if (!scanner || sessionCacheMs <= 0) {
        sessions.delete(hash);
        return scanner;
      }
      if (sessions.size > 10_000) sessions.clear();
      sessions.set(hash, { until: performance.now() + sessionCacheMs, scanner });
      return scanner;
    },
  };
}

export type Scanners = ReturnType<typeof createScanners>;
