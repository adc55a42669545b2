/**
 * Which database engines this test run uses. PGlite always, PostgreSQL when TEST_DATABASE_URL is
 * set; TEST_ENGINES=postgres (or pglite) narrows the run to that one engine. CI runs the API tests
 * on PGlite on Node 26 and on PostgreSQL on Node 20, so every test runs once on each engine and once
 * on each Node line (decisions 0082 and 0083).
 */
const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
const chosen = process.env.TEST_ENGINES;

export const onlyEngine: 'postgres' | 'pglite' | undefined = chosen === 'postgres' || chosen === 'pglite' ? chosen : undefined;

/**
 * The PostgreSQL server's URL for tests that need PostgreSQL itself (its locks, its processes, its
 * plans), or undefined when this run has none: TEST_DATABASE_URL is not set, or TEST_ENGINES=pglite
 * leaves PostgreSQL to another run. Undefined prints why, once per test, so no skip is silent.
 */
export function postgresTestUrl(what: string): string | undefined {
  if (databaseUrl && onlyEngine !== 'pglite') return databaseUrl;
  const why = databaseUrl ? 'this run is on PGlite alone (TEST_ENGINES=pglite; CI runs it on its PostgreSQL line)' : 'it needs PostgreSQL (TEST_DATABASE_URL is not set; .ci/run sets it)';
  console.warn(`[tests] ${what} skipped: ${why}.`);
  return undefined;
}
