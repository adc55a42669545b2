/**
 * Whether a failed statement broke a unique index (SQLSTATE 23505): two creates of one code at
 * the same moment. Drizzle and the drivers wrap the database's error, so its causes are looked
 * through too (a few levels; a cycle of causes ends the search).
 */
export function isUniqueViolation(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
