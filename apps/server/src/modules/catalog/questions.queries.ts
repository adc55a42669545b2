import { questionMessages, type QuestionDefinition } from '@festival/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { productQuestions, questionAnswers } from '../../db/schema';

/**
 * A product's questions as the shop keeps them (decision 0106), and their conversion to and from
 * the contract's `QuestionDefinition` (the catalogue file's and the editor's form): the import, the
 * export, the back office and the shop read and write them through these.
 */
export type QuestionRow = typeof productQuestions.$inferSelect;

/** The columns of a question of a product, asked `sortOrder`-th. */
export function questionColumns(question: QuestionDefinition, shopItemId: number, sortOrder: number) {
  const limits: QuestionRow['limits'] = {};
  if (question.min != null) limits.min = question.min;
  if (question.max != null) limits.max = question.max;
  if (question.earliest != null) limits.earliest = question.earliest;
  if (question.latest != null) limits.latest = question.latest;
  if (question.max_length != null) limits.max_length = question.max_length;
  const translations = question.translations && Object.keys(question.translations).length ? question.translations : null;
  return {
    shopItemId,
    code: question.code,
    kind: question.kind,
    label: question.label,
    required: question.required,
    per: question.per,
    atGate: question.at_gate,
    options: question.options.map((option) => (option.translations && Object.keys(option.translations).length ? option : { code: option.code, label: option.label })),
    limits,
    translations,
    archived: question.archived,
    sortOrder,
  };
}

/** A stored question in the file's terms, defaults given as the file's schema gives them. */
export function questionOfRow(row: QuestionRow): QuestionDefinition {
  return {
    code: row.code,
    kind: row.kind,
    label: row.label,
    required: row.required,
    per: row.per,
    at_gate: row.atGate,
    options: row.options,
    // Limits only where set, as a file that leaves them out reads (the import's diff compares the two).
    ...(row.limits.min !== undefined ? { min: row.limits.min } : {}),
    ...(row.limits.max !== undefined ? { max: row.limits.max } : {}),
    ...(row.limits.earliest !== undefined ? { earliest: row.limits.earliest } : {}),
    ...(row.limits.latest !== undefined ? { latest: row.limits.latest } : {}),
    ...(row.limits.max_length !== undefined ? { max_length: row.limits.max_length } : {}),
    ...(row.translations ? { translations: row.translations } : {}),
    archived: row.archived,
  };
}

/** Writes a question of a product by its code (the file and the editor name it so); `setHere` false: the file's again. */
export async function upsertQuestion(db: Db, values: ReturnType<typeof questionColumns> & { setHere?: boolean }): Promise<number> {
  const set: Partial<typeof values> = { ...values };
  delete set.shopItemId;
  delete set.code;
  const [row] = await db
    .insert(productQuestions)
    .values(values)
    .onConflictDoUpdate({ target: [productQuestions.shopItemId, productQuestions.code], set: { ...set, updatedAt: sql`now()` } })
    .returning({ id: productQuestions.id });
  return row!.id;
}

/** The questions saved in the back office (decision 0047's marks): an import keeps them where the file says otherwise. */
export async function listQuestionsSetHere(db: Db): Promise<QuestionRow[]> {
  return db.select().from(productQuestions).where(eq(productQuestions.setHere, true));
}

/** A product's questions given back to the file (its hand-back): the next import decides them. */
export async function handBackQuestions(db: Db, shopItemId: number): Promise<string[]> {
  const rows = await db
    .update(productQuestions)
    .set({ setHere: false })
    .where(and(eq(productQuestions.shopItemId, shopItemId), eq(productQuestions.setHere, true)))
    .returning({ code: productQuestions.code });
  return rows.map((row) => row.code);
}

/** Every question of the catalogue, archived ones too, by product and in the order asked. */
export async function listAllQuestions(db: Db): Promise<QuestionRow[]> {
  return db.select().from(productQuestions).orderBy(asc(productQuestions.shopItemId), asc(productQuestions.sortOrder), asc(productQuestions.id));
}

/** The questions of these products, in the order asked; archived ones only when asked for. */
export async function listQuestionsOf(db: Db, shopItemIds: readonly number[], withArchived = false): Promise<QuestionRow[]> {
  if (!shopItemIds.length) return [];
  const conditions = [inArray(productQuestions.shopItemId, [...shopItemIds])];
  if (!withArchived) conditions.push(eq(productQuestions.archived, false));
  return db
    .select()
    .from(productQuestions)
    .where(and(...conditions))
    .orderBy(asc(productQuestions.shopItemId), asc(productQuestions.sortOrder), asc(productQuestions.id));
}

/** How many answers each of these questions has (a question with answers is archived, never deleted). */
export async function countAnswers(db: Db, questionIds: readonly number[]): Promise<Map<number, number>> {
  if (!questionIds.length) return new Map();
  const rows = await db
    .select({ questionId: questionAnswers.questionId, count: sql<number>`count(*)::int` })
    .from(questionAnswers)
    .where(inArray(questionAnswers.questionId, [...questionIds]))
    .groupBy(questionAnswers.questionId);
  return new Map(rows.map((row) => [row.questionId, row.count]));
}

/**
 * Holds the questions about to be answered in this transaction (FOR KEY SHARE: answering never
 * waits on another answer, only on a question's removal), and refuses with a clear message when
 * one was removed meanwhile. The back office's removal locks the question FOR UPDATE before it
 * counts its answers: it waits for every answer being written, then sees them and archives the
 * question instead; an answer that comes after the removal finds it gone here, never as a
 * foreign-key error (decision 0106).
 */
export async function holdAnsweredQuestions(tx: Db, questionIds: readonly number[]): Promise<void> {
  const ids = [...new Set(questionIds)];
  if (!ids.length) return;
  const held = await tx.select({ id: productQuestions.id }).from(productQuestions).where(inArray(productQuestions.id, ids)).for('key share');
  if (held.length !== ids.length) throw new AppError('CONFLICT', questionMessages.changed);
}
