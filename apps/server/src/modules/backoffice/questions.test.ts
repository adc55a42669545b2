import { english, questionMessages, staffAdminMessages, staffApi, staffCatalogueMessages, staffQuestionMessages as texts } from '@festival/contract';
import { eq } from 'drizzle-orm';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAudit as lastAuditOf, openBackOfficeShop } from '../../../test/back-office-shop';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { cartWith, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { type TestShop } from '../../../test/test-shop';
import { orders, productQuestions, questionAnswers } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { readLiveCatalogue } from '../catalog/catalogue-export';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'questions-admin-test-secret-of-32-chars!!';

/**
 * The back office's questions per product over HTTP (issue 37 point 4, decision 0106): admins
 * only; added, changed, reordered and removed with the catalogue file's rules, refused by field in
 * the member's language with nothing changed; audited; a question with answers archived, never
 * deleted; written by the export.
 */
describe.each(testEngines())('the back-office questions on %s', (engine) => {
  let shop: TestShop;
  let admin: string;
  let boxOffice: string;
  beforeAll(async () => {
    ({ shop, admin, other: boxOffice } = await openBackOfficeShop(engine, { secret: SECRET, name: 'questions', other: 'box_office' }));
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  const save = (code: string | null, question: Record<string, unknown>, cookie = admin) => staffCall(shop.app, 'question-save', { product: 'NWF27-WEEKEND', code, question }, cookie);
  const list = async () => {
    const answer = await staffCall(shop.app, 'question-list', { product: 'NWF27-WEEKEND' }, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return staffApi['question-list'].answer.parse(answer.body);
  };
  const lastAudit = (target: string) => lastAuditOf(db(), target);
  const inGerman = async (path: string, payload: unknown) => {
    const answer = await staffCall(shop.app, path, payload, admin, 'de');
    return { ...answer, body: answer.body as { message: string; errors?: Record<string, string[]> } };
  };
  const de = (text: Parameters<typeof english>[0]) => translatorFor('de').format(text);
  const size = { code: 'size', kind: 'choice', label: 'T-shirt size', required: true, options: [{ code: 's', label: 'Small' }, { code: 'm', label: 'Medium', translations: { de: { label: 'Mittel' } } }], translations: { de: { label: 'T-Shirt-Größe' } } };

  it('is for admins only', async () => {
    for (const path of ['question-list', 'question-save', 'question-remove', 'question-order'] as const) {
      const answer = await staffCall(shop.app, path, {}, boxOffice);
      expect([answer.status, answer.body.message]).toEqual([403, english(staffAdminMessages.notAllowed)]);
      expect((await staffCall(shop.app, path, {}, null)).status).toBe(401);
    }
  });

  it('adds questions in order, audited, and the export writes them', async () => {
    const first = await save(null, size);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe(english(texts.created('T-shirt size')));
    expect((await save(null, { code: 'company', kind: 'text', label: 'Company', per: 'order' })).status).toBe(200);
    const listed = await list();
    expect(listed.questions.map((view) => [view.question.code, view.question.per, view.answers])).toEqual([
      ['size', 'ticket', 0],
      ['company', 'order', 0],
    ]);
    expect(listed.languages[0]).toBe('en');
    expect(await lastAudit('question:NWF27-WEEKEND/size')).toMatchObject({ action: 'question.create', actor: 'questions.admin@example.org', before: null });
    const { catalogue } = await readLiveCatalogue(db());
    expect(catalogue.products.find((product) => product.code === 'NWF27-WEEKEND')?.questions.map((question) => question.code)).toEqual(['size', 'company']);
  });

  it('refuses by field in the member’s language, with nothing changed: the file’s rules, a code twice, a language the shop does not offer, another code', async () => {
    const before = await snapshot();
    const german = await inGerman('question-save', { product: 'NWF27-WEEKEND', code: null, question: { code: 'size', kind: 'choice', label: '', options: [] } });
    expect(german.status).toBe(422);
    expect(german.body.errors).toEqual({ 'question.label': [de(questionMessages.labelLength)], 'question.options': [de(questionMessages.options)] });
    const english422 = await save(null, { code: 'kids', kind: 'number', label: 'Children', min: 5, max: 1 });
    expect([english422.status, english422.body.errors]).toEqual([422, { 'question.min': [english(questionMessages.minAboveMax)] }]);
    const twice = await inGerman('question-save', { product: 'NWF27-WEEKEND', code: null, question: { code: 'size', kind: 'text', label: 'Size again' } });
    expect([twice.status, twice.body.errors]).toEqual([422, { 'question.code': [de(questionMessages.codeTwice('size'))] }]);
    const language = await save(null, { code: 'arrival', kind: 'date', label: 'Arrival', translations: { xx: { label: 'X' } } });
    expect([language.status, language.body.errors]).toEqual([422, { 'question.translations.xx': [english(staffCatalogueMessages.notALanguage)] }]);
    const renamed = await save('size', { ...size, code: 'shirt' });
    expect([renamed.status, renamed.body.errors]).toEqual([422, { 'question.code': [english(texts.codeKept('size'))] }]);
    const noProduct = await staffCall(shop.app, 'question-save', { product: 'NO-SUCH', code: null, question: size }, admin);
    expect([noProduct.status, noProduct.body.message]).toEqual([404, english(texts.noProduct('NO-SUCH'))]);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('changes and reorders questions, audited', async () => {
    const changed = await save('size', { ...size, label: 'Shirt size', at_gate: true });
    expect([changed.status, changed.body.message]).toEqual([200, english(texts.saved('Shirt size'))]);
    expect(await lastAudit('question:NWF27-WEEKEND/size')).toMatchObject({ action: 'question.change', before: { label: 'T-shirt size', at_gate: false }, after: { label: 'Shirt size', at_gate: true } });
    const wrongOrder = await staffCall(shop.app, 'question-order', { product: 'NWF27-WEEKEND', codes: ['company'] }, admin);
    expect([wrongOrder.status, wrongOrder.body.errors]).toEqual([422, { codes: [english(texts.sameCodes)] }]);
    const ordered = await staffCall(shop.app, 'question-order', { product: 'NWF27-WEEKEND', codes: ['company', 'size'] }, admin);
    expect(ordered.status).toBe(200);
    expect((await list()).questions.map((view) => view.question.code)).toEqual(['company', 'size']);
  });

  it('removes a question nobody answered, and archives one with answers (its answers stay, its kind stays)', async () => {
    const removed = await staffCall(shop.app, 'question-remove', { product: 'NWF27-WEEKEND', code: 'company' }, admin);
    expect([removed.status, removed.body]).toEqual([200, { deleted: true, message: english(texts.removed('Company')) }]);
    expect(await lastAudit('question:NWF27-WEEKEND/company')).toMatchObject({ action: 'question.remove', after: null });

    // An answer given with an order (an order of another product will do for the row).
    const buyer = await createCustomer(shop);
    const placed = await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-PARKING'])));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [question] = await db().select().from(productQuestions).where(eq(productQuestions.code, 'size'));
    const [order] = await db().select({ id: orders.id }).from(orders).limit(1);
    await db().insert(questionAnswers).values({ orderId: order!.id, questionId: question!.id, value: 's' });
    const kind = await save('size', { ...size, kind: 'multi' });
    expect([kind.status, kind.body.errors]).toEqual([422, { 'question.kind': [english(texts.kindKept('choice'))] }]);
    const archived = await staffCall(shop.app, 'question-remove', { product: 'NWF27-WEEKEND', code: 'size' }, admin);
    expect([archived.status, archived.body]).toEqual([200, { deleted: false, message: english(texts.archived('Shirt size', 1)) }]);
    expect((await list()).questions).toEqual([expect.objectContaining({ question: expect.objectContaining({ code: 'size', archived: true }), answers: 1 })]);
    expect(await db().select().from(questionAnswers).where(eq(questionAnswers.questionId, question!.id))).toHaveLength(1);
  });
  it('keeps a question saved here through an import that lists it otherwise or not at all, until the file says the same (given back) or wins; the hand-back gives it back', async () => {
    const download = async () => YAML.parse(staffApi['catalogue-download'].answer.parse((await staffCall(shop.app, 'catalogue-download', {}, admin)).body).content) as { products: { code: string; questions?: Record<string, unknown>[] }[] };
    const upload = async (file: unknown, options: { file_wins?: boolean } = {}) => {
      const answer = await staffCall(shop.app, 'catalogue-upload', { file_name: 'catalogue.yaml', lines: YAML.stringify(file).split('\n'), check_only: false, ...options }, admin);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const parsed = staffApi['catalogue-upload'].answer.parse(answer.body);
      expect(parsed.imported, JSON.stringify(parsed.problems)).toBe(true);
      return parsed;
    };
    // What the editor's list says agrees with the row: the mark the page shows as "Changed here".
    const stored = async () => {
      const [row] = await db().select({ label: productQuestions.label, setHere: productQuestions.setHere }).from(productQuestions).where(eq(productQuestions.code, 'tour'));
      const listed = staffApi['question-list'].answer.parse((await staffCall(shop.app, 'question-list', { product: 'NWF27-WEEKEND' }, admin)).body);
      expect(listed.questions.find((view) => view.question.code === 'tour')?.set_here).toBe(row?.setHere);
      return row;
    };
    const tour = { code: 'tour', kind: 'yes_no', label: 'Backstage tour?', translations: { de: { label: 'Führung hinter der Bühne?' } } };
    expect((await save(null, tour)).status).toBe(200);
    expect(await stored()).toEqual({ label: 'Backstage tour?', setHere: true });
    const file = await download();
    const weekend = file.products.find((product) => product.code === 'NWF27-WEEKEND')!;
    const listed = weekend.questions!;
    const inFile = listed.find((question) => question.code === 'tour')!;

    // A file that says otherwise (last week's, or one changed since) keeps the shop's question, and says so.
    inFile.label = 'Tour, as the file says';
    const kept = await upload(file);
    expect(kept.kept).toContainEqual({ code: 'NWF27-WEEKEND', field: 'question.tour', shop_value: expect.stringContaining('Backstage tour?'), file_value: expect.stringContaining('Tour, as the file says') });
    expect(await stored()).toEqual({ label: 'Backstage tour?', setHere: true });
    // A file that does not list it leaves it as it is.
    weekend.questions = listed.filter((question) => question.code !== 'tour');
    await upload(file);
    expect(await stored()).toEqual({ label: 'Backstage tour?', setHere: true });
    // A file that says the same takes it back: the next change in the file is the file's.
    weekend.questions = listed;
    inFile.label = 'Backstage tour?';
    const same = await upload(file);
    expect(same.diff!.handed_back).toContainEqual({ code: 'NWF27-WEEKEND', field: 'question.tour' });
    expect(await stored()).toEqual({ label: 'Backstage tour?', setHere: false });
    inFile.label = 'Tour, as the file says';
    await upload(file);
    expect(await stored()).toEqual({ label: 'Tour, as the file says', setHere: false });

    // Saved here again: an import that is told the file wins replaces it and clears the mark.
    expect((await save('tour', { ...tour, label: 'Tour (here)' })).status).toBe(200);
    const won = await upload(file, { file_wins: true });
    expect(won.kept).toContainEqual(expect.objectContaining({ code: 'NWF27-WEEKEND', field: 'question.tour' }));
    expect(await stored()).toEqual({ label: 'Tour, as the file says', setHere: false });
    // The item's hand-back gives its questions back too.
    expect((await save('tour', { ...tour, label: 'Tour (here)' })).status).toBe(200);
    expect((await staffCall(shop.app, 'catalogue-hand-back', { code: 'NWF27-WEEKEND' }, admin)).status).toBe(200);
    expect(await stored()).toEqual({ label: 'Tour (here)', setHere: false });
    await upload(file);
    expect(await stored()).toEqual({ label: 'Tour, as the file says', setHere: false });
  }, timeLimit(120_000));
});
