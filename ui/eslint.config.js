// ESLint for the ui: `npm test` runs it before vitest, so scripts/test and CI fail on any error.
//
// - typescript-eslint's recommended rules (syntax only: fast enough to run on every test).
// - react-hooks: the rules of hooks, and every effect's and callback's dependencies (also for
//   `useServerData`, whose second argument is a dependency list like an effect's).
// - eslint-plugin-boundaries: the direction of imports between the folders of src/ (README, "Layout"):
//   app → features → components → lib, config and i18n, never back up, and no feature into another.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The kinds of folder under src/ whose imports are checked; `feature` captures the feature's name. */
const elements = [
  { type: 'app', pattern: 'src/app' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'components', pattern: 'src/components' },
  // The foundation every layer above stands on: the core and helpers, paths and site config, catalogues.
  { type: 'shared', pattern: 'src/(lib|config|i18n|styles)' },
];

const shared = { to: { element: { type: 'shared' } } };
const components = { to: { element: { type: 'components' } } };

export default defineConfig([
  globalIgnores(['dist', 'src/lib/core/pkg', 'src/lib/core/pkg-client', 'src/lib/core/pkg-templates', 'src/lib/api/schema.d.ts']),
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser },
    },
  },
  {
    files: ['*.{js,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useServerData$' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': ['src/**/*'],
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{from.element.type}} may not import {{to.element.type}}{{#if to.element.captured.feature}} {{to.element.captured.feature}}{{/if}} (app → features → components → lib/config/i18n; no feature into another)',
          policies: [
            { from: { element: { type: 'app' } }, allow: [{ to: { element: { type: 'app' } } }, { to: { element: { type: 'feature' } } }, components, shared] },
            {
              from: { element: { type: 'feature' } },
              allow: [{ to: { element: { type: 'feature', captured: { feature: '{{from.element.captured.feature}}' } } } }, components, shared],
            },
            { from: { element: { type: 'components' } }, allow: [components, shared] },
            { from: { element: { type: 'shared' } }, allow: [shared] },
          ],
        },
      ],
    },
  },
]);
