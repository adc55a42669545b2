import { verifyTicketPass, type TicketPassCheck } from '@festival/contract/ticket-pass';
import type { Db } from '../src/db/client';
import { ticketKeys } from '../src/db/schema';
import { isNull } from 'drizzle-orm';

/** Every live ticket key of the shop's database, by key id, as a scanner would hold them. */
export async function livePublicKeys(db: Db): Promise<Map<number, Uint8Array>> {
  const rows = await db.select().from(ticketKeys).where(isNull(ticketKeys.retiredAt));
  return new Map(rows.map((row) => [row.id, new Uint8Array(Buffer.from(row.publicKey, 'hex'))]));
}

/** A scanned QR text checked against the shop's live keys, as a scanner offline would. */
export async function checkPass(db: Db, text: string, now = new Date()): Promise<TicketPassCheck> {
  return verifyTicketPass(text, await livePublicKeys(db), now);
}
