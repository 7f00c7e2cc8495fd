// `Score readings`: the history as a tidy table, one score per row, and the promise that its
// columns (and the history's) only ever grow.
import { HISTORY_HEADERS } from '../../src/domain/table';
import {
  OVERALL,
  exportRefusal,
  TIDY_HEADERS,
  tidyMessage,
  tidyTable,
  type HistoryRow,
} from '../../src/domain/tidyReadings';

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9));
const reading = (day: number, over: HistoryRow = {}): HistoryRow => ({
  checked: at(day),
  website: 'acme.com',
  brand: 'Acme',
  score: 60,
  chatgpt: 70,
  claude: '',
  gemini: 0,
  aio: 55,
  lastScanned: at(day - 1),
  source: 'score',
  reference: 'https://index.example/acme',
  ...over,
});
const column = (t: ReturnType<typeof tidyTable>, header: string) =>
  t.values.slice(1).map((r) => r[TIDY_HEADERS.indexOf(header)]);

it('gives each reading its overall score and each engine that answered, one per row', () => {
  const t = tidyTable([reading(3)]);
  expect(t.values[0]).toEqual(TIDY_HEADERS);
  // Claude was not queried: no row, never a 0. Gemini's 0 is a real answer.
  expect(column(t, 'Engine')).toEqual([OVERALL, 'ChatGPT', 'Gemini', 'AI Overviews']);
  expect(column(t, 'Score')).toEqual([60, 70, 0, 55]);
  expect(column(t, 'Read at')).toEqual([at(3), at(3), at(3), at(3)]);
  expect(column(t, 'Scan date')[0]).toEqual(at(2));
  expect(column(t, 'Source')[0]).toBe('score');
});

it('leaves out a reading with no score (a failed scan) and an impossible one', () => {
  const t = tidyTable([reading(3, { score: '' }), reading(4, { score: 140 })]);
  expect(t.rows).toBe(0);
  expect(tidyMessage(t, 2)).toMatch(/no scored reading yet/);
});

it('puts the readings in time order whatever order the history was sorted into', () => {
  const t = tidyTable([reading(5, { score: 50 }), reading(3, { score: 30 })]);
  expect(column(t, 'Score').filter((_, i) => column(t, 'Engine')[i] === OVERALL)).toEqual([30, 50]);
});

it('keeps the newest rows past its cap and says how many were left out', () => {
  const t = tidyTable([reading(3, { score: 30 }), reading(4, { score: 40 })], 6);
  expect(t.rows).toBe(6);
  expect(t.dropped).toBe(2);
  expect(column(t, 'Score')[0]).toBe(0); // day 3's Gemini and AI Overviews rows remain
  expect(tidyMessage(t, 2)).toMatch(/6 rows from 2 readings .*\(the oldest 2 rows left out\)/);
});

it('never writes text from the service as a formula', () => {
  const t = tidyTable([reading(3, { brand: '=IMPORTXML("x")' })]);
  expect(String(column(t, 'Brand')[0]).startsWith('=')).toBe(false);
});

describe('columns only ever grow (docs/looker-studio.md)', () => {
  // Headers as released: a dashboard, a BigQuery table or a pivot built on them keeps working.
  // A new release may add a column at the right; this list then grows, and never changes.
  const RELEASED_TIDY = [
    'Read at',
    'Brand',
    'Website',
    'Engine',
    'Score',
    'Scan date',
    'Source',
    'Reference',
  ];
  const RELEASED_HISTORY = [
    'Checked',
    'Website',
    'Brand',
    'Slug',
    'Public score',
    'Public level',
    'ChatGPT',
    'Claude',
    'Gemini',
    'AI Overviews',
    'Last scanned',
    'Source',
    'Reference',
    'Knowledge score',
    'Sentiment score',
    'Seal',
  ];

  it('Score readings keeps every released header in its place', () => {
    expect(TIDY_HEADERS.slice(0, RELEASED_TIDY.length)).toEqual(RELEASED_TIDY);
  });

  it('Score history keeps every released header (found by name wherever it is)', () => {
    expect(Object.values(HISTORY_HEADERS)).toEqual(expect.arrayContaining(RELEASED_HISTORY));
  });
});

describe('where the export may write', () => {
  const table = { values: [TIDY_HEADERS, TIDY_HEADERS], rows: 1, dropped: 0 };
  it.each([
    ['no such sheet yet', { header: null, cells: 0, otherCells: 26_000 }, null],
    ['its own sheet', { header: [...TIDY_HEADERS], cells: 26_000, otherCells: 26_000 }, null],
    [
      'an earlier release’s (fewer columns)',
      { header: [...TIDY_HEADERS.slice(0, 3), '', ''], cells: 26_000, otherCells: 0 },
      null,
    ],
    ['a blank sheet of that name', { header: ['', ''], cells: 26_000, otherCells: 0 }, null],
    [
      'a person’s own list of that name',
      { header: ['Client', 'Budget'], cells: 26_000, otherCells: 0 },
      /did not make it/,
    ],
    [
      'its header with a column renamed',
      { header: ['Checked', ...TIDY_HEADERS.slice(1)], cells: 26_000, otherCells: 0 },
      /did not make it/,
    ],
    [
      'a spreadsheet 10 cells short of full',
      { header: null, cells: 0, otherCells: 9_999_990 },
      /room for 10 \(Google allows 10 million/,
    ],
  ])('%s', (_what, room, refusal) => {
    const said = exportRefusal(table, room);
    if (refusal) expect(said).toMatch(refusal);
    else expect(said).toBeNull();
  });
});
