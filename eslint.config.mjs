import js from '@eslint/js';
import { readFileSync } from 'node:fs';
import globals from 'globals';

/** The one list of globals Apps Script's V8 lacks: also checked in the bundle and the runtime. */
const APPS_SCRIPT_LACKS = JSON.parse(readFileSync('dev/apps-script-lacks.json', 'utf8'));
import tseslint from 'typescript-eslint';

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
      'no-restricted-globals': [
        'error',
        ...APPS_SCRIPT_LACKS.map((name) => ({
          name,
          message: `Apps Script's V8 runtime has no ${name}.`,
        })),
      ],
    },
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
