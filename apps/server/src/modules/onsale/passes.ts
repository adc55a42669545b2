import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKeys } from '../../lib/derived-keys';

/**
 * The waiting room's signed passes (issue 23, "Fair order": a place is bound to a signed pass that
 * cannot be forged or replayed after expiry; "The shop enforces it": stock calls need a valid
 * admission pass).
 *
 * Two kinds, one format:
 * - a **place pass** proves which queue place is the visitor's (the waiting page sends it with
 *   every update, so a reload or a lost connection keeps the place);
 * - an **admission pass** says the holder of that place may shop until it expires (the stock
 *   calls check it; renewing the session is signing a new one).
 * A pass names its kind, its on-sale and its place, and verification asks for all three: a place
 * pass opens no stock call, and neither kind opens another on-sale or another place. It carries
 * the place's order in the queue (phase and random key), so the waiting page's updates need no
 * database read to say where the place stands. It is bound to its holder (a keyed hash of the
 * customer account): the holder is MAC'd with the payload but not written in it, so a pass checked
 * for anyone else fails its signature. Admission passes are bound (a bot farm cannot share one
 * admitted account's pass among its accounts); place passes are not (the waiting page asks
 * without a session, and a place pass lets its bearer see a position, nothing more).
 *
 * Text: `<payload>.<mac>`, both base64url without padding. Payload bytes, version 1:
 *   version (1) · kind (1: 1 place, 2 admission, 3 preview, 4 preview admission) · key id (4) · place id (8, unsigned, big-endian) ·
 *   phase (1: 0 pre-queue, 1 after the opening) · random key (8, signed, big-endian) ·
 *   issued at (6, ms since 1970, unsigned, big-endian) · expires at (6, the same) ·
 *   on-sale code length (1, 1-64) · on-sale code (UTF-8)
 * The MAC is HMAC-SHA256 (all 32 bytes) over a domain prefix, the payload bytes and the holder,
 * under a key derived from APP_SECRET for this one purpose. A pass is 94-178 characters.
 *
 * Verification never throws and does bounded work whatever it is given: the text's length is
 * capped before anything else looks at it, the pattern checks are linear, and base64url must be
 * canonical (Node's decoder ignores stray characters and unused bits, so without that check two
 * texts could carry one pass). The MAC is checked, in constant time, before any field is trusted.
 */

/**
 * `preview` and `preview-admission` (decision 0098): an admin's preview link before the opening
 * (its place id the on-sale's row id, its random key the staff member's id, bound to the shop
 * account of the member's e-mail address), and the admission it gives that account (its place id
 * the on-sale's row id: no queue place).
 */
export type PassKind = 'place' | 'admission' | 'preview' | 'preview-admission';

export interface OnsalePass {
  kind: PassKind;
  /** The on-sale's code (what the catalogue names it). */
  onsale: string;
  /** The queue place's id. */
  placeId: number;
  /** The place's order in the queue: phase 0 (the pre-queue, by random key) or 1 (after the opening, key 0, by id). */
  phase: 0 | 1;
  randomKey: bigint;
  /** Who the pass is for (a keyed hash of the account; '' for none): checked through the MAC, not carried. */
  holder: string;
  issuedAt: Date;
  /** Refused from this instant on (for an admission pass: the end of the admitted session). */
  expiresAt: Date;
}

/**
 * Why a pass was refused. `too-long`, `malformed`, `unknown-version`, `unknown-key` and
 * `bad-signature` mean the text is not a pass this shop signed (or not under a secret it still
 * honours); the others mean it is one, but not for this call or not now.
 */
export type PassRefusal =
  | 'too-long'
  | 'malformed'
  | 'unknown-version'
  | 'unknown-key'
  | 'bad-signature'
  | 'wrong-kind'
  | 'wrong-onsale'
  | 'issued-in-future'
  | 'expired';

export type PassCheck = { ok: true; pass: OnsalePass } | { ok: false; reason: PassRefusal };

export interface PassExpectation {
  now: Date;
  /** The on-sale the call is about. */
  onsale: string;
  kind: PassKind;
  /** The holder the pass must have been signed for ('' for an unbound place pass). */
  holder: string;
  /** How far ahead of `now` an issue time may lie (instances' clocks differ a little); default 2 minutes. */
  clockSkewMs?: number;
}

