import { describe, expect, it } from 'vitest';
import { base45Decode, base45Encode, readTicketPass, signTicketPass, ticketPublicKey, verifyTicketPass, type TicketPassFields } from './ticket-pass';

const seed = (fill: number) => new Uint8Array(32).fill(fill);
const KEY_A = seed(7);
const KEY_B = seed(9);

const fields: TicketPassFields = {
  keyId: 3,
  ticketId: 184_223,
  eventId: 2,
  productId: 41,
  travelTimeId: 17,
  validFrom: new Date('2027-07-01T08:00:00Z'),
  validUntil: new Date('2027-07-06T12:00:00Z'),
  code: 'K7MZ3QHXW9PRT2AVNB4E',
  ageRange: '25-34',
};
const DURING = new Date('2027-07-03T15:00:00Z');

async function keysOf(entries: [number, Uint8Array][]) {
  return new Map(await Promise.all(entries.map(async ([id, privateSeed]) => [id, await ticketPublicKey(privateSeed)] as const)));
}

describe('Base45 (RFC 9285)', () => {
  it('encodes and decodes the RFC examples', () => {
    const examples: [string, string][] = [
      ['AB', 'BB8'],
      ['Hello!!', '%69 VD92EX0'],
      ['base-45', 'UJCLQE7W581'],
      ['ietf!', 'QED8WEX0'],
    ];
    for (const [plain, encoded] of examples) {
      expect(base45Encode(new TextEncoder().encode(plain))).toBe(encoded);
      expect(new TextDecoder().decode(base45Decode(encoded)!)).toBe(plain);
    }
  });

  it('refuses texts that are not Base45', () => {
    for (const text of ['GGW', 'a', 'ABCD', 'abc', '::::', 'ÄBC']) expect(base45Decode(text), text).toBeNull();
  });

  it('round-trips every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    expect([...base45Decode(base45Encode(bytes))!]).toEqual([...bytes]);
  });
});

