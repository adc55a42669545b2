import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, otpauthUri, totpCode, totpStep } from './totp';

/** RFC 6238 appendix B's SHA-1 secret and vectors (8 digits there; a 6-digit code is their last six). */
const RFC_SECRET = new TextEncoder().encode('12345678901234567890');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it('gives RFC 6238’s codes for its test secret', () => {
    for (const [seconds, code] of RFC_VECTORS) expect(totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000))), String(seconds)).toBe(code.slice(-6));
  });

  it('writes and reads secrets in Base32 as authenticator apps do', () => {
    expect(base32Encode(RFC_SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv-gy3tqojqgezdgnbvgy3tqojq')).toEqual(RFC_SECRET);
    expect(base32Decode('GEZ1')).toBeNull();
    for (const length of [1, 5, 10, 19, 20, 32]) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 37 + length) % 256);
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    }
  });

  it('takes a code for the step before, now and after, once, and nothing older or later', () => {
    const at = new Date(1_111_111_111_000);
    const now = totpStep(at);
    for (const step of [now - 1, now, now + 1]) expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step), at, null)).toBe(step);
    for (const step of [now - 2, now + 2]) expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step), at, null)).toBeNull();
    // Replay: a code of a step already taken (or before it) is refused.
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now), at, now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 1), at, now - 1)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 1), at, now)).toBe(now + 1);
    // Typed with a space, as apps show it; anything not six digits is no code.
    const code = totpCode(RFC_SECRET, now);
    expect(matchTotp(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, at, null)).toBe(now);
    for (const typed of ['', '12345', '1234567', 'abcdef', `${code}0`, '٠١٢٣٤٥']) expect(matchTotp(RFC_SECRET, typed, at, null), typed).toBeNull();
  });

  it('makes the otpauth link authenticator apps read', () => {
    const uri = new URL(otpauthUri('Noordwest Festival', 'anna@example.org', RFC_SECRET));
    expect(uri.protocol).toBe('otpauth:');
    expect([uri.host, decodeURIComponent(uri.pathname)]).toEqual(['totp', '/Noordwest Festival:anna@example.org']);
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', issuer: 'Noordwest Festival', algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
