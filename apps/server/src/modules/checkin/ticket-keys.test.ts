import { readTicketPass } from '@festival/contract/ticket-pass';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { readPdf } from '../../../test/pdf-reader';
import { createCustomer, paidOrder } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { checkPass } from '../../../test/ticket-passes';
import { events, shopItems, ticketKeys, tickets } from '../../db/schema';
import { runCheckinCommand } from './checkin-command';
import { executeRows } from '../../db/raw-rows';
import { insidePassWindowSql } from './checkin.queries';
import { createTicketKeys, deriveSeed, passWindow, type PassTicket } from './ticket-keys';

const SECRET = 'ticket-keys-test-secret-of-at-least-32-chars';
const OTHER_SECRET = 'another-shop-secret-of-at-least-32-characters';

describe.each(testEngines())('ticket keys on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { appSecret: SECRET, catalogMaxAgeMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });
  const db = () => shop.database.db;

  it('computes a pass’s window in SQL to the millisecond as passWindow does, in any session time zone', async () => {
    const issued = [new Date('2027-03-27T23:59:59.999Z'), new Date('2026-10-25T00:30:12.345Z'), new Date('2027-06-18T09:00:00.000Z')];
    // Windows across a daylight-saving change, both ends of a minute, an anchor long past.
    const anchors = [null, new Date('2027-06-18T08:00:00.000Z'), new Date('2027-03-10T12:00:00.500Z'), new Date('2020-01-01T00:00:00.000Z')];
    for (const zone of ['UTC', 'Europe/Amsterdam', 'Asia/Kathmandu', 'America/St_Johns']) {
      // One connection for the session's zone and the statements under it.
      await db().transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL TIME ZONE '${zone}'`));
        for (const issuedAt of issued) {
          for (const anchor of anchors) {
            const { validFrom, validUntil } = passWindow(issuedAt, anchor);
            for (const at of [validFrom.getTime() - 1, validFrom.getTime(), validUntil.getTime() - 1, validUntil.getTime()]) {
              const [row] = await executeRows<{ inside: boolean }>(tx, sql`SELECT ${insidePassWindowSql(new Date(at), sql`${issuedAt}::timestamptz`, sql`${anchor}::timestamptz`)} AS inside`);
              expect(row!.inside, `${zone}: issued ${issuedAt.toISOString()}, anchor ${anchor?.toISOString()}, at ${new Date(at).toISOString()}`).toBe(at >= validFrom.getTime() && at < validUntil.getTime());
            }
          }
        }
      });
    }
  });

  async function command(argv: string[], secrets: readonly string[] = [SECRET]) {
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await runCheckinCommand(argv, { db: db(), secrets, print: (line) => lines.push(line), printError: (line) => errors.push(line) });
    return { code, lines, errors };
  }

  async function download(email: string, code: string): Promise<string> {
    const response = await fetch(`${base}/download-ticket/${encodeURIComponent(email)}/${code}`);
    expect(response.status).toBe(200);
    const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.qrCodes).toHaveLength(1);
    return pdf.qrCodes[0]!;
  }

  async function weekendTicket(): Promise<{ pass: string; email: string; code: string; eventId: number }> {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }]);
    const ticket = order.tickets[0]!;
    const [item] = await db().select({ eventId: shopItems.eventId }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    return { pass: await download(ticket.email!, ticket.code), email: ticket.email!, code: ticket.code, eventId: item!.eventId! };
  }

  it('makes an event its key on the first download, once however many instances sign at once, and stores no private key', async () => {
    const [event] = await db().select().from(events).orderBy(asc(events.id));
    const signers = Array.from({ length: 4 }, () => createTicketKeys({ db: db(), secrets: [SECRET] }));
    const ticket: PassTicket = { id: 1, code: 'K7MZ3QHXW9PRT2AVNB4E', shopItemId: 1, travelTimeId: null, age: null, createdAt: new Date(), eventId: event!.id, anchor: event!.startsAt };
    const passes = await Promise.all(signers.flatMap((signer) => [signer.passFor(ticket), signer.passFor(ticket)]));
    expect(new Set(passes).size).toBe(1);
    const keys = await db().select().from(ticketKeys).where(eq(ticketKeys.eventKey, event!.id));
    expect(keys).toHaveLength(1);
    expect(readTicketPass(passes[0]!)!.fields.keyId).toBe(keys[0]!.id);
    // The row holds the public key and a salt; the private seed comes from APP_SECRET.
    const seed = Buffer.from(deriveSeed(SECRET, keys[0]!.salt)).toString('hex');
    expect(JSON.stringify(keys)).not.toContain(seed);
    expect((await checkPass(db(), passes[0]!)).ok).toBe(true);
  });

  it('signs new downloads with a rotated key while passes already out keep verifying, until the old key is retired', async () => {
    const first = await weekendTicket();
    const before = readTicketPass(first.pass)!.fields.keyId;
    const rotated = await command(['keys', 'rotate']);
    expect(rotated.code).toBe(0);
    expect(rotated.lines.join('\n')).toContain('Northwind Festival 2027: now signed with generation');

    const again = await download(first.email, first.code);
    const after = readTicketPass(again)!.fields.keyId;
    expect(after).not.toBe(before);
    expect((await checkPass(db(), first.pass)).ok).toBe(true);
    expect((await checkPass(db(), again)).ok).toBe(true);

    const retired = await command(['keys', 'rotate', '--retire']);
    expect(retired.code).toBe(0);
    expect(retired.lines.join('\n')).toContain('no longer verify');
    expect(await checkPass(db(), first.pass)).toMatchObject({ ok: false, reason: 'unknown-key' });
    expect(await checkPass(db(), again)).toMatchObject({ ok: false, reason: 'unknown-key' });
    const fresh = await download(first.email, first.code);
    expect((await checkPass(db(), fresh)).ok).toBe(true);

    const listed = await command(['keys', 'list']);
    expect(listed.lines.filter((line) => line.includes('Northwind Festival 2027') && line.includes('retired'))).toHaveLength(2);
    expect(listed.lines.filter((line) => line.includes('Northwind Festival 2027') && line.endsWith('live'))).toHaveLength(1);
  });

  it('keeps signing with a key of a previous APP_SECRET still configured, and makes a new key when no configured secret derives it', async () => {
    const { eventId } = await weekendTicket();
    const [current] = await db().select().from(ticketKeys).where(eq(ticketKeys.eventKey, eventId)).orderBy(asc(ticketKeys.generation)).then((rows) => rows.slice(-1));
    const ticket: PassTicket = { id: 7, code: 'K7MZ3QHXW9PRT2AVNB4E', shopItemId: 1, travelTimeId: null, age: null, createdAt: new Date(), eventId, anchor: null };
    const withPrevious = createTicketKeys({ db: db(), secrets: [OTHER_SECRET, SECRET] });
    expect(readTicketPass(await withPrevious.passFor(ticket))!.fields.keyId).toBe(current!.id);
    const withoutIt = createTicketKeys({ db: db(), secrets: [OTHER_SECRET] });
    const pass = await withoutIt.passFor(ticket);
    expect(readTicketPass(pass)!.fields.keyId).toBeGreaterThan(current!.id);
    expect((await checkPass(db(), pass)).ok).toBe(true);
  });

  it('puts a reassigned ticket’s new code in its pass', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }]);
    const ticket = order.tickets[0]!;
    const before = await download(ticket.email!, ticket.code);
    await db().update(tickets).set({ code: 'NEWC0DEAFTERREASSIGN'.replace('0', 'Q') }).where(eq(tickets.code, ticket.code));
    const after = await download(ticket.email!, 'NEWCQDEAFTERREASSIGN');
    expect(readTicketPass(before)!.fields.code).toBe(ticket.code);
    expect(readTicketPass(after)!.fields.code).toBe('NEWCQDEAFTERREASSIGN');
  });

  it('prints its usage for anything else', async () => {
    for (const argv of [[], ['keys'], ['keys', 'rotate', '--force'], ['keys', 'list', 'x'], ['lists', 'x'], ['scanner'], ['scan']]) {
      const answer = await command(argv);
      expect(answer.code, argv.join(' ')).toBe(2);
      expect(answer.errors.join('\n')).toContain('npm run checkin -- keys rotate');
    }
  });
});
