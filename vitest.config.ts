import { defineConfig } from 'vitest/config';

// Node 25 and later define a localStorage of their own (empty without --localstorage-file), and
// vitest keeps an existing global instead of installing happy-dom's: the component tests would see
// Node's. Switched off in the test workers (older Node does not know the flag).
const nodeMajor = Number(process.versions.node.split('.')[0]);
const workerExecArgv = nodeMajor >= 25 ? ['--no-experimental-webstorage'] : [];

// Three layers, one runner: pure rules, API behaviour on real databases, journeys in Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/src/**/*.test.tsx',
            'apps/web/build/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'scripts/**/*.test.mjs',
            'bench/**/*.test.ts',
          ],
          // Component tests (.test.tsx) choose the DOM with `// @vitest-environment happy-dom`;
          // their JSX compiles as apps/web/tsconfig.json says (jsx: react-jsx).
          environment: 'node',
          execArgv: workerExecArgv,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One Chromium at a time: this machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
