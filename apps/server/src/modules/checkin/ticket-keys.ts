import { createHmac, createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import { signTicketPass, ticketPublicKey, type SignatureCheck, type TicketPassFields } from '@festival/contract/ticket-pass';
import type { Db } from '../../db/client';
import * as queries from './ticket-keys.queries';

/** Tickets of products without an event are signed under this event key. */
export const NO_EVENT = 0;

export const DAY_MS = 86_400_000;
/** How long after its event, departure or purchase a pass is still accepted (decision 0038): lists narrow it. */
export const PASS_AFTER_MS = 30 * DAY_MS;
/** A ticket with nothing to anchor it (no event date, no departure) is valid for a year from its purchase. */
export const UNANCHORED_MS = 365 * DAY_MS;

/**
 * Ed25519 by Node's own crypto (OpenSSL): about a tenth of a millisecond a signature, where the
 * pure-JavaScript check the scanner uses takes milliseconds. The check runs on libuv's thread pool
 * (the callback form), so the server's one JavaScript thread goes on with other requests, and with
 * this scan's ticket lookup, while OpenSSL checks. Public keys are turned into key objects once.
 */
export function createNodeSignatureCheck(): SignatureCheck {
  const byHex = new Map<string, KeyObject>();
  // The service hands the same key arrays again and again: found without hex-encoding them.
  const byArray = new WeakMap<Uint8Array, KeyObject>();
  const keyObject = (publicKey: Uint8Array) => {
    let key = byArray.get(publicKey);
    if (key) return key;
    const hexKey = Buffer.from(publicKey).toString('hex');
    key = byHex.get(hexKey);
    if (!key) {
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' });
      byHex.set(hexKey, key);
    }
    byArray.set(publicKey, key);
    return key;
  };
  return (signature, message, publicKey) => {
    if (signature.length !== 64) return false;
    const key = keyObject(publicKey);
    return new Promise<boolean>((resolve) => verify(null, message, key, signature, (error, valid) => resolve(!error && valid)));
  };
}

/** The private key's 32-byte seed: never stored, derived from the shop's secret and the key's salt. */
export function deriveSeed(appSecret: string, salt: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', appSecret).update(`ticket-pass-key:${salt}`).digest());
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * The window a pass carries: from the ticket's purchase (to the minute) until 30 days after its
 * departure, its event's start, or (with neither) a year after the purchase.
 */
export function passWindow(issuedAt: Date, anchor: Date | null): { validFrom: Date; validUntil: Date } {
  const validFrom = new Date(Math.floor(issuedAt.getTime() / 60_000) * 60_000);
  const end = (anchor ? anchor.getTime() : issuedAt.getTime() + UNANCHORED_MS) + PASS_AFTER_MS;
  return { validFrom, validUntil: new Date(Math.max(end, validFrom.getTime() + DAY_MS)) };
}

export interface PassTicket {
  id: number;
  code: string;
  shopItemId: number;
  travelTimeId: number | null;
  age: string | null;
  createdAt: Date;
  eventId: number | null;
  /** The departure, the event's start or null: what the window hangs on. */
  anchor: Date | null;
}

/**
 * The event keys that sign ticket passes (decision 0038). The signing key of an event is its
 * newest live generation that the shop's secret (or a previous one still configured) derives; an
 * event without one gets one on its first pass, so no set-up step can be forgotten. Seeds are
 * kept in memory once derived.
 */
export function createTicketKeys(deps: { db: Db; /** APP_SECRET first, then previous ones. */ secrets: readonly string[] }) {
  const { db, secrets } = deps;
  const seeds = new Map<number, Uint8Array | null>();

  async function seedOf(key: queries.TicketKeyRow): Promise<Uint8Array | null> {
    if (seeds.has(key.id)) return seeds.get(key.id)!;
    let found: Uint8Array | null = null;
    for (const secret of secrets) {
      const seed = deriveSeed(secret, key.salt);
      if (hex(await ticketPublicKey(seed)) === key.publicKey) {
        found = seed;
        break;
      }
    }
    seeds.set(key.id, found);
    return found;
  }

  /**
   * Adds the generation after `seen`, the newest the caller read: a racing caller that read the same
   * adds the same generation, and only the first of them lands.
   */
  async function addKey(eventKey: number, seen: number): Promise<void> {
    const salt = randomBytes(16).toString('hex');
    const publicKey = hex(await ticketPublicKey(deriveSeed(secrets[0]!, salt)));
    await queries.insertKey(db, eventKey, seen + 1, salt, publicKey);
  }

  async function signingKey(eventKey: number): Promise<{ id: number; seed: Uint8Array }> {
    // The second round finds the key this call (or a racing one) added. The newest generation is read
    // before the live keys: racing callers that found no key then add the same generation, and one lands.
    for (let round = 0; round < 3; round += 1) {
      const seen = await queries.newestGeneration(db, eventKey);
      const [newest] = await queries.listLiveKeys(db, eventKey);
      const seed = newest ? await seedOf(newest) : null;
      if (newest && seed) return { id: newest.id, seed };
      // No key yet, or one of an APP_SECRET no longer configured (it cannot sign): a new generation takes over.
      await addKey(eventKey, seen);
    }
    throw new Error(`no ticket key could be made for event ${eventKey}`);
  }

  return {
    /** The QR code's text for a ticket: its pass, signed with its event's current key. */
    async passFor(ticket: PassTicket): Promise<string> {
      const eventKey = ticket.eventId ?? NO_EVENT;
      const key = await signingKey(eventKey);
      const fields: TicketPassFields = {
        keyId: key.id,
        ticketId: ticket.id,
        eventId: eventKey,
        productId: ticket.shopItemId,
        travelTimeId: ticket.travelTimeId,
        ...passWindow(ticket.createdAt, ticket.anchor),
        code: ticket.code,
        ageRange: ticket.age,
      };
      return signTicketPass(fields, key.seed);
    },

    /**
     * The public keys a scanner takes offline: the event gets its signing key now if it has none
     * yet, so a pass downloaded after the sync is signed by a key the scanner already holds.
     */
    async scannerKeys(eventKey: number): Promise<Map<number, Uint8Array>> {
      await signingKey(eventKey);
      return this.publicKeys(eventKey);
    },

    /** An event's public keys that verify (for scanners), by key id. */
    async publicKeys(eventKey: number): Promise<Map<number, Uint8Array>> {
      return new Map((await queries.listLiveKeys(db, eventKey)).map((key) => [key.id, new Uint8Array(Buffer.from(key.publicKey, 'hex'))]));
    },

    /**
     * A new generation for every event (and tickets without one): passes downloaded from now on are
     * signed with it, passes already out keep verifying unless `retire` (a key that leaked), when
     * the older generations stop verifying at once and their holders must download again.
     */
    async rotate(options: { retire: boolean; at: Date }): Promise<{ eventKey: number; eventName: string | null; generation: number; retired: number }[]> {
      const targets = [{ id: NO_EVENT, name: null as string | null }, ...(await queries.listEventIds(db))];
      const done = [];
      for (const event of targets) {
        await addKey(event.id, await queries.newestGeneration(db, event.id));
        const [newest] = await queries.listLiveKeys(db, event.id);
        const retired = options.retire && newest ? await queries.retireKeysBefore(db, event.id, newest.generation, options.at) : 0;
        done.push({ eventKey: event.id, eventName: event.name, generation: newest?.generation ?? 0, retired });
      }
      seeds.clear();
      return done;
    },

    listKeys: () => queries.listAllKeys(db),
  };
}

export type TicketKeys = ReturnType<typeof createTicketKeys>;
