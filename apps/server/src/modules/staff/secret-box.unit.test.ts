import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box';

const SECRET = 'secret-box-test-secret-of-at-least-32-chars';
const PREVIOUS = 'the-previous-app-secret-of-at-least-32-chars';

describe('secret box', () => {
  it('opens what it sealed, with the secret or a previous one still configured, and for its purpose only', () => {
    const plain = Uint8Array.from({ length: 20 }, (_, index) => index);
    const box = sealSecret(PREVIOUS, 'staff-totp', plain);
    expect(sealSecret(PREVIOUS, 'staff-totp', plain)).not.toBe(box);
    expect(openSecret([SECRET, PREVIOUS], 'staff-totp', box)).toEqual(plain);
    expect(openSecret([SECRET], 'staff-totp', box)).toBeNull();
    expect(openSecret([PREVIOUS], 'another-purpose', box)).toBeNull();
  });

  it('opens nothing that was changed or is not a box', () => {
    const box = sealSecret(SECRET, 'staff-totp', new Uint8Array(20).fill(7));
    const [version, iv, sealed] = box.split('.') as [string, string, string];
    const bytes = Buffer.from(sealed, 'base64url');
    for (let index = 0; index < bytes.length; index += 1) {
      const changed = Buffer.from(bytes);
      changed[index] = changed[index]! ^ 1;
      expect(openSecret([SECRET], 'staff-totp', `${version}.${iv}.${changed.toString('base64url')}`), `byte ${index}`).toBeNull();
    }
    for (const text of ['', 'v1', 'v1..', `v2.${iv}.${sealed}`, `v1.${iv}`, `v1.AAAA.${sealed}`, 'v1.!!!.???']) expect(openSecret([SECRET], 'staff-totp', text), text).toBeNull();
  });
});
