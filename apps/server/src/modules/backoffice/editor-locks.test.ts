import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestUrl } from '../../../test/engines';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { timeLimit } from '../../../test/time-limits';

const postgresUrl = postgresTestUrl('back-office locks beside buyers’ key-share locks test');

/** Longer than any save takes here; far shorter than the wait on a buyer's transaction would be. */
const PROMPT_MS = 5_000;

/**
 * A buyer's transaction that inserts a row referencing a catalogue row (a cart line, an order's
 * ticket, a queue place) key-share locks that row until it commits; a checkout then updates the
 * item's row at commit, and a hold updates it too. A back-office save that locked the row
 * FOR UPDATE conflicted with the key-share lock and queued at the head of the row's waiters, and
 * with a checkout and a hold behind it closed a cycle: PostgreSQL's "deadlock detected", a 500 for
 * the organiser or a buyer (the device bench of the editors during a flash sale found it). Every
 * back-office change locks its row FOR NO KEY UPDATE (no change of a key), which key-share locks do
 * not hold up: shown here by holding a key-share lock on the row in another session while each
 * editor saves.
 */
describe.skipIf(!postgresUrl)('the back office’s saves beside buyers’ key-share locks', () => {
  let shop: TestShop;
  let admin: string;
  let locker: pg.Client;
  const clock = new Date('2026-11-23T12:00:00Z');
  beforeAll(async () => {
    shop = await createTestShop('postgres', { app: { appSecret: 'editor-locks-test-secret-of-32-chars!!', now: () => clock, catalogMaxAgeMs: 0, waitingRoomStateMaxAgeMs: 0 } });
    admin = (await signedInStaff(shop.app, shop.database.db, { email: 'locks.admin@example.org', role: 'admin' }, clock)).cookie;
    locker = new pg.Client({ connectionString: shop.database.url });
    await locker.connect();
    await locker.query(
      `INSERT INTO onsales (code, event_id, opens_at, room_opens_at, admission_mode, admission_limit, session_minutes)
       SELECT 'LOCKS', id, now() + interval '1 day', now() + interval '23 hours', 'rate', 100, 20 FROM events WHERE external_code = 'NWF27'`,
    );
  }, timeLimit(120_000));
  afterAll(async () => {
    await locker?.end();
    await shop?.close();
  });

  const departure = async () => Number((await locker.query("SELECT t.id FROM travel_times t JOIN shop_items s ON s.id = t.shop_item_id WHERE s.external_code = 'NWF27-SHUTTLE' ORDER BY t.departs_at LIMIT 1")).rows[0].id);
  const voucher = (percent: number) => ({ code: 'LOCKS-CREW', name: 'Crew', kind: 'percentage', percent, max_uses: 50 });

  const cases: { what: string; lock: string; call: string; payload: () => Promise<unknown> }[] = [
    { what: 'an item', lock: "SELECT 1 FROM shop_items WHERE external_code = 'NWF27-DAY-SAT' FOR KEY SHARE", call: 'catalogue-change-item', payload: async () => ({ code: 'NWF27-DAY-SAT', changes: { description: '<p>Saved beside a buyer.</p>' } }) },
    { what: 'an event', lock: "SELECT 1 FROM events WHERE external_code = 'NWF27' FOR KEY SHARE", call: 'catalogue-change-event', payload: async () => ({ code: 'NWF27', changes: { name: 'Northwind Festival 2027 (saved beside a buyer)' } }) },
    {
      what: 'a departure’s seats',
      lock: "SELECT 1 FROM travel_times t JOIN shop_items s ON s.id = t.shop_item_id WHERE s.external_code = 'NWF27-SHUTTLE' FOR KEY SHARE",
      call: 'catalogue-change-seats',
      payload: async () => ({ code: 'NWF27-SHUTTLE', departure_id: await departure(), seats: 61 }),
    },
    { what: 'a voucher', lock: "SELECT 1 FROM vouchers WHERE code = 'LOCKS-CREW' FOR KEY SHARE", call: 'voucher-save', payload: async () => ({ code: 'LOCKS-CREW', voucher: voucher(15) }) },
    // A tax rate's row is key-share locked by a buyer's transaction that inserts an item taking it (an import's, a new item's).
    { what: 'a tax rate', lock: "SELECT 1 FROM tax_rates WHERE external_code = 'low' FOR KEY SHARE", call: 'tax-rate-save', payload: async () => ({ code: 'low', tax_rate: { code: 'low', name: 'VAT 9% (saved beside a buyer)', rate: 9 } }) },
    { what: 'a shipping rate', lock: "SELECT 1 FROM shipping_rates WHERE country = 'NL' FOR KEY SHARE", call: 'shipping-rate-save', payload: async () => ({ country: 'NL', shipping_rate: { country: 'NL', name: 'PostNL parcel', price: 595 } }) },
    // Archived and restored in turn (each save must change something).
    { what: 'an event’s archive', lock: "SELECT 1 FROM events WHERE external_code = 'NWF27' FOR KEY SHARE", call: 'catalogue-archive-event', payload: async () => ({ code: 'NWF27', archived: !(await locker.query("SELECT archived FROM events WHERE external_code = 'NWF27'")).rows[0].archived }) },
    // An item archived and restored in turn, and a departure switched off and on (decision 0103).
    { what: 'an item’s archive', lock: "SELECT 1 FROM shop_items WHERE external_code = 'NWF27-LOCKER' FOR KEY SHARE", call: 'catalogue-archive-item', payload: async () => ({ code: 'NWF27-LOCKER', archived: !(await locker.query("SELECT archived FROM shop_items WHERE external_code = 'NWF27-LOCKER'")).rows[0].archived }) },
    {
      what: 'a departure switched off or on',
      lock: "SELECT 1 FROM travel_times t JOIN shop_items s ON s.id = t.shop_item_id WHERE s.external_code = 'NWF27-SHUTTLE' FOR KEY SHARE",
      call: 'catalogue-departure-active',
      payload: async () => {
        const { rows } = await locker.query("SELECT t.id, t.active FROM travel_times t JOIN shop_items s ON s.id = t.shop_item_id WHERE s.external_code = 'NWF27-SHUTTLE' ORDER BY t.departs_at DESC LIMIT 1");
        return { code: 'NWF27-SHUTTLE', departure_id: Number(rows[0].id), active: !rows[0].active };
      },
    },
    { what: 'an on-sale', lock: "SELECT 1 FROM onsales WHERE code = 'LOCKS' FOR KEY SHARE", call: 'onsale-change', payload: async () => ({ code: 'LOCKS', changes: { session_minutes: 30 } }) },
    {
      what: 'a check-in list',
      lock: 'SELECT 1 FROM checkin_lists WHERE id = (SELECT min(id) FROM checkin_lists) FOR KEY SHARE',
      call: 'checkin-list-save',
      payload: async () => {
        const { lists } = (await staffCall(shop.app, 'checkin-list-overview', {}, admin)).body as { lists: { id: number; list: Record<string, unknown> }[] };
        const first = lists.reduce((low, list) => (list.id < low.id ? list : low));
        return { id: first.id, list: { ...first.list, name: 'Saved beside a scan' } };
      },
    },
    {
      what: 'a guest list',
      lock: "SELECT 1 FROM guest_lists WHERE name = 'Locks crew' FOR KEY SHARE",
      call: 'guest-list-save',
      payload: async () => {
        const made = await staffCall(shop.app, 'guest-list-save', { id: null, name: 'Locks crew' }, admin);
        return { id: made.body.list.id, name: 'Locks crew (renamed)' };
      },
    },
  ];

  it.each(cases)('saves $what at once while a buyer’s transaction key-share locks its row', async ({ lock, call, payload }) => {
    if (call === 'voucher-save') expect((await staffCall(shop.app, 'voucher-save', { code: null, voucher: voucher(10) }, admin)).status).toBe(200);
    const body = await payload();
    await locker.query('BEGIN');
    try {
      const locked = await locker.query(lock);
      expect(locked.rowCount).toBeGreaterThan(0);
      const saved = staffCall(shop.app, call, body, admin);
      const answer = await Promise.race([saved, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), PROMPT_MS))]);
      expect(answer === 'waiting' ? 'still waiting on the buyer’s lock' : answer.status, answer === 'waiting' ? '' : JSON.stringify(answer.body)).toBe(200);
    } finally {
      await locker.query('ROLLBACK');
    }
  });
});
