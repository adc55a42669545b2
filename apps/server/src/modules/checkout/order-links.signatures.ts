import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKeys } from '../../lib/derived-keys';

/**
 * What one order link opens (decision 0027). A link's signature names its purpose, so the
 * signature of an invoice link opens no accept-terms or instalment call and the reverse.
 */
export type OrderLinkPurpose = { kind: 'invoice' } | { kind: 'accept-terms' } | { kind: 'instalment'; reference: string } | { kind: 'credit-note'; reference: string };

export const INVOICE_LINK: OrderLinkPurpose = { kind: 'invoice' };
export const ACCEPT_TERMS_LINK: OrderLinkPurpose = { kind: 'accept-terms' };
export const instalmentLink = (reference: string) => ({ kind: 'instalment', reference }) satisfies OrderLinkPurpose;
/** The credit note of one refund of the order (decision 0033): an invoice link's signature opens none. */
export const creditNoteLink = (refundId: number) => ({ kind: 'credit-note', reference: String(refundId) }) satisfies OrderLinkPurpose;

const purposeText = (purpose: OrderLinkPurpose) => ('reference' in purpose ? `${purpose.kind}:${purpose.reference}` : purpose.kind);

/**
 * The links' key is derived from APP_SECRET rather than being APP_SECRET itself, so a signature
 * made here can never equal one the secret makes for another use (session tokens, the sandbox
 * gateway's notifications, the old shared checksum).
 */
function deriveKey(appSecret: string): { key: Buffer; id: string } {
  const key = createHmac('sha256', appSecret).update('festival-shop/order-links/v1').digest();
  return { key, id: keyId(key) };
}
/** Derived once per secret: every order view signs a link per order and instalment. */
const linkKey = derivedKeys(deriveKey);

/**
 * A key's id: 6 hex characters of a one-way function of the key. The signature starts with it, so
 * after APP_SECRET changes, links signed under a previous secret (APP_SECRET_PREVIOUS) are still
 * checked under the right key, and the id says nothing about the key.
 */
function keyId(key: Buffer): string {
  return createHmac('sha256', key).update('key-id').digest('hex').slice(0, 6);
}

/** The length of every signature: `<key id>-<32 hex>` (characters a path segment keeps as they are). */
export const SIGNATURE_LENGTH = 6 + 1 + 32;

function mac(key: Buffer, orderCode: string, purpose: OrderLinkPurpose): string {
  // JSON keeps the parts apart whatever characters a code or a reference holds.
  return createHmac('sha256', key).update(JSON.stringify(['order-link', purposeText(purpose), orderCode])).digest('hex').slice(0, 32);
}

/** The signature of the link of one purpose to one order, under the current secret. */
export function orderLinkSignature(appSecret: string, orderCode: string, purpose: OrderLinkPurpose): string {
  const { key, id } = linkKey(appSecret);
  return `${id}-${mac(key, orderCode, purpose)}`;
}

/**
 * Whether `given` is the signature of this purpose and order under one of `appSecrets` (the
 * current one first, then previous ones still honoured), compared in constant time: a wrong
 * signature tells nothing about the right one.
 */
export function orderLinkSignatureMatches(appSecrets: readonly string[], orderCode: string, purpose: OrderLinkPurpose, given: string): boolean {
  // Bytes, not characters: a signature with characters outside ASCII is wrong, not an error.
  if (Buffer.byteLength(given) !== SIGNATURE_LENGTH || given[6] !== '-') return false;
  const actual = Buffer.from(given);
  // Every key with that id (two secrets sharing a 24-bit id is unlikely, not impossible).
  return appSecrets
    .map(linkKey)
    .filter((candidate) => candidate.id === given.slice(0, 6))
    .some((candidate) => timingSafeEqual(actual, Buffer.from(`${candidate.id}-${mac(candidate.key, orderCode, purpose)}`)));
}

/**
 * The checksum every order link carried before decision 0027: one HMAC of the order code that
 * opened all of them. Links already mailed with it (accept-terms e-mails, instalment reminders)
 * are honoured only where the order still needs that page; see `legacyChecksumMatches`.
 */
export function legacyOrderChecksum(appSecret: string, orderCode: string): string {
  return createHmac('sha256', appSecret).update(`order:${orderCode}`).digest('hex').slice(0, 32);
}

export function legacyChecksumMatches(appSecrets: readonly string[], orderCode: string, given: string): boolean {
  if (Buffer.byteLength(given) !== 32) return false;
  const actual = Buffer.from(given);
  return appSecrets.some((secret) => timingSafeEqual(actual, Buffer.from(legacyOrderChecksum(secret, orderCode))));
}

/** The shop's path of an order's invoice download, signed (the link its e-mails carry; the portal builds the same from `checksum`). */
export function invoiceDownloadPath(appSecret: string, orderCode: string): string {
  return `/download-invoice/${encodeURIComponent(orderCode)}/${encodeURIComponent(orderLinkSignature(appSecret, orderCode, INVOICE_LINK))}`;
}
