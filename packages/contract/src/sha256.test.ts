import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from './sha256';
import { leadingZeroBits, proofInput } from './waiting-room';

const nodeDigest = (text: string) => new Uint8Array(createHash('sha256').update(text, 'utf8').digest());

describe('the waiting page’s SHA-256', () => {
  it('gives the standard digests of the test vectors', () => {
    expect(Buffer.from(sha256('')).toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(Buffer.from(sha256('abc')).toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(Buffer.from(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toString('hex')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('agrees with node:crypto on texts of every length around the block edges, and on non-ASCII text', () => {
    for (let length = 0; length < 200; length += 1) {
      const text = randomBytes(length).toString('base64').slice(0, length);
      expect(sha256(text)).toEqual(nodeDigest(text));
    }
    for (const text of ['Zoë’s ticket 🎟', 'ß'.repeat(70), '\u0000\uffff']) expect(sha256(text)).toEqual(nodeDigest(text));
  });

  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x10]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
    // A proof found with this hash holds under node:crypto's.
    let nonce = 0;
    while (leadingZeroBits(sha256(proofInput('challenge', nonce.toString(36)))) < 8) nonce += 1;
    expect(leadingZeroBits(nodeDigest(proofInput('challenge', nonce.toString(36))))).toBeGreaterThanOrEqual(8);
  });
});