describe('signed ticket pass', () => {
  it('verifies a pass signed by the event key and reads back every field', async () => {
    const text = await signTicketPass(fields, KEY_A);
    expect(text).toMatch(/^[0-9A-Z $%*+\-./:]+$/);
    const check = await verifyTicketPass(text, await keysOf([[3, KEY_A]]), DURING);
    expect(check).toEqual({ ok: true, pass: fields });
  });

  it('is small: a shuttle ticket fits a version 6 QR code at error correction M, and one with the largest fields version 7', async () => {
    // Version 6-M holds 154 alphanumeric characters, version 7-M 178 (ISO/IEC 18004, table 7).
    expect((await signTicketPass(fields, KEY_A)).length).toBeLessThanOrEqual(154);
    const text = await signTicketPass(
      { ...fields, keyId: 40_000, ticketId: 2 ** 31 - 1, eventId: 90_000, productId: 90_000, travelTimeId: 2_000_000, validFrom: new Date('2040-01-01T00:00:00Z'), validUntil: new Date('2042-01-01T00:00:00Z'), ageRange: '65 and older' },
      KEY_A,
    );
    expect(text.length).toBeLessThanOrEqual(178);
    const short = await signTicketPass({ ...fields, travelTimeId: null, ageRange: null }, KEY_A);
    expect(short.length).toBeLessThan(text.length);
  });

  it('signs the same ticket the same way every download', async () => {
    expect(await signTicketPass(fields, KEY_A)).toBe(await signTicketPass({ ...fields }, KEY_A));
  });

  it('carries an age range in any script, and cuts one too long at a character boundary', async () => {
    for (const ageRange of ['18–24', '六十五歳以上', 'über 65 Jahre alt, mit Ausweis']) {
      const read = readTicketPass(await signTicketPass({ ...fields, ageRange }, KEY_A))!;
      expect(new TextEncoder().encode(read.fields.ageRange!).length).toBeLessThanOrEqual(16);
      expect(ageRange.startsWith(read.fields.ageRange!)).toBe(true);
    }
  });

  it('packs a shop code and still carries a code of another form', async () => {
    for (const code of ['K7MZ3QHXW9PRT2AVNB4E', 'A', 'PLANTICKET', 'legacy-code_01', 'X'.repeat(40)]) {
      const read = readTicketPass(await signTicketPass({ ...fields, code }, KEY_A))!;
      expect(read.fields.code).toBe(code);
    }
  });

  it('reads a pass whose text begins with a space (a Base45 digit, not padding)', async () => {
    // The first two bytes, version 1 and key id 50, are 306 = 36 (the space) + 6 × 45.
    const text = await signTicketPass({ ...fields, keyId: 50 }, KEY_A);
    expect(text.startsWith(' ')).toBe(true);
    expect(await verifyTicketPass(text, await keysOf([[50, KEY_A]]), DURING)).toEqual({ ok: true, pass: { ...fields, keyId: 50 } });
  });

  it('refuses every pass with one byte changed, anywhere', async () => {
    const text = await signTicketPass(fields, KEY_A);
    const bytes = base45Decode(text)!;
    const keys = await keysOf([[3, KEY_A]]);
    for (let index = 0; index < bytes.length; index += 1) {
      const tampered = Uint8Array.from(bytes);
      tampered[index] = tampered[index]! ^ 0x01;
      const check = await verifyTicketPass(base45Encode(tampered), keys, DURING);
      expect(check.ok, `byte ${index}`).toBe(false);
    }
  });

  it('refuses a pass whose ticket id was raised to another ticket, as a forgery', async () => {
    const read = readTicketPass(await signTicketPass(fields, KEY_A))!;
    const other = await signTicketPass({ ...fields, ticketId: fields.ticketId + 1 }, KEY_B);
    const forged = readTicketPass(other)!;
    // The other ticket's body with the first ticket's signature.
    const bytes = new Uint8Array(forged.body.length + 64);
    bytes.set(forged.body);
    bytes.set(read.signature, forged.body.length);
    const check = await verifyTicketPass(base45Encode(bytes), await keysOf([[3, KEY_A]]), DURING);
    expect(check).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a pass signed with another key under the right key id', async () => {
    const text = await signTicketPass(fields, KEY_B);
    expect(await verifyTicketPass(text, await keysOf([[3, KEY_A]]), DURING)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('verifies passes of a rotated key and of the key before it, and refuses a key it does not hold', async () => {
    const old = await signTicketPass(fields, KEY_A);
    const rotated = await signTicketPass({ ...fields, keyId: 4 }, KEY_B);
    const both = await keysOf([
      [3, KEY_A],
      [4, KEY_B],
    ]);
    expect((await verifyTicketPass(old, both, DURING)).ok).toBe(true);
    expect((await verifyTicketPass(rotated, both, DURING)).ok).toBe(true);
    const onlyNew = await keysOf([[4, KEY_B]]);
    expect(await verifyTicketPass(old, onlyNew, DURING)).toMatchObject({ ok: false, reason: 'unknown-key' });
  });

  it('refuses a pass outside its window, and only after its signature verified', async () => {
    const text = await signTicketPass(fields, KEY_A);
    const keys = await keysOf([[3, KEY_A]]);
    expect(await verifyTicketPass(text, keys, new Date('2027-07-01T07:59:59Z'))).toMatchObject({ ok: false, reason: 'not-yet-valid' });
    expect((await verifyTicketPass(text, keys, new Date('2027-07-01T08:00:00Z'))).ok).toBe(true);
    expect((await verifyTicketPass(text, keys, new Date('2027-07-06T11:59:59Z'))).ok).toBe(true);
    expect(await verifyTicketPass(text, keys, new Date('2027-07-06T12:00:00Z'))).toMatchObject({ ok: false, reason: 'expired' });
    const forged = await signTicketPass(fields, KEY_B);
    expect(await verifyTicketPass(forged, keys, new Date('2030-01-01T00:00:00Z'))).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('tells a text that is no pass of ours from a pass of a newer version', async () => {
    const keys = await keysOf([[3, KEY_A]]);
    for (const text of ['', 'https://example.org/', 'K7MZ3QHXW9PRT2AVNB4E', '00', 'A'.repeat(5000), base45Encode(new Uint8Array(80).fill(1))]) {
      expect(await verifyTicketPass(text, keys, DURING), text.slice(0, 20)).toEqual({ ok: false, reason: 'not-a-ticket' });
    }
    const bytes = base45Decode(await signTicketPass(fields, KEY_A))!;
    bytes[0] = 2;
    expect(await verifyTicketPass(base45Encode(bytes), keys, DURING)).toEqual({ ok: false, reason: 'unknown-version' });
  });

  it('refuses fields no pass can carry', async () => {
    await expect(signTicketPass({ ...fields, ticketId: -1 }, KEY_A)).rejects.toThrow(RangeError);
    await expect(signTicketPass({ ...fields, ticketId: 2 ** 31 }, KEY_A)).rejects.toThrow(RangeError);
    // Nor reads one: a ticket id one beyond the integer columns (2^31 - 1 is ff ff ff ff 07, 2^31 is 80 80 80 80 08).
    const largest = base45Decode(await signTicketPass({ ...fields, ticketId: 2 ** 31 - 1 }, KEY_A))!;
    expect(readTicketPass(base45Encode(largest))?.fields.ticketId).toBe(2 ** 31 - 1);
    const at = largest.findIndex((_, index) => [0xff, 0xff, 0xff, 0xff, 0x07].every((byte, offset) => largest[index + offset] === byte));
    largest.set([0x80, 0x80, 0x80, 0x80, 0x08], at);
    expect(readTicketPass(base45Encode(largest))).toBeNull();
    await expect(signTicketPass({ ...fields, code: '' }, KEY_A)).rejects.toThrow(RangeError);
    await expect(signTicketPass({ ...fields, validUntil: fields.validFrom }, KEY_A)).rejects.toThrow(RangeError);
  });
});
