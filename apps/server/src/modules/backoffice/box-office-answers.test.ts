import { api, english, LOCALES, portalMessages, questionDefinition, questionMessages, staffApi, staffOrderMessages, type QuestionDefinitionInput } from '@festival/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { emailOutbox, orders, productQuestions, questionAnswers, shopItems, staffAudit, ticketChanges, tickets } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { questionColumns, upsertQuestion } from '../catalog/questions.queries';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'box-office-answers-secret-of-32-characters';

/**
 * Questions per product at the desk and in the portal (issue 37 point 4, decision 0106): the box
 * office's sale takes each ticket's answers with its holder and the order's by product, checked by
 * the contract's rule (a required one is required at the desk too), refused by field with nothing
 * written and stored with the order; the customer changes them in the portal while the ticket's
 * holder may be changed, refused after, kept in the ticket's changes or the order's audit.
 */
describe.each(testEngines())('questions at the desk and in the portal on %s', (engine) => {
  let shop: TestShop;
  let parkingId = 0;
  const clock = new Date('2026-11-23T12:00:00Z');
  let desk = '';
  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { languages: [...LOCALES] }, app: { appSecret: SECRET, now: () => clock, catalogMaxAgeMs: 0 } });
    desk = (await signedInStaff(shop.app, shop.database.db, { email: 'desk@example.org', role: 'box_office' }, clock)).cookie;
    const [parking] = await db().select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-PARKING'));
    parkingId = parking!.id;
    await db().update(shopItems).set({ allowNameChanges: true, allowNameChangesUntil: null }).where(eq(shopItems.id, parkingId));
    const asked: QuestionDefinitionInput[] = [
      { code: 'plate', kind: 'text', label: 'Number plate', required: true, at_gate: true, translations: { de: { label: 'Kennzeichen' } } },
      { code: 'colour', kind: 'choice', label: 'Colour', options: [{ code: 'red', label: 'Red' }, { code: 'blue', label: 'Blue' }] },
      { code: 'contact', kind: 'text', label: 'Emergency contact', required: true, per: 'order' },
    ];
    for (const [sort, question] of asked.entries()) await upsertQuestion(db(), questionColumns(questionDefinition.parse(question), parkingId, sort));
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  const de = (text: Parameters<typeof english>[0]) => translatorFor('de').format(text);
  const sell = async (payload: Record<string, unknown>, language = 'en') => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/staff/box-office-sell',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: desk, 'accept-language': language },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() as { message: string; errors?: Record<string, string[]>; order_code?: string } };
  };
  async function call(path: string, payload: unknown, language = 'en') {
    const response = await shop.app.inject({ method: 'POST', url: `/api/${path}`, headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': language }, payload: JSON.stringify(payload) });
    return { status: response.statusCode, body: response.json() as { message: string; errors?: Record<string, string[]>; data?: unknown } };
  }
  const sale = (email: string, holders: { full_name: string; email: string; answers?: Record<string, unknown> }[], answers?: Record<string, unknown>) => ({
    buyer: { email, full_name: 'Desk Buyer' },
    lines: [{ code: 'NWF27-PARKING', quantity: holders.length, holders }],
    payment: 'cash',
    ...(answers ? { answers } : {}),
  });
  const storedAnswers = async (orderCode: string) => {
    const orderTickets = await db().select({ id: tickets.id, fullName: tickets.fullName }).from(tickets).innerJoin(shopItems, eq(shopItems.id, tickets.shopItemId)).where(eq(shopItems.id, parkingId));
    const rows = await db()
      .select({ ticketId: questionAnswers.ticketId, code: productQuestions.code, value: questionAnswers.value, orderId: questionAnswers.orderId })
      .from(questionAnswers)
      .innerJoin(productQuestions, eq(productQuestions.id, questionAnswers.questionId))
      .innerJoin(orders, eq(orders.id, questionAnswers.orderId))
      .where(eq(orders.code, orderCode))
      .orderBy(asc(questionAnswers.ticketId), asc(productQuestions.sortOrder));
    return rows.map((row) => ({ holder: row.ticketId === null ? null : orderTickets.find((ticket) => ticket.id === row.ticketId)!.fullName, code: row.code, value: row.value }));
  };

  it('gives the desk the questions with each item, and refuses a sale without a required answer or with a wrong one, by field in the member’s language, with nothing written', async () => {
    const items = staffApi['box-office-items'].answer.parse((await staffCall(shop.app, 'box-office-items', {}, desk)).body);
    const parking = items.groups.flatMap((group) => group.items).find((item) => item.code === 'NWF27-PARKING')!;
    expect(parking.questions?.map((question) => [question.code, question.per, question.required])).toEqual([
      ['plate', 'ticket', true],
      ['colour', 'ticket', false],
      ['contact', 'order', true],
    ]);
    expect(items.groups.flatMap((group) => group.items).find((item) => item.code === 'NWF27-WEEKEND')?.questions).toBeUndefined();

    const email = 'desk.refused@example.org';
    const before = await snapshot();
    const missing = await sell(sale(email, [{ full_name: 'Ann', email: '', answers: { plate: 'AB-12-CD' } }, { full_name: 'Bob', email: '' }], { 'NWF27-PARKING': { contact: 'Mum' } }), 'de');
    expect([missing.status, missing.body.message, missing.body.errors]).toEqual([422, de(questionMessages.required('Kennzeichen')), { 'lines.0.holders.1.answers.plate': [de(questionMessages.required('Kennzeichen'))] }]);
    const wrong = await sell(sale(email, [{ full_name: 'Ann', email: '', answers: { plate: 'AB-12-CD', colour: 'green' } }], { 'NWF27-PARKING': { contact: 'Mum' } }));
    expect([wrong.status, wrong.body.errors]).toEqual([422, { 'lines.0.holders.0.answers.colour': [english(questionMessages.notAnOption)] }]);
    const noContact = await sell(sale(email, [{ full_name: 'Ann', email: '', answers: { plate: 'AB-12-CD' } }]));
    expect([noContact.status, noContact.body.errors]).toEqual([422, { 'answers.NWF27-PARKING.contact': [english(questionMessages.required('Emergency contact'))] }]);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('stores each ticket’s answers and the order’s with the sale, as the contract keeps them', async () => {
    const buyer = await createCustomer(shop);
    const sold = await sell(sale(buyer.email, [{ full_name: 'Ann', email: '', answers: { plate: ' AB-12-CD ', colour: 'red', unknown: 'x' } }, { full_name: 'Bob', email: '', answers: { plate: 'XY-99-ZZ' } }], { 'NWF27-PARKING': { contact: ' Mum ' } }));
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(await storedAnswers(sold.body.order_code!)).toEqual([
      { holder: 'Ann', code: 'plate', value: 'AB-12-CD' },
      { holder: 'Ann', code: 'colour', value: 'red' },
      { holder: 'Bob', code: 'plate', value: 'XY-99-ZZ' },
      { holder: null, code: 'contact', value: 'Mum' },
    ]);
  });

  it('lets the customer change a ticket’s answers and the order’s in the portal while names may change: checked, kept in the timeline, the ticket touched for the gate; refused after', async () => {
    const buyer = await createCustomer(shop);
    const sold = await sell(sale(buyer.email, [{ full_name: 'Cy', email: '', answers: { plate: 'AA-11-BB' } }], { 'NWF27-PARKING': { contact: 'Dad' } }));
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const code = sold.body.order_code!;
    const [ticket] = await db().select().from(tickets).innerJoin(orders, eq(orders.id, tickets.orderId)).where(eq(orders.code, code));
    const orderId = ticket!.orders.id;
    const ticketCode = ticket!.tickets.code;

    const stranger = await createCustomer(shop);
    // Refused by the contract's rule, by field, in the page's language, nothing written.
    const before = await snapshot();
    const blank = await call('change-answers', { token: buyer.token, order_id: orderId, ticket: ticketCode, answers: { plate: '  ' } }, 'de');
    expect([blank.status, blank.body.errors]).toEqual([422, { 'answers.plate': [de(questionMessages.required('Kennzeichen'))] }]);
    const noOrderContact = await call('change-answers', { token: buyer.token, order_id: orderId, product: 'NWF27-PARKING', answers: {} });
    expect([noOrderContact.status, noOrderContact.body.errors]).toEqual([422, { 'answers.contact': [english(questionMessages.required('Emergency contact'))] }]);
    // Another customer's ticket or order is answered as one that does not exist.
    expect((await call('change-answers', { token: stranger.token, order_id: orderId, ticket: ticketCode, answers: { plate: 'ZZ' } })).status).toBe(404);
    expect((await call('change-answers', { token: stranger.token, order_id: orderId, product: 'NWF27-PARKING', answers: { contact: 'ZZ' } })).status).toBe(404);
    expect(changedTables(before, await snapshot())).toEqual([]);

    const touchedBefore = ticket!.tickets.updatedAt;
    const changed = await call('change-answers', { token: buyer.token, order_id: orderId, ticket: ticketCode, answers: { plate: 'CC-22-DD', colour: 'blue' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const orderChanged = await call('change-answers', { token: buyer.token, order_id: orderId, product: 'NWF27-PARKING', answers: { contact: 'Aunt' } });
    expect(orderChanged.status, JSON.stringify(orderChanged.body)).toBe(200);
    expect(await storedAnswers(code)).toEqual([
      { holder: 'Cy', code: 'plate', value: 'CC-22-DD' },
      { holder: 'Cy', code: 'colour', value: 'blue' },
      { holder: null, code: 'contact', value: 'Aunt' },
    ]);
    // The ticket's change is in its changes (the order's timeline), the order's in its audit.
    const changes = await db().select({ changes: ticketChanges.changes }).from(ticketChanges).where(eq(ticketChanges.ticketId, ticket!.tickets.id));
    expect(changes.map((row) => row.changes)).toEqual([{ 'answer.plate': { from: 'AA-11-BB', to: 'CC-22-DD' }, 'answer.colour': { from: null, to: 'blue' } }]);
    // The staff's timeline names the answer by its question's code, not as a raw key.
    const detail = staffApi['order-detail'].answer.parse((await staffCall(shop.app, 'order-detail', { code }, desk)).body);
    expect(detail.timeline.filter((entry) => entry.kind === 'ticket-change').map((entry) => entry.text)).toContainEqual(expect.stringContaining('answer to “plate” AA-11-BB → CC-22-DD'));
    const audit = await db().select().from(staffAudit).where(and(eq(staffAudit.target, `order:${code}`), eq(staffAudit.action, 'order.change-answers'), isNull(staffAudit.staffId)));
    expect(audit.map((row) => [row.actor, row.after])).toEqual([[buyer.email, { product: 'NWF27-PARKING', changes: { 'answer.contact': { from: 'Dad', to: 'Aunt' } } }]]);
    // The plate is shown at the gate: the ticket is touched, so the scanner's sync carries it again.
    const [touched] = await db().select({ updatedAt: tickets.updatedAt }).from(tickets).where(eq(tickets.id, ticket!.tickets.id));
    expect(touched!.updatedAt.getTime()).toBeGreaterThan(touchedBefore.getTime());
    // The order page shows the new answers, and the portal's forms carry the questions and the answers as kept.
    const shown = api['change-answers'].answer.parse(orderChanged.body).data.orders.find((order) => order.code === code)!;
    expect(shown.tickets[0]!.answers!.map((answer) => answer.answer)).toEqual(['CC-22-DD', 'Blue']);
    expect(shown.tickets[0]!.answer_form).toMatchObject({ product: 'NWF27-PARKING', values: { plate: 'CC-22-DD', colour: 'blue' }, allow_changes: true });
    expect(shown.tickets[0]!.answer_form!.questions.map((question) => question.code)).toEqual(['plate', 'colour']);
    expect(shown.answer_forms?.map((form) => [form.product, form.questions.map((question) => question.code), form.values, form.allow_changes])).toEqual([['NWF27-PARKING', ['contact'], { contact: 'Aunt' }, true]]);

    // Once the holder's name may no longer change, neither may the answers.
    await db().update(shopItems).set({ allowNameChangesUntil: new Date('2026-01-01T00:00:00Z') }).where(eq(shopItems.id, parkingId));
    try {
      const closedBefore = await snapshot();
      const late = await call('change-answers', { token: buyer.token, order_id: orderId, ticket: ticketCode, answers: { plate: 'EE-33-FF' } });
      expect([late.status, late.body.message]).toEqual([422, english(portalMessages.answerChangesClosed)]);
      const lateOrder = await call('change-answers', { token: buyer.token, order_id: orderId, product: 'NWF27-PARKING', answers: { contact: 'Uncle' } });
      expect([lateOrder.status, lateOrder.body.message]).toEqual([422, english(portalMessages.answerChangesClosed)]);
      expect(changedTables(closedBefore, await snapshot())).toEqual([]);
      const closed = api['get-data'].answer.parse((await call('get-data', { token: buyer.token })).body).data.orders.find((order) => order.code === code)!;
      expect([closed.tickets[0]!.answer_form?.allow_changes, closed.answer_forms?.[0]?.allow_changes]).toEqual([false, false]);
    } finally {
      await db().update(shopItems).set({ allowNameChangesUntil: null }).where(eq(shopItems.id, parkingId));
    }
  });

  it('runs edits of one ticket’s answers at once one after the other (the ticket’s row lock): one answer kept, every change in the timeline', async () => {
    const buyer = await createCustomer(shop);
    const sold = await sell(sale(buyer.email, [{ full_name: 'Di', email: '', answers: { plate: 'P-1' } }], { 'NWF27-PARKING': { contact: 'Mum' } }));
    const [row] = await db().select({ id: tickets.id, code: tickets.code, orderId: tickets.orderId }).from(tickets).innerJoin(orders, eq(orders.id, tickets.orderId)).where(eq(orders.code, sold.body.order_code!));
    const plates = ['P-2', 'P-3', 'P-4', 'P-5', 'P-6', 'P-7'];
    const edits = await Promise.all(plates.map((plate) => call('change-answers', { token: buyer.token, order_id: row!.orderId, ticket: row!.code, answers: { plate } })));
    expect(edits.map((edit) => edit.status)).toEqual(plates.map(() => 200));
    const kept = await db().select({ value: questionAnswers.value }).from(questionAnswers).where(eq(questionAnswers.ticketId, row!.id));
    expect(kept).toHaveLength(1);
    expect(plates).toContain(kept[0]!.value);
    expect(await db().select().from(ticketChanges).where(eq(ticketChanges.ticketId, row!.id))).toHaveLength(plates.length);
  });

  it('lets staff change a ticket’s answers and the order’s at any time: checked by field with nothing changed, an archived answer kept, audited and in the timeline, the ticket touched for the gate, the buyer told by e-mail; the desk refused', async () => {
    const service = (await signedInStaff(shop.app, shop.database.db, { email: 'answers.service@example.org', role: 'customer_service' }, clock)).cookie;
    const buyer = await createCustomer(shop);
    const sold = await sell(sale(buyer.email, [{ full_name: 'Ed', email: '', answers: { plate: 'S-1', colour: 'red' } }], { 'NWF27-PARKING': { contact: 'Mum' } }));
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const code = sold.body.order_code!;
    const [ticket] = await db().select().from(tickets).innerJoin(orders, eq(orders.id, tickets.orderId)).where(eq(orders.code, code));
    const ticketCode = ticket!.tickets.code;
    const mailsTo = async () => (await db().select({ subject: emailOutbox.subject, text: emailOutbox.textBody }).from(emailOutbox).where(eq(emailOutbox.toAddress, buyer.email))).filter((mail) => mail.subject.includes('answers'));
    // The page carries the questions asked now and the answers as kept, for staff's forms.
    const page = staffApi['order-detail'].answer.parse((await staffCall(shop.app, 'order-detail', { code }, service)).body);
    expect(page.tickets[0]!.answer_form).toMatchObject({ product: 'NWF27-PARKING', values: { plate: 'S-1', colour: 'red' }, allow_changes: true });
    expect(page.answer_forms.map((form) => [form.product, form.questions.map((question) => question.code), form.values])).toEqual([['NWF27-PARKING', ['contact'], { contact: 'Mum' }]]);

    // The customer's window is closed; staff are not bound by it. The colour question is archived: its answer stays, it is not asked again.
    await db().update(shopItems).set({ allowNameChangesUntil: new Date('2026-01-01T00:00:00Z') }).where(eq(shopItems.id, parkingId));
    await db().update(productQuestions).set({ archived: true }).where(and(eq(productQuestions.shopItemId, parkingId), eq(productQuestions.code, 'colour')));
    try {
      const before = await snapshot();
      const blank = await staffCall(shop.app, 'order-change-answers', { code, ticket: ticketCode, answers: { plate: ' ' } }, service, 'de');
      expect([blank.status, blank.body.message, blank.body.errors]).toEqual([422, de(questionMessages.required('Kennzeichen')), { 'answers.plate': [de(questionMessages.required('Kennzeichen'))] }]);
      const noContact = await staffCall(shop.app, 'order-change-answers', { code, product: 'NWF27-PARKING', answers: { contact: '' } }, service);
      expect([noContact.status, noContact.body.errors]).toEqual([422, { 'answers.contact': [english(questionMessages.required('Emergency contact'))] }]);
      // The box office may sell with answers but not change them afterwards; an unknown ticket is not found.
      expect((await staffCall(shop.app, 'order-change-answers', { code, ticket: ticketCode, answers: { plate: 'DESK' } }, desk)).status).toBe(403);
      expect((await staffCall(shop.app, 'order-change-answers', { code, ticket: 'NOSUCHTICKET', answers: { plate: 'X' } }, service)).status).toBe(404);
      expect(changedTables(before, await snapshot())).toEqual([]);

      const touchedBefore = ticket!.tickets.updatedAt;
      const changed = await staffCall(shop.app, 'order-change-answers', { code, ticket: ticketCode, answers: { plate: ' S-2 ', colour: 'blue' } }, service);
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const orderChanged = await staffCall(shop.app, 'order-change-answers', { code, product: 'NWF27-PARKING', answers: { contact: 'Neighbour' } }, service);
      expect(orderChanged.status, JSON.stringify(orderChanged.body)).toBe(200);
      expect(await storedAnswers(code)).toEqual([
        { holder: 'Ed', code: 'plate', value: 'S-2' },
        { holder: 'Ed', code: 'colour', value: 'red' },
        { holder: null, code: 'contact', value: 'Neighbour' },
      ]);
      // The page shows them at once, the timeline names the change as the staff's.
      const after = staffApi['order-change-answers'].answer.parse(orderChanged.body).order;
      expect(after.tickets[0]!.answers.map((answer) => answer.answer)).toEqual(['S-2', 'Red']);
      expect(after.answers.map((answer) => answer.answer)).toEqual(['Neighbour']);
      expect(after.timeline.filter((entry) => entry.kind === 'ticket-change').map((entry) => entry.text)).toContainEqual(expect.stringMatching(/answer to “plate” S-1 → S-2.*by staff \(answers\.service@example\.org\)/));
      const audit = await db().select().from(staffAudit).where(and(eq(staffAudit.target, `order:${code}`), eq(staffAudit.action, 'order.staff-change-answers')));
      expect(audit.map((row) => row.after)).toEqual([
        { ticket: ticketCode, changes: { 'answer.plate': { from: 'S-1', to: 'S-2' } } },
        { product: 'NWF27-PARKING', changes: { 'answer.contact': { from: 'Mum', to: 'Neighbour' } } },
      ]);
      const [touched] = await db().select({ updatedAt: tickets.updatedAt }).from(tickets).where(eq(tickets.id, ticket!.tickets.id));
      expect(touched!.updatedAt.getTime()).toBeGreaterThan(touchedBefore.getTime());
      // The buyer is told each time, with the answers as they are now.
      const mails = await mailsTo();
      expect(mails.map((mail) => mail.subject)).toEqual([`Your answers for order ${code} were changed`, `Your answers for order ${code} were changed`]);
      expect(mails[0]!.text).toContain('Number plate');
      expect(mails[0]!.text).toContain('S-2');
      expect(mails[1]!.text).toContain('Neighbour');
      // The same answers again change nothing and tell nobody.
      const same = await staffCall(shop.app, 'order-change-answers', { code, product: 'NWF27-PARKING', answers: { contact: 'Neighbour' } }, service);
      expect([same.status, same.body.message]).toEqual([200, english(staffOrderMessages.answersUnchanged)]);
      expect(await mailsTo()).toHaveLength(2);
    } finally {
      await db().update(shopItems).set({ allowNameChangesUntil: null }).where(eq(shopItems.id, parkingId));
      await db().update(productQuestions).set({ archived: false }).where(and(eq(productQuestions.shopItemId, parkingId), eq(productQuestions.code, 'colour')));
    }
  });

  it('never fails a sale or a removal when a question is removed while it is being answered: the answered one is archived, a late answer refused plainly', async () => {
    const admin = (await signedInStaff(shop.app, shop.database.db, { email: 'answers.admin@example.org', role: 'admin' }, clock)).cookie;
    for (const round of [1, 2, 3]) {
      const code = `spare${round}`;
      await upsertQuestion(db(), questionColumns(questionDefinition.parse({ code, kind: 'text', label: 'Spare' }), parkingId, 10 + round));
      const ordersBefore = (await db().select({ id: orders.id }).from(orders)).length;
      const holder = (n: number) => ({ full_name: `Race ${round}-${n}`, email: `race${round}-${n}@example.org`, answers: { plate: `R-${round}-${n}`, [code]: 'yes' } });
      const [removed, ...sold] = await Promise.all([
        staffCall(shop.app, 'question-remove', { product: 'NWF27-PARKING', code }, admin),
        ...[1, 2, 3, 4, 5, 6].map((n) => sell(sale(`race${round}-${n}@example.org`, [holder(n)], { 'NWF27-PARKING': { contact: 'Mum' } }))),
      ]);
      expect(removed!.status, JSON.stringify(removed!.body)).toBe(200);
      for (const answer of sold) {
        expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
        if (answer.status === 409) expect(answer.body.message).toBe(english(questionMessages.changed));
      }
      // Only the sales answered are orders; an answered question stays (archived), one nobody answered is gone.
      expect((await db().select({ id: orders.id }).from(orders)).length - ordersBefore).toBe(sold.filter((answer) => answer.status === 200).length);
      const [question] = await db().select().from(productQuestions).where(and(eq(productQuestions.shopItemId, parkingId), eq(productQuestions.code, code)));
      const answered = question ? (await db().select().from(questionAnswers).where(eq(questionAnswers.questionId, question.id))).length : 0;
      if (question) expect([question.archived, answered > 0]).toEqual([true, true]);
    }
  }, timeLimit(120_000));
});
