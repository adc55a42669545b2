/**
 * The signed ticket pass: what a ticket's QR code carries (decision 0038).
 *
 * Bytes, version 1:
 *   version (1) · key id · ticket id · event id · product id · travel time id (0: none) ·
 *   valid from · valid for · ticket code · age range · Ed25519 signature (64)
 * Numbers are unsigned LEB128 varints; times are whole minutes (from: since 2024-01-01 UTC; for:
 * the window's length). The ticket code is packed when it is the shop's alphabet (5 bits a
 * character, 13 bytes for 20 characters); the age range is a length byte and UTF-8. The holder's
 * name is not in the pass: anyone who photographs a QR code could read it, and it would make the
 * code a version larger; the scanner shows the name it synced or the server's. The signature covers a domain prefix and
 * every byte before it. The text in the QR code is the bytes in Base45 (RFC 9285), which QR
 * codes store in their alphanumeric mode at 5.5 bits a character.
 *
 * Shared by the server (which signs, and verifies online scans) and the scanner (which verifies
 * offline): nothing here touches a database or the network.
 */
import { getPublicKeyAsync, signAsync, verifyAsync } from '@noble/ed25519';
import { INTEGER_COLUMN_MAX } from './bounds';

export const TICKET_PASS_VERSION = 1;
const AGE_BYTES = 16;
const CODE_CHARS = 40;
const SIGNATURE_BYTES = 64;
/** Signed before the pass's bytes: a signature made for anything else never verifies as a ticket. */
const DOMAIN = new TextEncoder().encode('festival-shop ticket pass\u0000');
/** Minutes count from here (keeps the varints short). */
const EPOCH_MS = Date.UTC(2024, 0, 1);
/** The shop's code alphabet (no 0/O, 1/I/L): codes in it pack to 5 bits a character. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const PACKED = 0x80;
/** Ids are integer columns: a number no such column holds is no ticket's, and is refused as it is read. */
const MAX_VARINT = INTEGER_COLUMN_MAX;

export interface TicketPassFields {
  keyId: number;
  ticketId: number;
  eventId: number;
  productId: number;
  /** The departure a transport ticket is for; null for every other ticket. */
  travelTimeId: number | null;
  /** The window in which a gate may accept the pass (whole minutes; a list narrows it further). */
  validFrom: Date;
  validUntil: Date;
  /** The ticket's code: what download links carry and staff type in; a reassigned ticket gets a new one. */
  code: string;
  /** The holder's age range, for ID checks at the gate; null when the event asks none. */
  ageRange: string | null;
}

export type TicketPassRefusal = 'not-a-ticket' | 'unknown-version' | 'unknown-key' | 'bad-signature' | 'not-yet-valid' | 'expired';

export type TicketPassCheck = { ok: true; pass: TicketPassFields } | { ok: false; reason: TicketPassRefusal; pass?: TicketPassFields };

// ---- Base45 (RFC 9285) ----

const BASE45 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const BASE45_VALUE = new Map([...BASE45].map((char, index) => [char, index]));

export function base45Encode(bytes: Uint8Array): string {
  let out = '';
  for (let index = 0; index + 1 < bytes.length; index += 2) {
    let value = bytes[index]! * 256 + bytes[index + 1]!;
    for (let digit = 0; digit < 3; digit += 1) {
      out += BASE45[value % 45];
      value = Math.floor(value / 45);
    }
  }
  if (bytes.length % 2) {
    const value = bytes[bytes.length - 1]!;
    out += BASE45[value % 45]! + BASE45[Math.floor(value / 45)]!;
  }
  return out;
}

/** The bytes of a Base45 text, or null when it is not Base45 (a wrong character, length or value). */
export function base45Decode(text: string): Uint8Array | null {
  if (text.length % 3 === 1) return null;
  const out = new Uint8Array(Math.floor(text.length / 3) * 2 + (text.length % 3 ? 1 : 0));
  let at = 0;
  for (let index = 0; index < text.length; index += 3) {
    const chunk = text.slice(index, index + 3);
    let value = 0;
    for (let digit = chunk.length - 1; digit >= 0; digit -= 1) {
      const part = BASE45_VALUE.get(chunk[digit]!);
      if (part === undefined) return null;
      value = value * 45 + part;
    }
    if (chunk.length === 3) {
      if (value > 0xffff) return null;
      out[at++] = value >> 8;
      out[at++] = value & 0xff;
    } else {
      if (value > 0xff) return null;
      out[at++] = value;
    }
  }
  return out;
}

