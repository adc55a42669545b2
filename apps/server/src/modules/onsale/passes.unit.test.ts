import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ONSALE_CODE_MAX_BYTES, PASS_TEXT_MAX_LENGTH, signPass, verifyPass, type OnsalePass, type PassExpectation } from './passes';

const SECRET = 'onsale-passes-unit-secret-of-at-least-32-chars';
const PREVIOUS = 'onsale-passes-previous-secret-of-32-characters';
const issuedAt = new Date('2027-03-01T09:59:59.900Z');
const HOLDER = 'holder-hash-of-customer-7';
const place: OnsalePass = { kind: 'place', onsale: 'SUMMER27', placeId: 123_456, phase: 0, randomKey: -4_611_686_018_427_387_904n, holder: '', issuedAt, expiresAt: new Date('2027-03-01T14:00:00Z') };
const admission: OnsalePass = { kind: 'admission', onsale: 'SUMMER27', placeId: 123_456, phase: 0, randomKey: -4_611_686_018_427_387_904n, holder: HOLDER, issuedAt: new Date('2027-03-01T10:03:00Z'), expiresAt: new Date('2027-03-01T10:18:00Z') };
const at = (iso: string) => new Date(iso);
const expectPlace = (now = at('2027-03-01T10:00:00Z')): PassExpectation => ({ now, onsale: 'SUMMER27', kind: 'place', holder: '' });
const expectAdmission = (now = at('2027-03-01T10:05:00Z')): PassExpectation => ({ now, onsale: 'SUMMER27', kind: 'admission', holder: HOLDER });
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('on-sale passes: signing and reading', () => {
  it('reads back what it signed, for both kinds', () => {
    expect(verifyPass(SECRET, signPass(SECRET, place), expectPlace())).toEqual({ ok: true, pass: place });
    expect(verifyPass([SECRET], signPass(SECRET, admission), expectAdmission())).toEqual({ ok: true, pass: admission });
    const unicode = { ...place, onsale: 'FÊTE-2027-🎉', placeId: Number.MAX_SAFE_INTEGER, phase: 1 as const, randomKey: 0n };
    const extremes = [-(2n ** 63n), 2n ** 63n - 1n].map((randomKey) => ({ ...place, randomKey }));
    for (const pass of extremes) expect(verifyPass(SECRET, signPass(SECRET, pass), expectPlace())).toEqual({ ok: true, pass });
    expect(verifyPass(SECRET, signPass(SECRET, unicode), { ...expectPlace(), onsale: 'FÊTE-2027-🎉' })).toEqual({ ok: true, pass: unicode });
  });

  it('writes compact base64url text: payload, a dot, a 256-bit MAC', () => {
    const text = signPass(SECRET, place);
    expect(text).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(text.length).toBeLessThan(110);
    const longest = signPass(SECRET, { ...place, onsale: 'X'.repeat(ONSALE_CODE_MAX_BYTES) });
    expect(longest).toHaveLength(PASS_TEXT_MAX_LENGTH);
    expect(verifyPass(SECRET, longest, { ...expectPlace(), onsale: 'X'.repeat(ONSALE_CODE_MAX_BYTES) }).ok).toBe(true);
    // Passes differ in every signed field, so no field can be left out of the MAC unnoticed.
    const variants = [place, admission, { ...place, placeId: 123_457 }, { ...place, onsale: 'SUMMER28' }, { ...place, issuedAt: new Date(issuedAt.getTime() + 1) }, { ...place, expiresAt: new Date(place.expiresAt.getTime() + 1) }, { ...place, phase: 1 as const }, { ...place, randomKey: place.randomKey + 1n }, { ...place, holder: 'someone' }];
    expect(new Set(variants.map((pass) => signPass(SECRET, pass).split('.')[1])).size).toBe(variants.length);
  });

  it('refuses to sign what no pass can carry', () => {
    const bad: OnsalePass[] = [
      { ...place, onsale: '' },
      { ...place, onsale: 'X'.repeat(ONSALE_CODE_MAX_BYTES + 1) },
      { ...place, onsale: '\uD800' },
      { ...place, placeId: 0 },
      { ...place, placeId: 1.5 },
      { ...place, placeId: 2 ** 53 },
      { ...place, expiresAt: place.issuedAt },
      { ...place, issuedAt: new Date(Number.NaN) },
      { ...place, issuedAt: new Date(-1) },
      { ...place, kind: 'other' as never },
      { ...place, phase: 2 as never },
      { ...place, randomKey: 2n ** 63n },
      { ...place, holder: 'h'.repeat(65) },
      { ...admission, holder: '' },
    ];
    for (const pass of bad) expect(() => signPass(SECRET, pass), JSON.stringify({ ...pass, randomKey: String(pass.randomKey) })).toThrow(RangeError);
    expect(() => signPass('', place)).toThrow(RangeError);
  });
});

