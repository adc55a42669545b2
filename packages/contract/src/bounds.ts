/**
 * The bounds every payload value keeps (decision 0029). Zod-free: the API's pre-parse check and
 * the web app use them without the schemas.
 */

/**
 * The range of the database's integer columns (PostgreSQL `integer` and `serial`: 32-bit signed).
 * Every integer a payload carries (ids, quantities, travel times) stays inside it, so a number
 * the database cannot hold is refused as input instead of failing in a query. The schema test
 * (payload-bounds.test.ts, db/schema-bounds test on the server) keeps this in step with the columns.
 */
export const INTEGER_COLUMN_MAX = 2_147_483_647;
export const INTEGER_COLUMN_MIN = -2_147_483_648;

/**
 * The longest text any payload field takes (the comma-separated code lists of request-refund).
 * The API refuses a payload with a longer text, or key, before its schema runs, so no check of
 * any field ever sees more than this.
 */
export const PAYLOAD_TEXT_MAX = 4000;

/** Where a payload holds a text or key longer than PAYLOAD_TEXT_MAX, as dotted field paths (`_`: the payload itself). */
export function overlongTextFields<T>(payload: unknown, tooLong: T): Record<string, T[]> {
  const errors: Record<string, T[]> = {};
  const visit = (value: unknown, path: string[], depth: number) => {
    if (typeof value === 'string') {
      if (value.length > PAYLOAD_TEXT_MAX) errors[path.length ? path.join('.') : '_'] = [tooLong];
    } else if (value && typeof value === 'object' && depth < 20) {
      for (const [key, inner] of Object.entries(value)) {
        const name = key.length > PAYLOAD_TEXT_MAX ? `${key.slice(0, 40)}…` : key;
        if (name !== key) errors[[...path, name].join('.')] = [tooLong];
        visit(inner, [...path, name], depth + 1);
      }
    }
  };
  visit(payload, [], 0);
  return errors;
}
