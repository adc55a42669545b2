import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import shop from './scripts/eslint-rules/no-untranslated-text.mjs';
import tseslint from 'typescript-eslint';

// The house rules that check themselves (docs/design.md, decision 0055): which part may import
// which. A zone forbids files under `target` to import anything under `from` (but `except`).
const WEB = './apps/web/src';
const SERVER = './apps/server/src';
// Every shop feature, read from the folder, so a new one is covered the day it is added.
const FEATURES = readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHOP_PARTS = ['app', 'features', 'components', 'lib'].map((part) => `${WEB}/${part}`);

const webZones = [
  // Features don't import each other: a route or the layout composes them (house rule 6).
  ...FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'Shop features do not import each other: move the shared piece to lib/ or components/ui, or compose them in app/.',
  })),
  // The back office and the scanner are apps of their own: components/ui and lib, never a shop feature.
  { target: [`${WEB}/staff`, `${WEB}/scan`], from: `${WEB}/features`, message: 'The staff and scanner apps may import components/ and lib/, never a shop feature.' },
  // Of the shop's frame they share only its design tokens and base styles (app/styles).
  { target: [`${WEB}/staff`, `${WEB}/scan`], from: `${WEB}/app`, except: ['./styles'], message: 'The staff and scanner apps never import the shop\'s frame (app/), only its styles.' },
  { target: [...SHOP_PARTS, `${WEB}/scan`], from: `${WEB}/staff`, message: 'Nothing outside the back office imports it: a shopper never loads a byte of it.' },
  { target: [...SHOP_PARTS, `${WEB}/staff`], from: `${WEB}/scan`, message: 'Nothing outside the scanner imports it: a shopper never loads a byte of it.' },
  // The layers below the features: lib knows no components, neither knows features or the frame.
  { target: `${WEB}/lib`, from: `${WEB}/components`, message: 'lib/ never imports components/: move the piece to lib/ or pass it in.' },
  { target: [`${WEB}/lib`, `${WEB}/components`], from: [`${WEB}/features`, `${WEB}/app`], message: 'lib/ and components/ sit below the features and the frame, and never import them.' },
  // Test helpers are for tests (apps/web/test/), never part of the product.
  { target: [`${WEB}/**/!(*.test).{ts,tsx}`], from: './apps/web/test', message: 'Product code never imports test helpers.' },
];

// Server: routes -> service -> queries. Queries know neither services nor routes; nothing but the
// app (app.ts) registers or imports routes, so a route file is a leaf that no module builds on.
const serverZones = [
  { target: `${SERVER}/**/*.queries.ts`, from: [`${SERVER}/**/*.service.ts`, `${SERVER}/**/*.routes.ts`], message: 'Queries take the db or tx and return rows: they import no service and no route.' },
  { target: `${SERVER}/modules/**/!(*.routes|*.test).{ts,tsx}`, from: `${SERVER}/**/*.routes.ts`, message: 'Only routes and app.ts know routes: a service or helper never imports one.' },
  { target: `${SERVER}/modules/**/*.routes.ts`, from: `${SERVER}/**/*.routes.ts`, message: 'A route file does not build on another one: share the helper from a plain module instead.' },
  { target: [`${SERVER}/db/**/!(*.test).ts`, `${SERVER}/lib/**/!(*.test).ts`], from: `${SERVER}/modules`, message: 'db/ and lib/ sit below the modules: they import none.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/src/db/migrations/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|describe|test)$/]", message: 'Focused tests hide the others.' },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only .js files unless told: without these no-cycle follows no TypeScript import.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones] }],
      // No import circles: each one is a layer that leans on the one above it.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Texts people read come from the catalogues (issue 36): words in a component or an e-mail or document are found.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { shop },
    rules: { 'shop/no-untranslated-text': 'error' },
  },
  {
    files: ['apps/server/src/**/*.mail.ts', 'apps/server/src/modules/mail/*.{ts,tsx}', 'apps/server/src/modules/documents/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { shop },
    rules: { 'shop/no-untranslated-text': ['error', { server: true }] },
  },
  {
    // Test helpers read loosely typed JSON answers.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Component tests wait with apps/web/test/waits.ts, whose limit survives CI's loaded machine.
    files: ['apps/web/**/*.test.ts', 'apps/web/**/*.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'waitFor', message: "Use eventually() from apps/web/test/waits: vi.waitFor's one-second default fails right tests on a loaded machine." },
      ],
    },
  },
);
