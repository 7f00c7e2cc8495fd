// A scored list's columns as one table: header, cell from a record, what it is cleared to, and
// the colour scale, each read from the same row.
import {
  CLEARED_SCORES,
  SCORE_COLUMNS,
  SCORE_HEADERS,
  scoreCells,
} from '../../src/domain/scoreColumns';
import { scaledOf } from '../../src/domain/columns';
import type { BrandScore } from '../../src/api/client';
import { ENGINES, PLATFORMS } from '../../src/engines';

const record: BrandScore = {
  brandName: '=Acme',
  slug: 'acme',
  overallScore: 64,
  visibilityLevel: null,
  platformScores: { chatgpt: 70, claude: null, gemini: 58, aio: 61 },
  lastScanDate: '2026-11-20T09:00:00.000Z',
  brandPageUrl: null,
  said: '',
} as unknown as BrandScore;
const now = new Date('2026-11-24T10:00:00.000Z');

it('headers as users see them: the score first, the engines beside it in ENGINES order, each once', () => {
  const headers = Object.values(SCORE_HEADERS);
  expect(headers[0]).toBe('Public score');
  const engines = Object.values(ENGINES);
  const first = headers.indexOf(engines[0]!);
  expect(headers.slice(first, first + engines.length)).toEqual(engines);
  expect(new Set(headers).size).toBe(headers.length);
  // What a row's problem says, and what its score rests on, come after the figures.
  expect(headers.indexOf('Score message')).toBeGreaterThan(headers.indexOf('Change'));
  expect(headers.indexOf('Evidence')).toBeGreaterThan(headers.indexOf('Public score'));
});

it.each([
  ['a first reading', undefined, ''],
  ['a reading after 60', 60, 4],
  ['a reading after a text', 'not in index', ''],
])('a row’s cells from a record: %s', (_name, previous, change) => {
  const cells = scoreCells({ b: record, previous, now, evidence: 'Scan 2026-11-20, 4 days old' });
  expect(cells).toEqual({
    score: 64,
    level: 'strong',
    chatgpt: 70,
    claude: '', // not queried: blank, never 0
    gemini: 58,
    aio: 61,
    brand: "'=Acme", // text from the service never becomes a formula
    lastScanned: new Date('2026-11-20T09:00:00.000Z'),
    checked: now,
    change,
    message: '',
    evidence: 'Scan 2026-11-20, 4 days old',
  });
});

it('a site the index no longer has keeps nothing of its last reading: each cell a reading filled is blanked', () => {
  const filled = scoreCells({ b: record, previous: 60, now, evidence: 'Scan 2026-11-20' });
  // When it was checked, and what the row says, are written anew with the "not in index" answer.
  const ofTheReading = Object.keys(filled).filter((k) => k !== 'checked' && k !== 'message');
  expect(Object.keys(CLEARED_SCORES).sort()).toEqual(ofTheReading.sort());
  expect(new Set(Object.values(CLEARED_SCORES))).toEqual(new Set(['']));
});

it('the colour scale reads the 0-100 figures: the score and each engine', () => {
  expect(scaledOf(SCORE_COLUMNS)).toEqual(['score', ...PLATFORMS]);
});
