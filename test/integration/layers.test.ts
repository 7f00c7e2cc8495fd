// The layers are enforced by lint: a planted cross-layer import fails `npm run lint` (ESLint on the
// file as it would be linted in place), and an allowed one does not.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cycles, importGraph, layersDocument } from '../../scripts/import-graph';

const uses = (name: string) => `export const used = ${name};\n`;
const fn = (lines: number) =>
  `export function planted(): number {\n  let n = 0;\n${'  n++;\n'.repeat(lines - 4)}  return n;\n}\n`;

const ACROSS = [
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
] as const;
const SERVICES = [
  ['src/addon/planted.ts', 'SpreadsheetApp.getActiveSpreadsheet()'],
  ['src/addon/planted.ts', 'PropertiesService.getUserProperties()'],
  ['src/domain/planted.ts', 'Utilities.getUuid()'],
  ['src/domain/planted.ts', 'CacheService.getUserCache()'],
] as const;
const GAS_TO_ADDON = "import { getSchedules } from '../addon/schedules';\n" + uses('getSchedules');
const DOWN = [
  ['src/domain/planted.ts', "import { parsers } from '../api/client';\n" + uses('parsers')],
  [
    'src/ui/tabs/planted.ts',
    "import { DEFAULTS } from '../../contract/defaults';\n" + uses('DEFAULTS'),
  ],
  ['src/addon/planted.ts', "import { fitGrid } from '../gas/sheets';\n" + uses('fitGrid')],
] as const;

/** Every planted source, linted in one ESLint run before the tests read their results. */
const planted: Array<readonly [string, string]> = [
  ...ACROSS,
  ...SERVICES.flatMap(([file, call]): Array<readonly [string, string]> => [
    [file, `export const planted = () => ${call};\n`],
    ['src/gas/planted.ts', `export const planted = () => ${call};\n`],
  ]),
  ['src/gas/planted.ts', GAS_TO_ADDON],
  ...DOWN,
  ['src/addon/planted.ts', fn(41)],
  ['src/addon/planted.ts', fn(40)],
  ['src/domain/planted.ts', fn(41)],
];
const results = new Map<string, string[]>();
beforeAll(() => {
  const r = spawnSync(process.execPath, ['scripts/lint-texts.mjs'], {
    input: JSON.stringify(planted.map(([file, source]) => ({ file, source }))),
    encoding: 'utf8',
  });
  const rules = JSON.parse(r.stdout) as string[][];
  planted.forEach(([file, source], i) => results.set(`${file}\n${source}`, rules[i]!));
});

function lint(file: string, source: string): string[] {
  const rules = results.get(`${file}\n${source}`);
  if (!rules) throw new Error(`not planted: ${file}`);
  return rules;
}

it.each(ACROSS)('%s may not import across layers: %s', (file, source) => {
  expect(lint(file, source)).toContain('no-restricted-imports');
});

it.each(SERVICES)(
  '%s may not touch an Apps Script service: %s (src/gas is its one home)',
  (file, call) => {
    expect(lint(file, `export const planted = () => ${call};\n`)).toContain(
      'no-restricted-globals',
    );
    expect(lint('src/gas/planted.ts', `export const planted = () => ${call};\n`)).toEqual([]);
  },
);

it('src/gas may not import src/addon', () => {
  expect(lint('src/gas/planted.ts', GAS_TO_ADDON)).toContain('no-restricted-imports');
});

it.each(DOWN)('%s may import down: %s', (file, source) => {
  expect(lint(file, source)).toEqual([]);
});

it('keeps add-on functions short: 41 lines fail, 40 pass, and only in src/addon', () => {
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
