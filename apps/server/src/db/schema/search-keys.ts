import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * What the back office's order search (issue 22 point 3) looks a name or an e-mail address up by,
 * as expressions of a text column: lower case, so a prefix matches without regard to case. A name
 * is found by its start and by the start of its second, third and last word ("vries" finds "Anna
 * de Vries", "de vr" too); a longer name's middle words beyond the third are not. Each is indexed
 * with text_pattern_ops (a B-tree: a prefix LIKE is a range scan whatever the collation, and PGlite
 * has it), and the search names them by these same expressions, so the planner uses the indexes.
 */
export const nameKeys = (column: AnyPgColumn | SQL): SQL[] => [
  sql`lower(${column})`,
  sql`lower(regexp_replace(${column}, '^\\s*\\S+\\s+', ''))`,
  sql`lower(regexp_replace(${column}, '^\\s*\\S+\\s+\\S+\\s+', ''))`,
  sql`lower(regexp_replace(${column}, '^.*\\s', ''))`,
];

/** An e-mail address is found by its start, without regard to case. */
export const emailKey = (column: AnyPgColumn | SQL): SQL => sql`lower(${column})`;

/**
 * The expression as an index's key for prefix searches, followed by the row's order (or buyer) id
 * and the column the key is made of: the search reads the ids from the index alone (an index-only
 * scan; PostgreSQL takes one for an expression only when the expression's column is in the index
 * too), never the table's rows.
 */
export const prefixIndexed = (key: SQL, id: AnyPgColumn, column: AnyPgColumn): SQL => sql`${key} text_pattern_ops, ${id}, ${column}`;
