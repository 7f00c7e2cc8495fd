import js from '@eslint/js';
import { readFileSync } from 'node:fs';
import globals from 'globals';

/** The one list of globals Apps Script's V8 lacks: also checked in the bundle and the runtime. */
const APPS_SCRIPT_LACKS = JSON.parse(readFileSync('dev/apps-script-lacks.json', 'utf8'));
import tseslint from 'typescript-eslint';

const LACKED = APPS_SCRIPT_LACKS.map((name) => ({
  name,
  message: `Apps Script's V8 runtime has no ${name}.`,
}));

/** Apps Script's services: only src/gas may name them. */
const APPS_SCRIPT_SERVICES = [
  'SpreadsheetApp',
  'PropertiesService',
  'CacheService',
  'LockService',
  'ScriptApp',
  'MailApp',
  'UrlFetchApp',
  'Utilities',
  'Session',
  'HtmlService',
  'Logger',
  'DriveApp',
  'SlidesApp',
  'ContentService',
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'out/',
      'build/',
      'coverage/',
      'node_modules/',
      'test/fixtures/',
      'bench/naive/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The deployed bundle runs in Apps Script's V8: no Node or browser globals in src/ (the
    // sidebar's client script is the browser exception).
    files: ['src/**/*.ts'],
    ignores: ['src/ui/**'],
    rules: {
      'no-restricted-globals': ['error', ...LACKED],
    },
  },
  {
    // src/gas is the one home of Apps Script's services: the add-on's workflows (src/addon) reach
    // them through it, and the decisions (src/domain) never. A planted global fails lint.
    files: ['src/addon/**', 'src/domain/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        // The rule's options replace those of the block above for these files: both lists here.
        ...LACKED,
        ...APPS_SCRIPT_SERVICES.map((name) => ({
          name,
          message: `${name} is reached through src/gas (src/gas/active.ts for the active document and its UI).`,
        })),
      ],
    },
  },
  // The layers (README, "How it is built"): dependencies point down only. A forbidden import
  // fails `npm run lint`.
  ...[
    [
      'src/domain/**',
      'gas|addon|ui',
      'domain/ is plain logic: it imports nothing of gas, addon or ui',
    ],
    [
      'src/api/**',
      'domain|gas|addon|ui',
      'api/ is the typed client: it imports nothing of domain, gas, addon or ui',
    ],
    [
      'src/ui/**',
      'domain|gas|addon|api',
      'ui/ is the sidebar page: it imports only contract/ and its own files',
    ],
    ['src/gas/**', 'addon|ui', 'gas/ is the platform layer: it imports nothing of addon or ui'],
  ].map(([files, layers, message]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^(\\.\\.?/)+(${layers})(/|$)`, message },
            ...(files === 'src/ui/**'
              ? [{ regex: '^(\\.\\./)+(config|limits|index)$', message }]
              : []),
          ],
        },
      ],
    },
  })),
  {
    // The add-on layer only reads, calls the domain and writes: a long function there is a
    // decision that belongs in src/domain, where it can be table-tested.
    files: ['src/addon/**'],
    rules: { 'max-lines-per-function': ['error', { max: 40 }] },
  },
  {
    // The domain's decisions and the service client: longer than a workflow's, since a decision
    // table reads best whole, but a function past 80 lines is several decisions (issue 72: the
    // batch sender had grown to 143).
    files: ['src/domain/**', 'src/api/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // The sidebar too: a tab is its state, small views and actions, not one closure (issue 61).
    files: ['src/ui/**'],
    rules: { 'max-lines-per-function': ['error', { max: 40 }] },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs', 'dev/**', 'bench/**', 'test/**', 'scripts/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests and the benchmark read JSON loosely on purpose: the schemas are what tests check.
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/ui/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
