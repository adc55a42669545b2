import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * A small secret (a member's TOTP secret) sealed for the database with AES-256-GCM under a key
 * derived from APP_SECRET for this one purpose: a copy of the database alone does not give a
 * second factor away. Opening tries APP_SECRET, then the previous secrets still configured, so
 * rotating APP_SECRET does not lock staff out.
 */
const VERSION = 'v1';

function keyOf(appSecret: string, purpose: string): Buffer {
  return createHmac('sha256', appSecret).update(`secret-box:${purpose}`).digest();
}

export function sealSecret(appSecret: string, purpose: string, plain: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

/** The plain bytes, or null when no configured secret opens the box (or it was tampered with). */
export function openSecret(secrets: readonly string[], purpose: string, box: string): Uint8Array | null {
  const [version, ivText, sealedText] = box.split('.');
  if (version !== VERSION || !ivText || !sealedText) return null;
  const iv = Buffer.from(ivText, 'base64url');
  const sealed = Buffer.from(sealedText, 'base64url');
  if (iv.length !== 12 || sealed.length < 16) return null;
  for (const appSecret of secrets) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret, purpose), iv);
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      return new Uint8Array(Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]));
    } catch {
      // Not this secret: try the next.
    }
  }
  return null;
}