// ---- bytes ----

class Writer {
  private readonly bytes: number[] = [];
  byte(value: number) {
    this.bytes.push(value & 0xff);
  }
  varint(value: number) {
    if (!Number.isInteger(value) || value < 0 || value > MAX_VARINT) throw new RangeError(`not a pass number: ${value}`);
    let rest = value;
    while (rest >= 0x80) {
      this.bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.bytes.push(rest);
  }
  raw(bytes: Uint8Array) {
    for (const byte of bytes) this.bytes.push(byte);
  }
  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

class Reader {
  at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  byte(): number {
    if (this.at >= this.bytes.length) throw new RangeError('short');
    return this.bytes[this.at++]!;
  }
  varint(): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const byte = this.byte();
      value += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) {
        if (value > MAX_VARINT) throw new RangeError('too large');
        return value;
      }
    }
    throw new RangeError('too long');
  }
  raw(length: number): Uint8Array {
    if (this.at + length > this.bytes.length) throw new RangeError('short');
    const out = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

/** At most `limit` bytes of UTF-8, never a character cut in two. */
function cutUtf8(text: string, limit: number): Uint8Array {
  const bytes = utf8.encode(text);
  if (bytes.length <= limit) return bytes;
  let end = limit;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end);
}

function writeCode(writer: Writer, code: string) {
  if (!code || code.length > CODE_CHARS) throw new RangeError('a ticket code is 1 to 40 characters');
  if ([...code].every((char) => CODE_ALPHABET.includes(char))) {
    writer.byte(PACKED | code.length);
    let bits = 0;
    let held = 0;
    for (const char of code) {
      held = (held << 5) | CODE_ALPHABET.indexOf(char);
      bits += 5;
      while (bits >= 8) {
        bits -= 8;
        writer.byte(held >> bits);
        held &= (1 << bits) - 1;
      }
    }
    if (bits) writer.byte(held << (8 - bits));
    return;
  }
  const bytes = utf8.encode(code);
  if (bytes.length > CODE_CHARS) throw new RangeError('a ticket code is 1 to 40 characters');
  writer.byte(bytes.length);
  writer.raw(bytes);
}

function readCode(reader: Reader): string {
  const head = reader.byte();
  const length = head & ~PACKED;
  if (!length || length > CODE_CHARS) throw new RangeError('code length');
  if (!(head & PACKED)) return fromUtf8.decode(reader.raw(length));
  const bytes = reader.raw(Math.ceil((length * 5) / 8));
  let code = '';
  let bits = 0;
  let held = 0;
  let index = 0;
  while (code.length < length) {
    while (bits < 5) {
      held = (held << 8) | bytes[index++]!;
      bits += 8;
    }
    bits -= 5;
    const value = (held >> bits) & 31;
    held &= (1 << bits) - 1;
    const char = CODE_ALPHABET[value];
    if (char === undefined) throw new RangeError('code character');
    code += char;
  }
  return code;
}

function writeText(writer: Writer, text: string | null, limit: number) {
  const bytes = cutUtf8(text ?? '', limit);
  writer.byte(bytes.length);
  writer.raw(bytes);
}

function readText(reader: Reader, limit: number): string | null {
  const length = reader.byte();
  if (length > limit) throw new RangeError('text length');
  return length ? fromUtf8.decode(reader.raw(length)) : null;
}

const toMinutes = (date: Date) => Math.floor((date.getTime() - EPOCH_MS) / 60_000);
const fromMinutes = (minutes: number) => new Date(EPOCH_MS + minutes * 60_000);

/** The signed part of a pass: every field, in order. */
function encodeFields(fields: TicketPassFields): Uint8Array {
  const writer = new Writer();
  writer.byte(TICKET_PASS_VERSION);
  writer.varint(fields.keyId);
  writer.varint(fields.ticketId);
  writer.varint(fields.eventId);
  writer.varint(fields.productId);
  writer.varint(fields.travelTimeId ?? 0);
  const from = toMinutes(fields.validFrom);
  const until = Math.ceil((fields.validUntil.getTime() - EPOCH_MS) / 60_000);
  if (until <= from) throw new RangeError('a pass is valid for at least a minute');
  writer.varint(from);
  writer.varint(until - from);
  writeCode(writer, fields.code);
  writeText(writer, fields.ageRange, AGE_BYTES);
  return writer.done();
}

