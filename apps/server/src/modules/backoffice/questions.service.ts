import {
  QUESTIONS_MAX,
  questionMessages,
  staffCatalogueMessages,
  staffQuestionMessages as texts,
  translationLanguageProblems,
  type Locale,
  type QuestionDefinition,
  type QuestionView,
  type Shown,
  type StaffApiAnswer,
  type StaffApiInput,
} from '@festival/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Worded } from '../../http/api-route';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import { auditActor, type Actor } from '../staff/staff-accounts';
import { insertAudit } from '../staff/staff.queries';
import * as queries from './questions.queries';

export interface QuestionAdminDeps {
  db: Db;
  readDb?: Db;
  config: { languages: readonly Locale[] };
  /** The shop's snapshot, refreshed after each change. */
  catalog: Pick<CatalogReader, 'invalidate'>;
}

const refused = (field: string, message: Shown) => new AppError('INVALID_INPUT', message, { [field]: [message] });
const target = (product: string, code: string) => `question:${product}/${code}`;

/** Labels in a language the shop does not offer (or its default, whose label is the question's own), by field. */
function refuseOtherLanguages(question: QuestionDefinition, languages: readonly Locale[]): void {
  const first = translationLanguageProblems(question.translations, languages)[0];
  if (first) throw refused(`question.translations.${first.code}`, staffCatalogueMessages.notALanguage);
  question.options.forEach((option, index) => {
    const problem = translationLanguageProblems(option.translations, languages)[0];
    if (problem) throw refused(`question.options.${index}.translations.${problem.code}`, staffCatalogueMessages.notALanguage);
  });
}

/**
 * The back office's questions per product (issue 37 point 4, decision 0106). A change runs under
 * the row locks of the product's questions (FOR NO KEY UPDATE), checks the catalogue file's rules
 * (the contract's schema, with the product's other questions), writes its audit entry in the same
 * transaction and refreshes the shop's snapshot. A question with answers is never deleted: removing
 * it archives it, and its kind stays what the answers were given in.
 */