describe('on-sale passes: what is refused', () => {
  it('refuses every change to any character of a real pass', () => {
    for (const pass of [place, admission]) {
      const text = signPass(SECRET, pass);
      const expected = pass.kind === 'place' ? expectPlace() : expectAdmission();
      let checked = 0;
      for (let index = 0; index < text.length; index += 1) {
        for (const substitute of [...BASE64URL, '.', '=', '+', '/', ' ', 'é', '\u0000']) {
          if (substitute === text[index]) continue;
          const tampered = text.slice(0, index) + substitute + text.slice(index + 1);
          expect(verifyPass(SECRET, tampered, expected).ok, `${index} → ${substitute}`).toBe(false);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(text.length * 60);
    }
  });

  it('refuses every flipped bit of the bytes of a real pass', () => {
    const [payloadText, macText] = signPass(SECRET, place).split('.') as [string, string];
    const payload = Buffer.from(payloadText, 'base64url');
    const mac = Buffer.from(macText, 'base64url');
    for (const [part, other, payloadFirst] of [
      [payload, macText, true],
      [mac, payloadText, false],
    ] as const) {
      for (let index = 0; index < part.length; index += 1) {
        for (let bit = 0; bit < 8; bit += 1) {
          const changed = Buffer.from(part);
          changed[index] = changed[index]! ^ (1 << bit);
          const text = payloadFirst ? `${changed.toString('base64url')}.${other}` : `${other}.${changed.toString('base64url')}`;
          const check = verifyPass(SECRET, text, expectPlace());
          expect(check.ok, `${payloadFirst ? 'payload' : 'mac'} byte ${index} bit ${bit}`).toBe(false);
          // Changing the version or key id says so; every other change is a bad signature.
          if (!check.ok && !(payloadFirst && index < 6)) expect(check.reason).toBe('bad-signature');
        }
      }
    }
    // A dropped or added character, and a MAC taken from another pass.
    const text = signPass(SECRET, place);
    expect(verifyPass(SECRET, text.slice(0, -1), expectPlace())).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyPass(SECRET, `${text}A`, expectPlace())).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyPass(SECRET, `A${text}`, expectPlace()).ok).toBe(false);
    expect(verifyPass(SECRET, `${payloadText}.${signPass(SECRET, { ...place, placeId: 1 }).split('.')[1]}`, expectPlace())).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a pass from exactly its expiry on', () => {
    const text = signPass(SECRET, admission);
    const expiry = admission.expiresAt.getTime();
    expect(verifyPass(SECRET, text, expectAdmission(new Date(expiry - 1))).ok).toBe(true);
    expect(verifyPass(SECRET, text, expectAdmission(new Date(expiry)))).toEqual({ ok: false, reason: 'expired' });
    expect(verifyPass(SECRET, text, expectAdmission(new Date(expiry + 86_400_000)))).toEqual({ ok: false, reason: 'expired' });
    expect(verifyPass(SECRET, text, expectAdmission(new Date(Number.NaN)))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a pass issued further ahead than the clocks can differ', () => {
    const now = at('2027-03-01T10:00:00Z');
    const ahead = (ms: number) => signPass(SECRET, { ...place, issuedAt: new Date(now.getTime() + ms), expiresAt: new Date(now.getTime() + ms + 3_600_000) });
    expect(verifyPass(SECRET, ahead(2 * 60_000), expectPlace(now)).ok).toBe(true);
    expect(verifyPass(SECRET, ahead(2 * 60_000 + 1), expectPlace(now))).toEqual({ ok: false, reason: 'issued-in-future' });
    expect(verifyPass(SECRET, ahead(365 * 86_400_000), expectPlace(now))).toEqual({ ok: false, reason: 'issued-in-future' });
    expect(verifyPass(SECRET, ahead(1000), { ...expectPlace(now), clockSkewMs: 0 })).toEqual({ ok: false, reason: 'issued-in-future' });
  });

  it('refuses a pass of another on-sale or the other kind', () => {
    expect(verifyPass(SECRET, signPass(SECRET, place), { ...expectPlace(), onsale: 'WINTER27' })).toEqual({ ok: false, reason: 'wrong-onsale' });
    expect(verifyPass(SECRET, signPass(SECRET, place), { ...expectPlace(), onsale: 'summer27' })).toEqual({ ok: false, reason: 'wrong-onsale' });
    expect(verifyPass(SECRET, signPass(SECRET, place), { ...expectPlace(), onsale: 'SUMMER2' })).toEqual({ ok: false, reason: 'wrong-onsale' });
    // A place pass opens no stock call, and an admission pass is no place in the queue.
    expect(verifyPass(SECRET, signPass(SECRET, place), { ...expectAdmission(), holder: '', now: expectPlace().now })).toEqual({ ok: false, reason: 'wrong-kind' });
    expect(verifyPass(SECRET, signPass(SECRET, admission), { ...expectPlace(), holder: HOLDER, now: expectAdmission().now })).toEqual({ ok: false, reason: 'wrong-kind' });
  });

  it('refuses an admission pass to anyone but its holder, and a place pass checked as bound', () => {
    const text = signPass(SECRET, admission);
    expect(verifyPass(SECRET, text, expectAdmission()).ok).toBe(true);
    for (const holder of ['', 'holder-hash-of-customer-8', `${HOLDER} `, HOLDER.slice(0, -1)]) {
      expect(verifyPass(SECRET, text, { ...expectAdmission(), holder })).toEqual({ ok: false, reason: 'bad-signature' });
    }
    expect(verifyPass(SECRET, signPass(SECRET, place), { ...expectPlace(), holder: HOLDER })).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('accepts a pass signed under a previous secret while it is honoured, and not after', () => {
    const old = signPass(PREVIOUS, place);
    expect(verifyPass([SECRET, PREVIOUS], old, expectPlace())).toEqual({ ok: true, pass: place });
    expect(verifyPass([SECRET], old, expectPlace())).toEqual({ ok: false, reason: 'unknown-key' });
    expect(verifyPass([], old, expectPlace())).toEqual({ ok: false, reason: 'unknown-key' });
    expect(verifyPass([SECRET, PREVIOUS], signPass(SECRET, place), expectPlace()).ok).toBe(true);
    // The current key's id with the previous key's MAC is a bad signature, not a pass.
    const current = signPass(SECRET, place);
    expect(verifyPass([SECRET, PREVIOUS], `${current.split('.')[0]}.${old.split('.')[1]}`, expectPlace())).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('answers a refusal, never throws, for anything at all', () => {
    const expected = expectPlace();
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(verifyPass(SECRET, value, expected).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
    const passLike = fc
      .tuple(fc.string({ unit: fc.constantFrom(...BASE64URL, '.', '=', 'é'), maxLength: 200 }), fc.string({ unit: fc.constantFrom(...BASE64URL), minLength: 43, maxLength: 43 }))
      .map(([payload, mac]) => `${payload}.${mac}`);
    fc.assert(
      fc.property(fc.oneof(passLike, fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 })), (text) => {
        const check = verifyPass(SECRET, text, expected);
        expect(check.ok).toBe(false);
      }),
      { numRuns: 5000 },
    );
    // Edits of a real pass: anything but the pass itself is refused.
    const real = signPass(SECRET, place);
    fc.assert(
      fc.property(fc.nat(real.length), fc.nat(real.length), fc.string({ unit: fc.constantFrom(...BASE64URL, '.'), maxLength: 4 }), (from, length, insert) => {
        const edited = real.slice(0, from) + insert + real.slice(from + length);
        fc.pre(edited !== real);
        expect(verifyPass(SECRET, edited, expected).ok).toBe(false);
      }),
      { numRuns: 5000 },
    );
    for (const weird of ['', '.', '..', `.${'A'.repeat(43)}`, `A.${'A'.repeat(43)}`, `${'A'.repeat(40)}.${'A'.repeat(43)}`, 'AQ.' + 'A'.repeat(43), `${real}.${real.split('.')[1]}`]) {
      expect(verifyPass(SECRET, weird, expected).ok, weird).toBe(false);
    }
    expect(verifyPass(SECRET, `${'A'.repeat(38)}.${'A'.repeat(43)}`, expected)).toEqual({ ok: false, reason: 'unknown-version' });
  });

  it('refuses oversize text before reading it, in constant time', () => {
    const huge = 'A'.repeat(1_000_000);
    const started = performance.now();
    for (let round = 0; round < 1000; round += 1) expect(verifyPass(SECRET, huge, expectPlace()).ok).toBe(false);
    expect(verifyPass(SECRET, huge, expectPlace())).toEqual({ ok: false, reason: 'too-long' });
    expect(verifyPass(SECRET, 'A'.repeat(PASS_TEXT_MAX_LENGTH + 1), expectPlace())).toEqual({ ok: false, reason: 'too-long' });
    // A thousand megabyte texts: linear work would take seconds.
    expect(performance.now() - started).toBeLessThan(500);
  });
});
