import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { textCatalogues } from './apps/web/build/text-catalogues';
// Stretched by TEST_TIME_SCALE where CI runs a layer beside the journeys (decision 0087).
import { timeLimit } from './vitest.time-limits';

// Node 25 and later define a localStorage of their own (empty without --localstorage-file), and
// vitest keeps an existing global instead of installing happy-dom's: the component tests would see
// Node's. Switched off in the test workers (older Node does not know the flag).
const nodeMajor = Number(process.versions.node.split('.')[0]);
const workerExecArgv = nodeMajor >= 25 ? ['--no-experimental-webstorage'] : [];

// API files that measure time or CPU, or kill and restart servers and databases of their own: they
// run one at a time after the others, on a machine with nothing else of the suite running (decision 0049).
const API_ALONE = [
  'apps/server/src/faults/*.test.ts',
  'apps/server/src/modules/backoffice/dashboard.test.ts',
  'apps/server/src/modules/backoffice/exports.test.ts',
  'apps/server/src/modules/catalog/catalogue-live-import.test.ts',
  'apps/server/src/db/pool-lanes.test.ts',
];
// Files with a few measuring tests among many that do not measure: listed in both projects, each
// test declared with itMeasuring or itBeside (apps/server/test/api-parts.ts) runs in one of them.
const API_SPLIT = [
  'apps/server/src/security/staff-calls.test.ts',
  'apps/server/src/security/input-bounds.test.ts',
  'apps/server/src/security/upload-bombs.test.ts',
  'apps/server/src/modules/accounts/accounts.test.ts',
];
// The other API files wait mostly on databases, password hashing and timers, so more of them run at
// once than the machine has cores (API_TEST_WORKERS to change it).
const apiWorkers = Number(process.env.API_TEST_WORKERS) || Math.max(2, Math.round(availableParallelism() * 1.5));

/**
 * Where the unit layer's files are (pure rules, components, build scripts and the benches' helpers):
 * each folder with the glob vitest matches and the same pattern as a regular expression, for the
 * walk below (Node 20 has no fs.globSync).
 */
const UNIT_FOLDERS = [
  ['packages', '*/src/**/*.test.ts', /^[^/]+\/src\/.*\.test\.ts$/],
  ['apps/web/src', '**/*.test.{ts,tsx}', /\.test\.tsx?$/],
  ['apps/web/build', '**/*.test.ts', /\.test\.ts$/],
  ['apps/server/src', '**/*.unit.test.ts', /\.unit\.test\.ts$/],
  ['scripts', '**/*.test.mjs', /\.test\.mjs$/],
  ['bench', '**/*.test.ts', /\.test\.ts$/],
] as const;
const UNIT_FILES = UNIT_FOLDERS.map(([folder, glob]) => `${folder}/${glob}`);
/**
 * The unit files that run in a fresh module graph each, as vitest's default is: those in a DOM
 * (`// @vitest-environment happy-dom`: the web app's modules keep state of their own, such as the
 * shop's configuration and the open modals) and those that change what outlives a test (module
 * mocks, stubbed globals or environment variables, fake timers, spies). The other files, pure rules,
 * share their worker's modules (the contract, the server's rules), imported once. Read from the files
 * themselves, so a new file is placed the day it is written.
 */
const UNIT_ISOLATED_FILES = UNIT_FOLDERS.flatMap(([folder, , test]) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => test.test(file) && !file.includes('node_modules/'))
    .map((file) => `${folder}/${file}`),
).filter((file) => /@vitest-environment\s+happy-dom|\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(/.test(readFileSync(file, 'utf8')));

// How long expect.poll waits for its condition in every layer: vitest's default of one second
// failed right journeys and tests on CI's busy machine (decision 0087). A condition that never
// holds still fails, after this long.
const poll = { timeout: timeLimit(15_000), interval: 50 };

const unit = {
  // Component tests choose the DOM with `// @vitest-environment happy-dom`; their JSX compiles as
  // apps/web/tsconfig.json says (jsx: react-jsx).
  environment: 'node',
  execArgv: workerExecArgv,
  // Pure rules and components: CPU-bound, so one worker a core (vitest's default leaves one core idle).
  maxWorkers: availableParallelism(),
  // The property tests that run thousands of cases take a few seconds alone, and several times
  // that in CI's second Node line beside the browser journeys (two of them passed vitest's
  // default 5 s there). No test here shows its work is bounded by a time limit.
  testTimeout: timeLimit(30_000),
  // Testing Library's waits in DOM files last as long as apps/web/test/waits.ts says.
  setupFiles: 'apps/web/test/setup-waits.ts',
  expect: { poll },
} as const;

// Three layers, one runner: pure rules, API behaviour on real databases, journeys in Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        // The web app imports its texts in parts, compiled as the build does (decision 0093).
        plugins: [textCatalogues()],
        test: {
          ...unit,
          name: 'unit',
          include: UNIT_FILES,
          exclude: UNIT_ISOLATED_FILES,
          // A worker keeps the modules it imported from one file to the next instead of importing them again.
          isolate: false,
        },
      },
      {
        plugins: [textCatalogues()],
        test: {
          ...unit,
          name: 'unit-isolated',
          include: UNIT_ISOLATED_FILES,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts', ...API_ALONE],
          environment: 'node',
          env: { API_PART: 'parallel' },
          testTimeout: timeLimit(30_000),
          expect: { poll },
          hookTimeout: timeLimit(60_000),
          // Migrated databases made once and copied per file (decision 0049).
          globalSetup: ['apps/server/test/database-templates.ts'],
          // A worker keeps the server's modules loaded from one file to the next instead of importing
          // them again for each (the files share no module state; each builds its own app and database).
          isolate: false,
          maxWorkers: apiWorkers,
          // Vitest runs projects of one group order side by side, which must then share maxWorkers.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'api-alone',
          include: [...API_ALONE, ...API_SPLIT],
          environment: 'node',
          env: { API_PART: 'alone' },
          testTimeout: timeLimit(30_000),
          expect: { poll },
          hookTimeout: timeLimit(60_000),
          globalSetup: ['apps/server/test/database-templates.ts'],
          isolate: false,
          maxWorkers: 1,
          // After the 'api' project's files, never beside them.
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          expect: { poll },
          hookTimeout: 180_000,
          // One Chromium at a time in a run: `npm test` starts the journeys in shards instead, each a
          // run with shops of its own (scripts/e2e-shards.mjs, decision 0087).
          fileParallelism: false,
          // The one worker keeps the journeys' modules (Playwright, axe, the server's for the shops
          // some journeys start) loaded from one file to the next instead of importing them again.
          isolate: false,
        },
      },
    ],
  },
});
