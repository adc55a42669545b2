import { base45Decode, base45Encode, signTicketPass, ticketPublicKey, verifyTicketPass, type TicketPassFields } from '@festival/contract/ticket-pass';
import { describe, expect, it } from 'vitest';
import { createNodeSignatureCheck, deriveSeed, passWindow } from './ticket-keys';

const seed = deriveSeed('unit-test-secret-of-at-least-32-characters', 'a1b2c3');
const fields: TicketPassFields = { keyId: 9, ticketId: 77, eventId: 1, productId: 3, travelTimeId: null, validFrom: new Date('2026-11-24T10:00:00Z'), validUntil: new Date('2027-07-18T10:00:00Z'), code: 'K7MZ3QHXW9PRT2AVNB4E', ageRange: null };
const now = new Date('2027-06-18T10:00:00Z');

describe("the server's signature check (Node's Ed25519)", () => {
  it('agrees with the scanner’s check on every pass, real or tampered', async () => {
    const keys = new Map([[9, await ticketPublicKey(seed)]]);
    const node = createNodeSignatureCheck();
    const text = await signTicketPass(fields, seed);
    expect(await verifyTicketPass(text, keys, now, node)).toEqual({ ok: true, pass: fields });
    const bytes = base45Decode(text)!;
    for (let index = 0; index < bytes.length; index += 1) {
      const tampered = Uint8Array.from(bytes);
      tampered[index] = tampered[index]! ^ 0x80;
      const changed = base45Encode(tampered);
      const [byNode, byNoble] = await Promise.all([verifyTicketPass(changed, keys, now, node), verifyTicketPass(changed, keys, now)]);
      expect(byNode, `byte ${index}`).toEqual(byNoble);
      expect(byNode.ok, `byte ${index}`).toBe(false);
    }
    const other = new Map([[9, await ticketPublicKey(deriveSeed('another-secret-of-at-least-32-characters!', 'a1b2c3'))]]);
    expect(await verifyTicketPass(text, other, now, node)).toEqual({ ok: false, reason: 'bad-signature' });
  });
});

describe('the window a pass carries', () => {
  it('runs from the purchase, to the minute, until 30 days after the departure or event, or a year after the purchase', () => {
    const bought = new Date('2026-11-24T10:15:42Z');
    expect(passWindow(bought, new Date('2027-06-18T10:00:00Z'))).toEqual({ validFrom: new Date('2026-11-24T10:15:00Z'), validUntil: new Date('2027-07-18T10:00:00Z') });
    expect(passWindow(bought, null)).toEqual({ validFrom: new Date('2026-11-24T10:15:00Z'), validUntil: new Date('2027-12-24T10:15:42Z') });
    // Bought after its event: still a day to use it.
    expect(passWindow(bought, new Date('2026-01-01T00:00:00Z')).validUntil).toEqual(new Date('2026-11-25T10:15:00Z'));
  });
});