export function createQuestionAdmin(deps: QuestionAdminDeps) {
  const { db } = deps;
  const readDb = deps.readDb ?? db;

  async function productOf(database: Db, code: string) {
    const product = await queries.findProduct(database, code);
    if (!product) throw new AppError('NOT_FOUND', texts.noProduct(code));
    return product;
  }

  async function views(database: Db, rows: queries.QuestionRow[]): Promise<QuestionView[]> {
    const answers = await queries.countAnswers(
      database,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ question: queries.questionOfRow(row), answers: answers.get(row.id) ?? 0, set_here: row.setHere }));
  }

  return {
    async list(input: StaffApiInput<'question-list'>): Promise<StaffApiAnswer<'question-list'>> {
      const product = await productOf(readDb, input.product);
      const rows = await queries.listQuestionsOfItem(readDb, product.id);
      return { product: product.code, name: product.name, languages: [...deps.config.languages], questions: await views(readDb, rows) };
    },

    /** Adds a question (`code` null) or changes the question `code`, sent whole. */
    async save(actor: Actor, input: StaffApiInput<'question-save'>): Promise<Worded<StaffApiAnswer<'question-save'>>> {
      const wanted = input.question;
      refuseOtherLanguages(wanted, deps.config.languages);
      const saved = await db.transaction(async (tx) => {
        const product = await productOf(tx, input.product);
        const all = await queries.lockQuestionsOf(tx, product.id);
        const values = queries.questionColumns(wanted, product.id, 0);
        if (input.code === null) {
          if (all.some((row) => row.code === wanted.code)) throw refused('question.code', questionMessages.codeTwice(wanted.code));
          if (all.length >= QUESTIONS_MAX) throw new AppError('INVALID_INPUT', questionMessages.tooMany);
          const sortOrder = all.reduce((most, row) => Math.max(most, row.sortOrder + 1), 0);
          const row = await queries.insertQuestion(tx, { ...values, sortOrder, setHere: true });
          await insertAudit(tx, { ...auditActor(actor), action: 'question.create', target: target(product.code, row.code), before: null, after: queries.questionOfRow(row) });
          return { row, created: true };
        }
        const current = all.find((row) => row.code === input.code);
        if (!current) throw new AppError('NOT_FOUND', texts.noQuestion(input.code));
        if (wanted.code !== current.code) throw refused('question.code', texts.codeKept(current.code));
        const answered = (await queries.countAnswers(tx, [current.id])).get(current.id) ?? 0;
        if (answered > 0 && wanted.kind !== current.kind) throw refused('question.kind', texts.kindKept(current.kind));
        const { sortOrder: _sort, shopItemId: _item, ...changes } = values;
        const row = await queries.updateQuestion(tx, current.id, { ...changes, setHere: true });
        await insertAudit(tx, { ...auditActor(actor), action: 'question.change', target: target(product.code, row.code), before: queries.questionOfRow(current), after: queries.questionOfRow(row) });
        return { row, created: false };
      });
      deps.catalog.invalidate();
      const [view] = await views(db, [saved.row]);
      return { question: view!, message: saved.created ? texts.created(saved.row.label) : saved.row.archived ? texts.archived(saved.row.label, view!.answers) : texts.saved(saved.row.label) };
    },

    /** Removes a question nobody answered; archives one with answers (they stay on their orders). */
    async remove(actor: Actor, input: StaffApiInput<'question-remove'>): Promise<Worded<StaffApiAnswer<'question-remove'>>> {
      const result = await db.transaction(async (tx) => {
        const product = await productOf(tx, input.product);
        const current = (await queries.lockQuestionsOf(tx, product.id)).find((row) => row.code === input.code);
        if (!current) throw new AppError('NOT_FOUND', texts.noQuestion(input.code));
        await queries.lockQuestionForRemoval(tx, current.id);
        const answers = (await queries.countAnswers(tx, [current.id])).get(current.id) ?? 0;
        const before = queries.questionOfRow(current);
        if (answers === 0) {
          await queries.deleteQuestion(tx, current.id);
          await insertAudit(tx, { ...auditActor(actor), action: 'question.remove', target: target(product.code, current.code), before, after: null });
          return { deleted: true, label: current.label, answers };
        }
        const row = await queries.updateQuestion(tx, current.id, { archived: true, setHere: true });
        await insertAudit(tx, { ...auditActor(actor), action: 'question.archive', target: target(product.code, current.code), before, after: queries.questionOfRow(row) });
        return { deleted: false, label: current.label, answers };
      });
      deps.catalog.invalidate();
      return { deleted: result.deleted, message: result.deleted ? texts.removed(result.label) : texts.archived(result.label, result.answers) };
    },

    /** Puts the product's questions in the order given: every code once. */
    async order(actor: Actor, input: StaffApiInput<'question-order'>): Promise<Worded<StaffApiAnswer<'question-order'>>> {
      const rows = await db.transaction(async (tx) => {
        const product = await productOf(tx, input.product);
        const all = await queries.lockQuestionsOf(tx, product.id);
        const byCode = new Map(all.map((row) => [row.code, row]));
        if (input.codes.length !== all.length || new Set(input.codes).size !== all.length || !input.codes.every((code) => byCode.has(code))) throw refused('codes', texts.sameCodes);
        const before = all.map((row) => row.code);
        await queries.orderQuestions(
          tx,
          input.codes.map((code) => byCode.get(code)!.id),
        );
        await insertAudit(tx, { ...auditActor(actor), action: 'question.order', target: `question:${product.code}`, before: { order: before }, after: { order: input.codes } });
        return queries.listQuestionsOfItem(tx, product.id);
      });
      deps.catalog.invalidate();
      return { questions: await views(db, rows), message: texts.ordered };
    },
  };
}

export type QuestionAdmin = ReturnType<typeof createQuestionAdmin>;
