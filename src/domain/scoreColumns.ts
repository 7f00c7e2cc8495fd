/**
 * A scored list's columns, one row each (the shape of domain/columns.ts): the cell a brand's
 * record gives it, what it is cleared to when the index has no record (a column without a blank
 * keeps its value), and whether the colour scale reads it. An engine added to ENGINES is one more
 * row of it.
 */
import type { BrandScore } from '../api/client';
import { dateCell, safeText, scoreCell, type Cell } from './cells';
import { blanksOf, cellsOf, engineColumns, FORMATS, headersOf, type Column } from './columns';
import { visibilityLevel } from './levels';

/**
 * What a row's cells are made from: the brand's record, the row's score before, the run's time,
 * and what the score rests on (domain/evidence.ts `evidenceText`).
 */
export interface ScoreReading {
  b: BrandScore;
  previous: unknown;
  now: Date;
  evidence?: string;
}

/** Every column of a scored list reads the brand's record. */
type ScoreColumn = Column<ScoreReading> & { read: (r: ScoreReading) => Cell };

export const SCORE_COLUMNS = {
  score: { header: 'Public score', read: ({ b }) => b.overallScore, blank: '', scaled: true },
  level: { header: 'Public level', read: ({ b }) => visibilityLevel(b.overallScore), blank: '' },
  ...engineColumns<ScoreColumn>((p) => ({
    read: ({ b }) => scoreCell(b.platformScores[p]),
    blank: '',
    scaled: true,
  })),
  brand: { header: 'Brand', read: ({ b }) => safeText(b.brandName), blank: '' },
  lastScanned: {
    header: 'Last scanned',
    read: ({ b }) => dateCell(b.lastScanDate),
    blank: '',
    format: FORMATS.time,
  },
  checked: { header: 'Checked', read: ({ now }) => now, format: FORMATS.time },
  // The new score minus the row's previous one, blank when there was none.
  change: {
    header: 'Change',
    read: ({ b, previous }) => (typeof previous === 'number' ? b.overallScore - previous : ''),
    blank: '',
  },
  message: { header: 'Score message', read: () => '' },
  evidence: { header: 'Evidence', read: ({ evidence }) => evidence ?? '', blank: '' },
} satisfies Record<string, ScoreColumn>;

export type ScoreKey = keyof typeof SCORE_COLUMNS;

/** A scored list's headers (values, not formulas), which users sort and filter on. */
export const SCORE_HEADERS = headersOf(SCORE_COLUMNS);

/** Every column's cell from a brand's record. */
export const scoreCells = (r: ScoreReading) =>
  cellsOf<ScoreKey, ScoreReading>(SCORE_COLUMNS, r) as Record<ScoreKey, Cell>;

/** What a row's columns are cleared to when the index holds no record for its site. */
export const CLEARED_SCORES = blanksOf(SCORE_COLUMNS);
