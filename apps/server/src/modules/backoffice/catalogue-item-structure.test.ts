import { english, checkinListFieldMessages, planEntryMessages, priceTierMessages, productFieldMessages, staffApi, staffCatalogueMessages as texts } from '@festival/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAudit as lastAuditOf, openBackOfficeShop } from '../../../test/back-office-shop';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { DEMO_CATALOGUE, type TestShop } from '../../../test/test-shop';
import { checkinListProducts, checkinLists, events, onsaleProducts, onsales, orders, paymentPlanPayments, shopItems, tickets } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { parseCatalogue } from '../catalog/catalogue-import';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'catalogue-item-structure-secret-of-32-c';
const DEMO_TEXT = readFileSync(DEMO_CATALOGUE, 'utf8');
const PLAN = [
  { amount: 4900, units: 'days', count: 0 },
  { amount: 4800, units: 'weeks', count: 4 },
  { amount: 4800, units: 'months', count: 2 },
  { amount: 4800, units: 'months', count: 3 },
];
const OTHER_PLAN = [
  { amount: 9300, units: 'days', count: 0 },
  { amount: 10000, units: 'weeks', count: 6 },
];

/**
 * An item's structure after creation (issue 37 point 1): a product's event, an entry ticket's own
 * festival days (on the check-in lists that name it, decision 0064), a transport's settings and a
 * payment plan, each checked with the importer's rule, refused by field in the member's language
 * with nothing changed, audited, in the shop (and at the gates) at once, kept by an import until
 * the file wins, and exported.
 */
