// The layers are enforced by lint: a planted cross-layer import fails `npm run lint` (ESLint on the
// file as it would be linted in place), and an allowed one does not.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cycles, importGraph, layersDocument } from '../../scripts/import-graph';

function lint(file: string, source: string): string[] {
  const r = spawnSync(
    process.execPath,
    ['node_modules/eslint/bin/eslint.js', '--stdin', '--stdin-filename', file, '--format', 'json'],
    { input: source, encoding: 'utf8' },
  );
  const [result] = JSON.parse(r.stdout) as Array<{ messages: Array<{ ruleId: string }> }>;
  return result!.messages.map((m) => m.ruleId);
}

const uses = (name: string) => `export const used = ${name};\n`;

it.each([
  ['src/domain/planted.ts', "import { fitGrid } from '../gas/sheets';\n" + uses('fitGrid')],
  [
    'src/domain/planted.ts',
    "import { getSchedules } from '../addon/schedules';\n" + uses('getSchedules'),
  ],
  [
    'src/api/planted.ts',
    "import { parseWebsite } from '../domain/website';\n" + uses('parseWebsite'),
  ],
  [
    'src/ui/tabs/planted.ts',
    "import { parseWebsite } from '../../domain/website';\n" + uses('parseWebsite'),
  ],
  [
    'src/ui/planted.ts',
    "import { DEFAULT_BASE_URL } from '../config';\n" + uses('DEFAULT_BASE_URL'),
  ],
])('%s may not import across layers: %s', (file, source) => {
  expect(lint(file, source)).toContain('no-restricted-imports');
});

it.each([
  ['src/addon/planted.ts', 'SpreadsheetApp.getActiveSpreadsheet()'],
  ['src/addon/planted.ts', 'PropertiesService.getUserProperties()'],
  ['src/domain/planted.ts', 'Utilities.getUuid()'],
  ['src/domain/planted.ts', 'CacheService.getUserCache()'],
])('%s may not touch an Apps Script service: %s (src/gas is its one home)', (file, call) => {
  expect(lint(file, `export const planted = () => ${call};\n`)).toContain('no-restricted-globals');
  expect(lint('src/gas/planted.ts', `export const planted = () => ${call};\n`)).toEqual([]);
});

it('src/gas may not import src/addon', () => {
  expect(
    lint(
      'src/gas/planted.ts',
      "import { getSchedules } from '../addon/schedules';\n" + uses('getSchedules'),
    ),
  ).toContain('no-restricted-imports');
});

it.each([
  ['src/domain/planted.ts', "import { parsers } from '../api/client';\n" + uses('parsers')],
  [
    'src/ui/tabs/planted.ts',
    "import { DEFAULTS } from '../../contract/defaults';\n" + uses('DEFAULTS'),
  ],
  ['src/addon/planted.ts', "import { fitGrid } from '../gas/sheets';\n" + uses('fitGrid')],
])('%s may import down: %s', (file, source) => {
  expect(lint(file, source)).toEqual([]);
});

it('keeps add-on functions short: 41 lines fail, 40 pass, and only in src/addon', () => {
  const fn = (lines: number) =>
    `export function planted(): number {\n  let n = 0;\n${'  n++;\n'.repeat(lines - 4)}  return n;\n}\n`;
  expect(lint('src/addon/planted.ts', fn(41))).toContain('max-lines-per-function');
  expect(lint('src/addon/planted.ts', fn(40))).toEqual([]);
  expect(lint('src/domain/planted.ts', fn(41))).toEqual([]);
});

it('src/ has no import cycle, and docs/layers.md is the picture of its imports as they are', () => {
  const graph = importGraph();
  expect(cycles(graph)).toEqual([]);
  expect(readFileSync('docs/layers.md', 'utf8')).toBe(layersDocument(graph));
});

it('finds a planted cycle', () => {
  const graph = new Map([
    ['src/domain/a.ts', ['src/domain/b.ts']],
    ['src/domain/b.ts', ['src/contract/c.ts']],
    ['src/contract/c.ts', ['src/domain/a.ts']],
  ]);
  expect(cycles(graph)).toEqual([['src/contract/c.ts', 'src/domain/a.ts', 'src/domain/b.ts']]);
});
