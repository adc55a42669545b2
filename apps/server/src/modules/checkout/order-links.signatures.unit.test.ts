import { describe, expect, it } from 'vitest';
import { ACCEPT_TERMS_LINK, INVOICE_LINK, instalmentLink, legacyChecksumMatches, legacyOrderChecksum, orderLinkSignature, orderLinkSignatureMatches, SIGNATURE_LENGTH } from './order-links.signatures';

const SECRET = 'signatures-unit-secret-of-at-least-32-characters';
const PREVIOUS = 'signatures-previous-secret-of-at-least-32-chars';
const CODE = 'NWF-ABC123';
const PURPOSES = [INVOICE_LINK, ACCEPT_TERMS_LINK, instalmentLink('I-1'), instalmentLink('I-2')];

describe('order link signatures (decision 0027)', () => {
  it('signs each purpose differently, and a signature matches only its own purpose and order', () => {
    const signatures = PURPOSES.map((purpose) => orderLinkSignature(SECRET, CODE, purpose));
    expect(new Set(signatures).size).toBe(PURPOSES.length);
    for (const [index, purpose] of PURPOSES.entries()) {
      for (const [other, signature] of signatures.entries()) expect(orderLinkSignatureMatches([SECRET], CODE, purpose, signature), `${index} with ${other}`).toBe(index === other);
      expect(orderLinkSignatureMatches([SECRET], 'NWF-ABC124', purpose, signatures[index]!)).toBe(false);
    }
    // An instalment reference cannot be shaped into another purpose's text.
    expect(orderLinkSignature(SECRET, CODE, instalmentLink(''))).not.toBe(orderLinkSignature(SECRET, CODE, ACCEPT_TERMS_LINK));
  });

  it('writes a key id before the signature, in characters a path segment keeps, and never equals the old shared checksum', () => {
    const signature = orderLinkSignature(SECRET, CODE, INVOICE_LINK);
    expect(signature).toMatch(/^[0-9a-f]{6}-[0-9a-f]{32}$/);
    expect(signature).toHaveLength(SIGNATURE_LENGTH);
    expect(signature.slice(0, 6)).toBe(orderLinkSignature(SECRET, 'OTHER', ACCEPT_TERMS_LINK).slice(0, 6));
    expect(signature.slice(0, 6)).not.toBe(orderLinkSignature(PREVIOUS, CODE, INVOICE_LINK).slice(0, 6));
    expect(signature).not.toContain(legacyOrderChecksum(SECRET, CODE));
  });

  it('checks links signed under a previous secret while it is honoured, and not after', () => {
    const old = orderLinkSignature(PREVIOUS, CODE, ACCEPT_TERMS_LINK);
    expect(orderLinkSignatureMatches([SECRET, PREVIOUS], CODE, ACCEPT_TERMS_LINK, old)).toBe(true);
    expect(orderLinkSignatureMatches([SECRET], CODE, ACCEPT_TERMS_LINK, old)).toBe(false);
    // A right key id with a wrong signature, or a signature under another key's id, is wrong.
    expect(orderLinkSignatureMatches([SECRET, PREVIOUS], CODE, ACCEPT_TERMS_LINK, orderLinkSignature(SECRET, CODE, ACCEPT_TERMS_LINK).slice(0, 7) + old.slice(7))).toBe(false);
  });

  it('answers false, never throws, for tampered, truncated, padded, upper-case or non-ASCII input', () => {
    const good = orderLinkSignature(SECRET, CODE, INVOICE_LINK);
    const wrong = [
      '',
      good.slice(0, -1),
      `${good}0`,
      good.toUpperCase(),
      good.replace(/.$/, (last) => (last === '0' ? '1' : '0')),
      `${good.slice(0, -1)}é`,
      `${good.slice(0, -2)}é`,
      good.replace('-', '_'),
      'x'.repeat(10_000),
      legacyOrderChecksum(SECRET, CODE),
    ];
    for (const given of wrong) expect(orderLinkSignatureMatches([SECRET], CODE, INVOICE_LINK, given), given.slice(0, 50)).toBe(false);
    for (const given of ['', `${legacyOrderChecksum(SECRET, CODE).slice(0, -2)}é`, good]) expect(legacyChecksumMatches([SECRET], CODE, given)).toBe(false);
    expect(legacyChecksumMatches([SECRET, PREVIOUS], CODE, legacyOrderChecksum(PREVIOUS, CODE))).toBe(true);
  });
});