describe.each(testEngines())('an item’s event, days, transport and payment plan in the back office on %s', (engine) => {
  let shop: TestShop;
  let admin: string;
  beforeAll(async () => {
    ({ shop, admin } = await openBackOfficeShop(engine, { secret: SECRET, name: 'item-structure', other: 'box_office' }));
    const event = await staffCall(shop.app, 'catalogue-create-event', { event: { code: 'OTHER27', name: 'Other festival', timezone: 'Europe/Amsterdam' }, from: null }, admin);
    expect(event.status, JSON.stringify(event.body)).toBe(200);
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  const change = (code: string, changes: Record<string, unknown>) => staffCall(shop.app, 'catalogue-change-item', { code, changes }, admin);
  const row = async (code: string) => (await db().select().from(shopItems).where(eq(shopItems.externalCode, code)))[0]!;
  const eventId = async (code: string) => (await db().select().from(events).where(eq(events.externalCode, code)))[0]!.id;
  const lastAudit = (target: string) => lastAuditOf(db(), target);
  const inGerman = async (code: string, changes: Record<string, unknown>) => {
    const answer = await staffCall(shop.app, 'catalogue-change-item', { code, changes }, admin, 'de');
    return { ...answer, body: answer.body as { message: string; errors?: Record<string, string[]> } };
  };
  const de = (text: Parameters<typeof english>[0]) => translatorFor('de').format(text);
  const upload = async (text: string, fileWins: boolean) => {
    const answer = await staffCall(shop.app, 'catalogue-upload', { file_name: 'catalogue.yaml', lines: text.split(/\r?\n/), check_only: false, file_wins: fileWins }, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return staffApi['catalogue-upload'].answer.parse(answer.body);
  };
  const download = async () => parseCatalogue(staffApi['catalogue-download'].answer.parse((await staffCall(shop.app, 'catalogue-download', {}, admin)).body).content, 'download.yaml');
  /** Refused at the field in the member's language, and nothing changed. */
  const refusedAt = async (code: string, changes: Record<string, unknown>, field: string, text: Parameters<typeof english>[0]) => {
    const before = await snapshot();
    const answer = await inGerman(code, changes);
    expect([answer.status, answer.body.errors?.[field]], `${code} ${JSON.stringify(changes)}: ${JSON.stringify(answer.body)}`).toEqual([422, [de(text)]]);
    expect(changedTables(before, await snapshot())).toEqual([]);
  };
  const withHeld = async (code: string, held: number, run: () => Promise<void>) => {
    await db().update(shopItems).set({ held }).where(eq(shopItems.externalCode, code));
    try {
      await run();
    } finally {
      await db().update(shopItems).set({ held: 0 }).where(eq(shopItems.externalCode, code));
    }
  };

  it('moves a product to another event only while nothing names it there: refused by field in the member’s language, and nothing changed', async () => {
    await db().update(events).set({ archived: true }).where(eq(events.externalCode, 'OTHER27'));
    try {
      await refusedAt('NWF27-POSTER', { event: 'OTHER27' }, 'changes.event', texts.eventMerchandise);
      await refusedAt('NWF27-LOCKER', { event: 'NOPE27' }, 'changes.event', productFieldMessages.noEvent('NOPE27'));
      await refusedAt('NWF27-LOCKER', { event: 'OTHER27' }, 'changes.event', productFieldMessages.eventArchived('OTHER27'));
    } finally {
      await db().update(events).set({ archived: false }).where(eq(events.externalCode, 'OTHER27'));
    }
    await refusedAt('NWF27-WEEKEND', { event: 'OTHER27' }, 'changes.event', texts.eventListed('NWF27-ENTRANCE'));
    // Held in a cart: its buyer's ticket will name the event.
    await withHeld('NWF27-LOCKER', 1, () => refusedAt('NWF27-LOCKER', { event: 'OTHER27' }, 'changes.event', texts.eventSold));
    // An add-on of its event sold only with it.
    await db().update(shopItems).set({ requires: ['NWF27-LOCKER'] }).where(eq(shopItems.externalCode, 'NWF27-GLAMPING'));
    try {
      await refusedAt('NWF27-LOCKER', { event: 'OTHER27' }, 'changes.event', texts.eventRequired('NWF27-GLAMPING'));
    } finally {
      await db().update(shopItems).set({ requires: null }).where(eq(shopItems.externalCode, 'NWF27-GLAMPING'));
    }
  });

  it('moves a product to another event: audited by code, marked, in the shop at once, kept by an import until the file wins, and exported', async () => {
    const answer = await change('NWF27-LOCKER', { event: 'OTHER27' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.item).toMatchObject({ event: 'OTHER27', changed_here: expect.arrayContaining(['event']) });
    expect((await row('NWF27-LOCKER')).eventId).toBe(await eventId('OTHER27'));
    expect(await lastAudit('item:NWF27-LOCKER')).toMatchObject({ action: 'catalogue.change', before: { event: 'NWF27' }, after: { event: 'OTHER27' } });
    const sold = await shop.call('get-shop-item', { external_code: 'NWF27-LOCKER' });
    expect(sold.body.item).toMatchObject({ event_id: await eventId('OTHER27') });
    expect((await download()).products.find((product) => product.code === 'NWF27-LOCKER')).toMatchObject({ event: 'OTHER27' });
    const kept = await upload(DEMO_TEXT, false);
    // Listed by the events' codes, as the file names them.
    expect(kept.kept).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'NWF27-LOCKER', field: 'event', shop_value: 'OTHER27', file_value: 'NWF27' })]));
    expect((await row('NWF27-LOCKER')).eventId).toBe(await eventId('OTHER27'));
    // A file whose list of the old event names it while the shop keeps the move: refused at the product's event.
    const listed = DEMO_TEXT.replace('products: [NWF27-PARKING]', 'products: [NWF27-PARKING, NWF27-LOCKER]');
    const refused = staffApi['catalogue-upload'].answer.parse((await staffCall(shop.app, 'catalogue-upload', { file_name: 'catalogue.yaml', lines: listed.split(/\r?\n/), check_only: true, file_wins: false }, admin)).body);
    expect(refused.problems).toEqual([expect.objectContaining({ field: expect.stringMatching(/^products\[\d+\]\.event$/), message: expect.stringContaining('NWF27-PARKING') })]);
    await upload(DEMO_TEXT, true);
    expect(await row('NWF27-LOCKER')).toMatchObject({ eventId: await eventId('NWF27'), backOfficeFields: [] });
  });

  it('sets a day ticket’s own days on the lists that name it, with the importer’s rule; the gates read them at once; an import keeps the list until the file wins', async () => {
    const before = await snapshot();
    await refusedAt('NWF27-DAY-SAT', { days: ['2027-06-25'] }, 'changes.days', checkinListFieldMessages.productDayOutside('NWF27-DAY-SAT', '2027-06-25', '2027-06-18', '2027-06-20'));
    await refusedAt('NWF27-POSTER', { days: ['2027-06-19'] }, 'changes.days', texts.daysProductsOnly);
    await refusedAt('NWF27-LOCKER', { days: ['2027-06-19'] }, 'changes.days', texts.daysNoList);
    const twice = await inGerman('NWF27-DAY-SAT', { days: ['2027-06-19', '2027-06-19'] });
    expect([twice.status, Object.keys(twice.body.errors ?? {})]).toEqual([422, ['changes.days.1']]);
    expect((await change('NWF27-DAY-SAT', { days: ['19 June'] })).status).toBe(422);
    expect((await inGerman('NWF27-DAY-SAT', { days: ['2027-06-19'] })).body.message).toBe(de(texts.nothingToChange));
    expect(changedTables(before, await snapshot())).toEqual([]);

    const answer = await change('NWF27-DAY-SAT', { days: ['2027-06-20', '2027-06-19'] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.item).toMatchObject({ days: ['2027-06-19', '2027-06-20'], checkin_lists: ['NWF27-ENTRANCE'] });
    expect(await lastAudit('item:NWF27-DAY-SAT')).toMatchObject({ action: 'catalogue.change', before: { days: '["2027-06-19"]' }, after: { days: '["2027-06-19","2027-06-20"]', checkin_lists: ['NWF27-ENTRANCE'] } });
    const listed = async () => {
      const overview = staffApi['checkin-list-overview'].answer.parse((await staffCall(shop.app, 'checkin-list-overview', {}, admin)).body);
      const list = overview.lists.find((candidate) => candidate.list.code === 'NWF27-ENTRANCE')!;
      return { days: list.list.products.find((entry) => entry.product === 'NWF27-DAY-SAT')!.days, marks: list.back_office_fields };
    };
    expect(await listed()).toEqual({ days: ['2027-06-19', '2027-06-20'], marks: ['products'] });
    expect((await download()).products.find((product) => product.code === 'NWF27-DAY-SAT')).toMatchObject({ days: ['2027-06-19', '2027-06-20'] });
    // The file (Saturday only) does not take the list back until it wins.
    await upload(DEMO_TEXT, false);
    expect((await listed()).days).toEqual(['2027-06-19', '2027-06-20']);
    await upload(DEMO_TEXT, true);
    expect(await listed()).toEqual({ days: ['2027-06-19'], marks: [] });
    // Every day the lists are open.
    expect((await change('NWF27-DAY-SAT', { days: null })).status).toBe(200);
    const [entry] = await db()
      .select({ days: checkinListProducts.days })
      .from(checkinListProducts)
      .innerJoin(checkinLists, eq(checkinLists.id, checkinListProducts.listId))
      .where(and(eq(checkinLists.code, 'NWF27-ENTRANCE'), inArray(checkinListProducts.shopItemId, [(await row('NWF27-DAY-SAT')).id])));
    expect(entry).toEqual({ days: null });
    await upload(DEMO_TEXT, true);
  });

  it('changes a transport’s settings: a fixed departure until a seat is sold or held, the last moment for changes always; refused by field otherwise', async () => {
    const coach = await row('NWF27-COACH-UTR');
    await refusedAt('NWF27-LOCKER', { transport: { travel_time: null, changes_until: '2027-06-10T12:00:00Z' } }, 'changes.transport', texts.transportOnly);
    await refusedAt('NWF27-COACH-UTR', { transport: { travel_time: null, changes_until: null } }, 'changes.transport.travel_time', productFieldMessages.travelTimeRequired);
    await refusedAt('NWF27-SHUTTLE', { transport: { travel_time: '2027-06-18T10:00:00+02:00', changes_until: '2027-06-14T23:59:59+02:00' } }, 'changes.transport.travel_time', texts.travelTimeSelectable);
    await withHeld('NWF27-COACH-UTR', 2, () => refusedAt('NWF27-COACH-UTR', { transport: { travel_time: '2027-06-18T12:30:00+02:00', changes_until: null } }, 'changes.transport.travel_time', texts.travelTimeTaken(2)));

    // With seats held, the time stays, but until when buyers may change is the organiser's.
    await withHeld('NWF27-COACH-UTR', 2, async () => {
      const until = await change('NWF27-COACH-UTR', { transport: { travel_time: coach.travelTime!.toISOString(), changes_until: '2027-06-10T12:00:00Z' } });
      expect(until.status, JSON.stringify(until.body)).toBe(200);
    });
    const answer = await change('NWF27-COACH-UTR', { transport: { travel_time: '2027-06-18T12:30:00+02:00', changes_until: '2027-06-10T12:00:00Z' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.item).toMatchObject({ travel_time: '2027-06-18T10:30:00.000Z', travel_changes_until: '2027-06-10T12:00:00.000Z', changed_here: expect.arrayContaining(['transport']) });
    expect(await lastAudit('item:NWF27-COACH-UTR')).toMatchObject({ after: { transport: 'travel_time 2027-06-18T10:30:00.000Z, changes_until 2027-06-10T12:00:00.000Z' } });
    expect((await download()).products.find((product) => product.code === 'NWF27-COACH-UTR')?.transport).toMatchObject({ travel_time: expect.stringMatching(/^2027-06-18T12:30:00/) });
    const kept = await upload(DEMO_TEXT, false);
    expect(kept.kept).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'NWF27-COACH-UTR', field: 'transport' })]));
    expect((await row('NWF27-COACH-UTR')).travelTime).toEqual(new Date('2027-06-18T10:30:00.000Z'));
    // A selectable transport's last moment for changes.
    expect((await change('NWF27-SHUTTLE', { transport: { travel_time: null, changes_until: '2027-06-15T12:00:00Z' } })).status).toBe(200);
    await upload(DEMO_TEXT, true);
    expect((await row('NWF27-COACH-UTR')).travelTime).toEqual(coach.travelTime);
  });

  it('changes a payment plan with the importer’s rules; orders keep theirs; refused by field otherwise', async () => {
    await refusedAt('NWF27-WEEKEND-PLAN', { payment_plan: [PLAN[0], PLAN[1]] }, 'changes.payment_plan', productFieldMessages.planSum(9700, 19300));
    await refusedAt('NWF27-POSTER', { payment_plan: OTHER_PLAN }, 'changes.payment_plan', texts.planProductsOnly);
    const short = await inGerman('NWF27-WEEKEND-PLAN', { payment_plan: [{ amount: 19300, units: 'days', count: 0 }] });
    expect([short.status, short.body.errors?.['changes.payment_plan']]).toEqual([422, [de(productFieldMessages.planTooShort)]]);
    // An instalment falls due within five years, in every unit: a due date past what a date holds failed the shop's pages.
    for (const [units, count] of [['days', 1827], ['weeks', 261], ['months', 61], ['days', 1e15]] as const) {
      const far = await inGerman('NWF27-WEEKEND-PLAN', { payment_plan: [PLAN[0], { ...PLAN[1], units, count }, ...PLAN.slice(2)] });
      expect([far.status, far.body.errors?.['changes.payment_plan.1.count']], `${count} ${units}`).toEqual([422, [de(planEntryMessages.tooFar)]]);
    }
    // The file's own check, with the same rule.
    const farFile = DEMO_TEXT.replace('{ amount: 4800, units: months, count: 3 }', '{ amount: 4800, units: months, count: 999999 }');
    expect(farFile).not.toBe(DEMO_TEXT);
    expect(() => parseCatalogue(farFile, 'far.yaml')).toThrow(/payment_plan.*count.*at most five years after the order/s);
    // A plan for an item whose units are in carts: a cart may already hold another plan product.
    const weekend = await row('NWF27-WEEKEND');
    const weekendPlan = [{ amount: weekend.price + weekend.fee - 1000, units: 'days', count: 0 }, { amount: 1000, units: 'weeks', count: 2 }];
    await withHeld('NWF27-WEEKEND', 3, () => refusedAt('NWF27-WEEKEND', { payment_plan: weekendPlan }, 'changes.payment_plan', texts.planHeld(3)));
    await db().update(shopItems).set({ priceTiers: [{ price: 100, until: '2027-01-01T00:00:00.000Z' }] }).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    try {
      await refusedAt('NWF27-WEEKEND', { payment_plan: weekendPlan }, 'changes.payment_plan', priceTierMessages.noPlan);
    } finally {
      await db().update(shopItems).set({ priceTiers: weekend.priceTiers }).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    }

    const answer = await change('NWF27-WEEKEND-PLAN', { payment_plan: OTHER_PLAN });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.item).toMatchObject({ payment_plan: OTHER_PLAN, changed_here: expect.arrayContaining(['payment_plan']) });
    expect(await lastAudit('item:NWF27-WEEKEND-PLAN')).toMatchObject({ after: { payment_plan: JSON.stringify(OTHER_PLAN.map(({ amount, count, units }) => ({ amount, count, units }))) } });
    expect((await download()).products.find((product) => product.code === 'NWF27-WEEKEND-PLAN')).toMatchObject({ payment_plan: OTHER_PLAN });
    const kept = await upload(DEMO_TEXT, false);
    expect(kept.kept).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'NWF27-WEEKEND-PLAN', field: 'payment_plan' })]));
    expect((await row('NWF27-WEEKEND-PLAN')).paymentPlan).toEqual(OTHER_PLAN);
    // A price that no longer adds up with the plan is refused at the price, as before.
    await refusedAt('NWF27-WEEKEND-PLAN', { price: 100 }, 'changes.price', texts.planMismatch(19300, 450));
    await upload(DEMO_TEXT, true);
    expect((await row('NWF27-WEEKEND-PLAN')).paymentPlan).toEqual(PLAN);
  });

  it.runIf(engine === 'postgres')(
    'changes a plan while buyers check out the product at once: every order has one plan, whole, and its instalments are that plan’s',
    async () => {
      const buyers = await Promise.all(Array.from({ length: 16 }, () => createCustomer(shop)));
      const buy = async (buyer: { token: string }, index: number) => {
        const added = await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-WEEKEND-PLAN', full_name: `Planner ${index}`, email: `planner${index}@example.org`, age: '25-34' });
        if (added.status !== 200) return [added];
        return [added, await shop.call('checkout-cart', checkoutPayload(buyer.token, added.body.cart.code))];
      };
      const edits = Array.from({ length: 8 }, (_, round) => change('NWF27-WEEKEND-PLAN', { payment_plan: round % 2 ? PLAN : OTHER_PLAN }));
      const answers = await Promise.all([...buyers.map((buyer, index) => buy(buyer, index)), ...edits.map(async (edit) => [await edit])]);
      for (const answer of answers.flat()) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      const item = await row('NWF27-WEEKEND-PLAN');
      const sold = await db().select({ orderId: tickets.orderId }).from(tickets).where(eq(tickets.shopItemId, item.id));
      expect(sold.length).toBeGreaterThan(0);
      const planned = await db().select().from(orders).where(inArray(orders.id, sold.map((ticket) => ticket.orderId)));
      const amounts = (plan: readonly { amount: number }[]) => plan.map((entry) => entry.amount).join();
      for (const order of planned) {
        expect([amounts(PLAN), amounts(OTHER_PLAN)]).toContain(amounts(order.paymentPlan ?? []));
        const instalments = await db().select().from(paymentPlanPayments).where(eq(paymentPlanPayments.orderId, order.id));
        expect(instalments.map((instalment) => instalment.amount).sort((a, b) => a - b)).toEqual((order.paymentPlan ?? []).map((entry) => entry.amount).sort((a, b) => a - b));
        expect(order.totalPrice).toBe(19300);
      }
      await upload(DEMO_TEXT, true);
    },
    timeLimit(120_000),
  );

  it.runIf(engine === 'postgres')(
    'moves a product while buyers add it to carts and check out at once: never a unit sold or held before the move under the moved product',
    async () => {
      const made = await staffCall(shop.app, 'catalogue-create-item', { item: { kind: 'product', code: 'NWF27-RACE', event: 'NWF27', type: 'camping', name: 'Race pitch', price: 1000, tax: 'low', on_sale: true }, from: null }, admin);
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const buyers = await Promise.all(Array.from({ length: 16 }, () => createCustomer(shop)));
      const buy = async (buyer: { token: string }, index: number) => {
        const added = await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-RACE', full_name: `Racer ${index}`, email: `racer${index}@example.org`, age: '25-34' });
        if (added.status !== 200) return [added];
        return [added, await shop.call('checkout-cart', checkoutPayload(buyer.token, added.body.cart.code))];
      };
      // Some buy first; the moves then race the rest of the buyers.
      const first = await Promise.all(buyers.slice(0, 4).map((buyer, index) => buy(buyer, index)));
      const moves = Array.from({ length: 4 }, () => change('NWF27-RACE', { event: 'OTHER27' }));
      const answers = [...first, ...(await Promise.all([...buyers.slice(4).map((buyer, index) => buy(buyer, index + 4)), ...moves.map(async (move) => [await move])]))];
      for (const answer of answers.flat()) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      const item = await row('NWF27-RACE');
      const moved = answers.slice(buyers.length).flat().filter((answer) => answer.status === 200);
      const sold = await db().select({ orderId: tickets.orderId }).from(tickets).where(eq(tickets.shopItemId, item.id));
      expect(moved.length + sold.length).toBeGreaterThan(0);
      if (moved.length) {
        // The move ran under the item's row lock while nothing was held or sold: every order of it began after the move.
        expect(moved.length).toBe(1);
        expect(item.eventId).toBe(await eventId('OTHER27'));
        const audit = (await lastAudit('item:NWF27-RACE'))!;
        expect(audit.after).toEqual({ event: 'OTHER27' });
        const made = await db().select({ createdAt: orders.createdAt }).from(orders).where(inArray(orders.id, sold.length ? sold.map((ticket) => ticket.orderId) : [0]));
        for (const order of made) expect(order.createdAt.getTime()).toBeGreaterThanOrEqual(audit.at.getTime());
      } else {
        expect(item.eventId).toBe(await eventId('NWF27'));
        for (const answer of answers.slice(buyers.length).flat()) expect(answer.body.errors?.['changes.event']).toEqual([english(texts.eventSold)]);
      }
    },
    timeLimit(120_000),
  );

  it.runIf(engine === 'postgres')(
    'moves a product while admins name it on a check-in list, an on-sale and an add-on of its old event at once: it ends moved and named by no list or add-on there, or named and not moved',
    async () => {
      const other = await eventId('OTHER27');
      const opensAt = new Date(Date.now() + 3 * 3600_000).toISOString();
      for (let round = 0; round < 6; round++) {
        const code = `NWF27-STRUCT-${round}`;
        const made = await staffCall(shop.app, 'catalogue-create-item', { item: { kind: 'product', code, event: 'NWF27', type: 'camping', name: `Pitch ${round}`, price: 1000, tax: 'low', on_sale: true }, from: null }, admin);
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        const list = { code: `STRUCT-${round}`, event: 'NWF27', name: `Pitches ${round}`, products: [{ product: code, days: 'every' }], gates: ['North'], entry: 'alternating', opens_at: '2027-06-18T10:00:00+02:00', closes_at: '2027-06-21T03:00:00+02:00', day_cutover: '05:00' };
        const onsale = { code: `STRUCT${round}`, event: 'NWF27', opens_at: opensAt, products: [code], admission: { rate_per_minute: 120 } };
        const addon = { kind: 'product', code: `NWF27-STRUCT-ADDON-${round}`, event: 'NWF27', type: 'addon', name: `Pitch light ${round}`, price: 500, tax: 'low', requires: [code] };
        const answers = await Promise.all([
          change(code, { event: 'OTHER27' }),
          staffCall(shop.app, 'checkin-list-save', { id: null, list }, admin),
          staffCall(shop.app, 'onsale-create', { onsale }, admin),
          staffCall(shop.app, 'catalogue-create-item', { item: addon, from: null }, admin),
        ]);
        for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
        const item = await row(code);
        const listed = await db().select({ list: checkinLists.code }).from(checkinListProducts).innerJoin(checkinLists, eq(checkinLists.id, checkinListProducts.listId)).where(eq(checkinListProducts.shopItemId, item.id));
        const named = await db().select({ onsale: onsales.code }).from(onsaleProducts).innerJoin(onsales, eq(onsales.id, onsaleProducts.onsaleId)).where(eq(onsaleProducts.shopItemId, item.id));
        const requiring = (await db().select({ code: shopItems.externalCode, requires: shopItems.requires }).from(shopItems)).filter((found) => found.requires?.includes(code));
        if (item.eventId === other) {
          // An on-sale may guard products of any event (and merchandise): one made after the move may name it.
          expect([answers[0]!.status, listed, requiring], `round ${round}`).toEqual([200, [], []]);
        } else {
          expect(answers[0]!.status, `round ${round}: ${JSON.stringify(answers[0]!.body)}`).toBe(422);
          expect(listed.length + named.length + requiring.length, `round ${round}`).toBeGreaterThan(0);
        }
      }
    },
    timeLimit(120_000),
  );
});
