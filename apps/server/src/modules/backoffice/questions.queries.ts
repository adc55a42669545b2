import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productQuestions, shopItems } from '../../db/schema';
import type { QuestionRow } from '../catalog/questions.queries';

export { countAnswers, questionColumns, questionOfRow, upsertQuestion, type QuestionRow } from '../catalog/questions.queries';

/** A product (not merchandise) by its code. */
export async function findProduct(db: Db, code: string) {
  const [row] = await db
    .select({ id: shopItems.id, code: shopItems.externalCode, name: shopItems.name })
    .from(shopItems)
    .where(and(eq(shopItems.externalCode, code), eq(shopItems.shopItemType, 'tickets')));
  return row;
}

/**
 * A product's questions, archived ones too, in the order asked, locked against other changes of
 * them until the transaction ends (FOR NO KEY UPDATE, decision 0102: answers reference them).
 */
export async function lockQuestionsOf(tx: Db, shopItemId: number): Promise<QuestionRow[]> {
  return tx.select().from(productQuestions).where(eq(productQuestions.shopItemId, shopItemId)).orderBy(asc(productQuestions.sortOrder), asc(productQuestions.id)).for('no key update');
}

/**
 * A question about to be removed, locked FOR UPDATE: it waits for every transaction writing an
 * answer to it (they hold it FOR KEY SHARE, holdAnsweredQuestions), so the count of its answers
 * that follows sees theirs.
 */
export async function lockQuestionForRemoval(tx: Db, id: number): Promise<void> {
  await tx.select({ id: productQuestions.id }).from(productQuestions).where(eq(productQuestions.id, id)).for('update');
}

export async function listQuestionsOfItem(db: Db, shopItemId: number): Promise<QuestionRow[]> {
  return db.select().from(productQuestions).where(eq(productQuestions.shopItemId, shopItemId)).orderBy(asc(productQuestions.sortOrder), asc(productQuestions.id));
}

export async function insertQuestion(tx: Db, values: typeof productQuestions.$inferInsert): Promise<QuestionRow> {
  const [row] = await tx.insert(productQuestions).values(values).returning();
  return row!;
}

export async function updateQuestion(tx: Db, id: number, values: Partial<typeof productQuestions.$inferInsert>): Promise<QuestionRow> {
  const [row] = await tx
    .update(productQuestions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(productQuestions.id, id))
    .returning();
  return row!;
}

export async function deleteQuestion(tx: Db, id: number): Promise<void> {
  await tx.delete(productQuestions).where(eq(productQuestions.id, id));
}

/** Puts the questions in the order given (their ids, first asked first): a product has at most a few dozen. */
export async function orderQuestions(tx: Db, ids: readonly number[]): Promise<void> {
  for (const [sortOrder, id] of ids.entries()) await tx.update(productQuestions).set({ sortOrder, updatedAt: sql`now()` }).where(eq(productQuestions.id, id));
}