const VERSION = 1;
const KIND_BYTE: Record<PassKind, number> = { place: 1, admission: 2, preview: 3, 'preview-admission': 4 };
const KIND_OF_BYTE = new Map<number, PassKind>([
  [1, 'place'],
  [2, 'admission'],
  [3, 'preview'],
  [4, 'preview-admission'],
]);
const KEY_ID_BYTES = 4;
const HEADER_BYTES = 1 + 1 + KEY_ID_BYTES + 8 + 1 + 8 + 6 + 6 + 1;
/** Where the fields after the place id start. */
const PHASE_AT = 14;
const KEY_AT = 15;
const ISSUED_AT = 23;
const EXPIRES_AT = 29;
const CODE_LENGTH_AT = 35;
const HOLDER_MAX_BYTES = 64;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
export const ONSALE_CODE_MAX_BYTES = 64;
const MAC_BYTES = 32;
const MAX_TIME_MS = 2 ** 48 - 1;
export const DEFAULT_CLOCK_SKEW_MS = 2 * 60_000;

const base64urlLength = (bytes: number) => Math.ceil((bytes * 4) / 3);
const MAC_TEXT_LENGTH = base64urlLength(MAC_BYTES);
/** The longest text that can be a pass: anything longer is refused before it is read. */
export const PASS_TEXT_MAX_LENGTH = base64urlLength(HEADER_BYTES + ONSALE_CODE_MAX_BYTES) + 1 + MAC_TEXT_LENGTH;
const PASS_PATTERN = new RegExp(`^([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]{${MAC_TEXT_LENGTH}})$`);

/** MAC'd before the payload: a MAC made for anything else under a related key never matches. */
const DOMAIN = Buffer.from('festival-shop onsale pass\u0000');

interface PassKey {
  key: Buffer;
  id: Buffer;
}

/**
 * The passes' key is derived from APP_SECRET rather than being it, so no MAC made here equals one
 * the secret makes for another use (order links, session tokens, network keys).
 */
function deriveKey(appSecret: string): PassKey {
  const key = createHmac('sha256', appSecret).update('festival-shop/onsale-passes/v1').digest();
  // The key's id: a one-way function of the key, so after APP_SECRET changes the pass is checked
  // under the right one of the honoured secrets, and the id says nothing about the key.
  return { key, id: createHmac('sha256', key).update('key-id').digest().subarray(0, KEY_ID_BYTES) };
}

/** Derived once per secret: every waiting-page update and stock call checks a pass. */
const passKey = derivedKeys(deriveKey);

function macOf(key: Buffer, payload: Buffer, holder: string): Buffer {
  // The holder after the fixed-length-framed payload, so no payload and holder run into another pair.
  return createHmac('sha256', key).update(DOMAIN).update(payload).update(holder, 'utf8').digest();
}

/** The pass as text, signed under the current secret. Throws on values no pass can carry (a bug of the caller, not a visitor's input). */
export function signPass(appSecret: string, pass: OnsalePass): string {
  if (!appSecret) throw new RangeError('no secret to sign a pass with');
  const kind = KIND_BYTE[pass.kind];
  if (kind === undefined) throw new RangeError(`not a pass kind: ${String(pass.kind)}`);
  const code = Buffer.from(pass.onsale, 'utf8');
  if (code.length < 1 || code.length > ONSALE_CODE_MAX_BYTES || code.toString('utf8') !== pass.onsale) throw new RangeError('an on-sale code is 1-64 bytes of UTF-8');
  if (!Number.isSafeInteger(pass.placeId) || pass.placeId < 1) throw new RangeError(`not a place id: ${pass.placeId}`);
  if (pass.phase !== 0 && pass.phase !== 1) throw new RangeError(`not a queue phase: ${String(pass.phase)}`);
  if (typeof pass.randomKey !== 'bigint' || pass.randomKey < INT64_MIN || pass.randomKey > INT64_MAX) throw new RangeError('a random key is a signed 64-bit integer');
  if (typeof pass.holder !== 'string' || Buffer.byteLength(pass.holder) > HOLDER_MAX_BYTES) throw new RangeError('a holder is up to 64 bytes');
  if (pass.kind !== 'place' && !pass.holder) throw new RangeError('an admission or preview pass is bound to its holder');
  const issuedAt = pass.issuedAt.getTime();
  const expiresAt = pass.expiresAt.getTime();
  for (const time of [issuedAt, expiresAt]) if (!Number.isSafeInteger(time) || time < 0 || time > MAX_TIME_MS) throw new RangeError('a pass time is a valid date after 1970');
  if (expiresAt <= issuedAt) throw new RangeError('a pass expires after it is issued');

  const { key, id } = passKey(appSecret);
  const payload = Buffer.alloc(HEADER_BYTES + code.length);
  payload[0] = VERSION;
  payload[1] = kind;
  id.copy(payload, 2);
  payload.writeBigUInt64BE(BigInt(pass.placeId), 6);
  payload[PHASE_AT] = pass.phase;
  payload.writeBigInt64BE(pass.randomKey, KEY_AT);
  payload.writeUIntBE(issuedAt, ISSUED_AT, 6);
  payload.writeUIntBE(expiresAt, EXPIRES_AT, 6);
  payload[CODE_LENGTH_AT] = code.length;
  code.copy(payload, HEADER_BYTES);
  return `${payload.toString('base64url')}.${macOf(key, payload, pass.holder).toString('base64url')}`;
}