function signedMessage(body: Uint8Array): Uint8Array {
  const message = new Uint8Array(DOMAIN.length + body.length);
  message.set(DOMAIN);
  message.set(body, DOMAIN.length);
  return message;
}

/** The pass as stored in the QR code (Base45 text), signed with the event key's 32-byte private seed. */
export async function signTicketPass(fields: TicketPassFields, privateSeed: Uint8Array): Promise<string> {
  const body = encodeFields(fields);
  const signature = await signAsync(signedMessage(body), privateSeed);
  const bytes = new Uint8Array(body.length + SIGNATURE_BYTES);
  bytes.set(body);
  bytes.set(signature, body.length);
  return base45Encode(bytes);
}

/** The public key (32 bytes) of a private seed. */
export const ticketPublicKey = (privateSeed: Uint8Array): Promise<Uint8Array> => getPublicKeyAsync(privateSeed);

/** The fields of a pass text, unverified, or null when the text is no pass of ours (for telling "not a ticket" from a forgery). */
export function readTicketPass(text: string): { fields: TicketPassFields; body: Uint8Array; signature: Uint8Array } | null {
  // A pass is a few hundred characters; anything longer is no pass (and costs nothing to refuse).
  if (text.length > 400) return null;
  const bytes = base45Decode(text);
  if (!bytes || bytes.length < 1 + SIGNATURE_BYTES || bytes[0] !== TICKET_PASS_VERSION) return null;
  const reader = new Reader(bytes);
  try {
    reader.byte();
    const keyId = reader.varint();
    const ticketId = reader.varint();
    const eventId = reader.varint();
    const productId = reader.varint();
    const travelTimeId = reader.varint();
    const from = reader.varint();
    const length = reader.varint();
    const code = readCode(reader);
    const ageRange = readText(reader, AGE_BYTES);
    if (bytes.length - reader.at !== SIGNATURE_BYTES) return null;
    const body = bytes.subarray(0, reader.at);
    return {
      fields: { keyId, ticketId, eventId, productId, travelTimeId: travelTimeId || null, validFrom: fromMinutes(from), validUntil: fromMinutes(from + length), code, ageRange },
      body,
      signature: bytes.subarray(reader.at),
    };
  } catch {
    return null;
  }
}

/** Whether a text is a pass's version byte (0x01) under a version this scanner does not know: tells "update the scanner" from "not a ticket". */
function isOtherVersion(text: string): boolean {
  const bytes = text.length <= 400 ? base45Decode(text) : null;
  return !!bytes && bytes.length > 1 + SIGNATURE_BYTES && bytes[0] !== TICKET_PASS_VERSION && bytes[0]! > TICKET_PASS_VERSION && bytes[0]! < 16;
}

/**
 * Verifies a scanned text offline: a pass of ours, signed by a key the scanner holds for its
 * event, inside its window at `now`. The signature is checked before the window: a forged pass is
 * 'bad-signature', whatever its dates say.
 */
const nobleCheck: SignatureCheck = (signature, message, publicKey) => verifyAsync(signature, message, publicKey);

/** Checks an Ed25519 signature: noble's (any browser, any platform) unless the caller brings a faster one (the server: Node's own). */
export type SignatureCheck = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array, keyId: number) => boolean | Promise<boolean>;

export async function verifyTicketPass(text: string, publicKeys: ReadonlyMap<number, Uint8Array>, now: Date, check: SignatureCheck = nobleCheck): Promise<TicketPassCheck> {
  const read = readTicketPass(text);
  if (!read) return { ok: false, reason: isOtherVersion(text) ? 'unknown-version' : 'not-a-ticket' };
  const key = publicKeys.get(read.fields.keyId);
  if (!key) return { ok: false, reason: 'unknown-key', pass: read.fields };
  let valid = false;
  try {
    valid = await check(read.signature, signedMessage(read.body), key, read.fields.keyId);
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'bad-signature' };
  if (now < read.fields.validFrom) return { ok: false, reason: 'not-yet-valid', pass: read.fields };
  if (now >= read.fields.validUntil) return { ok: false, reason: 'expired', pass: read.fields };
  return { ok: true, pass: read.fields };
}