/** The bytes of canonical base64url text, or null (a text Node would decode to the same bytes as another is not canonical). */
function decodeCanonical(text: string): Buffer | null {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

const refuse = (reason: PassRefusal): PassCheck => ({ ok: false, reason });

/**
 * Whether `text` is a pass of the expected kind for the expected on-sale, signed under one of
 * `appSecrets` (APP_SECRET first, then APP_SECRET_PREVIOUS), and not expired at `now`. Never
 * throws: anything a visitor sends is a pass or a refusal with its reason.
 */
export function verifyPass(appSecrets: string | readonly string[], text: unknown, expected: PassExpectation): PassCheck {
  if (typeof text !== 'string') return refuse('malformed');
  if (text.length > PASS_TEXT_MAX_LENGTH) return refuse('too-long');
  const parts = PASS_PATTERN.exec(text);
  if (!parts) return refuse('malformed');
  const payload = decodeCanonical(parts[1]!);
  const mac = decodeCanonical(parts[2]!);
  if (!payload || !mac || mac.length !== MAC_BYTES || payload.length < 1) return refuse('malformed');
  if (payload[0] !== VERSION) return refuse('unknown-version');
  if (payload.length < HEADER_BYTES) return refuse('malformed');

  const keyId = payload.subarray(2, 2 + KEY_ID_BYTES);
  const candidates = (typeof appSecrets === 'string' ? [appSecrets] : appSecrets)
    .filter((secret) => typeof secret === 'string' && secret.length > 0)
    .map(passKey)
    .filter((candidate) => candidate.id.equals(keyId));
  if (candidates.length === 0) return refuse('unknown-key');
  // Every key with that id (two secrets sharing a 32-bit id is unlikely, not impossible).
  const holder = typeof expected.holder === 'string' ? expected.holder : '';
  if (!candidates.some((candidate) => timingSafeEqual(macOf(candidate.key, payload, holder), mac))) return refuse('bad-signature');

  // Signed by this shop from here on: a bad field is a bug of the signer, still refused, never thrown.
  const kind = KIND_OF_BYTE.get(payload[1]!);
  const codeLength = payload[CODE_LENGTH_AT]!;
  const placeId = payload.readBigUInt64BE(6);
  const phase = payload[PHASE_AT]!;
  const randomKey = payload.readBigInt64BE(KEY_AT);
  if (!kind || codeLength < 1 || payload.length !== HEADER_BYTES + codeLength || placeId < 1n || placeId > BigInt(Number.MAX_SAFE_INTEGER) || (phase !== 0 && phase !== 1)) return refuse('malformed');
  const issuedAt = payload.readUIntBE(ISSUED_AT, 6);
  const expiresAt = payload.readUIntBE(EXPIRES_AT, 6);
  const onsale = payload.subarray(HEADER_BYTES).toString('utf8');

  if (kind !== expected.kind) return refuse('wrong-kind');
  if (onsale !== expected.onsale) return refuse('wrong-onsale');
  const now = expected.now.getTime();
  // An unreadable clock admits nobody rather than everybody.
  if (!Number.isFinite(now)) return refuse('expired');
  const skew = expected.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS;
  if (issuedAt > now + skew) return refuse('issued-in-future');
  // Exactly at its expiry a pass is already refused: `expiresAt` is the first instant it is not valid.
  if (now >= expiresAt) return refuse('expired');
  return { ok: true, pass: { kind, onsale, placeId: Number(placeId), phase, randomKey, holder, issuedAt: new Date(issuedAt), expiresAt: new Date(expiresAt) } };
}
